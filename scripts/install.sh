#!/usr/bin/env bash
# Installs or removes what `make install` installs (docs/install.md):
#
#   scripts/install.sh install     build (unless INSTALL_FROM) and install
#                                  (the programs stripped of their symbols
#                                  when INSTALL_STRIP=1: make install-strip)
#   scripts/install.sh uninstall   remove exactly what install installs
#
# Where, from the environment (the Makefile passes its variables; each
# directory is under DESTDIR, if set, and the installed files name the
# directories without it):
#   PREFIX                 /usr/local
#   BINDIR                 $PREFIX/bin: curtain, curtaind, curtain-web and
#                          curtain-web's page (Curtain_CurtainWeb.resources,
#                          which SwiftPM's Bundle.module looks for beside
#                          the executable)
#   MANDIR                 $PREFIX/share/man: man1/curtain.1, curtaind.1,
#                          curtain-web.1 (from docs/man)
#   BASH_COMPLETION_DIR    $PREFIX/share/bash-completion/completions: curtain
#   ZSH_COMPLETION_DIR     $PREFIX/share/zsh/site-functions: _curtain
#   FISH_COMPLETION_DIR    $PREFIX/share/fish/vendor_completions.d: curtain.fish
#   SYSTEMD_USER_UNIT_DIR  $PREFIX/lib/systemd/user: curtaind.service (from
#                          contrib/systemd, its ExecStart naming
#                          $BINDIR/curtaind)
#   INSTALL_FROM           a directory with curtain, curtaind and curtain-web
#                          already built (and Curtain_CurtainWeb.resources);
#                          empty: a release build with --static-swift-stdlib
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

usage() {
  echo "usage: $0 install|uninstall" >&2
  exit 2
}
(($# == 1)) || usage
action="$1"

prefix="${PREFIX:-/usr/local}"
destdir="${DESTDIR-}"
bindir="${BINDIR:-$prefix/bin}"
mandir="${MANDIR:-$prefix/share/man}"
bash_dir="${BASH_COMPLETION_DIR:-$prefix/share/bash-completion/completions}"
zsh_dir="${ZSH_COMPLETION_DIR:-$prefix/share/zsh/site-functions}"
fish_dir="${FISH_COMPLETION_DIR:-$prefix/share/fish/vendor_completions.d}"
unit_dir="${SYSTEMD_USER_UNIT_DIR:-$prefix/lib/systemd/user}"

programs=(curtain curtaind curtain-web)
resources=Curtain_CurtainWeb.resources
unit=contrib/systemd/curtaind.service

pages=(curtain.1 curtaind.1 curtain-web.1)

# Every file install writes, and the directory it keeps the page in.
files=(
  "${programs[@]/#/$bindir/}"
  "${pages[@]/#/$mandir/man1/}"
  "$bash_dir/curtain" "$zsh_dir/_curtain" "$fish_dir/curtain.fish"
  "$unit_dir/curtaind.service"
)
page_dir="$bindir/$resources"

case "$action" in
  install)
    strip=()
    case "${INSTALL_STRIP-}" in
      "" | 0) ;;
      1) strip=(-s) ;;
      *)
        echo "install: INSTALL_STRIP is 1 (strip the programs) or 0, not '$INSTALL_STRIP'" >&2
        exit 2
        ;;
    esac
    from="${INSTALL_FROM-}"
    if [[ -z "$from" ]]; then
      swift="${SWIFT:-swift}"
      read -r -a swiftpm_flags <<<"${SWIFTPM_FLAGS-}"
      release=(-c release --static-swift-stdlib "${swiftpm_flags[@]}")
      for program in "${programs[@]}"; do
        "$swift" build "${release[@]}" --product "$program" >&2
      done
      from="$("$swift" build "${release[@]}" --show-bin-path)"
    fi
    for program in "${programs[@]}"; do
      if [[ ! -x "$from/$program" ]]; then
        echo "install: no executable $from/$program (INSTALL_FROM names a directory of built binaries)" >&2
        exit 1
      fi
    done
    if [[ ! -d "$from/$resources" ]]; then
      echo "install: no $from/$resources (curtain-web's page) beside the binaries" >&2
      exit 1
    fi

    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
    scripts/completions.sh "$work" "$from/curtain" 2>/dev/null
    sed -e "s|^ExecStart=[^ ]*/curtaind|ExecStart=$bindir/curtaind|" "$unit" >"$work/curtaind.service"
    if ! grep -q "^ExecStart=$bindir/curtaind " "$work/curtaind.service"; then
      echo "install: $unit has no ExecStart line of curtaind to point at $bindir" >&2
      exit 1
    fi

    for program in "${programs[@]}"; do
      install -D -m 755 "${strip[@]}" "$from/$program" "$destdir$bindir/$program"
    done
    rm -rf -- "$destdir$page_dir"
    mkdir -p "$destdir$page_dir"
    cp -R "$from/$resources/." "$destdir$page_dir"
    chmod -R u=rwX,go=rX "$destdir$page_dir"
    for page in "${pages[@]}"; do
      install -D -m 644 "docs/man/$page" "$destdir$mandir/man1/$page"
    done
    install -D -m 644 "$work/curtain.bash" "$destdir$bash_dir/curtain"
    install -D -m 644 "$work/_curtain" "$destdir$zsh_dir/_curtain"
    install -D -m 644 "$work/curtain.fish" "$destdir$fish_dir/curtain.fish"
    install -D -m 644 "$work/curtaind.service" "$destdir$unit_dir/curtaind.service"
    echo "install: installed ${#files[@]} files and curtain-web's page under ${destdir}$prefix" >&2
    ;;
  uninstall)
    for file in "${files[@]}"; do
      rm -f "$destdir$file"
    done
    rm -rf -- "$destdir$page_dir"
    echo "install: removed what install installs under ${destdir}$prefix" >&2
    ;;
  *) usage ;;
esac
