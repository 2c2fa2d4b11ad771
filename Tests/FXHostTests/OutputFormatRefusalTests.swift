// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// A format and its options are checked before any plugin code runs: the marker plugin writes a
/// line each time its constructor, entry or build runs, and a refused run leaves no line. And a
/// shard counts its run's frames without loading the plugin a second time unless a callback may
/// move the run's end (docs/SCALE.md, "How many frames").
@Suite struct OutputFormatRefusalTests {
    let dir: String
    let plugin: String
    let marker: String

    init() throws {
        dir = try Harness.temporaryFolder()
        plugin = try Harness.compilePlugin(Harness.fixture("marker.c"), into: dir)
        marker = dir + "/marker.txt"
    }

    /// Runs fxhost on the marker plugin; the lines its code wrote.
    func run(_ words: [String], plugin: String? = nil, environment: [String: String] = [:]) throws -> (result: ProcessResult, marks: [String]) {
        try? FileManager.default.removeItem(atPath: marker)
        let r = try Harness.fxhost(["--plugin", plugin ?? self.plugin, "--fps", "10"] + words,
                                   environment: environment.merging(["FXHOST_TEST_MARKER": marker]) { a, _ in a }, cwd: dir)
        let text = (try? String(contentsOfFile: marker, encoding: .utf8)) ?? ""
        return (r, text.split(separator: "\n").map(String.init))
    }

    @Test func aValidRunRunsThePluginsCode() throws {
        let (r, marks) = try run(["--end", "0.2", "--out", dir + "/ok.y4m"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(marks == ["constructor", "entry", "build"])
    }

    @Test(arguments: [
        (["--out", "a.mp4", "--crf", "60"], "--crf 60: mp4 takes 0 to 51 (default 23; lower is better)"),
        (["--out", "a.png", "--crf", "20"], "--crf sets MP4 and WebM quality; this run writes png (for WebP use --quality or --lossless)"),
        (["--out", "a.gif", "--quality", "20"], "--quality is for WebP; this run writes gif"),
        (["--out", "a.webp", "--quality", "20", "--lossless"], "--quality and --lossless: WebP is one or the other; give one"),
        (["--out", "a.png", "--strict"], "--strict is for Lottie output (--format lottie, or --out NAME.lottie); this run writes png"),
        (["--format", "png"], "png output needs a file: --out NAME.png (standard output cannot take an animated PNG)"),
        (["--format", "part"], "a part of a sharded render needs a file: --out NAME.fxpart"),
        (["--out", "a.avi"], "--out a.avi: fxhost does not write '.avi' files (it writes .txt, .trace, .jsonl, .json, .png, .gif, .y4m, .mp4, .webm, .webp, .fxpart, .lottie, a folder/ or name-%04d.png; or choose with --sink)"),
        (["--size", "16000x16000", "--out", "a.png"], "--size 16000x16000 at --scale 1.0 makes 16000×16000 pixels; the limit is 67108864 pixels (16384 a side)"),
        (["--sheet", "s.png", "--out", "a.gif", "--crf", "10"], "--crf sets MP4 and WebM quality; this run writes gif (for WebP use --quality or --lossless)"),
    ])
    func aBadFormatOrOptionIsRefusedBeforeAnyPluginCode(words: [String], message: String) throws {
        let (r, marks) = try run(["--end", "0.2"] + words)
        #expect(r.status == 2)
        #expect(r.stderr == "fxhost: error: \(message)\n")
        #expect(marks.isEmpty, "the plugin's code ran: \(marks)")
        #expect(r.stdout.isEmpty)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { !$0.hasSuffix(".so") }
        #expect(left.isEmpty, "files left: \(left)")
    }

    @Test func aShardOfARunNoCallbackCanMoveIsCountedInProcess() throws {
        // A 1 s fade at 10 fps: 11 frames (0 … 1 s), so shard 1 of 2 holds frames 5 … 10.
        let (r, marks) = try run(["--shard", "1/2", "--out", dir + "/p.fxpart", "--manifest"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(marks == ["constructor", "entry", "build"])
        let manifest = try String(contentsOfFile: dir + "/p.fxpart.manifest.json", encoding: .utf8)
        #expect(manifest.contains("\"total\":11"), "\(manifest)")
    }

    @Test func aShardOfARunATimerMayLengthenIsCountedByASecondRun() throws {
        // The timer at 0.5 s fades the box again over 1 s: the run ends at 1.5 s, 16 frames,
        // which only delivering the timer tells.
        let (r, marks) = try run(["--factory", "timer", "--shard", "1/2", "--out", dir + "/p.fxpart", "--manifest"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(marks.filter { $0 == "entry" }.count == 2)
        #expect(marks.filter { $0 == "build" }.count == 2)
        let manifest = try String(contentsOfFile: dir + "/p.fxpart.manifest.json", encoding: .utf8)
        #expect(manifest.contains("\"total\":16"), "\(manifest)")
    }

    @Test func theCountingRunStartsWhereFxhostStartedWhereverThePluginWent() throws {
        // The timer factory's build moves the process to /: the second run must still find
        // ./marker.so, named from the folder fxhost started in.
        let (r, marks) = try run(["--factory", "timer", "--shard", "0/2", "--out", "p.fxpart", "--manifest"],
                                 plugin: "./marker.so", environment: ["FXHOST_TEST_CHDIR": "1"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(marks.filter { $0 == "build" }.count == 2)
        let manifest = try String(contentsOfFile: dir + "/p.fxpart.manifest.json", encoding: .utf8)
        #expect(manifest.contains("\"total\":16"), "\(manifest)")
    }
}
