#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Drives the page of a running `fxhost studio` in headless Chromium (Debian's chromium-driver with
python3-selenium), for Tests/IntegrationTests/StudioTests.swift, which starts the studio, checks what
this prints and stops it.

    studio_browser.py URL SCENARIO FOLDER [-- ARGUMENTS...]

SCENARIO is `spinner`, `fixture`, `package`, `lottie`, `golden`, `refusals`, `worker` or `deltas` (after `--`:
the rebuild command of `fixture` and `golden`, the source file to edit of `package`, the image to replace of `lottie` and
the file to replace it with, the build count file of `worker`). Frames the page showed are written to FOLDER as
NAME.rgba (the straight RGBA the page drew on its canvas); one JSON object of what was seen is printed.
Every wait is bounded; a failure prints {"error": ...} and exits 1.
"""
import base64
import json
import os
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

WAIT = 30.0


def browser(folder):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1000",
                 "--force-device-scale-factor=1", "--no-first-run", "--user-data-dir=" + os.path.join(folder, "profile")):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_script_timeout(WAIT)
    driver.set_page_load_timeout(WAIT)
    return driver


def wait(driver, script, what, timeout=WAIT):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.05)
    errors = driver.execute_script("return document.getElementById('errors').dataset.last || ''")
    raise RuntimeError("timed out waiting for " + what + (" (page error: " + errors + ")" if errors else ""))


def loads(driver):
    return int(driver.execute_script("return document.getElementById('frame').dataset.loads"))


def frame_after(driver, count, t, what):
    """Waits for a frame loaded after the `count`-th, drawn at `t`, with nothing more pending."""
    wait(driver, "const i = document.getElementById('frame'); return Number(i.dataset.loads) > %d && i.dataset.t === '%s'"
         " && i.dataset.status === 'ok' && !state.frameBusy && !state.frameWanted" % (count, t), what)


def save_frame(driver, folder, name):
    """Writes the pixels the page drew last (its straight RGBA, as /api/frame.rgba gave them) to NAME.rgba."""
    data = driver.execute_script("""
        const f = state.frame; let s = '';
        for (let i = 0; i < f.bytes.length; i += 8192) s += String.fromCharCode.apply(null, f.bytes.subarray(i, i + 8192));
        return [f.width, f.height, btoa(s)];""")
    width, height, pixels = data
    pixels = base64.b64decode(pixels)
    if len(pixels) != width * height * 4:
        raise RuntimeError("the frame's %d bytes are not %d×%d pixels" % (len(pixels), width, height))
    with open(os.path.join(folder, name + ".rgba"), "wb") as f:
        f.write(pixels)


def canvas_agrees(driver):
    """What the canvas shows against the frame the page rebuilt: [opaque pixels compared, those that
    differ, whether the frame came as a change to another]. Only opaque pixels: the canvas keeps
    others premultiplied, which does not read back exactly."""
    return driver.execute_script("""
        const c = document.getElementById('frame'), d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        const f = state.frame.bytes; let n = 0, bad = 0;
        for (let i = 0; i < f.length; i += 4) {
          if (f[i + 3] !== 255) continue;
          n += 1;
          if (d[i] !== f[i] || d[i + 1] !== f[i + 1] || d[i + 2] !== f[i + 2] || d[i + 3] !== 255) bad += 1;
        }
        return [n, bad, state.frame.base > 0];""")


def scrub(driver, t):
    driver.execute_script("const s = document.getElementById('scrubber'); s.value = arguments[0];"
                          "s.dispatchEvent(new Event('input'));", t)


def set_field(driver, selector, value, event):
    driver.execute_script("const e = document.querySelector(arguments[0]); e.value = arguments[1];"
                          "e.dispatchEvent(new Event(arguments[2]));", selector, value, event)


def open_page(driver, url):
    driver.get(url)
    wait(driver, "return document.body.dataset.ready === 'true' && document.body.dataset.events === 'open'", "the page to load")
    wait(driver, "return Number(document.getElementById('frame').dataset.loads) >= 1 && !state.frameBusy", "the first frame")


def spinner(url, folder, _):
    seen = {}
    driver = browser(folder)
    try:
        open_page(driver, url)
        seen["title"] = driver.title
        seen["factories"] = driver.execute_script("return [...document.querySelectorAll('#factory option')].map(o => o.value)")
        seen["controls"] = driver.execute_script("return [...document.querySelectorAll('#params [data-param]')].map(e => e.dataset.param + ':' + e.type)")
        n = loads(driver)
        scrub(driver, "0.5")
        frame_after(driver, n, "0.500", "the frame at 0.5 s")
        seen["time"] = driver.execute_script("return document.getElementById('time').textContent")
        save_frame(driver, folder, "scrubbed")
        seen.setdefault("canvas", []).append(canvas_agrees(driver))
        wait(driver, "return document.querySelectorAll('#layers .layer').length > 0 && document.getElementById('inspected').textContent === '0.500'", "the inspector")
        seen["layers"] = driver.execute_script("return [...document.querySelectorAll('#layers .layer')].map(e => e.firstChild.textContent)")
        seen["bars"] = driver.execute_script("return [...document.querySelectorAll('#bars .bar')].map(e => e.textContent)")
        seen["end"] = driver.execute_script("return state.end")
        seen["endmark"] = driver.execute_script("return document.getElementById('endmark').style.left")
        driver.find_elements("css selector", "#layers .layer")[1].click()
        seen["outline"] = driver.execute_script("const s = document.getElementById('outline').style; return [s.display, s.width, s.height]")
        driver.save_screenshot(os.path.join(folder, "page.png"))
        n = loads(driver)
        set_field(driver, "#params input[type=text][data-param=color]", "#e74c3c", "change")
        wait(driver, "return state.view.parameters.color === '#e74c3c'", "the colour to be set")
        frame_after(driver, n, "0.500", "the frame in red")
        save_frame(driver, folder, "red")
        seen.setdefault("canvas", []).append(canvas_agrees(driver))
        n = loads(driver)
        set_field(driver, "#params input[type=number][data-param=spread-at]", "0.25", "change")
        wait(driver, "return state.view.parameters['spread-at'] === '0.25'", "spread-at to be set")
        frame_after(driver, n, "0.500", "the frame spread at 0.25 s")
        save_frame(driver, folder, "spread")
        seen.setdefault("canvas", []).append(canvas_agrees(driver))
        # The page forgets its frames (as when many answers came between a request and its own):
        # the change that comes is to a frame it no longer has, and it asks for the whole frame again.
        driver.execute_script("sent.frames.clear()")
        n = loads(driver)
        scrub(driver, "0.25")
        frame_after(driver, n, "0.250", "the frame at 0.25 s after the page forgot its frames")
        save_frame(driver, folder, "forgotten")
        seen["forgottenBase"] = driver.execute_script("return state.frame.base")
        n = loads(driver)
        scrub(driver, "0.5")
        frame_after(driver, n, "0.500", "the frame at 0.5 s again")
        seen["view"] = driver.execute_script("return state.view")
        driver.find_element("css selector", "#zoom button[data-zoom='2']").click()
        seen["zoom2"] = driver.execute_script("return document.getElementById('frame').getBoundingClientRect().width")
        driver.find_element("css selector", "#zoom button[data-zoom='1']").click()
        seen["zoom1"] = driver.execute_script("return document.getElementById('frame').getBoundingClientRect().width")
        driver.find_element("css selector", "#copy").click()
        seen["command"] = wait(driver, "return document.getElementById('command').value", "the command")
        # A second tab at once: the same view, its own frames.
        first = driver.current_window_handle
        driver.switch_to.new_window("tab")
        open_page(driver, url)
        seen["secondView"] = driver.execute_script("return state.view")
        save_frame(driver, folder, "second")
        driver.close()
        driver.switch_to.window(first)
        # Playback: the clock moves and frames keep coming.
        n = loads(driver)
        driver.execute_script("window.asked = 0; const ask = fetchFrame; fetchFrame = (...a) => { window.asked += 1; return ask(...a); };"
                              "window.playedFrom = performance.now();")
        driver.find_element("css selector", "#play").click()
        time.sleep(1.5)
        driver.find_element("css selector", "#play").click()
        seen["played"] = loads(driver) - n
        seen["asked"], seen["playSeconds"] = driver.execute_script("return [window.asked, (performance.now() - window.playedFrom) / 1000]")
        seen["playedTo"] = driver.execute_script("return state.t")
    finally:
        driver.quit()
    return seen


def fixture(url, folder, rebuild):
    seen = {}
    driver = browser(folder)
    try:
        open_page(driver, url)
        seen["events"] = driver.execute_script("return [...document.querySelectorAll('#events button')].map(b => b.dataset.event)")
        n = loads(driver)
        scrub(driver, "1")
        frame_after(driver, n, "1.000", "the frame at 1 s")
        save_frame(driver, folder, "before-tap")
        n = loads(driver)
        driver.find_element("css selector", "#events button[data-event=tap]").click()
        wait(driver, "return state.view.events.length === 1", "the event to be fired")
        frame_after(driver, n, "1.000", "the frame after tap")
        save_frame(driver, folder, "tapped")
        seen["fired"] = driver.execute_script("return document.getElementById('fired').textContent")
        # The plugin changes on disk: the page reloads by itself, keeping t and the events.
        n = loads(driver)
        built = subprocess.run(rebuild, capture_output=True, text=True, timeout=60)
        if built.returncode != 0:
            raise RuntimeError("the rebuild failed: " + built.stderr)
        rebuilt = time.monotonic()
        wait(driver, "return Number(document.body.dataset.reloads || 0) >= 1", "the reload", timeout=10)
        frame_after(driver, n, "1.000", "the frame after the reload", )
        seen["reloadSeconds"] = time.monotonic() - rebuilt
        save_frame(driver, folder, "reloaded")
        seen["reloadedT"] = driver.execute_script("return document.getElementById('frame').dataset.t")
        # A crash and a hang: errors on the page; the last good frame stays; the studio lives on.
        # Each waits for its own message: one failure can reach the page twice (the frame's answer and
        # the event stream), and the crash's second copy may come after the mode has changed to hang.
        for mode, words in (("crash", "crashed (SIGSEGV"), ("hang", "did not return within the time limit")):
            count = int(driver.execute_script("return document.getElementById('errors').dataset.count"))
            n = loads(driver)
            set_field(driver, "#params select[data-param=mode]", mode, "change")
            wait(driver, "const e = document.getElementById('errors'); return Number(e.dataset.count) > %d"
                 " && (e.dataset.last || '').includes(%s) && !state.frameBusy" % (count, json.dumps(words)),
                 "the " + mode + " to be shown")
            seen[mode] = driver.execute_script("return document.getElementById('errors').dataset.last")
            seen[mode + "Status"] = driver.execute_script("return document.getElementById('frame').dataset.status")
            seen[mode + "Loads"] = loads(driver) - n
        n = loads(driver)
        set_field(driver, "#params select[data-param=mode]", "draw", "change")
        frame_after(driver, n, "1.000", "a frame after the failures")
        save_frame(driver, folder, "recovered")
    finally:
        driver.quit()
    return seen


def package(url, folder, source):
    """`--package`: an edit of the package's source is built and shown; a broken one is an error."""
    seen = {}
    path = source[0]
    driver = browser(folder)
    try:
        open_page(driver, url)
        n = loads(driver)
        scrub(driver, "1")
        frame_after(driver, n, "1.000", "the frame at 1 s")
        save_frame(driver, folder, "first")
        n = loads(driver)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if "r * 0.45" not in text:
            raise RuntimeError(path + " no longer says r * 0.45")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text.replace("r * 0.45", "r * 0.25"))
        edited = time.monotonic()
        wait(driver, "return Number(document.body.dataset.reloads || 0) >= 1", "the rebuilt plugin", timeout=300)
        frame_after(driver, n, "1.000", "the frame of the rebuilt plugin")
        seen["rebuildSeconds"] = time.monotonic() - edited
        save_frame(driver, folder, "edited")
        count = int(driver.execute_script("return document.getElementById('errors').dataset.count"))
        n = loads(driver)
        with open(path, "a", encoding="utf-8") as f:
            f.write("\nthis is not Swift\n")
        wait(driver, "return Number(document.getElementById('errors').dataset.count) > %d" % count, "the build error", timeout=300)
        seen["buildError"] = driver.execute_script("return document.getElementById('errors').dataset.last")
        seen["loadsAfterError"] = loads(driver) - n
        seen["status"] = driver.execute_script("return document.getElementById('frame').dataset.status")
    finally:
        driver.quit()
    return seen


def lottie(url, folder, files):
    """A Lottie file: its warnings on the page; an image it names, replaced, reloads the page."""
    seen = {}
    image, replacement = files
    driver = browser(folder)
    try:
        open_page(driver, url)
        seen["warnings"] = wait(driver, "return document.getElementById('warnings').textContent", "the warnings")
        save_frame(driver, folder, "lottie-first")
        n = loads(driver)
        with open(replacement, "rb") as f:
            data = f.read()
        with open(image, "wb") as f:
            f.write(data)
        wait(driver, "return Number(document.body.dataset.reloads || 0) >= 1", "the reload", timeout=10)
        frame_after(driver, n, "0.000", "the frame with the new image")
        save_frame(driver, folder, "lottie-relit")
    finally:
        driver.quit()
    return seen


def golden(url, folder, rebuild):
    """A golden snapshot: the same frame at a recorded instant, then the plugin rebuilt in another
    colour, and the difference outlined."""
    seen = {}
    driver = browser(folder)
    try:
        open_page(driver, url)
        seen["instants"] = wait(driver, "return [...document.querySelectorAll('#goldenAt option')].slice(1).map(o => o.textContent)",
                                "the snapshot's instants")
        set_field(driver, "#goldenAt", "1", "change")
        wait(driver, "const r = document.getElementById('goldenResult').dataset; return r.compared && r.compared === "
             "document.getElementById('frame').dataset.loads && document.getElementById('frame').dataset.t === '0.500'", "the comparison")
        seen["same"] = driver.execute_script("return document.getElementById('goldenResult').dataset.pixels")
        n = loads(driver)
        built = subprocess.run(rebuild, capture_output=True, text=True, timeout=60)
        if built.returncode != 0:
            raise RuntimeError("the rebuild failed: " + built.stderr)
        wait(driver, "return Number(document.body.dataset.reloads || 0) >= 1", "the reload", timeout=10)
        wait(driver, "const r = document.getElementById('goldenResult').dataset; return Number(r.compared) > %d && "
             "r.compared === document.getElementById('frame').dataset.loads" % n, "the comparison after the rebuild")
        result = driver.execute_script("return document.getElementById('goldenResult').dataset")
        seen["changed"] = result["pixels"]
        seen["box"] = result["box"]
        seen["text"] = driver.execute_script("return document.getElementById('goldenResult').textContent")
        seen["outlined"] = driver.execute_script("return document.getElementById('goldenBox').style.display")
        driver.save_screenshot(os.path.join(folder, "golden.png"))
    finally:
        driver.quit()
    return seen


def refusals(url, folder, _):
    parts = urllib.parse.urlsplit(url)
    token = urllib.parse.parse_qs(parts.query)["token"][0]
    base = parts.scheme + "://" + parts.netloc

    def ask(path, method="GET", headers=None, body=None):
        request = urllib.request.Request(base + path, method=method, headers=headers or {}, data=body)
        try:
            with urllib.request.urlopen(request, timeout=WAIT) as r:
                return r.status, dict(r.headers), r.read()
        except urllib.error.HTTPError as e:
            return e.code, dict(e.headers), e.read()

    seen = {}
    status, headers, _ = ask("/?token=" + token)
    seen["page"] = status
    seen["setCookie"] = headers.get("Set-Cookie", "")
    seen["csp"] = headers.get("Content-Security-Policy", "")
    cookie = {"Cookie": "fxstudio=" + token}
    seen["noToken"] = ask("/api/view")[0]
    seen["wrongToken"] = ask("/api/view?token=" + "0" * 32)[0]
    seen["wrongCookie"] = ask("/api/view", headers={"Cookie": "fxstudio=" + "0" * 32})[0]
    seen["cookie"] = ask("/api/view", headers=cookie)[0]
    seen["otherHost"] = ask("/api/view?token=" + token, headers={"Host": "rebound.example:" + str(parts.port)})[0]
    seen["localhostName"] = ask("/api/view?token=" + token, headers={"Host": "localhost:" + str(parts.port)})[0]
    seen["postCookieOnly"] = ask("/api/view?side=1", method="POST", headers=cookie)[0]
    seen["postHeader"] = ask("/api/view", method="POST", headers=dict(cookie, **{"X-FX-Token": token}))[0]
    seen["getChange"] = ask("/api/event?t=0&name=tap", headers=cookie)[0]
    seen["put"] = ask("/api/view", method="PUT", headers=cookie)[0]
    seen["body"] = ask("/api/view?token=" + token, method="POST", body=b"x" * 100)[0]
    seen["file"] = ask("/etc/passwd?token=" + token)[0]
    seen["dotdot"] = ask("/../../etc/passwd?token=" + token)[0]
    seen["manyArguments"] = ask("/api/view?token=" + token + "".join("&a%d=1" % i for i in range(80)))[0]
    seen["unknownParameter"] = ask("/api/frame.png?out=x.png&token=" + token)[0]
    seen["bigHeaders"] = ask("/api/view?token=" + token, headers={"X-Big": "y" * 40000})[0]
    status, headers, body = ask("/api/export?format=png", headers=cookie)
    seen["export"] = [status, headers.get("Content-Type"), headers.get("Content-Disposition")]
    with open(os.path.join(folder, "export.png"), "wb") as f:
        f.write(body)
    seen["exportFormat"] = ask("/api/export?format=exe", headers=cookie)[0]
    status, headers, _ = ask("/api/view?token=" + token, headers={"Origin": "http://rebound.example"})
    seen["cors"] = [k for k in headers if k.lower().startswith("access-control-")]
    return seen


def worker(url, folder, arguments):
    """The frame worker over HTTP, no browser: frames from one build, an earlier time and a new
    parameter built again, a crash while drawing answered as an error and the next frame drawn.
    After `--`: the file the fixture counts its builds in."""
    count_file = arguments[0]
    parts = urllib.parse.urlsplit(url)
    token = urllib.parse.parse_qs(parts.query)["token"][0]
    base = parts.scheme + "://" + parts.netloc

    def ask(path, method="GET", save=None):
        request = urllib.request.Request(base + path + ("&" if "?" in path else "?") + "token=" + token, method=method)
        try:
            with urllib.request.urlopen(request, timeout=WAIT) as r:
                body, status = r.read(), r.status
        except urllib.error.HTTPError as e:
            body, status = e.read(), e.code
        if save:
            with open(os.path.join(folder, save), "wb") as f:
                f.write(body)
        return status, body

    def builds():
        try:
            with open(count_file) as f:
                return len(f.read().splitlines())
        except FileNotFoundError:
            return 0

    steps = []
    # The studio built the effect once to check its command line (studio-describe) before it served.
    start = builds()

    def step(name, path, method="GET", save=None, settle=None):
        """One request; with `settle`, the count of builds the test expects once the pool's spare
        worker (built in the background after an answer) is made: waited for (bounded), then a
        moment more, so that a build too many is seen."""
        status, body = ask(path, method, save)
        if settle is not None:
            end = time.monotonic() + WAIT
            while builds() - start < settle and time.monotonic() < end:
                time.sleep(0.05)
            time.sleep(0.5)
        steps.append({"step": name, "status": status, "builds": builds() - start,
                      "error": json.loads(body).get("error", "") if status != 200 else ""})

    step("first", "/api/frame.png?t=0.5", save="w-0.5.png", settle=2)
    step("later", "/api/frame.png?t=1", save="w-1.png", settle=2)
    step("same, as pixels", "/api/frame.rgba?t=1", save="w-1.rgba", settle=2)
    step("earlier", "/api/frame.png?t=0.25", save="w-0.25.png", settle=2)
    step("past the end", "/api/frame.png?t=2.5", save="w-2.5.png", settle=2)
    step("back before the end", "/api/frame.png?t=0.75", save="w-0.75.png", settle=2)
    step("new side", "/api/view?side=40", method="POST")
    step("frame of the new side", "/api/frame.png?t=0.5", save="w-side.png", settle=3)
    step("crash on tap", "/api/view?mode=crash-on-tap&event=1:tap", method="POST")
    step("before the tap", "/api/frame.png?t=0.5", settle=4)
    step("the tap", "/api/frame.png?t=1.5", settle=5)
    step("after the crash", "/api/frame.png?t=0.75", save="w-after.png", settle=5)
    step("earlier, the tap to come", "/api/frame.png?t=0.25", save="w-after-0.25.png", settle=5)
    step("earlier still", "/api/frame.png?t=0.1", save="w-after-0.1.png", settle=5)
    step("two taps", "/api/view?event=0.2:tap&event=1:tap", method="POST")
    step("past both taps", "/api/frame.png?t=1.5", save="w-taps-1.5.png", settle=7)
    step("back to the last tap", "/api/frame.png?t=1", save="w-taps-1.png", settle=7)
    step("between the taps", "/api/frame.png?t=0.5", save="w-taps-0.5.png", settle=8)
    step("before the first tap", "/api/frame.png?t=0.1", save="w-taps-0.1.png", settle=8)
    step("back between the taps", "/api/frame.png?t=0.3", save="w-taps-0.3.png", settle=8)

    def playing(name, times, settle):
        """Frames asked two at a time, as a page that plays keeps two in flight; one step for them all."""
        statuses = []
        for pair in zip(times[0::2], times[1::2]):
            asked = [threading.Thread(target=lambda t=t: statuses.append(ask("/api/frame.png?t=%g" % t, "GET", None)[0])) for t in pair]
            for a in asked:
                a.start()
            for a in asked:
                a.join()
        end = time.monotonic() + WAIT
        while builds() - start < settle and time.monotonic() < end:
            time.sleep(0.05)
        time.sleep(0.5)
        steps.append({"step": name, "status": max(statuses), "builds": builds() - start, "error": ""})

    playing("playing past both taps", [0.4 + i / 20 for i in range(20)], settle=8)
    step("back before the first tap once more", "/api/frame.png?t=0.1", settle=8)
    return {"steps": steps}


def deltas(url, folder, _):
    """Frame deltas over HTTP, no browser: two pages (tabs a and b) ask for frames at times forward
    and backward, each against the newest frame it has, and put each answer's rectangle over a copy
    of that frame. Writes what each rebuilt (d-TAB-N.rgba) and the whole frame at the same time
    (f-TAB-N.rgba, plain GET /api/frame.rgba), and says what each answer was."""
    parts = urllib.parse.urlsplit(url)
    token = urllib.parse.parse_qs(parts.query)["token"][0]
    base = parts.scheme + "://" + parts.netloc

    def ask(path):
        request = urllib.request.Request(base + path + "&token=" + token)
        try:
            with urllib.request.urlopen(request, timeout=WAIT) as r:
                return r.status, dict(r.headers), r.read()
        except urllib.error.HTTPError as e:
            return e.code, dict(e.headers), e.read()

    def write(name, data):
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)

    pages = {"a": {"frames": {}, "newest": 0}, "b": {"frames": {}, "newest": 0}}
    steps = []
    times = {"a": ["0", "0.25", "0.5", "1", "1.5", "0.75", "0.3", "0.3", "0"], "b": ["1", "0.5", "0.5", "1.25", "0.1"]}
    order = [("a", i) for i in range(len(times["a"]))]
    # Tab b's requests between tab a's, so that each page's newest frame is not the studio's last one.
    for i in range(len(times["b"])):
        order.insert(2 * i + 1, ("b", i))
    for tab, i in order:
        page, t = pages[tab], times[tab][i]
        since = page["newest"] if not (tab == "a" and i == 4) else 999999
        status, headers, body = ask("/api/frame.rgba?t=%s&tab=%s&since=%d" % (t, tab, since))
        if status != 200:
            raise RuntimeError("t=%s tab %s: %d %s" % (t, tab, status, body[:200]))
        width, height = int(headers["X-FX-Width"]), int(headers["X-FX-Height"])
        x, y, w, h = (int(v) for v in headers["X-FX-Box"].split(","))
        fid = int(headers["X-FX-Frame"])
        if len(body) != w * h * 4:
            raise RuntimeError("a box of %d×%d in %d bytes" % (w, h, len(body)))
        if (x, y, w, h) == (0, 0, width, height):
            pixels = bytearray(body)
        else:
            pixels = bytearray(page["frames"][since])
            for row in range(h):
                start = ((y + row) * width + x) * 4
                pixels[start:start + w * 4] = body[row * w * 4:(row + 1) * w * 4]
        page["frames"][fid] = bytes(pixels)
        page["newest"] = max(page["newest"], fid)
        write("d-%s-%d.rgba" % (tab, i), pixels)
        status, full_headers, full = ask("/api/frame.rgba?t=%s" % t)
        write("f-%s-%d.rgba" % (tab, i), full)
        steps.append({"tab": tab, "t": t, "since": since, "id": fid, "box": [x, y, w, h], "size": [width, height], "bytes": len(body),
                      "plainHasId": "X-FX-Frame" in full_headers or "X-FX-Box" in full_headers})
    bad = [ask(path)[0] for path in ("/api/frame.rgba?t=0&tab=a", "/api/frame.rgba?t=0&since=1", "/api/frame.rgba?t=0&tab=a%2Fb&since=1",
                                     "/api/frame.rgba?t=0&tab=a&since=-1")]
    return {"steps": steps, "bad": bad}


def main():
    args = sys.argv[1:]
    rebuild = []
    if "--" in args:
        rebuild = args[args.index("--") + 1:]
        args = args[:args.index("--")]
    url, scenario, folder = args
    try:
        seen = {"spinner": spinner, "fixture": fixture, "package": package, "lottie": lottie, "golden": golden, "refusals": refusals,
                "worker": worker, "deltas": deltas}[scenario](url, folder, rebuild)
    except Exception as e:  # the test shows what went wrong
        print(json.dumps({"error": "%s: %s" % (type(e).__name__, e)}))
        return 1
    print(json.dumps(seen))
    return 0


if __name__ == "__main__":
    sys.exit(main())
