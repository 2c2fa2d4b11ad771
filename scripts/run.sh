#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The main job: set up, build (release), and run fxhost. With no arguments it
# runs the cube effect; any arguments are passed to fxhost instead
# (scripts/run.sh --list, scripts/run.sh --plugin cube --text Rome --out cube.jsonl).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# Build messages go to stderr so that fxhost's output alone reaches stdout.
swift build -c release >&2 || { echo "run: the build failed (see above)" >&2; exit 1; }
bin=$(swift build -c release --show-bin-path)
if [ $# -eq 0 ]; then set -- --plugin cube --text Paris; fi
exec "$bin/fxhost" "$@"
