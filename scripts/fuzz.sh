#!/usr/bin/env bash
# `make fuzz` and `make test-fuzz`: builds the coverage-guided fuzz target
# (Fuzz/, its own SwiftPM package: curtain-fuzz, libFuzzer over framing,
# Hello and dispatch against the in-memory server) with -sanitize=fuzzer in
# its own build directory, .build-fuzz, replays the committed crash inputs
# of Fuzz/regressions, and fuzzes for FUZZ_SECONDS. Exits non-zero when an
# input crashes, breaks one of the server's promises (FuzzCase.swift), runs
# longer than 10 s (a hang) or takes more than 2 GB.
#
#   FUZZ_SECONDS   how long to fuzz (default 600)
#   FUZZ_CONFIG    release (default) or debug (slower, for a debugger; it
#                  links because TestOneInput.swift defines LLVMFuzzerTestOneInput)
#   FUZZ_ARGS      more libFuzzer flags (for example -jobs=2 -workers=2)
#
# The corpus grows in .build-fuzz/corpus across runs; the seeds
# (FuzzSeeds.swift) are written fresh to .build-fuzz/seeds each time. A
# crashing input is saved as .build-fuzz/artifacts/crash-…; replay it with
# `.build-fuzz/<config>/curtain-fuzz FILE`, then keep it in Fuzz/regressions.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

swift="${SWIFT:-swift}"
seconds="${FUZZ_SECONDS:-600}"
config="${FUZZ_CONFIG:-release}"
read -r -a extra <<<"${FUZZ_ARGS-}"
scratch=.build-fuzz
build=("$swift" build -c "$config" --package-path Fuzz --scratch-path "$scratch"
  -Xswiftc -sanitize=fuzzer -Xswiftc -use-ld=lld)

echo "fuzz: building Fuzz/ ($config, -sanitize=fuzzer) in $scratch" >&2
"${build[@]}" >&2
fuzzer="$("${build[@]}" --show-bin-path)/curtain-fuzz"

rm -rf "$scratch/seeds"
CURTAIN_FUZZ_WRITE_SEEDS="$scratch/seeds" "$fuzzer"
mkdir -p "$scratch/corpus" "$scratch/artifacts"

regressions=(Fuzz/regressions/*)
if [[ -e "${regressions[0]}" ]]; then
  echo "fuzz: replaying ${#regressions[@]} inputs of Fuzz/regressions" >&2
  "$fuzzer" "${regressions[@]}"
fi

echo "fuzz: fuzzing for $seconds s" >&2
exec "$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
  -print_final_stats=1 -artifact_prefix="$scratch/artifacts/" "${extra[@]}" \
  "$scratch/corpus" "$scratch/seeds"
