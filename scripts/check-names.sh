#!/usr/bin/env bash
# Outside CurtainWire, the generated envelope types go by their short names
# (Sources/CurtainWire/WireTypes.swift: WireRequest, WireResponse, WireEvent,
# WireFrame, WireError, WireErrorCode, Goodbye, ClientMessage,
# ServerMessage). Fails, listing the lines, when the long spelling is used.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
pattern='\bCurtain_V1_(Request|Response|Event|Frame|Error|ErrorCode|Goodbye|ClientMessage|ServerMessage)\b'
if found=$(grep -rnE "$pattern" --include='*.swift' Sources Tests Fuzz \
  | grep -vE '^(Sources/CurtainWire|Tests/CurtainWireTests)/'); then
  echo "check-names: use the Wire* names of WireTypes.swift outside CurtainWire:" >&2
  echo "$found" >&2
  exit 1
fi
