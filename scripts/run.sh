#!/usr/bin/env bash
# `make run`: builds Curtain, starts curtaind in the foreground on the default
# socket (or CURTAIN_SOCKET), plays a short demo against it with the CLI, and
# keeps the daemon running until Ctrl-C (or `curtain kill-server`). The demo
# plays in its own session, "demo", so that the names it creates never
# collide with the README's tour in the default session.
#
#   scripts/run.sh               default socket, demo, then wait
#   scripts/run.sh --no-demo     only the daemon
#   CURTAIN_SOCKET=/tmp/x.sock scripts/run.sh
#
# Extra arguments after the options go to curtaind (for example
# `--log-level debug` or `--listen 127.0.0.1:7070 --token-file FILE`).
# CURTAIN_BIN=DIR uses the curtaind and curtain in DIR instead of building
# them (the tests do).
#
# Ctrl-C (SIGINT, which the terminal sends to make as well) or SIGTERM stops
# the daemon and ends the script with status 0, at any point: make then
# stops quietly, without `make: *** [run] Interrupt` (it prints that only
# for a recipe that died of the signal or failed).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

daemon=
interrupted() {
  trap - INT TERM
  if [[ -n "$daemon" ]]; then
    echo "run: stopping curtaind (pid $daemon)" >&2
    kill -TERM "$daemon" 2>/dev/null || true
    wait "$daemon" 2>/dev/null || true
    echo "run: stopped" >&2
  else
    echo "run: interrupted" >&2
  fi
  exit 0
}
trap interrupted INT TERM

demo=1
if [[ "${1-}" == "--no-demo" ]]; then
  demo=0
  shift
fi

if [[ -n "${CURTAIN_BIN-}" ]]; then
  bin="$CURTAIN_BIN"
else
  swift="${SWIFT:-swift}"
  read -r -a swiftpm_flags <<<"${SWIFTPM_FLAGS-}"
  echo "run: building" >&2
  "$swift" build "${swiftpm_flags[@]}" --product curtaind >&2
  "$swift" build "${swiftpm_flags[@]}" --product curtain >&2
  bin="$("$swift" build "${swiftpm_flags[@]}" --show-bin-path)"
fi

socket_args=()
if [[ -n "${CURTAIN_SOCKET-}" ]]; then
  socket_args=(--socket "$CURTAIN_SOCKET")
fi
curtain() { "$bin/curtain" "${socket_args[@]}" "$@"; }
# Prints a demo command, then runs it in the demo's session.
show() {
  printf '\n$ curtain --session demo %s\n' "$*"
  curtain --session demo "$@"
}
# The CLI as the user runs it, with the socket when it is not the default.
cli="$bin/curtain${socket_args[*]:+ ${socket_args[*]}}"

if curtain status --no-start >/dev/null 2>&1; then
  echo "run: a daemon already answers on this socket:" >&2
  curtain status --no-start >&2
  echo "run: stop it with '$cli kill-server' (or set CURTAIN_SOCKET)" >&2
  exit 1
fi

"$bin/curtaind" "${socket_args[@]}" "$@" &
daemon=$!

# Wait for the daemon to answer (up to 20 s); stop if it exited.
for _ in $(seq 200); do
  if curtain status --no-start >/dev/null 2>&1; then break; fi
  if ! kill -0 "$daemon" 2>/dev/null; then
    wait "$daemon" || exit $?
    exit 1
  fi
  sleep 0.1
done
curtain status --no-start

if ((demo)); then
  echo
  echo "run: demo — a tab bar with a navigation stack, a push, a pop, a tab switch and a sheet"
  show new-window --size 390x844 --root 'Tabs=tab[Nav=nav[Home],Settings]'
  show new-controller content --id Detail --title Detail
  show push @Nav @Detail
  show tree w1
  show pop @Nav
  show select-tab @Tabs @Settings
  show select-tab @Tabs 0
  show events w1 --from 14
  show new-controller content --id Sheet --title Sheet
  show present @Home @Sheet --style pageSheet
  show tree w1
  show dismiss @Sheet
fi

cat <<TOUR

curtaind is running (pid $daemon). The demo is in the session "demo"; the
README's tour runs in the default session. In another terminal, try:
  alias curtain='$cli'
  curtain --session demo tree
  curtain --session demo events w1 --follow &
  curtain --session demo push @Nav @Detail
  curtain --session demo frames w1 --follow
Ctrl-C here (or '$cli kill-server') stops the daemon.
TOUR
# Until the daemon stops (kill-server, a Shutdown request): its status.
status=0
wait "$daemon" || status=$?
daemon=
exit "$status"
