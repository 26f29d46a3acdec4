#!/usr/bin/env bash
# Takes the screenshots of docs/web.md again (docs/web/*.png) in headless
# Chromium, from the fixed scenes of Tests/browser/test_screenshots.py.
# `make test-web` checks that the committed ones still match the page.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
CURTAIN_UPDATE_SCREENSHOTS=1 exec scripts/test-web.sh test_screenshots.py "$@"
