# Sourced by the scripts that either write or only check (format.sh,
# format-python.sh, docs-common.sh) with the script's arguments: reads their
# one option, --check, into $check (1 with it, else 0); prints the usage
# for --help or a wrong argument.
# shellcheck shell=bash

check=0
case "${1-}" in
  "") ;;
  --check) check=1 ;;
  -h | --help)
    echo "usage: $0 [--check]"
    exit 0
    ;;
  *)
    echo "usage: $0 [--check]" >&2
    exit 2
    ;;
esac
readonly check
