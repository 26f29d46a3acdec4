#!/usr/bin/env bash
# Draws the pictures of docs/tour.md with `curtain snapshot`: starts a
# curtaind on a temporary socket, plays the tour's commands on manual-clock
# windows (so every picture is the same on every run) and writes
# docs/tour/*.svg.
#
#   scripts/tour.sh           build and write docs/tour/*.svg
#   scripts/tour.sh --check   fail if docs/tour differs from what is drawn
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# shellcheck source=scripts/docs-common.sh
source scripts/docs-common.sh "$@"

# shellcheck source=scripts/docs-daemon.sh
source scripts/docs-daemon.sh tour

out="$tmp/tour"
mkdir -p "$out"
shot() { curtain snapshot "$1" --svg "$out/$2.svg" "${@:3}"; }

# 1. A navigation stack, and a push caught halfway and at its end.
curtain new-window --clock manual --root 'Nav=nav[Home]' >/dev/null
curtain new-controller content --id Detail --title Detail >/dev/null
shot w1 01-navigation
curtain push @Nav @Detail --no-wait >/dev/null
shot w1 02-push-halfway --at 0.175
shot w1 03-pushed --at 0.5

# 2. Tabs: a tab bar controller whose first tab is a navigation stack, and
#    one with more tabs than fit, showing More.
curtain new-window --clock manual --root 'Tabs=tab[Feed=nav[Inbox],Search,Settings]' >/dev/null
shot w2 04-tabs
curtain new-window --clock manual --root 'Many=tab[One,Two,Three,Four,Five,Six]' >/dev/null
curtain select-tab @Many more
shot w3 05-more

# 3. An interactive pop held at 40 %.
curtain new-window --clock manual --root 'Stack=nav[First,Second]' >/dev/null
transition="$(curtain interact begin pop @Stack)"
curtain interact update "$transition" 0.4
shot w4 06-interactive-pop --at 0.05

# 4. A page sheet presented over the navigation stack, halfway up.
curtain new-controller content --id Sheet >/dev/null
curtain present @Detail @Sheet --style pageSheet --no-wait >/dev/null
shot w1 07-sheet-halfway --at 0.8
shot w1 08-sheet --at 2

curtain kill-server

target=docs/tour
if ((check)); then
  if ! diff -ru "$target" "$out"; then
    echo "tour: $target is out of date; run scripts/tour.sh (or make tour)" >&2
    exit 1
  fi
  echo "tour: $target is up to date" >&2
else
  rm -rf "$target"
  mkdir -p "$target"
  cp "$out"/*.svg "$target"/
  echo "tour: wrote $(ls "$target" | wc -l) pictures to $target" >&2
fi
