#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fxhost's lottie plugin beside rlottie (librlottie-dev), what users pick
# instead, doing the same job: every frame of each file at 1280x720 as
# YUV4MPEG2 (4:4:4, BT.601, over black) on standard output, thrown away
# (/dev/null for both). fxhost: `--plugin lottie … --out - --format y4m`.
# rlottie: Benchmarks/rlottie-baseline/rlottie-y4m.c renders each frame into
# rlottie's buffer, converts it with a tight integer BT.601 loop (the matrix
# fxhost uses) and writes it: a user who wants video from rlottie must get
# every frame out of its buffer too. Both write the same bytes' count and
# header. Printed: frames a second (wall time, best of RUNS=3), CPU seconds
# (user + system, best of the runs, from wait4: steadier than wall time on a
# shared machine), peak resident memory (GNU time's), and the ratios with the
# targets beside them (a median speed ratio of at least 1.5x and no file
# below 0.5x, memory no higher), then the ten slowest files by CPU ratio.
# FRAMES=N plays at most the first N frames of each file (600 unless told), for a
# round over a large corpus on a busy machine.
#
#     scripts/bench-lottie.sh BIN [DIR…]   # BIN: the folder of fxhost (scripts/bench.sh lottie passes it)
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/options.sh"
script_options "scripts/bench-lottie.sh BIN [DIR…]" -- "$@"
cd "$(dirname "$0")/.."
bin=${1:?usage: scripts/bench-lottie.sh BIN [DIR…]}
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -std=c99 -O2 Benchmarks/rlottie-baseline/rlottie-y4m.c -o "$work/rlottie-y4m" $(pkg-config --cflags --libs rlottie)
files=(Tests/LottieTests/Fixtures/*.json)
for d in "$@"; do while IFS= read -r f; do files+=("$f"); done < <(find "$d" -name '*.json' | sort); done
FXHOST="$bin/fxhost" RLOTTIE="$work/rlottie-y4m" exec /usr/bin/python3 - "${files[@]}" <<'PY'
import json, os, statistics, subprocess, sys, time
fx, rl = os.environ["FXHOST"], os.environ["RLOTTIE"]
W, H = 1280, 720
def run(cmd):
    """Best wall time and CPU time (user + system, from wait4, with every process the command
    waited for) of RUNS runs, and their peak resident memory in KiB as GNU time reports it (the
    largest of the command's processes: fxhost's supervisor or its child). The memory is GNU
    time's, not wait4's here: a child forked from this Python process counts Python's pages
    until it execs."""
    best, cpu, peak = None, None, 0
    for _ in range(int(os.environ.get("RUNS", "3"))):
        t0 = time.monotonic()
        p = subprocess.Popen(["/usr/bin/time", "-f", "%M"] + cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        err = p.stderr.read()
        _, status, usage = os.wait4(p.pid, 0)
        wall = time.monotonic() - t0
        if status != 0:
            return None, None, None
        peak = max(peak, int(err.decode().strip().splitlines()[-1]))
        best = wall if best is None else min(best, wall)
        used = usage.ru_utime + usage.ru_stime
        cpu = used if cpu is None else min(cpu, used)
    return best, max(cpu, 1e-4), peak
print(f"{'file':36} {'frames':>6} {'fxhost fps':>10} {'rlottie fps':>11} {'speed':>6} {'cpu fx s':>8} {'cpu rl s':>8} {'cpu':>6} {'fxhost MiB':>10} {'rlottie MiB':>11} {'memory':>6}")
speed, cpus, memory, names = [], [], [], []
for path in sys.argv[1:]:
    try:
        d = json.load(open(path, encoding="utf-8"))
        fr, n = float(d["fr"]), int(float(d["op"]) - float(d["ip"]))
    except Exception:
        continue
    n = max(1, min(n, int(os.environ.get("FRAMES", "600"))))
    t_fx, c_fx, m_fx = run([fx, "--plugin", "lottie", "--file", path, "--size", f"{W}x{H}", "--fps", str(fr),
                      "--range", f"{float(d['ip'])}:{float(d['ip']) + n}", "--loop", "--out", "-", "--format", "y4m"])
    t_rl, c_rl, m_rl = run([rl, path, str(W), str(H), str(fr), str(n)])
    name = os.path.basename(path)[:36]
    if t_fx is None or t_rl is None:
        print(f"{name:36} {n:6} {'failed' if t_fx is None else '':>10} {'failed' if t_rl is None else '':>11}")
        continue
    s, c, m = t_rl / t_fx, c_rl / c_fx, m_fx / m_rl
    speed.append(s); cpus.append(c); memory.append(m); names.append(name)
    print(f"{name:36} {n:6} {n / t_fx:10.1f} {n / t_rl:11.1f} {s:5.2f}× {c_fx:8.3f} {c_rl:8.3f} {c:5.2f}× {m_fx / 1024:10.1f} {m_rl / 1024:11.1f} {m:5.2f}×")
if speed:
    print(f"\nmedian speed ratio fxhost/rlottie (wall): {statistics.median(speed):.2f}× (target ≥ 1.5×, no file below 0.5×; "
          f"{min(speed):.2f}×–{max(speed):.2f}×); by CPU time: {statistics.median(cpus):.2f}× ({min(cpus):.2f}×–{max(cpus):.2f}×)\n"
          f"median memory ratio fxhost/rlottie: {statistics.median(memory):.2f}× (target ≤ 1.0×; "
          f"{min(memory):.2f}×–{max(memory):.2f}×); {len(speed)} files")
    print(f"files below 0.5×: {sum(x < 0.5 for x in speed)} by wall time, {sum(x < 0.5 for x in cpus)} by CPU time")
    slowest = sorted(zip(cpus, speed, names))[:10]
    print("ten slowest by CPU ratio: " + ", ".join(f"{n} {c:.2f}× ({s:.2f}× wall)" for c, s, n in slowest))
PY
