#!/usr/bin/env bash
# `make test-python`: the Python client's checks and test suite.
#
# Creates (once) a virtual environment in .build-python/venv with
# `python3 -m venv` (PYTHON picks another interpreter), installs
# Clients/python/requirements-dev.txt (pytest, grpcio-tools, mypy), checks
# that the committed generated code (src/curtain/v1 from Proto/, and
# src/curtain/_typed.pyi) is up to date, installs the package itself
# (`pip install ./Clients/python`), type-checks it and the examples, builds
# curtaind and runs the pytest suite against it. Extra arguments go to
# pytest (for example `scripts/test-python.sh -k resume`).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

python="${PYTHON:-python3}"
venv="${PYTHON_VENV:-.build-python/venv}"
case "$venv" in
  /*) ;;
  *) venv="$PWD/$venv" ;;
esac
swift="${SWIFT:-swift}"
read -r -a swiftpm_flags <<<"${SWIFTPM_FLAGS-}"

if ! "$venv/bin/python" -c 'import sys' >/dev/null 2>&1; then
  echo "test-python: creating $venv with $("$python" --version 2>&1)" >&2
  rm -rf "$venv"
  "$python" -m venv "$venv"
fi
pip=("$venv/bin/python" -m pip --disable-pip-version-check)
"${pip[@]}" install --quiet -r Clients/python/requirements-dev.txt
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
