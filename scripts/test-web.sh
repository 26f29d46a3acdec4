#!/usr/bin/env bash
# `make test-web`: the inspector page in a real browser. Builds curtaind,
# curtain and curtain-web, installs Selenium (Tests/browser/requirements.txt)
# into the Python tools' virtual environment (scripts/python-env.sh), and
# runs Tests/browser with pytest: each test starts a curtaind and a
# curtain-web on temporary addresses and drives headless Chromium
# (CHROMIUM, default /usr/bin/chromium; CHROMEDRIVER, default
# /usr/bin/chromedriver; Debian: apt-get install chromium chromium-driver).
# Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

swift="${SWIFT:-swift}"
read -r -a swiftpm_flags <<<"${SWIFTPM_FLAGS-}"

for tool in "${CHROMIUM:-/usr/bin/chromium}" "${CHROMEDRIVER:-/usr/bin/chromedriver}"; do
  if [[ ! -x "$tool" ]]; then
    echo "test-web: $tool not found (apt-get install chromium chromium-driver)" >&2
    exit 1
  fi
done

# shellcheck source=scripts/python-env.sh
source scripts/python-env.sh
"${pip[@]}" install --quiet -r Tests/browser/requirements.txt

echo "test-web: building curtaind, curtain and curtain-web" >&2
for product in curtaind curtain curtain-web; do
  "$swift" build "${swiftpm_flags[@]}" --product "$product" >&2
done
bin="$("$swift" build "${swiftpm_flags[@]}" --show-bin-path)"

cd Tests/browser
CURTAIN_BIN="$bin" "$venv/bin/python" -m pytest -p no:cacheprovider "$@"
