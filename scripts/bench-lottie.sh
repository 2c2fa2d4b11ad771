#!/usr/bin/env bash
# fxhost's lottie plugin beside rlottie (librlottie-dev), what users pick
# instead: every frame of each file at 1280x720, frames a second (wall time,
# best of RUNS=3) and peak resident memory of each, and their ratios with the
# target beside them (fxhost at least as fast, memory no higher).
#
#     scripts/bench-lottie.sh BIN [DIR…]   # BIN: the folder of fxhost (scripts/bench.sh lottie passes it)
# fxhost writes Y4M to standard output, thrown away (its frames are rendered and converted to
# Y′CbCr; Y4M is the cheapest output); rlottie renders into its buffer only.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:?usage: scripts/bench-lottie.sh BIN [DIR…]}
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -std=c99 -O2 Tests/LottieTests/Fixtures/rlottie-render.c -o "$work/rlottie-render" $(pkg-config --cflags --libs rlottie)
files=(Tests/LottieTests/Fixtures/*.json)
for d in "$@"; do while IFS= read -r f; do files+=("$f"); done < <(find "$d" -name '*.json' | sort); done
FXHOST="$bin/fxhost" RLOTTIE="$work/rlottie-render" exec /usr/bin/python3 - "${files[@]}" <<'PY'
import json, os, statistics, subprocess, sys, time
fx, rl = os.environ["FXHOST"], os.environ["RLOTTIE"]
W, H = 1280, 720
def run(cmd):
    """Best wall time of RUNS runs, and the peak resident memory (KiB) GNU time reports for them."""
    best, peak = None, 0
    for _ in range(int(os.environ.get("RUNS", "3"))):
        t0 = time.monotonic()
        r = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        wall = time.monotonic() - t0
        if r.returncode != 0:
            return None, None
        peak = max(peak, int(r.stderr.strip().splitlines()[-1]))
        best = wall if best is None else min(best, wall)
    return best, peak
print(f"{'file':44} {'frames':>6} {'fxhost fps':>10} {'rlottie fps':>11} {'speed':>6} {'fxhost MiB':>10} {'rlottie MiB':>11} {'memory':>6}")
speed, memory = [], []
for path in sys.argv[1:]:
    try:
        d = json.load(open(path, encoding="utf-8"))
        fr, n = float(d["fr"]), int(float(d["op"]) - float(d["ip"]))
    except Exception:
        continue
    n = max(1, min(n, 600))
    t_fx, m_fx = run([fx, "--plugin", "lottie", "--file", path, "--size", f"{W}x{H}", "--fps", str(fr),
                      "--range", f"{float(d['ip'])}:{float(d['ip']) + n}", "--loop", "--out", "-", "--format", "y4m"])
    t_rl, m_rl = run([rl, path, str(W), str(H), "-"] + [str(k) for k in range(n)])
    name = os.path.basename(path)[:44]
    if t_fx is None or t_rl is None:
        print(f"{name:44} {n:6} {'failed' if t_fx is None else '':>10} {'failed' if t_rl is None else '':>11}")
        continue
    s, m = (n / t_fx) / (n / t_rl), m_fx / m_rl
    speed.append(s); memory.append(m)
    print(f"{name:44} {n:6} {n / t_fx:10.1f} {n / t_rl:11.1f} {s:5.2f}× {m_fx / 1024:10.1f} {m_rl / 1024:11.1f} {m:5.2f}×")
if speed:
    print(f"\nmedian speed ratio fxhost/rlottie: {statistics.median(speed):.2f}× (target ≥ 1.0×); "
          f"median memory ratio: {statistics.median(memory):.2f}× (target ≤ 1.0×); {len(speed)} files")
PY
