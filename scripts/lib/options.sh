# SPDX-License-Identifier: MIT
# Sourced by every script in scripts/ before it does any work:
#
#     . "$(dirname "${BASH_SOURCE[0]}")/lib/options.sh"
#     script_options "scripts/NAME.sh [--known] ARG" --known -- "$@"
#
# -h or --help anywhere prints "Usage: …" and the script's header comment on
# standard output and exits 0; a word starting with "-" that is not one of the
# script's known options ends it with one line on standard error, exit 2.
script_options() {
  local usage=$1 known=() arg k ok
  shift
  while [ $# -gt 0 ] && [ "$1" != -- ]; do known+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  for arg in "$@"; do
    case "$arg" in
      -h|--help)
        printf 'Usage: %s\n\n' "$usage"
        # The header comment: after the shebang and the SPDX line, up to the first line that is not a comment.
        awk 'NR > 1 && !/^#/ { exit } NR > 1 && !/SPDX-License-Identifier/ { sub(/^# ?/, ""); print }' "$0"
        exit 0 ;;
      -*)
        ok=0
        for k in "${known[@]}"; do [ "$arg" = "$k" ] && ok=1; done
        [ $ok = 1 ] || { echo "$(basename "$0"): unknown option $arg (usage: $usage)" >&2; exit 2; } ;;
    esac
  done
}
