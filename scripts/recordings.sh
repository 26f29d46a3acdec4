#!/usr/bin/env bash
# Makes the project's own recordings (docs/recordings.md), the regression
# tests `make test` replays: starts a curtaind on a temporary socket, plays
# the tour's scenes (docs/tour.md) and a few of the examples
# (docs/examples/) on manual-clock windows, one session each, and writes
# each session's recording to Tests/Fixtures/recordings/NAME.json.
#
#   scripts/recordings.sh           build and write the recordings
#   scripts/recordings.sh --check   replay the committed ones (curtain replay --check)
#
# A recording holds the daemon's clock times, so two runs never write the
# same bytes: --check replays the committed recordings rather than
# comparing files. Run it (and commit the result, saying why) only when a
# change of Curtain's behaviour is intended; `curtain replay FILE --update`
# rewrites one file's expectations instead.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# shellcheck source=scripts/docs-common.sh
source scripts/docs-common.sh "$@"

target=Tests/Fixtures/recordings
# shellcheck source=scripts/docs-daemon.sh
source scripts/docs-daemon.sh recordings

if ((check)); then
  for file in "$target"/*.json; do
    curtain replay "$file" --check
  done
  exit 0
fi

mkdir -p "$tmp/out"
# Runs the commands after the name in session NAME, then records it.
scene() {
  local name=$1
  shift
  "$@"
  curtain --session "$name" record -o "$tmp/out/$name.json" >/dev/null
}

tour_navigation() {
  local s=(--session tour-navigation)
  w=$(curtain "${s[@]}" new-window --clock manual --root 'Nav=nav[Home]')
  curtain "${s[@]}" new-controller content --id Detail --title Detail >/dev/null
  curtain "${s[@]}" push @Nav @Detail --no-wait >/dev/null
  curtain "${s[@]}" advance "$w" 0.175 >/dev/null
  curtain "${s[@]}" advance "$w" 0.325 >/dev/null
}

tour_tabs() {
  local s=(--session tour-tabs)
  curtain "${s[@]}" new-window --clock manual --root 'Tabs=tab[Feed=nav[Inbox],Search,Settings]' >/dev/null
  w=$(curtain "${s[@]}" new-window --clock manual --root 'Many=tab[One,Two,Three,Four,Five,Six]')
  curtain "${s[@]}" select-tab @Many more --no-wait >/dev/null
  curtain "${s[@]}" advance "$w" 1 >/dev/null
}

tour_interactive_pop() {
  local s=(--session tour-interactive-pop)
  w=$(curtain "${s[@]}" new-window --clock manual --root 'Stack=nav[First,Second]')
  t=$(curtain "${s[@]}" interact begin pop @Stack)
  curtain "${s[@]}" interact update "$t" 0.4 >/dev/null
  curtain "${s[@]}" advance "$w" 0.05 >/dev/null
  curtain "${s[@]}" interact finish "$t" --no-wait >/dev/null
  curtain "${s[@]}" advance "$w" 1 >/dev/null
}

tour_sheet() {
  local s=(--session tour-sheet)
  w=$(curtain "${s[@]}" new-window --clock manual --root 'Nav=nav[Home]')
  curtain "${s[@]}" new-controller content --id Sheet >/dev/null
  curtain "${s[@]}" present @Home @Sheet --style pageSheet --no-wait >/dev/null
  curtain "${s[@]}" advance "$w" 0.8 >/dev/null
  curtain "${s[@]}" advance "$w" 1.2 >/dev/null
}

example_shop() {
  local s=(--session example-shop)
  w=$(curtain "${s[@]}" new-window --clock manual)
  curtain "${s[@]}" load-storyboard docs/examples/shop.storyboard.json --window "$w" >/dev/null
  curtain "${s[@]}" segue @Catalog showProduct --no-wait >/dev/null
  curtain "${s[@]}" advance "$w" 1 >/dev/null
}

example_bounce() {
  local s=(--session example-bounce)
  w=$(curtain "${s[@]}" new-window --clock manual --root 'Home')
  curtain "${s[@]}" new-controller content --id Detail >/dev/null
  curtain "${s[@]}" present @Home @Detail --style fullScreen \
    --animator docs/examples/animators/bounce.json --no-wait >/dev/null
  curtain "${s[@]}" advance "$w" 0.25 >/dev/null
  curtain "${s[@]}" advance "$w" 1 >/dev/null
}

scene tour-navigation tour_navigation
scene tour-tabs tour_tabs
scene tour-interactive-pop tour_interactive_pop
scene tour-sheet tour_sheet
scene example-shop example_shop
scene example-bounce example_bounce

for file in "$tmp"/out/*.json; do
  curtain replay "$file" --check >/dev/null
done
rm -rf "$target"
mkdir -p "$target"
cp "$tmp"/out/*.json "$target"/
echo "recordings: wrote $(ls "$target" | wc -l) recordings to $target" >&2
