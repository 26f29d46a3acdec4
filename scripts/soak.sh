#!/usr/bin/env bash
# `make soak`: builds curtaind and Benchmarks/ in release mode and runs the
# long kill -9 soak of durable sessions (Benchmarks/Sources/curtain-soak):
# hundreds of SIGKILLs at random moments under four pipelining clients, a
# restart after each checking that nothing acknowledged was lost, and every
# tenth round a clean restart checking byte-identical trees and that the
# database stays within a small multiple of the snapshots. Bounded in
# rounds and minutes; exits 1 on the first failure, naming the seed.
#
#   scripts/soak.sh                          300 rounds or 20 minutes
#   scripts/soak.sh --rounds 1000 --minutes 60 --seed 42
#
# Arguments go to curtain-soak (--rounds, --minutes, --seed,
# --snapshot-records, --max-ratio); SOAK_ARGS from make does the same.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/benchmarks-build.sh
source scripts/benchmarks-build.sh
"$benchmarks_bin/curtain-soak" --curtaind "$curtaind" "$@"
