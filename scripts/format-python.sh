#!/usr/bin/env bash
# Formats and lints every Python file of the repository with Ruff (pinned in
# Clients/python/requirements-dev.txt, configured in
# Clients/python/pyproject.toml): `ruff format`, then `ruff check --fix`.
# With --check it changes nothing and exits non-zero when a file is not
# formatted or has findings. Generated code (Clients/python/src/curtain/v1,
# _typed.pyi) is left alone. Ruff runs from the virtual environment of
# scripts/python-env.sh.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/check-option.sh
source scripts/check-option.sh "$@"
# shellcheck source=scripts/python-env.sh
source scripts/python-env.sh

# One configuration for every Python file, wherever it is; Ruff skips what
# .gitignore ignores (the virtual environments, build directories).
ruff=("$venv/bin/ruff")
config=(--config Clients/python/pyproject.toml)
if ((check == 1)); then
  "${ruff[@]}" format --check "${config[@]}" .
  "${ruff[@]}" check "${config[@]}" .
else
  "${ruff[@]}" format "${config[@]}" .
  "${ruff[@]}" check --fix "${config[@]}" .
fi
