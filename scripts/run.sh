#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The main job: set up, build (release), and run fxhost. With no arguments it
# runs the cube effect; any arguments are passed to fxhost instead
# (scripts/run.sh --list, scripts/run.sh --plugin cube --text Rome --out cube.jsonl).
# A first --help or -h is this script's; fxhost's own help is
# scripts/run.sh --plugin cube --help (a plugin's parameters) or, once built,
# "$(swift build -c release --show-bin-path)/fxhost" --help.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/options.sh"
case "${1:-}" in -h|--help) script_options "scripts/run.sh [FXHOST_ARGUMENT…]" -- "$1" ;; esac
cd "$(dirname "$0")/.."
scripts/setup.sh
# Build messages go to stderr so that fxhost's output alone reaches stdout.
swift build -c release >&2 || { echo "run: the build failed (see above)" >&2; exit 1; }
bin=$(swift build -c release --show-bin-path)
if [ $# -eq 0 ]; then set -- --plugin cube --text Paris; fi
exec "$bin/fxhost" "$@"
