# Sourced by the scripts that play commands against a private daemon
# (tour.sh, recordings.sh), after docs-common.sh: makes a temporary
# directory ($tmp, /tmp/curtain-$1-XXXXXX), starts the built curtaind on a
# socket in it (--ephemeral), removes both on exit, defines `curtain` (the
# built CLI on that socket, never starting another daemon) and returns once
# the daemon answers.
# shellcheck shell=bash

tmp="$(mktemp -d "/tmp/curtain-$1-XXXXXX")"
socket="$tmp/d.sock"
"$bin/curtaind" --socket "$socket" --ephemeral --log-level warning 2>"$tmp/curtaind.log" &
daemon=$!
cleanup() {
  kill "$daemon" 2>/dev/null || true
  wait "$daemon" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

curtain() { "$bin/curtain" --socket "$socket" --no-start "$@"; }

# The daemon is ready once it answers.
for _ in $(seq 200); do
  if curtain status >/dev/null 2>&1; then break; fi
  sleep 0.05
done
curtain status >/dev/null
