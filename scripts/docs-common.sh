# Sourced by the scripts that write or check generated docs (cli-manual.sh,
# tour.sh): reads their one option, --check, into $check
# (scripts/check-option.sh), and builds `curtain` and `curtaind` with $SWIFT
# and $SWIFTPM_FLAGS, leaving their directory in $bin.
# shellcheck shell=bash

# shellcheck source=scripts/check-option.sh
source scripts/check-option.sh "$@"

swift="${SWIFT:-swift}"
read -r -a swiftpm_flags <<<"${SWIFTPM_FLAGS-}"
"$swift" build "${swiftpm_flags[@]}" --product curtain >&2
"$swift" build "${swiftpm_flags[@]}" --product curtaind >&2
bin="$("$swift" build "${swiftpm_flags[@]}" --show-bin-path)"
# shellcheck disable=SC2034 # used by the scripts that source this file
readonly bin
