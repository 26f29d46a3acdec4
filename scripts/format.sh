#!/usr/bin/env bash
# Formats the Swift sources with the repository's .swift-format, then lints
# them strictly. With --check it only lints and exits non-zero on findings.
# Generated protobuf code (*.pb.swift) and the build directories of the
# packages under them (Benchmarks/.build: their dependencies' checkouts)
# are left alone.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/check-option.sh
source scripts/check-option.sh "$@"
swift="${SWIFT:-swift}"

dirs=()
for dir in Sources Tests Benchmarks Fuzz; do
  if [[ -d "$dir" ]]; then
    dirs+=("$dir")
  fi
done

files=()
if ((${#dirs[@]} > 0)); then
  while IFS= read -r -d '' file; do
    files+=("$file")
  done < <(find "${dirs[@]}" -name '.build*' -prune -o -type f -name '*.swift' ! -name '*.pb.swift' -print0 | sort -z)
fi

if ((${#files[@]} == 0)); then
  echo "format.sh: no Swift files to check"
  exit 0
fi

if ((check == 0)); then
  "$swift" format format --in-place --recursive --parallel -- "${files[@]}"
fi
"$swift" format lint --strict --recursive --parallel -- "${files[@]}"
