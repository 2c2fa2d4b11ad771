#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs every Lottie JSON file under a folder through fxhost's lottie plugin and
# through rlottie (librlottie-dev) at three frames (first, middle, last), and
# prints a Markdown table: file, the features fxhost warned about, how far the
# two pictures differ, and a verdict. docs/LOTTIE-CORPUS.md states the measure
# and holds the table for lottie-ios's samples.
#
#     scripts/lottie-corpus.sh DIR            # builds release binaries first
#     FXHOST_BIN=.build/debug scripts/lottie-corpus.sh DIR
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/options.sh"
script_options "scripts/lottie-corpus.sh DIR" -- "$@"
cd "$(dirname "$0")/.."
dir=${1:?usage: scripts/lottie-corpus.sh DIR (a folder of Lottie .json files)}
[ -d "$dir" ] || { echo "lottie-corpus: '$dir' is not a folder" >&2; exit 2; }
bin=${FXHOST_BIN:-}
if [ -z "$bin" ]; then
  scripts/setup.sh --test
  for p in fxhost lottie; do swift build -c release --product "$p" >&2; done
  bin=$(swift build -c release --show-bin-path)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -std=c99 -O2 Tests/LottieTests/Fixtures/rlottie-render.c -o "$work/rlottie-render" $(pkg-config --cflags --libs rlottie)
FXHOST="$bin/fxhost" RLOTTIE="$work/rlottie-render" WORK="$work" exec /usr/bin/python3 - "$dir" <<'PY'
import json, os, re, subprocess, sys
from PIL import Image

THRESHOLD, SHARE = 48, 0.005   # a pixel differs by more than 48 of 255; a frame agrees with ≤ 0.5 % such pixels
MAX_SIDE = 512                 # larger compositions are drawn fitted into 512 × 512 by both
fxhost, rlottie, work = os.environ["FXHOST"], os.environ["RLOTTIE"], os.environ["WORK"]
folder = sys.argv[1]

def differing(a, b):
    pa, pb = a.load(), b.load()
    w, h = a.size
    n = sum(1 for y in range(h) for x in range(w) if max(abs(pa[x, y][c] - pb[x, y][c]) for c in range(3)) > THRESHOLD)
    return n / (w * h)

files = sorted(os.path.join(r, f) for r, _, fs in os.walk(folder) for f in fs if f.endswith(".json"))
print("| file | fxhost warns about | worst frame: pixels differing | verdict |")
print("|---|---|---|---|")
counts = {}
for path in files:
    name = os.path.relpath(path, folder)
    try:
        d = json.load(open(path, encoding="utf-8"))
        w, h, fr, ip, op = int(d["w"]), int(d["h"]), float(d["fr"]), float(d["ip"]), float(d["op"])
    except Exception as e:
        print(f"| {name} | | | not a Lottie file ({type(e).__name__}) |"); counts["unreadable"] = counts.get("unreadable", 0) + 1; continue
    k = min(1.0, MAX_SIDE / max(w, h))
    sw, sh = max(1, round(w * k)), max(1, round(h * k))
    n = max(1, int(op - ip))
    frames = sorted({0, (n - 1) // 2, n - 1})
    warnings, worst, failure = set(), 0.0, None
    for f in frames:
        out = f"{work}/fx-{f}.png"
        r = subprocess.run([fxhost, "--plugin", "lottie", "--file", path, "--size", f"{sw}x{sh}", "--time", str(f / fr),
                            "--background", "white", "--out", out], capture_output=True, text=True, timeout=120)
        for m in re.finditer(r"warning: layer '.*?': (.*?) not supported", r.stderr):
            warnings.add(m.group(1))
        if r.returncode != 0:
            failure = "fxhost: " + (r.stderr.strip().splitlines() or ["status %d" % r.returncode])[-1].replace("fxhost: error: ", "")[:120]
            break
    if failure is None:
        try:
            rr = subprocess.run([rlottie, path, str(sw), str(sh), f"{work}/rl"] + [str(f) for f in frames],
                                capture_output=True, text=True, timeout=120)
            if rr.returncode != 0:
                failure = "rlottie: " + (rr.stderr.strip() or f"status {rr.returncode}")[:120]
        except subprocess.TimeoutExpired:
            failure = "rlottie: timed out"
    if failure is None:
        for f in frames:
            worst = max(worst, differing(Image.open(f"{work}/fx-{f}.png").convert("RGB"), Image.open(f"{work}/rl-{f}.ppm").convert("RGB")))
    if failure:
        verdict = failure.replace("|", "/")
    elif worst <= SHARE:
        verdict = "agrees"
    else:
        verdict = "differs" + (" (unsupported feature)" if warnings else "")
    key = "agrees" if verdict == "agrees" else ("fails" if failure else ("differs, warned" if warnings else "differs, not warned"))
    counts[key] = counts.get(key, 0) + 1
    print(f"| {name} | {', '.join(sorted(warnings))} | {'' if failure else f'{worst * 100:.2f} %'} | {verdict} |", flush=True)
print()
print(f"{len(files)} files: " + ", ".join(f"{v} {k}" for k, v in sorted(counts.items())))
PY
