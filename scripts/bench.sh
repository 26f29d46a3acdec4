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
# roundtrip, peers, dbsize, lookup, memory, cli, delegate, scaling,
# animating, pacing; cluster only when named); BENCH_ARGS from make does the
# same. `peers` needs tmux, Neovim and valgrind: as root, this script
# installs the ones missing from Debian's packages. It compiles the echo
# server of `peers` (Benchmarks/peers/echo.c) beside curtain-bench, and
# `scaling` redraws docs/benchmarks-scaling.svg.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
missing=()
for tool in tmux:tmux nvim:neovim valgrind:valgrind; do
  command -v "${tool%%:*}" >/dev/null || missing+=("${tool#*:}")
done
if ((${#missing[@]} > 0)); then
  if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
    echo "installing ${missing[*]} (for the peers benchmark)" >&2
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >&2 ||
      echo "could not install ${missing[*]}: peers skips what is missing" >&2
  else
    echo "missing ${missing[*]} (not root, or no apt-get): peers skips them" >&2
  fi
fi
# shellcheck source=scripts/benchmarks-build.sh
source scripts/benchmarks-build.sh
cc -std=c11 -O2 -Wall -Wextra -Wpedantic -Werror -Wshadow -Wstrict-prototypes \
  -o "$benchmarks_bin/peers-echo" Benchmarks/peers/echo.c
echo "machine: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p')," \
  "$(uname -sr), $(date -u '+%Y-%m-%d %H:%M UTC')"
"$benchmarks_bin/curtain-bench" --curtaind "$curtaind" --plot docs/benchmarks-scaling.svg "$@"
