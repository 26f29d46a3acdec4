# Sourced by the scripts that go through every command of the CLI
# (cli-manual.sh, man-pages.sh), with the built `curtain` in $bin:
# `commands_under` prints every command as `curtain help` lists them under
# SUBCOMMANDS (`help` is hidden), each followed by its own subcommands
# ("interact", "interact begin", …), so a command added to the CLI is found
# without a change here.
# shellcheck shell=bash

# The subcommands of one command (none: of curtain itself).
subcommands() {
  "$bin/curtain" help "$@" | awk '
    /^SUBCOMMANDS:/ { listing = 1; next }
    listing && /^$/ { exit }
    listing && /^  [a-z]/ { print $1 }'
}

commands_under() {
  local name
  for name in $(subcommands "$@"); do
    echo "$* $name" | sed -e 's/^ //'
    commands_under "$@" "$name"
  done
}
