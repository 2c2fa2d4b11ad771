#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes image.json and images/quads.png, the image-layer fixtures, with a PNG
writer of its own (Python's zlib, filters and Adam7 written here from the PNG
specification), independent of fxhost's decoder:

    make-images.py FIXTURES_FOLDER

The picture is 12 x 12 pixels in four 6 x 6 quadrants. Each of eight image
layers shows it from a PNG of another kind (colour type, bit depth, filters,
interlacing, transparency); the first is a file beside the JSON, the others
are embedded as data URIs. Rerunning it gives the same bytes."""
import base64
import json
import os
import struct
import sys
import zlib

SIDE = 12


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def filtered(row, prior, kind, bpp):
    out = bytearray()
    for i, x in enumerate(row):
        a = row[i - bpp] if i >= bpp else 0
        b = prior[i]
        c = prior[i - bpp] if i >= bpp else 0
        predictor = [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]
        out.append((x - predictor) & 0xFF)
    return bytes([kind]) + bytes(out)


def pack(samples, depth):
    """One row of samples as bytes: 16-bit big-endian, 8-bit as is, smaller packed from the high bits."""
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    if depth == 8:
        return bytes(samples)
    out, acc, bits = bytearray(), 0, 0
    for s in samples:
        acc = acc << depth | s
        bits += depth
        if bits == 8:
            out.append(acc)
            acc, bits = 0, 0
    if bits:
        out.append(acc << (8 - bits))
    return bytes(out)


def png(pixel, colour, depth, channels, interlaced=False, extra=b""):
    """pixel(x, y) gives the samples of one pixel; rows use the five filters in turn."""
    passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)] if interlaced else [(0, 0, 1, 1)]
    bpp = max(1, channels * depth // 8)
    raw, k = bytearray(), 0
    for x0, y0, dx, dy in passes:
        xs, ys = range(x0, SIDE, dx), range(y0, SIDE, dy)
        if not xs or not ys:
            continue
        prior = bytes(len(pack([0] * channels * len(xs), depth)))
        for y in ys:
            row = pack([s for x in xs for s in pixel(x, y)], depth)
            raw += filtered(row, prior, k % 5, bpp)
            prior, k = row, k + 1
    head = struct.pack(">IIBBBBB", SIDE, SIDE, depth, colour, 0, 0, 1 if interlaced else 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + extra + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b"")


def quadrant(x, y):
    return (1 if x >= SIDE // 2 else 0) + (2 if y >= SIDE // 2 else 0)


# Colours of the quadrants (red, green, blue, half-transparent yellow) and greys for the grey kinds.
RGBA = [(230, 30, 30, 255), (30, 200, 60, 255), (40, 60, 220, 255), (240, 220, 20, 128)]
kinds = [
    # beside the file: RGBA, 8 bits, every filter
    ("quads.png", png(lambda x, y: RGBA[quadrant(x, y)], 6, 8, 4)),
    # RGB, 8 bits, Adam7
    ("rgb-interlaced", png(lambda x, y: RGBA[quadrant(x, y)][:3], 2, 8, 3, interlaced=True)),
    # a 4-bit palette with a tRNS alpha for the yellow
    ("palette", png(lambda x, y: [quadrant(x, y)], 3, 4, 1,
                    extra=chunk(b"PLTE", bytes(c for q in RGBA for c in q[:3])) + chunk(b"tRNS", bytes([255, 255, 255, 128])))),
    # RGBA, 16 bits (the high byte carries the colour)
    ("rgba16", png(lambda x, y: [c * 257 for c in RGBA[quadrant(x, y)]], 6, 16, 4)),
    # RGB, 16 bits, Adam7
    ("rgb16-interlaced", png(lambda x, y: [c * 257 for c in RGBA[quadrant(x, y)][:3]], 2, 16, 3, interlaced=True)),
    # grey and alpha, 8 bits: 0, 85, 170, and black at half alpha
    ("grey-alpha", png(lambda x, y: [[0, 85, 170, 0][quadrant(x, y)], 128 if quadrant(x, y) == 3 else 255], 4, 8, 2)),
    # grey, 2 bits, levels 0..3; level 1 is transparent through a tRNS key
    ("grey2-key", png(lambda x, y: [quadrant(x, y)], 0, 2, 1, extra=chunk(b"tRNS", struct.pack(">H", 1)))),
    # grey, 1 bit, a checkerboard of quadrants
    ("grey1", png(lambda x, y: [quadrant(x, y) in (1, 2)], 0, 1, 1)),
]

folder = sys.argv[1]
os.makedirs(os.path.join(folder, "images"), exist_ok=True)
assets, layers = [], []
for i, (name, data) in enumerate(kinds):
    if name.endswith(".png"):
        with open(os.path.join(folder, "images", name), "wb") as f:
            f.write(data)
        assets.append({"id": "image_%d" % i, "w": SIDE, "h": SIDE, "u": "images/", "p": name, "e": 0})
    else:
        assets.append({"id": "image_%d" % i, "w": SIDE, "h": SIDE, "u": "", "p": "data:image/png;base64," + base64.b64encode(data).decode(), "e": 1})
    layers.append({"ddd": 0, "ind": i + 1, "ty": 2, "nm": name, "refId": "image_%d" % i, "ip": 0, "op": 10, "st": 0, "sr": 1,
                   "ks": {"o": {"a": 0, "k": 100}, "r": {"a": 0, "k": 0}, "p": {"a": 0, "k": [4 + (i % 4) * 24, 4 + (i // 4) * 24, 0]},
                          "a": {"a": 0, "k": [0, 0, 0]}, "s": {"a": 0, "k": [100, 100, 100]}}})
doc = {"v": "5.7.4", "fr": 10, "ip": 0, "op": 10, "w": 100, "h": 52, "ddd": 0, "nm": "image layers, eight PNG kinds",
       "assets": assets, "layers": layers}
with open(os.path.join(folder, "image.json"), "w") as f:
    json.dump(doc, f, separators=(",", ":"))
    f.write("\n")
