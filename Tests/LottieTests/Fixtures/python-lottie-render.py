#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# The third player of the Lottie tests: python-lottie (PyPI `lottie`) turns frame F of a Lottie file into
# SVG and cairosvg draws it, at WIDTH × HEIGHT with a transparent background, into OUT-F.png (RGBA).
# usage: python-lottie-render.py FILE WIDTH HEIGHT OUT FRAME...
import io
import sys

import cairosvg
from lottie.exporters.svg import export_svg
from lottie.parsers.tgs import parse_tgs


def main(argv):
    if len(argv) < 6:
        sys.stderr.write("usage: python-lottie-render.py FILE WIDTH HEIGHT OUT FRAME...\n")
        return 2
    path, width, height, out = argv[1], int(argv[2]), int(argv[3]), argv[4]
    animation = parse_tgs(path)
    for frame in argv[5:]:
        svg = io.StringIO()
        export_svg(animation, svg, float(frame))
        cairosvg.svg2png(bytestring=svg.getvalue().encode("utf-8"), write_to="%s-%s.png" % (out, frame),
                         output_width=width, output_height=height)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
