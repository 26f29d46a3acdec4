#!/usr/bin/env bash
# Writes the man pages of `curtain`, `curtaind` and `curtain-web` in
# docs/man from their argument parsers, with swift-argument-parser's
# `generate-manual` (the tool its generate-manual plugin runs):
#
#   scripts/man-pages.sh           build and write docs/man/*.1
#   scripts/man-pages.sh --check   fail if a page is out of date, if groff
#                                  warns about one, or if curtain.1 misses a
#                                  command of `curtain help`
#
# The pages are committed (docs/install.md, "Man pages", says why); a page keeps its date
# (.Dd) until its text changes. Two things are done around the generator:
#   - it drops every character outside ASCII, so the help is given to it
#     with the few that the help uses spelled in ASCII (-> for the arrow,
#     ... for the ellipsis); an unknown one stops this script;
#   - its pages keep the help's blank lines and indented examples as they
#     are, which groff warns about and fills; blank lines become paragraph
#     breaks (.Pp) and indented lines literal displays (.Bd -literal).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# shellcheck source=scripts/check-option.sh
source scripts/check-option.sh "$@"

programs=(curtain curtaind curtain-web)
swift="${SWIFT:-swift}"
read -r -a swiftpm_flags <<<"${SWIFTPM_FLAGS-}"
for product in "${programs[@]}" generate-manual; do
  "$swift" build "${swiftpm_flags[@]}" --product "$product" >&2
done
bin="$("$swift" build "${swiftpm_flags[@]}" --show-bin-path)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The characters outside ASCII that the help texts use, and their spelling.
ascii=(-e 's/→/->/g' -e 's/…/.../g' -e 's/—/--/g' -e 's/×/x/g' -e 's/§/section /g' -e 's/α/alpha/g')

# Blank lines become .Pp (none after a macro that starts a list item or
# list), runs of lines indented by two or more spaces a literal display
# without their first two spaces, and a line may break after a `|` in
# text (such a line is not justified: groff cannot spread a line of one
# word).
#
# A program without subcommands (curtaind, curtain-web) gets a page without
# them: the generator gives it the synopsis `curtaind subcommand …` and an
# item for argument parser's `help` subcommand, which such a program does not
# have (`curtaind help` is a usage error).
tidy() {
  local page="$1" lone_help=0
  if [[ "$(grep '^\.It Em ' "$page")" == ".It Em help" ]]; then
    lone_help=1
  fi
  awk -v lone_help="$lone_help" '
    function close_display() { if (display) { print ".Ed"; display = 0 } }
    lone_help && /^\.Ar subcommand$/ { next }
    lone_help && /^\.It Em help$/ { skipping = 1; next }
    skipping && /^\.Bl/ { nested++; next }
    skipping && /^\.El/ { if (--nested == 0) skipping = 0; next }
    skipping { next }
    /^$/ { close_display(); if (last !~ /^\.(It|Bl|Pp|Sh)/) { print ".Pp"; last = ".Pp" }; next }
    /^  / {
      if (!display) { print ".Bd -literal -offset indent"; display = 1 }
      line = substr($0, 3); print line; last = line; next
    }
    { close_display() }
    !/^\./ && /\|/ { gsub(/\|/, "|\\:"); print ".ad l"; print; print ".ad"; last = ".ad"; next }
    { print; last = $0 }
    END { close_display() }' "$page"
}

# The page of one program, in $work/out/NAME.1.
generate() {
  local name="$1" wrapper="$work/$1"
  mkdir -p "$work/out" "$work/raw"
  {
    printf '#!/usr/bin/env bash\nset -o pipefail\n'
    printf '%q "$@" | sed' "$bin/$name"
    printf ' %q' "${ascii[@]}"
    printf '\n'
  } >"$wrapper"
  chmod +x "$wrapper"
  local left
  left="$("$wrapper" --experimental-dump-help | LC_ALL=C grep -P '[^\x00-\x7F]' || true)"
  if [[ -n "$left" ]]; then
    printf 'man-pages: %s help has characters outside ASCII, which generate-manual drops; spell them in ascii=(...) of %s:\n%s\n' \
      "$name" "$0" "$left" >&2
    exit 1
  fi
  "$bin/generate-manual" "$wrapper" --date "$(date -u +%F)" --output-directory "$work/raw" >/dev/null
  tidy "$work/raw/$name.1" >"$work/out/$name.1"
}

# A page without its date line.
undated() {
  grep -v '^\.Dd ' "$1"
}

# commands_under: every command of curtain ("push", "interact begin", …).
# shellcheck source=scripts/cli-commands.sh
source scripts/cli-commands.sh

# Fails unless groff reads the page without a warning and man renders it.
lint() {
  local page="$1" warnings
  warnings="$(groff -mandoc -ww -z "$page" 2>&1; groff -mandoc -Tutf8 -ww -z "$page" 2>&1)"
  if [[ -n "$warnings" ]]; then
    printf 'man-pages: groff warns about %s:\n%s\n' "$page" "$warnings" >&2
    return 1
  fi
  if ! MANWIDTH=80 man -l "$page" 2>&1 >/dev/null | (! grep .); then
    echo "man-pages: man -l $page fails" >&2
    return 1
  fi
}

# Fails unless every command of `curtain help` is an item of curtain.1,
# each under the command it belongs to (`.It Em begin` in the list of
# `.It Em interact`).
covered() {
  local page="$1" listed expected
  listed="$(awk '
    /^\.Bl / { depth++; parent[depth] = (depth > 1 ? item[depth - 1] : "") }
    /^\.El/ { depth-- }
    /^\.It Em / {
      item[depth] = (parent[depth] == "" ? "" : parent[depth] " ") $3
      print item[depth]
    }' "$page" | sort)"
  # `help`, which argument parser adds, is hidden in `curtain help`.
  expected="$({
    commands_under
    echo help
  } | sort)"
  if [[ "$listed" != "$expected" ]]; then
    echo "man-pages: the commands of $page differ from curtain help's (< page, > help):" >&2
    diff <(echo "$listed") <(echo "$expected") >&2 || true
    return 1
  fi
}

status=0
mkdir -p docs/man
for name in "${programs[@]}"; do
  generate "$name"
  page="docs/man/$name.1"
  if ((check)); then
    if [[ ! -f "$page" ]] || ! diff -u <(undated "$page") <(undated "$work/out/$name.1"); then
      echo "man-pages: $page is out of date; run scripts/man-pages.sh" >&2
      status=1
      continue
    fi
    lint "$page" || status=1
  elif [[ -f "$page" ]] && cmp -s <(undated "$page") <(undated "$work/out/$name.1"); then
    echo "man-pages: $page is current" >&2
  else
    cp "$work/out/$name.1" "$page"
    lint "$page" || status=1
    echo "man-pages: wrote $page" >&2
  fi
done
if ((check)) && ((status == 0)); then
  covered docs/man/curtain.1 || status=1
  ((status == 0)) && echo "man-pages: docs/man is up to date, groff finds nothing to warn about, curtain.1 has every command" >&2
fi
exit "$status"
