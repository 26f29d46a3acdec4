#!/usr/bin/env bash
# Copies Proto/curtain/v1/*.proto into OUT_DIR/curtain/v1/ with the two
# changes protoc-c 1.4 (Debian 12's protobuf-c-compiler) needs, then the
# Makefile runs protoc-c on the copies. Neither change alters the wire format,
# which depends only on field numbers and types:
#
# - proto3 `optional T name = N;` becomes `oneof _name { T name = N; }`, the
#   synthetic oneof protoc itself makes of it (protoc-c 1.4 refuses proto3
#   optional). In C the field's presence is its `_name_case` member, e.g.
#   `request.expected_revision_case`.
# - ValueSpec's field `base` is renamed `spec_base`: every protobuf-c struct
#   already has a member `base` (the ProtobufCMessage header).
#
# Usage: proto-for-c.sh PROTO_DIR OUT_DIR
set -euo pipefail

if (($# != 2)); then
  echo "usage: $0 PROTO_DIR OUT_DIR" >&2
  exit 2
fi
proto_dir=$1
out_dir=$2
mkdir -p "$out_dir/curtain/v1"
for source in "$proto_dir"/curtain/v1/*.proto; do
  target="$out_dir/curtain/v1/$(basename "$source")"
  sed -E \
    -e 's/^([[:space:]]*)optional[[:space:]]+([A-Za-z0-9_.]+)[[:space:]]+([A-Za-z0-9_]+)[[:space:]]*=[[:space:]]*([0-9]+)[[:space:]]*;/\1oneof _\3 { \2 \3 = \4; }/' \
    -e 's/^([[:space:]]*)Base base = ([0-9]+);/\1Base spec_base = \2;/' \
    "$source" >"$target.tmp"
  if grep -nE '^[[:space:]]*optional[[:space:]]' "$target.tmp" >&2; then
    echo "$0: an optional field of $source was not rewritten (see above)" >&2
    rm -f "$target.tmp"
    exit 1
  fi
  mv "$target.tmp" "$target"
done
