#!/usr/bin/env bash
# `make run`: builds Curtain, starts curtaind in the foreground on the default
# socket (or CURTAIN_SOCKET), plays a short demo against it with the CLI, and
# keeps the daemon running until Ctrl-C (or `curtain kill-server`). The demo
# plays in its own session, "demo", so that the names it creates never
# collide with the README's tour in the default session; sessions are
# durable, so a "demo" session of an earlier run is removed first, and the
# script runs any number of times in a row. It builds with one `swift build`
# (silent unless it fails or compiles something). Beside the daemon
# it starts the web inspector, curtain-web (read-only, on
# CURTAIN_WEB_HTTP, default 127.0.0.1:8080), and prints its address; if it
# cannot serve there (the port is taken), the daemon and demo go on without
# it.
#
#   scripts/run.sh               default socket, demo, web inspector, then wait
#   scripts/run.sh --no-demo     only the daemon and the web inspector
#   scripts/run.sh --no-web      no web inspector (either option first)
#   CURTAIN_SOCKET=/tmp/x.sock scripts/run.sh
#   CURTAIN_WEB_HTTP=127.0.0.1:0 scripts/run.sh   the inspector on any free port
#
# Extra arguments after the options go to curtaind (for example
# `--log-level debug` or `--listen 127.0.0.1:7070 --token-file FILE`).
# CURTAIN_BIN=DIR uses the curtaind, curtain and curtain-web in DIR instead of building
# them (the tests do).
#
# Ctrl-C (SIGINT, which the terminal sends to make as well) or SIGTERM stops
# the daemon and ends the script with status 0, at any point: make then
# stops quietly, without `make: *** [run] Interrupt` (it prints that only
# for a recipe that died of the signal or failed). When a step fails (the
# build, the daemon's start, a demo command) the script stops the daemon and
# the inspector it started and exits with an error; killed outright (kill
# -9), it leaves them SIGTERM through setpriv --pdeathsig.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

daemon=
web=
web_log=
build_log=
stop_web() {
  if [[ -n "$web" ]]; then
    kill -TERM "$web" 2>/dev/null || true
    wait "$web" 2>/dev/null || true
    web=
  fi
  if [[ -n "$web_log" ]]; then rm -f "$web_log"; fi
}
# On every way out (the end, a failed command under `set -e`, Ctrl-C,
# SIGTERM): stop what the script started, the web inspector and then the
# daemon, so that nothing is left running when a step fails.
cleanup() {
  local status=$?
  trap - INT TERM EXIT
  stop_web
  if [[ -n "$build_log" ]]; then rm -f "$build_log"; fi
  if [[ -n "$daemon" ]]; then
    echo "run: stopping curtaind (pid $daemon)" >&2
    kill -TERM "$daemon" 2>/dev/null || true
    wait "$daemon" 2>/dev/null || true
    echo "run: stopped" >&2
  fi
  exit "$status"
}
interrupted() {
  if [[ -z "$daemon" ]]; then echo "run: interrupted" >&2; fi
  exit 0
}
trap cleanup EXIT
trap interrupted INT TERM

demo=1
inspector=1
while [[ "${1-}" == "--no-demo" || "${1-}" == "--no-web" ]]; do
  if [[ "$1" == "--no-demo" ]]; then demo=0; else inspector=0; fi
  shift
done

# The daemon and the inspector get SIGTERM if this script dies without a
# chance to stop them (kill -9): setpriv --pdeathsig, where util-linux has it.
spawn=()
if setpriv --pdeathsig TERM true 2>/dev/null; then spawn=(setpriv --pdeathsig TERM --); fi

if [[ -n "${CURTAIN_BIN-}" ]]; then
  bin="$CURTAIN_BIN"
else
  # One `swift build` of every product (curtaind, curtain, curtain-web): its
  # output is shown only when it fails.
  swift="${SWIFT:-swift}"
  read -r -a swiftpm_flags <<<"${SWIFTPM_FLAGS-}"
  build_log="$(mktemp /tmp/curtain-run-build-XXXXXX.log)"
  echo "run: building (swift build)" >&2
  started=$SECONDS
  if ! "$swift" build "${swiftpm_flags[@]}" >"$build_log" 2>&1; then
    cat "$build_log" >&2
    echo "run: the build failed" >&2
    exit 1
  fi
  if grep -q 'Compiling\|Linking' "$build_log"; then
    echo "run: built in $((SECONDS - started)) s" >&2
  fi
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

"${spawn[@]}" "$bin/curtaind" "${socket_args[@]}" "$@" &
daemon=$!

# Wait for the daemon to answer (up to 20 s); stop if it exited.
for _ in $(seq 200); do
  if curtain status --no-start >/dev/null 2>&1; then break; fi
  if ! kill -0 "$daemon" 2>/dev/null; then
    status=0
    wait "$daemon" || status=$?
    daemon=
    echo "run: curtaind exited with status $status" >&2
    exit 1
  fi
  sleep 0.1
done
curtain status --no-start

# The web inspector: its address once it serves (up to 20 s), else a warning.
web_address=
if ((inspector)); then
  web_log="$(mktemp /tmp/curtain-web-run-XXXXXX.log)"
  "${spawn[@]}" "$bin/curtain-web" "${socket_args[@]}" \
    --http "${CURTAIN_WEB_HTTP:-127.0.0.1:8080}" 2>"$web_log" &
  web=$!
  for _ in $(seq 200); do
    web_address="$(grep -o 'http://[^ ]*' "$web_log" | head -n 1 || true)"
    if [[ -n "$web_address" ]] || ! kill -0 "$web" 2>/dev/null; then break; fi
    sleep 0.1
  done
  if [[ -z "$web_address" ]]; then
    echo "run: the web inspector did not start (set CURTAIN_WEB_HTTP to another address):" >&2
    cat "$web_log" >&2
    stop_web
  fi
fi

if ((demo)); then
  # Sessions are durable: a demo session left by an earlier `make run` on
  # this socket is removed first, so that the demo plays the same each time.
  if curtain list-sessions | grep '^demo ' >/dev/null; then
    echo "run: removing the session 'demo' of an earlier run" >&2
    curtain kill-session demo
  fi
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
if [[ -n "$web_address" ]]; then
  echo "The web inspector (curtain-web, read-only) shows the demo at ${web_address}?session=demo&window=1"
fi
# Until the daemon stops (kill-server, a Shutdown request): its status.
status=0
wait "$daemon" || status=$?
daemon=
if ((status > 128)); then
  echo "run: curtaind was killed by signal $((status - 128))" >&2
elif ((status != 0)); then
  echo "run: curtaind exited with status $status" >&2
fi
exit "$status"
