#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Regenerates the README's gallery: one contact sheet per effect, made by the
# same commands the README shows beside each picture.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/options.sh"
script_options "scripts/gallery.sh" -- "$@"
cd "$(dirname "$0")/.."
run() { scripts/run.sh "$@" > /dev/null; }
run --plugin cube --text Paris --sheet docs/gallery/cube.png
run --plugin shimmer --end 1 --sheet docs/gallery/shimmer.png
run --plugin spinner --pause-at 1 --resume-at 1.5 --sheet docs/gallery/spinner.png
run --plugin fade --snow --end 0.5 --fps 12 --sheet docs/gallery/fade.png
run --plugin pulse --size 320x568 --event 2:tap --end 6 --fps 10 --sheet docs/gallery/pulse.png
echo "gallery: docs/gallery/*.png" >&2
