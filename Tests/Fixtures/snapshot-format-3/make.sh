#!/usr/bin/env bash
# Builds the sessions of this fixture with a curtaind and a curtain of
# snapshot format 3 (main at 70e48a5), stops the daemon cleanly (which
# writes every session's snapshot in format 3) and keeps its database as
# state.sqlite3. `export.json` is `curtain export` of the session
# "default" (a document of version 1, its snapshot in JSON format 2).
#
#   make.sh CURTAIND CURTAIN OUT_DIR
#
# The expected state (expected.jsonl) is then written from a daemon
# running on that database, by `SessionFixtureState.dump` of
# Tests/CurtainDaemonTests (the code that compares it in the tests).
set -euo pipefail
curtaind=$1
curtain=$2
out=$3
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'kill "$daemon" 2>/dev/null || true; rm -rf "$work"' EXIT

export CURTAIN_SOCKET=$work/fixture.sock
"$curtaind" --socket "$CURTAIN_SOCKET" --state-dir "$work/state" --interaction-timeout 3 \
  --delegate-timeout 0.5 2>"$work/curtaind.log" &
daemon=$!
until [ -S "$CURTAIN_SOCKET" ]; do sleep 0.05; done
c() { "$curtain" --no-start "$@"; }

# w1: a phone window on the realtime clock. A tab bar controller with more
# tabs than it shows (More), a navigation stack, a custom container with a
# framed child and one awaiting its view, and controller properties.
w1=$(c new-window --root 'Tabs=tab[Feed=nav[Home,Detail],Box=container[Panel],T3,T4,T5,T6,Settings]')
c new-controller content --id Later >/dev/null
c add-child @Box @Later --no-view
c new-controller content --id Framed --title 'A framed child' >/dev/null
c add-child @Box @Framed --frame 10,20,100,200
c configure @Home --edges left,right --title 'Home screen'
c configure @Feed --bar-translucent false
c configure @Box --forwards-appearance false
c configure @Tabs --defines-context true --provides-transition-style true
c select-tab @Tabs @Settings
c select-tab @Tabs 0
# A form sheet that is modal in presentation: a tap outside is refused.
c new-controller content --id Sheet >/dev/null
c configure @Sheet --modal-in-presentation true --transition crossDissolve
c present @Detail @Sheet --style formSheet --size 300x400
c tap "$w1" 5,5 >/dev/null
# A controller that was shown and deleted: its events keep its name.
c new-controller content --id Gone >/dev/null
c new-controller navigation --id Side >/dev/null
c set-stack @Side @Gone
c set-stack @Side
c delete-controller @Gone
c set-window-visible "$w1" false
c set-window-visible "$w1" true
c wait-idle "$w1"

# w2: a pad window on the manual clock at 120 frames per second with
# explicit traits: a split view controller (preferences, display modes,
# collapse on resize) and a popover with passthrough views.
w2=$(c new-window --size 1024x768 --idiom pad --scale 2 --safe-area 24,0,20,0 --clock manual \
  --frame-rate 120 --horizontal-size-class regular --vertical-size-class regular \
  --root 'Split=split[Menu=nav[M],Content]')
c configure-split @Split --display-mode oneOverSecondary --primary-fraction 0.3 \
  --max-primary-width 500 --no-wait >/dev/null
c advance "$w2" 1
c new-controller content --id Pop >/dev/null
menu_view=v$(c tree "$w2" --json | python3 -c '
import json, sys
def find(node):
    if node.get("identifier") == "Menu":
        return node["view"]
    for child in node.get("children") or []:
        found = find(child)
        if found:
            return found
print(find(json.load(sys.stdin)["root"]))')
c present @Content @Pop --style popover --source-rect 10,60,44,44 --arrows up,down \
  --passthrough "$menu_view" --size 250x300 --no-wait >/dev/null
c advance "$w2" 1
c resize-window "$w2" --size 500x1000 --horizontal-size-class compact --no-wait >/dev/null
c advance "$w2" 1
c resize-window "$w2" --size 1024x768 --horizontal-size-class regular --no-wait >/dev/null
c advance "$w2" 1

# w3: a phone window on the manual clock: a page view controller (curl, mid
# spine, a data source) inside a navigation controller, a custom
# presentation with a dimming view that removes the presenter's view, a
# popover from a bar button item, an interactive pop that is cancelled and
# one that times out, and an operation that fails when its turn comes.
w3=$(c new-window --clock manual --root 'Reader=nav[Shelf]')
c new-controller page --id Book --style curl --spine mid >/dev/null
c new-controller content --id P1 >/dev/null
c new-controller content --id P2 >/dev/null
c new-controller content --id P3 >/dev/null
c new-controller content --id P4 >/dev/null
c set-pages @Book @P1 @P2 --data-source @P1,@P2,@P3,@P4 --no-animate
c push @Reader @Book --no-wait >/dev/null
c advance "$w3" 1
c turn-page @Book --no-wait >/dev/null
c advance "$w3" 1
t=$(c interact begin pop @Reader)
c interact update "$t" 0.4 --window "$w3"
c interact cancel "$t" --window "$w3" --no-wait >/dev/null
c advance "$w3" 1
t=$(c interact begin pop @Reader)
c interact update "$t" 0.2 --window "$w3"
c advance "$w3" 5
c new-controller content --id Overlay >/dev/null
c present @Book @Overlay --style custom --frame 20,100,350,400 --dimming 0.4 \
  --removes-presenter --no-wait >/dev/null
c new-controller content --id Second >/dev/null
c present @Book @Second --style fullScreen --no-wait >/dev/null || true
c advance "$w3" 1
c new-controller content --id BarPop >/dev/null
c dismiss @Overlay --no-wait >/dev/null
c advance "$w3" 1
c present @Book @BarPop --style popover --source-bar-item right --no-wait >/dev/null
c advance "$w3" 1

# w4: a storyboard's initial scene, segues of every kind (a custom animator
# with a spring), shouldPerformSegue answers and an unwind.
w4=$(c new-window --clock manual)
c load-storyboard "$here/fixture.storyboard.json" --window "$w4" >/dev/null
c segue @Catalog help --no-wait >/dev/null
c advance "$w4" 1
c dismiss @Help --no-wait >/dev/null
c advance "$w4" 1
c configure @Catalog --should-perform preview=yes --should-perform help=storyboard
c segue @Catalog showProduct --no-wait >/dev/null
c advance "$w4" 1
c segue @Product zoom --no-wait >/dev/null
c advance "$w4" 1
c dismiss @Gallery --no-wait >/dev/null
c advance "$w4" 1
c segue @Product checkout --no-wait >/dev/null
c advance "$w4" 1
c segue @Checkout done --no-wait >/dev/null
c advance "$w4" 1
c segue @Catalog preview --triggered --no-wait >/dev/null
c advance "$w4" 1

# Remote delegates: one that answers (an animator, yes) and then leaves,
# one that stays silent (the question falls back after the timeout), and
# one registered when the daemon stops (its registration is in the
# snapshot).
c new-controller content --id Pushed >/dev/null
: >"$work/delegate1.txt" >"$work/delegate2.txt" >"$work/delegate3.txt"
c delegate @Browse --role navigation --answer "animator=$here/fixture.animator.json" \
  --count 1 >"$work/delegate1.txt" &
until grep -q waiting "$work/delegate1.txt"; do sleep 0.05; done
c push @Browse @Pushed --no-wait >/dev/null
wait $!
c advance "$w4" 2
c delegate @Browse --role navigation --answer silent >"$work/delegate2.txt" &
silent=$!
until grep -q waiting "$work/delegate2.txt"; do sleep 0.05; done
c pop @Browse --no-wait >/dev/null
sleep 1
c advance "$w4" 2
kill "$silent"
wait "$silent" || true
c delegate @Tabs4 --role tabBar --answer yes >"$work/delegate3.txt" &
until grep -q waiting "$work/delegate3.txt"; do sleep 0.05; done

# Detached controllers: their events go to the session's own log.
c new-controller container --id Loose >/dev/null
c new-controller content --id LooseChild >/dev/null
c add-child @Loose @LooseChild

# A second session.
c --session other new-window --size 320x480 --root 'Solo=nav[One,Two]' >/dev/null
c --session other pop @Solo

for w in "$w1" "$w3" "$w4"; do c wait-idle "$w"; done
c --session default export >"$out/export.json"
c kill-server
wait "$daemon" || true
cp "$work/state/state.sqlite3" "$out/state.sqlite3"
