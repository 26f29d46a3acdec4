#!/usr/bin/env bash
# `make soak`: builds curtaind and Benchmarks/ in release mode and runs the
# soak (Benchmarks/Sources/curtain-soak): the probes that found the bugs of
# issues 12 and 33, each part bounded in time with a summary line:
#   kill         hundreds of SIGKILLs at random moments under four
#                pipelining clients, a restart after each checking that
#                nothing acknowledged was lost (and every tenth round a
#                clean restart: byte-identical trees, a bounded database)
#   pipeline     one client writing durable changes without waiting
#   gone-client  clients leaving with interactive begins queued
#   wait-idle    WaitIdle far past the per-client limit
#   cluster      three nodes on a private PostgreSQL, PostgreSQL stopped
#                and nodes paused under load
#   damage       state damaged between two runs (the write-ahead log's
#                middle or header flipped, an emptied database): each start
#                says the restore came back short and moves the files aside
# Exits 1 when a part failed, naming the seed.
#
#   scripts/soak.sh                          every part; kill: 300 rounds or 15 min
#   scripts/soak.sh --parts kill --rounds 1000 --minutes 60 --seed 42
#
# Arguments go to curtain-soak (--parts, --rounds, --minutes, --part-minutes,
# --seed, --snapshot-records, --max-ratio, --pipeline-changes, --keep); SOAK_ARGS
# from make does the same.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/benchmarks-build.sh
source scripts/benchmarks-build.sh
"$benchmarks_bin/curtain-soak" --curtaind "$curtaind" "$@"
