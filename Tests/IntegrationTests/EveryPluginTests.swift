// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import TestSupport
import Testing

/// Loads every plugin in turn through the real fxhost and checks what it
/// draws at key times, from JSON lines and from rendered pixels.
@Suite struct EveryPluginTests {
    let dir: String
    init() throws { dir = try TestSupport.temporaryFolder() }

    @Test func thePluginsAreAllFound() throws {
        let swift = try Plugins.swiftPlugins()
        let c = try Plugins.cExamples(into: dir)
        // An empty list would make every per-plugin test below vacuous.
        #expect(swift.count == 7, "\(swift)")
        #expect(c.count >= 1)
        for p in swift + c {
            #expect(FileManager.default.fileExists(atPath: p), "\(p)")
            let r = try Plugins.run(["--plugin", p, "--help"])
            #expect(r.status == 0 && r.stdout.contains("factory"), "\(p): \(r.stderr)")
        }
        let check = try Plugins.run(["check"] + swift + c)
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.hasSuffix("\(Plugins.factoryCount(swift + c)) passed, 0 failed\n"), "\(check.stdout)")
    }

    @Test func everyPluginRunsWithNoArgumentsToEveryOutput() throws {
        for p in try Plugins.swiftPlugins() + Plugins.cExamples(into: dir) {
            let name = URL(fileURLWithPath: p).lastPathComponent
            for ext in ["jsonl", "png", "gif"] {
                let out = "\(dir)/\(name).\(ext)"
                let r = try Plugins.run(["--plugin", p, "--end", "1", "--fps", "10", "--out", out])
                #expect(r.status == 0, "\(name) → .\(ext): \(r.stderr)")
                #expect(FileManager.default.fileExists(atPath: out))
            }
        }
    }

    /// Same plugin, same arguments, same bytes — for the image outputs too.
    @Test func imageOutputsAreDeterministic() throws {
        for ext in ["png", "gif", "y4m"] {
            var outputs: [Data] = []
            for run in 0..<2 {
                let out = "\(dir)/det\(run).\(ext)"
                let r = try Plugins.run(["--plugin", "pulse", "--end", "1.5", "--fps", "10", "--out", out])
                #expect(r.status == 0, "\(r.stderr)")
                outputs.append(try Data(contentsOf: URL(fileURLWithPath: out)))
            }
            #expect(outputs[0] == outputs[1] && !outputs[0].isEmpty, ".\(ext)")
        }
    }

    /// `--out - --format y4m` streams video to standard output, for `| ffmpeg -i - out.mp4`.
    @Test func y4mToStandardOutput() throws {
        let r = try Plugins.run(["--plugin", "spinner", "--end", "1", "--fps", "10", "--out", "-", "--format", "y4m"])
        #expect(r.status == 0, "\(r.stderr)")
        let header = r.data.prefix { $0 != 10 }
        #expect(String(decoding: header, as: UTF8.self) == "YUV4MPEG2 W400 H300 F10:1 Ip A1:1 C444")
        // 11 evenly spaced frames (0 … 1 s), each "FRAME\n" and three 400 × 300 planes.
        #expect(r.data.count == header.count + 1 + 11 * (6 + 3 * 400 * 300))
        let file = dir + "/s.y4m"
        try r.data.write(to: URL(fileURLWithPath: file))
        #expect(try FFmpeg.rgbaFrames(file, width: 400, height: 300, pixelFormat: "rgb24").count == 11)
    }

    // MARK: - cube

    /// Mid-turn both labels show, squashed and offset by the direction; at the end only the new text, at scale 1.
    @Test(arguments: [("up", 1.0), ("down", -1.0)])
    func cube(_ direction: String, _ sign: Double) throws {
        let s = try Plugins.samples(["--plugin", "cube", "--text", "Paris", "--direction", direction, "--time", "0.25"])[0]
        let label = s.layer("stage/label")!, aux = s.layer("stage/aux")!
        #expect(label.props["string"] as? String == "London" && aux.props["string"] as? String == "Paris")
        let l = label.transform, a = aux.transform
        #expect(l[5] > 0.1 && l[5] < 1 && a[5] > 0.1 && a[5] < 1)       // both squashed vertically
        #expect(l[0] == 1 && a[0] == 1)                                 // never horizontally
        #expect(sign * a[13] > 0 && sign * l[13] < 0)                   // the new text from below for up, the old goes the other way
        let end = try Plugins.samples(["--plugin", "cube", "--direction", direction, "--time", "0.5"])[0]
        #expect(end.layer("stage/aux") == nil)
        let final = end.layer("stage/label")!
        #expect(final.props["string"] as? String == "Paris" && final.props["transform"] == nil)
        // Pixels: mid-turn, ink above and below the centre line; at the end, one line of text.
        let mid = try frame(["--plugin", "cube", "--direction", direction, "--time", "0.25"])
        let rows = inkRows(mid)
        #expect(rows.count >= 2, "\(rows)")
    }

    // MARK: - shimmer

    /// The highlight moves left to right, and reaches the first and the last letters.
    /// Measured against the same text with no dimming: per column, how lit the ink is (0.3 dim … 1 highlighted).
    @Test func shimmer() throws {
        let full = try frame(["--plugin", "shimmer", "--time", "0", "--dim", "white"])
        let ink = inkColumns(full)
        func litness(_ f: [UInt8]) -> [Int: Double] {
            var out: [Int: Double] = [:]
            for x in ink {
                var a = 0, b = 0
                for y in 0..<300 { a += brightness(f, (y * 400 + x) * 4); b += brightness(full, (y * 400 + x) * 4) }
                if b > 2000 { out[x] = Double(a) / Double(b) }
            }
            return out
        }
        var centres: [Double] = []
        var firstLetter = 0.0, lastLetter = 0.0
        // One sweep at 40 fps, as an animated PNG decoded frame by frame.
        let sweep = dir + "/sweep.png"
        #expect(try Plugins.run(["--plugin", "shimmer", "--fps", "40", "--end", "0.475", "--out", sweep]).status == 0)
        let frames = try FFmpeg.rgbaFrames(sweep, width: 400, height: 300)
        #expect(frames.count >= 12)  // identical frames (the highlight off the text) are merged
        for f in frames {
            let l = litness(f)
            let weights = l.map { ($0.key, max(0, $0.value - 0.35)) }
            let total = weights.reduce(0) { $0 + $1.1 }
            if total > 0 { centres.append(weights.reduce(0) { $0 + Double($1.0) * $1.1 } / total) }
            firstLetter = max(firstLetter, l.filter { $0.key < ink.lowerBound + 10 }.values.max() ?? 0)
            lastLetter = max(lastLetter, l.filter { $0.key > ink.upperBound - 10 }.values.max() ?? 0)
        }
        #expect(centres.count >= 12 && centres == centres.sorted(), "\(centres)")
        // Dim text is at 0.3 of full; the highlight lifts the first and the last letters well above that.
        #expect(firstLetter > 0.8 && lastLetter > 0.8, "first \(firstLetter), last \(lastLetter)")
    }

    // MARK: - spinner

    /// The arc's angle grows by π/2 every 0.25 s, and holds while paused.
    @Test func spinner() throws {
        let samples = try Plugins.samples(["--plugin", "spinner", "--pause-at", "1", "--resume-at", "1.5", "--fps", "20", "--end", "1.9"])
        func angle(_ t: Double) -> Double? {
            guard let s = samples.first(where: { abs(($0["t"] as! Double) - t) < 1e-9 }),
                  let arc = s.layer("stage/button/activity/arc") else { return nil }
            let m = arc.transform
            return atan2(m[1], m[0])
        }
        func wrapped(_ a: Double) -> Double { atan2(sin(a), cos(a)) }
        // The arc starts when the shrink ends, at 0.25 s; local time counts from then.
        for t in [0.3, 0.4, 0.55, 0.7, 0.85] {
            #expect(abs(wrapped(angle(t)! - (Double.pi / 2) * (t - 0.25) / 0.25)) < 1e-6, "t = \(t)")
        }
        let paused = angle(1.0)!
        for t in [1.1, 1.25, 1.4, 1.5] { #expect(abs(wrapped(angle(t)! - paused)) < 1e-9, "held at t = \(t)") }
        #expect(abs(wrapped(angle(1.75)! - paused - Double.pi / 2)) < 1e-6)  // a quarter second after resuming: π/2 further
    }

    // MARK: - fade

    /// The middle frame is the mix of the two images.
    @Test func fade() throws {
        let before = try frame(["--plugin", "fade", "--time", "0"])
        let middle = try frame(["--plugin", "fade", "--time", "0.165"])
        let after = try frame(["--plugin", "fade", "--time", "0.4"])
        var worst = 0
        for (x, y) in [(20, 20), (200, 150), (310, 66), (50, 280), (380, 250)] {
            for c in 0..<3 {
                let i = (y * 400 + x) * 4 + c
                let mix = (Int(before[i]) + Int(after[i])) / 2
                worst = max(worst, abs(Int(middle[i]) - mix))
            }
        }
        #expect(worst <= 2)
        #expect(before != after)
    }

    // MARK: - pulse

    /// Each field is at scale 1.25 right when its fly-in stops, and 1.0 a quarter second later.
    @Test(arguments: [("username", 0.8), ("password", 0.9)])
    func pulse(_ field: String, _ stop: Double) throws {
        func scale(_ t: Double) throws -> Double {
            let s = try Plugins.samples(["--plugin", "pulse", "--size", "320x568", "--time", String(t)])[0]
            return s.layer("stage/view/\(field)")!.transform[0]
        }
        #expect(try scale(stop - 0.01) == 1)
        #expect(abs(try scale(stop) - 1.25) < 1e-12)
        #expect(abs(try scale(stop + 0.125) - 1.125) < 1e-12)
        #expect(try scale(stop + 0.25) == 1)
    }

    @Test func pulseEvents() throws {
        let focus = try Plugins.run(["--plugin", "pulse", "--event", "1:focus", "--end", "1.1", "--sink", "jsonl"])
        #expect(focus.stderr.contains("info animations: infoappear, fadein"), "\(focus.stderr)")
        let tap = try Plugins.samples(["--plugin", "pulse", "--size", "320x568", "--event", "1:tap", "--end", "3.5", "--fps", "4"])
        let status = tap.last!.layer("stage/view/status")!
        #expect(status.props["hidden"] == nil)  // the banner is showing
        #expect((tap.last!.layer("stage/view/status/message")!.props["string"] as? String) == "Connecting ...")
    }

    // MARK: - Pixels helpers

    /// One PNG frame, decoded by ffmpeg (straight RGBA, 400 × 300).
    func frame(_ args: [String]) throws -> [UInt8] {
        let out = dir + "/\(UUID().uuidString).png"
        let r = try Plugins.run(args + ["--out", out])
        guard r.status == 0 else { throw FFmpeg.DecodeError(message: r.stderr) }
        let probe = try FFmpeg.probe(out)
        return try FFmpeg.rgbaFrames(out, width: probe.width, height: probe.height)[0]
    }

    func brightness(_ f: [UInt8], _ i: Int) -> Int { (Int(f[i]) + Int(f[i + 1]) + Int(f[i + 2])) * Int(f[i + 3]) / 255 }

    func inkColumns(_ f: [UInt8]) -> ClosedRange<Int> {
        let cols = (0..<400).filter { x in (0..<300).contains { y in brightness(f, (y * 400 + x) * 4) > 200 } }
        return cols.first!...cols.last!
    }

    /// Runs of rows holding text ink (bright pixels).
    func inkRows(_ f: [UInt8]) -> [ClosedRange<Int>] {
        let rows = (0..<300).filter { y in (0..<400).contains { x in f[(y * 400 + x) * 4 + 3] > 128 } }
        var runs: [ClosedRange<Int>] = []
        for y in rows {
            if let last = runs.last, last.upperBound == y - 1 { runs[runs.count - 1] = last.lowerBound...y } else { runs.append(y...y) }
        }
        return runs
    }
}
