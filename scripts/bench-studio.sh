#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fxhost studio's scrubbing (docs/STUDIO.md): for each seed effect, a studio at 1280×720 and one at
# the effect's own size, asked for frames at 60 times spread over 0–2 s one after another, as a page
# scrubbing asks; the time from request to the last byte of the PNG (p50, p95), what that allows
# for playback (frames a second, one request at a time), and the studio's resident memory before
# and after. The page's own decode and paint are left out (a few ms for a PNG this size).
#     scripts/bench-studio.sh BIN_FOLDER
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/options.sh"
script_options "scripts/bench-studio.sh BIN_FOLDER" -- "$@"
bin=${1:?usage: scripts/bench-studio.sh BIN_FOLDER}
python3 - "$bin" <<'PY'
import os, statistics, subprocess, sys, time, urllib.request
bin = sys.argv[1]
def studio(args):
    p = subprocess.Popen([bin + "/fxhost", "studio"] + args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                         env=dict(os.environ, FX_PLUGIN_PATH=bin))
    line = p.stdout.readline().strip()
    assert line.startswith("studio: "), line
    return p, line[len("studio: "):]
def rss(pid):
    with open("/proc/%d/status" % pid) as f:
        return next(int(l.split()[1]) for l in f if l.startswith("VmRSS:"))
print("%-8s %-9s %8s %8s %8s %10s" % ("effect", "size", "p50 ms", "p95 ms", "fps", "RSS kB"))
for effect in ["spinner", "cube", "shimmer", "fade", "pulse"]:
    for size in ["1280x720", None]:
        p, url = studio(["--plugin", effect] + (["--size", size] if size else []))
        try:
            base, token = url.split("?token=")
            before = rss(p.pid)
            times = []
            for i in range(60):
                t = (i * 37 % 60) / 30.0
                start = time.monotonic()
                with urllib.request.urlopen("%sapi/frame.png?t=%.3f&token=%s" % (base, t, token), timeout=60) as r:
                    r.read()
                times.append((time.monotonic() - start) * 1000)
            times.sort()
            p95 = times[int(len(times) * 0.95) - 1]
            print("%-8s %-9s %8.1f %8.1f %8.1f %5d→%d" % (effect, size or "own", statistics.median(times), p95,
                                                        1000 / statistics.mean(times), before, rss(p.pid)))
        finally:
            p.terminate()
            p.wait(timeout=10)
PY
