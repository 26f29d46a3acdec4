#!/usr/bin/env bash
# `make bench`: builds curtaind, curtain and Benchmarks/ in release mode and
# runs the benchmarks (Benchmarks/Sources/curtain-bench), printing their
# figures as Markdown for docs/benchmarks.md. Run it on a quiet machine (the shared
# build machine: inside `flock /tmp/curtain-build.lock`).
#
#   scripts/bench.sh                      every benchmark
#   scripts/bench.sh --quick throughput   a tenth of the load, one benchmark
#
# Arguments go to curtain-bench (--quick, --runs N, restore, throughput,
# roundtrip, dbsize, lookup, memory, cli, delegate, scaling, animating,
# pacing; cluster only when named); BENCH_ARGS from make does the same.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/benchmarks-build.sh
source scripts/benchmarks-build.sh
echo "machine: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p')," \
  "$(uname -sr), $(date -u '+%Y-%m-%d %H:%M UTC')"
"$benchmarks_bin/curtain-bench" --curtaind "$curtaind" "$@"
