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
# header. The two run in turn, RUNS=3 rounds a file, so that a machine whose
# speed drifts weighs on both alike. Printed: frames a second (wall time, best
# of the rounds), CPU seconds (user + system, best of the rounds, from wait4:
# steadier than wall time on a shared machine), peak resident memory (GNU
# time's), and the ratios with the targets beside them (a median speed ratio
# of at least 1.5x and no file below 0.5x, memory no higher), then the ten
# slowest files by CPU ratio. The test files always run; when folders are
# given, the targets are summed up for their files (a corpus of real files)
# and the test files, each written to exercise one feature (some at its
# extreme: a 3D layer seen almost edge on), get a summary of their own.
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
fixtures=${#files[@]}
for d in "$@"; do [ -d "$d" ] || { echo "scripts/bench-lottie.sh: $d is not a folder (give folders of Lottie files)" >&2; exit 2; }; done
for d in "$@"; do while IFS= read -r f; do files+=("$f"); done < <(find "$d" -name '*.json' | sort); done
FXHOST="$bin/fxhost" RLOTTIE="$work/rlottie-y4m" FIXTURES=$fixtures exec /usr/bin/python3 - "${files[@]}" <<'PY'
import json, os, statistics, subprocess, sys, time
fx, rl = os.environ["FXHOST"], os.environ["RLOTTIE"]
# The first FIXTURES files are the plugin's test files: each written to exercise one feature,
# some at its extreme (a 3D layer seen almost edge on). The targets are for the files of the
# folders given, a corpus of real files; the test files get figures of their own.
fixtures = int(os.environ["FIXTURES"])
W, H = 1280, 720
def once(cmd):
    """Wall time and CPU time (user + system, from wait4, with every process the command waited
    for) of one run, and its peak resident memory in KiB as GNU time reports it (the largest of
    the command's processes: fxhost's supervisor or its child); None when it failed. The memory
    is GNU time's, not wait4's here: a child forked from this Python process counts Python's
    pages until it execs."""
    t0 = time.monotonic()
    p = subprocess.Popen(["/usr/bin/time", "-f", "%M"] + cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = p.stderr.read()
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.monotonic() - t0
    if status != 0:
        return None
    return wall, max(usage.ru_utime + usage.ru_stime, 1e-4), int(err.decode().strip().splitlines()[-1])
def side_by_side(a, b):
    """Each command's best wall time, best CPU time and peak memory over RUNS rounds, the two run
    in turn in each round, so that a machine whose speed drifts weighs on both alike; None for a
    command that failed (it is not run again)."""
    runs = [[], []]
    for _ in range(int(os.environ.get("RUNS", "3"))):
        for k, cmd in enumerate((a, b)):
            if runs[k] is not None:
                r = once(cmd)
                runs[k] = None if r is None else runs[k] + [r]
    return [(min(x[0] for x in r), min(x[1] for x in r), max(x[2] for x in r)) if r else None for r in runs]
print(f"{'file':36} {'frames':>6} {'fxhost fps':>10} {'rlottie fps':>11} {'speed':>6} {'cpu fx s':>8} {'cpu rl s':>8} {'cpu':>6} {'fxhost MiB':>10} {'rlottie MiB':>11} {'memory':>6}")
speed, cpus, memory, names, given = [], [], [], [], []
for index, path in enumerate(sys.argv[1:]):
    try:
        d = json.load(open(path, encoding="utf-8"))
        fr, n = float(d["fr"]), int(float(d["op"]) - float(d["ip"]))
    except Exception:
        continue
    n = max(1, min(n, int(os.environ.get("FRAMES", "600"))))
    fxr, rlr = side_by_side([fx, "--plugin", "lottie", "--file", path, "--size", f"{W}x{H}", "--fps", str(fr),
                             "--range", f"{float(d['ip'])}:{float(d['ip']) + n}", "--loop", "--out", "-", "--format", "y4m"],
                            [rl, path, str(W), str(H), str(fr), str(n)])
    name = os.path.basename(path)[:36]
    if fxr is None or rlr is None:
        print(f"{name:36} {n:6} {'failed' if fxr is None else '':>10} {'failed' if rlr is None else '':>11}")
        continue
    (t_fx, c_fx, m_fx), (t_rl, c_rl, m_rl) = fxr, rlr
    s, c, m = t_rl / t_fx, c_rl / c_fx, m_fx / m_rl
    speed.append(s); cpus.append(c); memory.append(m); names.append(name); given.append(index >= fixtures)
    print(f"{name:36} {n:6} {n / t_fx:10.1f} {n / t_rl:11.1f} {s:5.2f}× {c_fx:8.3f} {c_rl:8.3f} {c:5.2f}× {m_fx / 1024:10.1f} {m_rl / 1024:11.1f} {m:5.2f}×")
def summary(title, chosen, targets):
    """The medians, the extremes and the files below 0.5x of the files `chosen` picks, with the targets if `targets`."""
    sp = [x for x, k in zip(speed, chosen) if k]
    if not sp:
        return
    cp = [x for x, k in zip(cpus, chosen) if k]
    me = [x for x, k in zip(memory, chosen) if k]
    na = [x for x, k in zip(names, chosen) if k]
    print(f"\n{title} ({len(sp)} files)")
    speed_target, memory_target = ("target ≥ 1.5×, no file below 0.5×; ", "target ≤ 1.0×; ") if targets else ("", "")
    print(f"median speed ratio fxhost/rlottie (wall): {statistics.median(sp):.2f}× ({speed_target}"
          f"{min(sp):.2f}×–{max(sp):.2f}×); by CPU time: {statistics.median(cp):.2f}× ({min(cp):.2f}×–{max(cp):.2f}×)\n"
          f"median memory ratio fxhost/rlottie: {statistics.median(me):.2f}× ({memory_target}"
          f"{min(me):.2f}×–{max(me):.2f}×)")
    print(f"files below 0.5×: {sum(x < 0.5 for x in sp)} by wall time, {sum(x < 0.5 for x in cp)} by CPU time")
    slowest = sorted(zip(cp, sp, na))[:10]
    print("ten slowest by CPU ratio: " + ", ".join(f"{n} {c:.2f}× ({s:.2f}× wall)" for c, s, n in slowest))
if any(given):
    summary("the files of the folders given, whose figures the targets are for", given, True)
    summary("the test files (Tests/LottieTests/Fixtures: one feature each, some at its extreme)", [not k for k in given], False)
else:
    summary("the test files (Tests/LottieTests/Fixtures); the targets are for a folder of real files", [True] * len(speed), True)
PY
