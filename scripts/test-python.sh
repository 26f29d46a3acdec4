#!/usr/bin/env bash
# `make test-python`: the Python client's checks and test suite.
#
# Creates (once) a virtual environment in .build-python/venv with
# `python3 -m venv` (PYTHON picks another interpreter) and installs
# Clients/python/requirements-dev.txt (pytest, grpcio-tools, mypy, ruff)
# into it (scripts/python-env.sh), checks that the committed generated code
# (src/curtain/v1 from Proto/, and src/curtain/_typed.pyi) is up to date,
# installs the package itself (`pip install ./Clients/python`), type-checks
# it and the examples, builds curtaind and runs the pytest suite against it.
# Extra arguments go to pytest (for example `scripts/test-python.sh -k
# resume`). Formatting and lint are `make lint` (scripts/format-python.sh).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

swift="${SWIFT:-swift}"
read -r -a swiftpm_flags <<<"${SWIFTPM_FLAGS-}"

# shellcheck source=scripts/python-env.sh
source scripts/python-env.sh
"$venv/bin/python" Clients/python/scripts/generate.py --check
# pip always reinstalls a local directory.
"${pip[@]}" install --quiet ./Clients/python
"${pip[@]}" check
(cd Clients/python && "$venv/bin/python" -m mypy src/curtain examples)

echo "test-python: building curtaind" >&2
"$swift" build "${swiftpm_flags[@]}" --product curtaind >&2
bin="$("$swift" build "${swiftpm_flags[@]}" --show-bin-path)"

# Run from the tests directory so that `import curtain` is the installed
# package, not the source tree.
cd Clients/python/tests
CURTAIND="$bin/curtaind" "$venv/bin/python" -m pytest -p no:cacheprovider "$@"
