#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes a .lottie (dotLottie) archive of Lottie JSON files with Python's zipfile,
a ZIP writer independent of fxhost, laid out as dotlottie.io's specifications say:

    make-dotlottie.py OUT.lottie A.json [B.json ...] [--v1] [--initial ID] [--stored] [--image PNG ...]

Each animation's id is its file name without .json. Version 2 (the default) keeps
animations in a/ID.json and names the one to play in "initial"; --v1 keeps them
in animations/ID.json and names it in "activeAnimationId". --stored writes the
entries uncompressed instead of deflated. Each --image file is stored under its
own name in i/ (version 2) or images/ (version 1)."""
import json
import os
import sys
import zipfile

args = sys.argv[1:]
v1 = "--v1" in args
stored = "--stored" in args
initial = None
if "--initial" in args:
    initial = args[args.index("--initial") + 1]
    del args[args.index("--initial"):args.index("--initial") + 2]
images = []
while "--image" in args:
    k = args.index("--image")
    images.append(args[k + 1])
    del args[k:k + 2]
files = [a for a in args if not a.startswith("--")]
out, inputs = files[0], files[1:]
ids = [os.path.basename(f)[:-len(".json")] for f in inputs]
manifest = {"version": "1" if v1 else "2", "generator": "fxhost tests", "animations": [{"id": i} for i in ids]}
if initial:
    if v1:
        manifest["activeAnimationId"] = initial
    else:
        manifest["initial"] = {"animation": initial}
method = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
with zipfile.ZipFile(out, "w", method) as z:
    z.writestr("manifest.json", json.dumps(manifest))
    for i, f in zip(ids, inputs):
        z.write(f, ("animations/" if v1 else "a/") + i + ".json")
    for image in images:
        z.write(image, ("images/" if v1 else "i/") + os.path.basename(image))
