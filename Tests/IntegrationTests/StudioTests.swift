// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TestSupport

/// `fxhost studio` for real: the server started as a user starts it, its page driven in headless
/// Chromium (Tests/StudioBrowser/studio_browser.py, selenium with Debian's chromium-driver), and
/// what the page showed compared with what `fxhost … --time T --out f.png` writes. The browser's
/// tests are skipped in the AddressSanitizer pass, as other Chromium suites are; the refusals and
/// the command line (the server's own code) run there too.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct StudioTests {
    static let browserScript = Plugins.root + "/Tests/StudioBrowser/studio_browser.py"
    static let fixtureSource = Plugins.root + "/Tests/StudioBrowser/studiofx.c"

    @Test(.disabled(if: TestSupport.isSanitizerPass, "Chromium; it ran in the ordinary pass"))
    func thePageScrubsTunesAndShowsWhatTheCommandLineDraws() throws {
        let folder = try TestSupport.temporaryFolder()
        let studio = try StudioProcess(["--plugin", "spinner"], folder: folder)
        let seen = try studio.drive("spinner", folder: folder)
        #expect(try studio.stop() == 0)
        #expect(studio.leftBehind().isEmpty, "the studio left files behind: \(studio.leftBehind())")

        // The frame at 0.5 s, then in red (a colour field), then spreading back from 0.25 s (a number field):
        // the bytes the command line writes.
        let cli = try cliPixels(["--plugin", "spinner", "--time", "0.5"], folder: folder, name: "cli")
        let red = ["--plugin", "spinner", "--color", "#e74c3c"]
        let cliRed = try cliPixels(red + ["--time", "0.5"], folder: folder, name: "cli-red")
        let cliSpread = try cliPixels(red + ["--spread-at", "0.25", "--time", "0.5"], folder: folder, name: "cli-spread")
        let pageFrames = try ["scrubbed", "red", "spread"].map { try Data(contentsOf: URL(fileURLWithPath: folder + "/\($0).rgba")) }
        #expect(pageFrames == [cli, cliRed, cliSpread])
        #expect(Set(pageFrames).count == 3, "a change of parameter changed nothing")
        // Each came as a change to the frame on the canvas, which drew only its rectangle: the canvas
        // shows the whole frame (its opaque pixels; others read back premultiplied).
        let canvas = seen["canvas"] as? [[Any]] ?? []
        #expect(canvas.count == 3)
        for check in canvas {
            #expect((check.first as? Int ?? 0) > 0 && check.dropFirst().first as? Int == 0 && check.last as? Bool == true, "\(check)")
        }
        // A change to a frame the page had forgotten: it asked for the whole frame, which is the CLI's.
        let cliForgotten = try cliPixels(red + ["--spread-at", "0.25", "--time", "0.25"], folder: folder, name: "cli-forgotten")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/forgotten.rgba")) == cliForgotten)
        #expect(seen["forgottenBase"] as? Int == 0)
        // A second tab at once shows the shared view (the first tab's parameters) at its own time, 0.
        let cliSecond = try cliPixels(red + ["--spread-at", "0.25", "--time", "0"], folder: folder, name: "cli-second")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/second.rgba")) == cliSecond)
        #expect((seen["secondView"] as? [String: Any])?["parameters"] as? [String: String] == ["color": "#e74c3c", "spread-at": "0.25"])

        #expect(seen["time"] as? String == "0.500 s")
        let controls = seen["controls"] as? [String] ?? []
        // spinner declares width, height, pause-at, resume-at, spread-at (numbers) and color.
        for expected in ["width:range", "width:number", "height:range", "pause-at:number", "color:color", "color:text"] {
            #expect(controls.contains(expected), "no \(expected) control in \(controls)")
        }
        // The stage is 400 points wide: 1:1 and 2× draw it at 400 and 800 CSS pixels.
        #expect(seen["zoom1"] as? Double == 400)
        #expect(seen["zoom2"] as? Double == 800)
        #expect(seen["command"] as? String == "fxhost --plugin spinner '--color=#e74c3c' --spread-at=0.25 --time 0.5 --out frame.png")
        // The inspector: the JSON-lines layers at 0.5 s, and the arc's spin as a bar.
        let layers = seen["layers"] as? [String] ?? []
        #expect(layers.first == "stage (layer)")
        #expect(layers.contains("stage/button/activity/arc (shape) animating transform"), "\(layers)")
        #expect(seen["bars"] as? [String] == ["transform"])
        #expect((seen["outline"] as? [String])?.first == "block")
        #expect((seen["played"] as? Int ?? 0) > 0, "playback drew no frame")
        // Frames are asked for no further ahead than a quarter of a second past the time one takes
        // to come: over the S seconds it played, at the display's 60 steps a second, 60·S frames,
        // 15 more ahead, and 6 more for the time one takes (0.1 s, twice the estimate before any
        // has come) and the three in flight (asked without a bound, the spinner's were 600 and
        // more in 1.5 s).
        let asked = seen["asked"] as? Int ?? 0, seconds = seen["playSeconds"] as? Double ?? 0
        #expect(seconds >= 1.5 && asked >= (seen["played"] as? Int ?? 0))
        #expect(Double(asked) <= 60 * seconds + 15 + 6 + 3, "\(asked) frames asked in \(seconds) s of playback")

        let screenshot = try Data(contentsOf: URL(fileURLWithPath: folder + "/page.png"))
        #expect(screenshot.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // scripts/studio-screenshot.sh keeps this screenshot as docs/studio.png.
        if let keep = ProcessInfo.processInfo.environment["FXHOST_STUDIO_SCREENSHOT"] {
            try screenshot.write(to: URL(fileURLWithPath: keep))
        }
    }

    @Test(.disabled(if: TestSupport.isSanitizerPass, "Chromium; it ran in the ordinary pass"))
    func eventsReloadsCrashesAndHangs() throws {
        let folder = try TestSupport.temporaryFolder()
        let plugin = try compileFixture(folder + "/studiofx.so", folder: folder)
        let original = try compileFixture(folder + "/original.so", folder: folder)
        let recoloured = try compileFixture(folder + "/green.so", folder: folder, defines: ["RED=0", "GREEN=1"])
        let studio = try StudioProcess(["--plugin", plugin, "--timeout", "1"], folder: folder)
        let rebuild = compileCommand(plugin, defines: ["RED=0", "GREEN=1"])
        let seen = try studio.drive("fixture", folder: folder, rebuild: rebuild)
        #expect(try studio.stop() == 0)

        #expect(seen["events"] as? [String] == ["tap"])
        let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/before-tap.rgba"))
        let tapped = try Data(contentsOf: URL(fileURLWithPath: folder + "/tapped.rgba"))
        #expect(before == (try cliPixels(["--plugin", original, "--time", "1"], folder: folder, name: "cli-before")))
        // Fired at the page's time, 1 s: the run with --event 1:tap.
        #expect(tapped == (try cliPixels(["--plugin", original, "--event", "1:tap", "--time", "1"], folder: folder, name: "cli-tap")))
        #expect(before != tapped)
        // Rebuilt green: the page reloaded by itself within 2 s, at the same time, with the event kept.
        let reloaded = try Data(contentsOf: URL(fileURLWithPath: folder + "/reloaded.rgba"))
        #expect(reloaded == (try cliPixels(["--plugin", recoloured, "--event", "1:tap", "--time", "1"], folder: folder, name: "cli-green")))
        #expect((seen["reloadSeconds"] as? Double ?? 99) < 2)
        #expect(seen["reloadedT"] as? String == "1.000")
        // A crash and a hang are errors on the page; the last good frame stays; the studio answers on.
        #expect((seen["crash"] as? String ?? "").contains("crashed (SIGSEGV"))
        #expect((seen["hang"] as? String ?? "").contains("did not return within the time limit"))
        for mode in ["crash", "hang"] {
            #expect(seen[mode + "Status"] as? String == "error")
            #expect(seen[mode + "Loads"] as? Int == 0)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/recovered.rgba")) == reloaded)
    }

    @Test func requestsWithoutTheTokenTheHostOrTheRightMethodAreRefused() throws {
        let folder = try TestSupport.temporaryFolder()
        let studio = try StudioProcess(["--plugin", "spinner", "--listen", "127.0.0.1:0"], folder: folder)
        let seen = try studio.drive("refusals", folder: folder)
        #expect(try studio.stop() == 0)
        let expected: [String: Int] = [
            "page": 200, "cookie": 200, "postHeader": 200,
            "noToken": 403, "wrongToken": 403, "wrongCookie": 403, "otherHost": 403, "localhostName": 403, "postCookieOnly": 403,
            "getChange": 405, "put": 405, "body": 413, "file": 404, "dotdot": 404, "manyArguments": 414,
            "unknownParameter": 400, "bigHeaders": 431,
        ]
        for (name, status) in expected { #expect(seen[name] as? Int == status, "\(name): \(seen[name] ?? "nothing")") }
        let cookie = seen["setCookie"] as? String ?? ""
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"), "\(cookie)")
        let policy = seen["csp"] as? String ?? ""
        #expect(policy.contains("default-src 'none'") && policy.contains("script-src 'self'") && !policy.contains("unsafe"), "\(policy)")
        #expect(seen["cors"] as? [String] == [])
        // An export is the whole run through fxhost's own output: the bytes `--out F.png` writes.
        let export = seen["export"] as? [Any] ?? []
        #expect(export.first as? Int == 200)
        #expect(export.dropFirst().compactMap { $0 as? String } == ["image/png", "attachment; filename=\"studio.png\""])
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/export.png")) == (try cliFrame(["--plugin", "spinner"], folder: folder, name: "cli-export")))
        #expect(seen["exportFormat"] as? Int == 400)
    }

    /// `--package`: the studio builds the package, and again when its source changes; a build that
    /// fails is shown with its first errors while the last good frame stays. The package is the
    /// FXPluginKit example, set up as SwiftPackageTests sets it up (a nested swift build: skipped
    /// in the AddressSanitizer pass).
    @Test(.disabled(if: TestSupport.isSanitizerPass, "a nested swift build"))
    func aPackageIsRebuiltWhenItsSourceChanges() throws {
        let folder = try TestSupport.temporaryFolder()
        try FileManager.default.createSymbolicLink(atPath: folder + "/fxhost", withDestinationPath: Plugins.root)
        let package = folder + "/twinkle"
        try FileManager.default.copyItem(atPath: Plugins.root + "/Plugins/examples/swift-package", toPath: package)
        let manifest = package + "/Package.swift"
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        try #require(text.contains(#".package(path: "../../..")"#))
        try text.replacingOccurrences(of: #".package(path: "../../..")"#, with: ".package(path: \"\(folder)/fxhost\")")
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        let studio = try StudioProcess(["--package", package], folder: folder, startSeconds: 480)
        let source = package + "/Sources/twinkle/Twinkle.swift"
        let seen = try studio.drive("package", folder: folder, rebuild: [source], seconds: 540)
        #expect(try studio.stop() == 0)
        // The library on disk is the edited build (the broken one replaced nothing): the page drew it.
        let library = try #require(FileManager.default.enumerator(atPath: package + "/.build")?.compactMap { $0 as? String }
            .first { $0.hasSuffix("/debug/libtwinkle.so") })
        let edited = try Data(contentsOf: URL(fileURLWithPath: folder + "/edited.rgba"))
        #expect(edited == (try cliPixels(["--plugin", package + "/.build/" + library, "--time", "1"], folder: folder, name: "cli-edited")))
        #expect(edited != (try Data(contentsOf: URL(fileURLWithPath: folder + "/first.rgba"))), "the edit changed nothing")
        let error = seen["buildError"] as? String ?? ""
        #expect(error.hasPrefix("swift build failed:") && error.contains("Twinkle.swift") && error.contains("error:"), "\(error)")
        #expect(seen["loadsAfterError"] as? Int == 0)
        #expect(seen["status"] as? String == "ok")
    }

    /// A Lottie file: the plugin's "not supported" warnings on the page, and a change of an image the
    /// file names (not only of the file) reloads it.
    @Test(.disabled(if: TestSupport.isSanitizerPass, "Chromium; it ran in the ordinary pass"))
    func aLottieFilesWarningsAndImages() throws {
        let folder = try TestSupport.temporaryFolder()
        let fixtures = Plugins.root + "/Tests/LottieTests/Fixtures"
        try FileManager.default.createDirectory(atPath: folder + "/images", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixtures + "/images/quads.png", toPath: folder + "/images/quads.png")
        // image.json names images/quads.png beside it and embeds seven PNGs; the first embedded one becomes
        // a JPEG (its first bytes are enough: the plugin does not decode JPEG and says so).
        var text = try String(contentsOfFile: fixtures + "/image.json", encoding: .utf8)
        let embedded = try #require(text.range(of: #""p":"data:image/png;base64,[^"]*""#, options: .regularExpression))
        text.replaceSubrange(embedded, with: #""p":"data:image/jpeg;base64,"# + Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16]).base64EncodedString() + #"""#)
        try text.write(toFile: folder + "/anim.json", atomically: true, encoding: .utf8)
        let studio = try StudioProcess(["--plugin", "lottie", "--file", "anim.json"], folder: folder)
        // The new image: any other 12×12 PNG (a frame of spinner's).
        _ = try cliFrame(["--plugin", "spinner", "--size", "12x12", "--time", "0"], folder: folder, name: "replacement")
        let seen = try studio.drive("lottie", folder: folder, rebuild: [folder + "/images/quads.png", folder + "/replacement.png"])
        #expect(try studio.stop() == 0)
        #expect((seen["warnings"] as? String ?? "").contains("JPEG images not supported ($.assets[1].p)"), "\(seen)")
        let relit = try Data(contentsOf: URL(fileURLWithPath: folder + "/lottie-relit.rgba"))
        #expect(relit == (try cliPixels(["--plugin", "lottie", "--file", folder + "/anim.json", "--time", "0"], folder: folder, name: "cli-lottie")))
        #expect(relit != (try Data(contentsOf: URL(fileURLWithPath: folder + "/lottie-first.rgba"))), "the new image changed nothing")
    }

    /// A snapshot of `fxhost check --golden`: at a recorded instant the frame is the golden one; the
    /// plugin rebuilt in another colour, the page outlines the box, where it differs.
    @Test(.disabled(if: TestSupport.isSanitizerPass, "Chromium; it ran in the ordinary pass"))
    func aGoldenSnapshotIsComparedAtItsInstants() throws {
        let folder = try TestSupport.temporaryFolder()
        let plugin = try compileFixture(folder + "/studiofx.so", folder: folder)
        let record = try runProcess(Plugins.fxhost, ["check", "--golden", folder + "/golden", "--update", plugin])
        try #require(record.status == 0, "\(record.stdout) \(record.stderr)")
        let studio = try StudioProcess(["--plugin", plugin, "--size", "320x240", "--golden", folder + "/golden"], folder: folder)
        let seen = try studio.drive("golden", folder: folder, rebuild: compileCommand(plugin, defines: ["RED=0", "GREEN=1"]))
        #expect(try studio.stop() == 0)
        // The fade lasts 2 s: the snapshot's five instants are 0, 0.5, 1, 1.5 and 2 (docs/GOLDEN.md).
        #expect(seen["instants"] as? [String] == (0..<5).map { "t = \(["0.000", "0.500", "1.000", "1.500", "2.000"][$0]) (frame \($0))" })
        #expect(seen["same"] as? String == "0")
        // Red became green over the whole box, (20, 20) and 80 points a side, and nowhere else.
        #expect(seen["changed"] as? String == "\(80 * 80)")
        #expect(seen["box"] as? String == "20,20,80,80")
        #expect(seen["outlined"] as? String == "block")
    }

    /// The frame workers (docs/STUDIO.md, "How it draws"). The fixture counts its builds in a file.
    /// Its box fades over 0–2 s and nothing on its stage can call plugin code back (a `tap` handler
    /// with no tap scripted): one build draws every time, later and earlier, before and after the
    /// fade's end (a spare worker is started beside the first). With a tap scripted (its handler may
    /// change the tree) a time earlier than the tap a worker has passed costs a build: a spare
    /// worker, built in the background once the pool is idle, draws it; a time back to the tap, or
    /// before a tap still to come, costs none. A new parameter is a new worker; a crash while drawing
    /// is an error answered while the next frame is drawn by another. Every frame is the bytes (or,
    /// as RGBA, the pixels) of the command line's.
    @Test func theWorkersBuildOnceWhenNothingCallsBackAndAgainWhenTheyMust() throws {
        let folder = try TestSupport.temporaryFolder()
        let plugin = try compileFixture(folder + "/studiofx.so", folder: folder)
        let count = folder + "/builds.txt"
        let studio = try StudioProcess(["--plugin", plugin, "--timeout", "2"], folder: folder, environment: ["STUDIOFX_BUILDS": count])
        let seen = try studio.drive("worker", folder: folder, rebuild: [count])
        #expect(try studio.stop() == 0)
        #expect(studio.leftBehind().isEmpty, "the studio left files behind: \(studio.leftBehind())")
        let steps = (seen["steps"] as? [[String: Any]] ?? []).map { ($0["step"] as? String ?? "", $0["status"] as? Int ?? 0, $0["builds"] as? Int ?? -1) }
        let expected: [(String, Int, Int)] = [
            // The first worker and its spare, started beside it; nothing calls back: no other build,
            // whatever the order.
            ("first", 200, 2), ("later", 200, 2), ("same, as pixels", 200, 2), ("earlier", 200, 2),
            ("past the end", 200, 2), ("back before the end", 200, 2),
            // Another view: a worker of its own, in place of one for the old view.
            ("new side", 200, 2), ("frame of the new side", 200, 3),
            // A tap scripted: the worker for it (4); before the tap nothing has changed its tree
            // since 0, so it draws from 0 still and no spare is built.
            ("crash on tap", 200, 3), ("before the tap", 200, 4),
            // Drawn by the worker that drew 0.5 s: the tap at 1 s crashes it while it samples 1.5 s;
            // a spare (5) once the pool is idle.
            ("the tap", 500, 5),
            // The spare draws 0.75 s; nothing has changed its tree since 0 (the tap is to come), so
            // it draws the earlier times too, and is the spare still: no build.
            ("after the crash", 200, 5), ("earlier, the tap to come", 200, 5), ("earlier still", 200, 5),
            // Taps at 0.2 s and 1 s: a worker for the view (6), past both (its tree changed last at
            // 1 s), and a spare (7) once the pool is idle.
            ("two taps", 200, 5), ("past both taps", 200, 7),
            // Back to 1 s: the same worker, no build. At 0.5 s the spare passes the first tap: no
            // worker draws from 0 any more, the one whose tree changed latest builds again (8).
            ("back to the last tap", 200, 7), ("between the taps", 200, 8),
            // 0.1 s from that build; 0.3 s from the worker that drew 0.5 s (its tree unchanged since 0.2 s).
            ("before the first tap", 200, 8), ("back between the taps", 200, 8),
            // Frames two at a time from 0.4 s on, as a page plays: the worker that drew 0.3 s draws
            // them all, one after the other, and the one that drew 0.1 s (from 0, the spare) is kept
            // for a return to the start: no build (spent on every other frame, it would be built
            // again at each pause between them). It draws 0.1 s then: no build.
            ("playing past both taps", 200, 8), ("back before the first tap once more", 200, 8),
        ]
        #expect(steps.map(\.0) == expected.map(\.0))
        for (got, want) in zip(steps, expected) { #expect(got == want, "\(got) is not \(want)") }
        let crash = (seen["steps"] as? [[String: Any]])?.first { $0["step"] as? String == "the tap" }?["error"] as? String ?? ""
        #expect(crash.contains("crashed (SIGSEGV"), "\(crash)")

        func frame(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)) }
        for t in ["0.5", "1", "0.25", "2.5", "0.75"] {
            #expect(try frame("w-\(t).png") == (try cliFrame(["--plugin", plugin, "--time", t], folder: folder, name: "c-\(t)")), "t = \(t)")
        }
        #expect(try frame("w-1.rgba") == (try cliPixels(["--plugin", plugin, "--time", "1"], folder: folder, name: "c-1p")))
        #expect(try frame("w-side.png") == (try cliFrame(["--plugin", plugin, "--side", "40", "--time", "0.5"], folder: folder, name: "c-side")))
        for (name, t) in [("w-after.png", "0.75"), ("w-after-0.25.png", "0.25"), ("w-after-0.1.png", "0.1")] {
            #expect(try frame(name) == (try cliFrame(["--plugin", plugin, "--mode", "crash-on-tap", "--event", "1:tap", "--time", t],
                                                       folder: folder, name: "c-after-\(t)")), "\(name)")
        }
        for t in ["1.5", "1", "0.5", "0.1", "0.3"] {
            #expect(try frame("w-taps-\(t).png") == (try cliFrame(["--plugin", plugin, "--event", "0.2:tap", "--event", "1:tap", "--time", t],
                                                                 folder: folder, name: "c-taps-\(t)")), "t = \(t)")
        }
        #expect(try frame("w-0.5.png") != (try frame("w-1.png")), "the box did not fade between 0.5 s and 1 s")
        #expect(try frame("w-2.5.png") != (try frame("w-1.png")), "the fade did not end by 2.5 s")
    }

    /// The worker's own protocol (`fxhost studio-worker`, docs/STUDIO.md, "How it draws"), every
    /// request written at once: a frame after a scripted tap at 1 s (nothing can call back after
    /// it: the clock settles) and one back to 1.25 s (the tree unchanged since the tap: no build),
    /// `rewind` (built again, unanswered), frames at 0.5 s and back at 0.25 s from that build, one
    /// past the tap again, and 0.75 s, before the tap that build has passed: built again. No
    /// request is lost to a child that ends to be built again; the frames are the command line's;
    /// each answer says the earliest time its build draws (the tap's, or 0) and whether it settled.
    @Test func theWorkerRewindsAndBuildsAgainWithoutLosingARequest() throws {
        let folder = try TestSupport.temporaryFolder()
        let plugin = try compileFixture(folder + "/studiofx.so", folder: folder)
        let count = folder + "/builds.txt"
        let requests = "frame 1.5 png\nframe 1.25 png\nrewind\nframe 0.5 png\nframe 0.25 png\nframe 1.1 png\nframe 0.75 png\n"
        let r = try runProcess("/usr/bin/timeout", ["60", "/bin/sh", "-c", "printf '\(requests)' | \"$0\" studio-worker --plugin \"$1\" --event 1:tap",
                                                     Plugins.fxhost, plugin], environment: ["STUDIOFX_BUILDS": count])
        #expect(r.status == 0, "\(r.stderr)")
        var rest = r.data[...]
        var answers: [(header: [String], png: Data)] = []
        while let newline = rest.firstIndex(of: 10) {
            let header = String(decoding: rest[..<newline], as: UTF8.self).split(separator: " ").map(String.init)
            guard header.count == 6, let length = Int(header[3]) else { break }
            let start = rest.index(after: newline)
            answers.append((header, Data(rest[start..<(start + length)])))
            rest = rest[(start + length)...]
        }
        let times = ["1.5", "1.25", "0.5", "0.25", "1.1", "0.75"]
        #expect(answers.map { $0.header[4] + " " + $0.header[5] } == ["1.0 1", "1.0 1", "0.0 0", "0.0 0", "1.0 1", "0.0 0"])
        for (answer, t) in zip(answers, times) {
            #expect(answer.png == (try cliFrame(["--plugin", plugin, "--event", "1:tap", "--time", t], folder: folder, name: "r-\(t)")), "t = \(t)")
        }
        #expect(answers.first?.png != answers.last?.png, "the tap did not move the box")
        // The first build, the rewind's, 0.75 s's.
        #expect((try String(contentsOfFile: count, encoding: .utf8)).split(separator: "\n").count == 3)
    }

    /// Frame deltas (docs/STUDIO.md, `GET /api/frame.rgba` with `tab` and `since`): two pages ask for
    /// the spinner's frames at times forward and backward, each against the newest frame it has,
    /// and rebuild each from its answer's rectangle. Every rebuilt frame is the whole
    /// `/api/frame.rgba` at that time, and some are the command line's pixels; the first answer,
    /// and one against an id the studio never sent, are whole frames; the same time twice is an
    /// empty box; the plain frame has no id; a half or malformed delta request is refused.
    @Test func framesSentAsChangesRebuildTheWholeFrames() throws {
        let folder = try TestSupport.temporaryFolder()
        let studio = try StudioProcess(["--plugin", "spinner"], folder: folder)
        let seen = try studio.drive("deltas", folder: folder)
        #expect(try studio.stop() == 0)
        func file(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)) }
        let steps = seen["steps"] as? [[String: Any]] ?? []
        #expect(steps.count == 14)
        var counts: [String: Int] = [:]
        var boxes: [String: [[Int]]] = [:]
        for step in steps {
            let tab = step["tab"] as? String ?? "", n = counts[tab, default: 0]
            counts[tab] = n + 1
            let box = step["box"] as? [Int] ?? [], size = step["size"] as? [Int] ?? []
            boxes[tab, default: []].append(box)
            let rebuilt = try file("d-\(tab)-\(n).rgba"), whole = try file("f-\(tab)-\(n).rgba")
            #expect(rebuilt == whole, "tab \(tab), t = \(step["t"] ?? "?")")
            #expect(whole.count == (size.first ?? 0) * (size.last ?? 0) * 4 && !whole.isEmpty)
            #expect(step["plainHasId"] as? Bool == false)
            if (step["since"] as? Int ?? 0) == 0 || (step["since"] as? Int) == 999_999 {
                #expect(box == [0, 0] + size, "a page without a frame the studio kept gets the whole frame")
            }
        }
        let size = steps.first?["size"] as? [Int] ?? []
        // The same time again: nothing changed. Between different times of the spinner, less than the whole frame.
        #expect(boxes["a"]?[7] == [0, 0, 0, 0] && boxes["b"]?[2] == [0, 0, 0, 0], "\(boxes)")
        #expect(boxes["a"]?[2].count == 4 && boxes["a"]?[2] != [0, 0] + size && (boxes["a"]?[2][2] ?? 0) > 0, "\(boxes)")
        for (name, t) in [("d-a-2.rgba", "0.5"), ("d-a-5.rgba", "0.75"), ("d-b-4.rgba", "0.1")] {
            #expect(try file(name) == (try cliPixels(["--plugin", "spinner", "--time", t], folder: folder, name: "c-\(t)")), "t = \(t)")
        }
        #expect(seen["bad"] as? [Int] == [400, 400, 400, 400])
        #expect(studio.leftBehind().isEmpty, "the studio left files behind: \(studio.leftBehind())")
    }

    @Test func badCommandLinesFailBeforeServing() throws {
        for (arguments, message) in [
            (["studio", "--plugin", "spinner", "--listen", "0.0.0.0:0"], "loopback"),
            (["studio"], "needs --plugin"),
            (["studio", "--plugin", "no-such-plugin"], "no plugin named"),
            (["studio", "--plugin", "spinner", "--out", "x.png"], "takes no --out"),
            (["studio", "--plugin", "spinner", "--no-such-parameter", "1"], "unknown option"),
            (["studio", "--plugin", "spinner", "--listen", "nowhere"], "ADDRESS:PORT"),
            (["studio", "--package", "/no/such/folder"], "not a folder"),
            (["--plugin", "spinner", "--package", "."], "goes with fxhost studio"),
        ] {
            let r = try runProcess("/usr/bin/timeout", ["20", Plugins.fxhost] + arguments)
            #expect(r.status == 2, "\(arguments): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains(message), "\(arguments): \(r.stderr)")
            #expect(r.stdout.isEmpty)
        }
    }

    @Test func anOrdinaryRunDoesNotLoadTheHTTPLibrary() throws {
        let r = try runProcess(Plugins.fxhost, ["--plugin", "spinner", "--time", "0", "--sink", "jsonl"], environment: ["LD_DEBUG": "libs"])
        #expect(r.status == 0)
        #expect(r.stderr.contains("libffi"), "LD_DEBUG said nothing: \(r.stderr.prefix(500))")
        #expect(!r.stderr.contains("libmicrohttpd"))
    }

    // MARK: helpers

    func cliFrame(_ arguments: [String], folder: String, name: String) throws -> Data {
        let out = folder + "/\(name).png"
        let r = try runProcess(Plugins.fxhost, arguments + ["--out", out])
        guard r.status == 0 else { throw StudioProcess.Failure(description: "fxhost \(arguments): \(r.stderr)") }
        return try Data(contentsOf: URL(fileURLWithPath: out))
    }

    /// The pixels of the PNG `fxhost ARGUMENTS --out NAME.png` writes, as straight RGBA, decoded by
    /// Pillow (an independent PNG decoder, Debian's python3-pil): what the page must have drawn.
    func cliPixels(_ arguments: [String], folder: String, name: String) throws -> Data {
        _ = try cliFrame(arguments, folder: folder, name: name)
        let decode = "import sys; from PIL import Image; open(sys.argv[2], 'wb').write(Image.open(sys.argv[1]).convert('RGBA').tobytes())"
        let r = try runProcess("/usr/bin/python3", ["-c", decode, folder + "/\(name).png", folder + "/\(name).rgba"])
        guard r.status == 0 else { throw StudioProcess.Failure(description: "Pillow could not decode \(name).png: \(r.stderr)") }
        return try Data(contentsOf: URL(fileURLWithPath: folder + "/\(name).rgba"))
    }

    func compileCommand(_ out: String, defines: [String] = []) -> [String] {
        ["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-shared", "-fPIC", "-I", Plugins.root + "/Sources/CFX/include"]
            + defines.map { "-D" + $0 } + [StudioTests.fixtureSource, "-o", out]
    }

    func compileFixture(_ out: String, folder: String, defines: [String] = []) throws -> String {
        let r = try runProcess("/usr/bin/env", compileCommand(out, defines: defines))
        guard r.status == 0 else { throw StudioProcess.Failure(description: "cc: \(r.stderr)") }
        return out
    }
}

/// A running `fxhost studio`, started by a test and stopped by its pid.
final class StudioProcess {
    struct Failure: Error, CustomStringConvertible { let description: String }

    let process = Process()
    let url: String
    let output: String
    /// The studio's TMPDIR: where its frame files go, and what must be empty when it has stopped.
    let temporary: String

    init(_ arguments: [String], folder: String, startSeconds: Double = 20, environment extra: [String: String] = [:]) throws {
        temporary = folder + "/studio-tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        output = folder + "/studio.out"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        process.executableURL = URL(fileURLWithPath: Plugins.fxhost)
        process.arguments = ["studio"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary
        environment.removeValue(forKey: "FX_PLUGIN_PATH")
        environment.merge(extra) { $1 }
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardOutput = FileHandle(forWritingAtPath: output)
        process.standardError = FileHandle(forWritingAtPath: folder + "/studio.err")
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // The first line, in time: exactly `studio: http://127.0.0.1:PORT/?token=TOKEN`.
        let deadline = Date().addingTimeInterval(startSeconds)
        var line = ""
        while Date() < deadline {
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            if let newline = text.firstIndex(of: "\n") {
                line = String(text[..<newline])
                break
            }
            guard process.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        guard line.wholeMatch(of: /studio: http:\/\/127\.0\.0\.1:[0-9]{1,5}\/\?token=[0-9a-f]{32}/) != nil else {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            let err = (try? String(contentsOfFile: folder + "/studio.err", encoding: .utf8)) ?? ""
            throw Failure(description: "the studio's first line is '\(line)', not its address; stderr: \(err)")
        }
        url = String(line.dropFirst("studio: ".count))
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

    /// Runs a scenario of the browser script (bounded) and returns what it saw.
    func drive(_ scenario: String, folder: String, rebuild: [String] = [], seconds: Int = 120) throws -> [String: Any] {
        for needed in ["/usr/bin/chromedriver", "/usr/lib/python3/dist-packages/selenium"] where !FileManager.default.fileExists(atPath: needed) {
            throw Failure(description: "\(needed) is missing: run scripts/setup.sh --test (chromium-driver, python3-selenium)")
        }
        let r = try runProcess("/usr/bin/timeout", ["\(seconds)", "/usr/bin/python3", StudioTests.browserScript, url, scenario, folder]
                                + (rebuild.isEmpty ? [] : ["--"] + rebuild), environment: ["HOME": folder])
        guard let seen = try? JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any] else {
            throw Failure(description: "the browser script said: \(r.stdout) \(r.stderr.suffix(2000))")
        }
        if let error = seen["error"] { throw Failure(description: "in the browser: \(error)") }
        return seen
    }

    /// SIGTERM, then the exit status (within 10 s, else SIGKILL and a failure).
    func stop() throws -> Int32 {
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            throw Failure(description: "the studio did not stop within 10 s of SIGTERM")
        }
        return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
    }

    /// What the studio left in its TMPDIR.
    func leftBehind() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? ["(unreadable)"] }
}
