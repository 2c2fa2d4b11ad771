#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Regenerates docs/gallery/conformance/: one contact sheet per port of the
# conformance corpus (docs/CONFORMANCE.md), one cycle of each loader. The
# plugins are compiled as a third party would: cc against fx.h, nothing else.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/options.sh"
script_options "scripts/gallery-conformance.sh" -- "$@"
cd "$(dirname "$0")/.."
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cc -std=c99 -Wall -Wextra -Werror -pedantic -shared -fPIC -I Sources/CFX/include \
    Tests/Conformance/Fixtures/spinkit.c -o "$dir/spinkit.so"
cc -std=c99 -Wall -Wextra -Werror -pedantic -shared -fPIC -I Sources/CFX/include \
    Tests/Conformance/Fixtures/dgactivity.c -o "$dir/dgactivity.so"
cc -std=c99 -Wall -Wextra -Werror -pedantic -shared -fPIC -I Sources/CFX/include \
    Tests/Conformance/Fixtures/replicators.c -o "$dir/replicators.so"
mkdir -p docs/gallery/conformance
# factory:seconds of one cycle
for port in plane:1.2 circle-flip:1.2 bounce:2 wave:1.2 wandering-cubes:1.8 pulse:1 chasing-dots:2 \
            three-bounce:1.5 circle:1 nine-cube-grid:1.5 word-press:1 fading-circle:1 fading-circle-alt:1.2 arc:0.8; do
    factory=${port%%:*} cycle=${port##*:}
    scripts/run.sh --plugin "$dir/spinkit.so" --factory "$factory" --size 64x64 --scale 2 --background white \
        --fps 20 --end "$cycle" --sheet "docs/gallery/conformance/$factory.png" > /dev/null
done
# DGActivityIndicatorView's default tint is white: on black. The bars start up to 0.4 s late.
for port in line-scale-pulse-out:1.4 ball-scale-ripple-multiple:1.25 ball-clip-rotate-pulse:1 ball-triangle-path:2; do
    factory=${port%%:*} cycle=${port##*:}
    scripts/run.sh --plugin "$dir/dgactivity.so" --factory "$factory" --size 64x64 --scale 2 --background black \
        --fps 20 --end "$cycle" --sheet "docs/gallery/conformance/$factory.png" > /dev/null
done
# The replicators: Neuburg's bars (100 × 20) and Apple's ring (radius 50).
scripts/run.sh --plugin "$dir/replicators.so" --factory bars --size 120x40 --scale 2 --background white \
    --fps 20 --end 1 --sheet docs/gallery/conformance/bars.png > /dev/null
scripts/run.sh --plugin "$dir/replicators.so" --factory ring --size 128x128 --background white \
    --fps 20 --end 1 --sheet docs/gallery/conformance/ring.png > /dev/null
echo "gallery: docs/gallery/conformance/*.png" >&2
