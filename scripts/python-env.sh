# Sourced by the scripts that need the Python tools (test-python.sh,
# format-python.sh), from the repository's root: creates (once) a virtual
# environment with `python3 -m venv` (PYTHON picks another interpreter) in
# .build-python/venv (PYTHON_VENV picks another directory), installs
# Clients/python/requirements-dev.txt into it, and leaves its directory in
# $venv and the pip command in $pip.
# shellcheck shell=bash

python="${PYTHON:-python3}"
venv="${PYTHON_VENV:-.build-python/venv}"
case "$venv" in
  /*) ;;
  *) venv="$PWD/$venv" ;;
esac

if ! "$venv/bin/python" -c 'import sys' >/dev/null 2>&1; then
  echo "$(basename "$0"): creating $venv with $("$python" --version 2>&1)" >&2
  rm -rf "$venv"
  "$python" -m venv "$venv"
fi
pip=("$venv/bin/python" -m pip --disable-pip-version-check)
"${pip[@]}" install --quiet -r Clients/python/requirements-dev.txt
# shellcheck disable=SC2034 # used by the scripts that source this file
readonly venv pip
