#!/usr/bin/env bash
# Regenerates the Swift code for the wire protocol from Proto/curtain/v1.
#
#   scripts/generate-proto.sh           write Sources/CurtainWire/Generated
#   scripts/generate-proto.sh --check   fail if the committed code differs
#
# Needs protoc (Debian: protobuf-compiler). protoc-gen-swift is built from
# the swift-protobuf package this project depends on, so the generator and
# the runtime library always match.
set -euo pipefail
cd "$(dirname "$0")/.."

check=0
if [[ "${1:-}" == "--check" ]]; then check=1; fi

command -v protoc >/dev/null || {
  echo "generate-proto: protoc not found (apt-get install protobuf-compiler)" >&2
  exit 1
}

scratch=.build-protogen
echo "generate-proto: building protoc-gen-swift" >&2
swift build -c release --product protoc-gen-swift --scratch-path "$scratch" >&2
plugin="$(swift build -c release --product protoc-gen-swift --scratch-path "$scratch" --show-bin-path)/protoc-gen-swift"

out=Sources/CurtainWire/Generated
target="$out"
if [[ $check == 1 ]]; then
  target="$(mktemp -d)"
  trap 'rm -rf "$target"' EXIT
fi
mkdir -p "$target"
protoc -I Proto \
  --plugin=protoc-gen-swift="$plugin" \
  --swift_out="$target" \
  --swift_opt=Visibility=Public \
  --swift_opt=UseAccessLevelOnImports=true \
  --swift_opt=FileNaming=DropPath \
  Proto/curtain/v1/*.proto

if [[ $check == 1 ]]; then
  if ! diff -ru "$out" "$target"; then
    echo "generate-proto: $out is out of date; run scripts/generate-proto.sh" >&2
    exit 1
  fi
  echo "generate-proto: generated code is up to date" >&2
else
  echo "generate-proto: wrote $out" >&2
fi
