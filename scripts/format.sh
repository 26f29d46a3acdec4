#!/usr/bin/env bash
# Formats the Swift sources with the repository's .swift-format, then lints
# them strictly. With --check it only lints and exits non-zero on findings.
# Generated protobuf code (*.pb.swift) is left alone.
set -euo pipefail

usage() {
  echo "usage: scripts/format.sh [--check]" >&2
}

check=0
case "${1-}" in
  "") ;;
  --check) check=1 ;;
  -h | --help)
    usage
    exit 0
    ;;
  *)
    usage
    exit 2
    ;;
esac

cd "$(dirname "${BASH_SOURCE[0]}")/.."
swift="${SWIFT:-swift}"

dirs=()
for dir in Sources Tests Benchmarks; do
  if [[ -d "$dir" ]]; then
    dirs+=("$dir")
  fi
done

files=()
if ((${#dirs[@]} > 0)); then
  while IFS= read -r -d '' file; do
    files+=("$file")
  done < <(find "${dirs[@]}" -type f -name '*.swift' ! -name '*.pb.swift' -print0 | sort -z)
fi

if ((${#files[@]} == 0)); then
  echo "format.sh: no Swift files to check"
  exit 0
fi

if ((check == 0)); then
  "$swift" format format --in-place --recursive --parallel -- "${files[@]}"
fi
"$swift" format lint --strict --recursive --parallel -- "${files[@]}"
