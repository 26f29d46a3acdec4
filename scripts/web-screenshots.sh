#!/usr/bin/env bash
# Takes the screenshots of docs/web.md again (docs/web/*.png) in headless
# Chromium, from the fixed scenes of Tests/browser/scenes.py
# (Tests/browser/screenshots.py). They are pictures for the docs, not a
# test: `make test-web` checks the page panel by panel instead
# (Tests/browser/test_panels.py), whatever fonts the machine has.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
exec scripts/test-web.sh screenshots.py "$@"
