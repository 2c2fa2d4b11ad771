#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fxhost studio's speed (docs/STUDIO.md), measured in its page: headless Chromium (chromium-driver,
# python3-selenium, as the studio's browser tests use) on a studio of each seed effect at 1280×720
# and at the effect's own size.
#   - scrubbing: the page is sent to 60 times spread over 0–2 s in a jumping order (half of them
#     earlier than the one before: a new build, or a spare's, unless the effect has settled,
#     docs/STUDIO.md), one after another as a hand on the scrubber sends them; from the request to
#     the paint that shows the frame (the page's own timings, `state.timings`), p50 and p95;
#   - dragging: the same, over 60 times from 0 to 2 s in order (each later than the one before:
#     one build), as a hand drags the scrubber one way;
#   - playback: frames the page drew a second over 5 s of playing at 1×, looping, counted from the
#     start (so the first frame's wait counts); then "steady", frames drawn a second over the next
#     3 s, beside "refresh", the display's requestAnimationFrame callbacks a second over the same 3 s
#     (no page draws faster than its display refreshes: 60 a second in headless Chromium);
#   - the frame over HTTP alone at increasing times (one build), as PNG (GET /api/frame.png, the
#     command line's encoding) and as the page's RGBA (GET /api/frame.rgba): p50 of each, whose
#     difference is what the PNG's encoding costs;
#   - the resident memory (kB) of the studio and of its workers' processes, before and after.
# EFFECTS="spinner fade" and SIZES="1280x720 own" (the defaults: every seed, both sizes) choose rows,
# so that two builds can be measured row by row, one after the other, on a busy machine.
# With --long MINUTES (10 if not given): one studio (spinner, 1280×720) scrubbed without a pause for
# that long, the resident memory of the studio and its worker at the start, every minute and the end.
#     scripts/bench-studio.sh BIN_FOLDER [--long [MINUTES]]
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/options.sh"
script_options "scripts/bench-studio.sh BIN_FOLDER [--long [MINUTES]]" --long -- "$@"
bin=${1:?usage: scripts/bench-studio.sh BIN_FOLDER [--long [MINUTES]]}
shift
exec /usr/bin/python3 - "$bin" "$@" <<'PY'
import os, shutil, statistics, subprocess, sys, tempfile, time, urllib.request
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

bin = sys.argv[1]
long_minutes = None
if len(sys.argv) > 2 and sys.argv[2] == "--long":
    long_minutes = float(sys.argv[3]) if len(sys.argv) > 3 else 10.0

def studio(args):
    p = subprocess.Popen([bin + "/fxhost", "studio"] + args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                         env=dict(os.environ, FX_PLUGIN_PATH=bin))
    line = p.stdout.readline().strip()
    assert line.startswith("studio: "), line
    return p, line[len("studio: "):]

def rss(pid):
    try:
        with open("/proc/%d/status" % pid) as f:
            return next(int(l.split()[1]) for l in f if l.startswith("VmRSS:"))
    except (FileNotFoundError, ProcessLookupError, StopIteration):
        return 0

def children(pid):
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open("/proc/%s/stat" % entry) as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        found.append(int(entry))
            except (FileNotFoundError, ProcessLookupError, IndexError, ValueError):
                pass
    return found

def memory(p):
    """The studio's RSS and its workers' (the studio-worker processes and their supervised children), in kB."""
    def named(pid):
        try:
            with open("/proc/%d/cmdline" % pid, "rb") as f:
                return b"studio-worker" in f.read()
        except FileNotFoundError:
            return False
    worker = [c for c in children(p.pid) if named(c)]
    processes = worker + [g for w in worker for g in children(w)]
    return rss(p.pid), sum(rss(w) for w in processes)

def browser(folder):
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1600,1200",
                 "--force-device-scale-factor=1", "--no-first-run", "--user-data-dir=" + os.path.join(folder, "profile")):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_script_timeout(600)
    return driver

def wait(driver, script, timeout=60):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if driver.execute_script(script):
            return
        time.sleep(0.05)
    raise RuntimeError("timed out: " + script)

# Scrubs through `times` as a hand does: the next time once the last frame is on the page.
SCRUB = """
const times = arguments[0], done = arguments[arguments.length - 1];
(async () => {
  state.timings = [];
  for (const t of times) {
    const n = Number(document.getElementById('frame').dataset.loads);
    setTime(t);
    while (!(Number(document.getElementById('frame').dataset.loads) > n && !state.frameBusy && !state.frameWanted)) {
      await new Promise((r) => setTimeout(r, 1));
    }
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  }
  done(state.timings.slice());
})().catch((e) => done('error: ' + e));
"""

def scrub(driver, times):
    timings = driver.execute_async_script(SCRUB, times)
    if isinstance(timings, str):
        raise RuntimeError(timings)
    return timings

def open_page(driver, url):
    driver.get(url)
    wait(driver, "return document.body.dataset.ready === 'true' && Number(document.getElementById('frame').dataset.loads) >= 1 && !state.frameBusy")

def percentile(values, p):
    values = sorted(values)
    return values[max(0, int(round(len(values) * p)) - 1)]

def http_p50(url, path, times):
    base, token = url.split("?token=")
    spent = []
    for t in times:
        start = time.monotonic()
        with urllib.request.urlopen("%s%s?t=%.3f&token=%s" % (base, path, t, token), timeout=60) as r:
            r.read()
        spent.append((time.monotonic() - start) * 1000)
    return statistics.median(spent)

folder = tempfile.mkdtemp(prefix="bench-studio.")
driver = browser(folder)
try:
    if long_minutes is not None:
        p, url = studio(["--plugin", "spinner", "--size", "1280x720"])
        try:
            open_page(driver, url)
            print("minute  studio RSS kB  worker RSS kB  frames")
            start = time.monotonic()
            frames = 0
            print("%6.1f %14d %14d %7d" % ((0,) + memory(p) + (0,)), flush=True)
            minute = 1
            while time.monotonic() - start < long_minutes * 60:
                frames += len(scrub(driver, [(i * 37 % 60) / 30.0 for i in range(60)]))
                if time.monotonic() - start >= minute * 60:
                    print("%6.1f %14d %14d %7d" % (((time.monotonic() - start) / 60,) + memory(p) + (frames,)), flush=True)
                    minute += 1
            print("%6.1f %14d %14d %7d (end)" % (((time.monotonic() - start) / 60,) + memory(p) + (frames,)), flush=True)
        finally:
            p.terminate()
            p.wait(timeout=10)
        sys.exit(0)
    print("%-8s %-9s %8s %8s %9s %9s %9s %9s %9s %9s %9s %13s %13s" % ("effect", "size", "p50 ms", "p95 ms", "drag p50", "drag p95",
                                                             "play fps", "steady", "refresh", "png ms", "rgba ms", "studio kB", "worker kB"))
    for effect in os.environ.get("EFFECTS", "spinner cube shimmer fade pulse").split():
        for size in [None if s == "own" else s for s in os.environ.get("SIZES", "1280x720 own").split()]:
            p, url = studio(["--plugin", effect] + (["--size", size] if size else []))
            try:
                open_page(driver, url)
                before = memory(p)
                timings = scrub(driver, [(i * 37 % 60) / 30.0 for i in range(60)])
                scrub(driver, [0])
                dragged = scrub(driver, [(i + 1) / 30.0 for i in range(60)])
                driver.execute_script("document.getElementById('loop').checked = true; document.getElementById('speed').value = '1';"
                                      "setTime(0); play(true);")
                time.sleep(5)
                drawn = driver.execute_script("const n = playback.drawn, s = (performance.now() - playback.start) / 1000; return n / s;")
                # Steady playback: frames drawn a second once the first is shown, beside the display's own
                # refreshes a second over the same 3 s (requestAnimationFrame; a page cannot draw faster).
                steady, refresh = driver.execute_async_script(
                    "const done = arguments[arguments.length - 1]; const n0 = playback.drawn, t0 = performance.now(); let ticks = 0;"
                    "function tick() { ticks += 1; if (performance.now() - t0 < 3000) { requestAnimationFrame(tick); return; }"
                    "  const s = (performance.now() - t0) / 1000; const n = playback.drawn - n0; play(false); done([n / s, ticks / s]); }"
                    "requestAnimationFrame(tick);")
                wait(driver, "return !state.frameBusy")
                forward = [i / 30.0 for i in range(30)]
                png = http_p50(url, "api/frame.png", forward)
                rgba = http_p50(url, "api/frame.rgba", forward)
                after = memory(p)
                print("%-8s %-9s %8.1f %8.1f %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %6d→%-6d %6d→%-6d" % (
                    effect, size or "own", statistics.median(timings), percentile(timings, 0.95),
                    statistics.median(dragged), percentile(dragged, 0.95), drawn, steady, refresh, png, rgba,
                    before[0], after[0], before[1], after[1]), flush=True)
            finally:
                p.terminate()
                p.wait(timeout=10)
finally:
    driver.quit()
    shutil.rmtree(folder, ignore_errors=True)
PY
