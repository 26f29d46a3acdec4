#!/usr/bin/env bash
# The web inspector's benchmark (Benchmarks/web/bench_web.py): builds
# curtaind, curtain and curtain-web in release mode and measures one window
# animating at 60 Hz watched by 1, 10 and 50 WebSocket clients, printing
# Markdown for docs/benchmarks.md. Part of `make bench`; run it on a quiet
# machine (the shared build machine: inside `flock /tmp/curtain-build.lock`).
#
#   scripts/bench-web.sh [--seconds 10] [--clients 1,10,50] [--runs 3]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
swift="${SWIFT:-swift}"
read -r -a swiftpm_flags <<<"${SWIFTPM_FLAGS-}"
# Linked as scripts/benchmarks-build.sh links them (the Swift libraries
# statically): the same flags share one build, where different ones would
# rebuild every product (minutes) each time `make bench` runs both scripts.
swiftpm_flags+=(--static-swift-stdlib)
echo "building curtaind, curtain and curtain-web (release)" >&2
for product in curtaind curtain curtain-web; do
  "$swift" build -c release "${swiftpm_flags[@]}" --product "$product" >&2
done
bin="$("$swift" build -c release "${swiftpm_flags[@]}" --show-bin-path)"
echo "machine: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p')," \
  "$(uname -sr), $(date -u '+%Y-%m-%d %H:%M UTC')"
exec python3 Benchmarks/web/bench_web.py --bin "$bin" "$@"
