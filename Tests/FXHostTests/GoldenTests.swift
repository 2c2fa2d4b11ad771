// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// `fxhost check --golden`: record, compare, fail on a changed plugin, update, pass again, through
/// the real binary. The fixture's box (40×30 points at 1×) fades linearly from opacity 1 to
/// FADE_TO over 1 s, so at instant t its opacity is 1 + (FADE_TO − 1)·t: the expected numbers
/// and pixel counts below come from that, by hand.
@Suite struct GoldenTests {
    let dir: String
    let template: String

    init() throws {
        dir = try Harness.temporaryFolder()
        template = try Harness.compilePlugin(Harness.root + "/Plugins/examples/template.c", into: dir)
    }

    func goldenPlugin(fadeTo: Double) throws -> String {
        try Harness.compilePlugin(Harness.fixture("golden.c"), into: dir, name: "golden.so", defines: ["FADE_TO=\(fadeTo)"])
    }

    func check(_ args: [String]) throws -> ProcessResult { try Harness.fxhost(["check"] + args, cwd: dir) }

    /// Pixels of a PNG that ffmpeg decodes as red (the diff image marks changed pixels red, the rest grey).
    func redPixels(_ file: String) throws -> Int {
        let frame = try FFmpeg.rgbaFrames(file, width: 320, height: 240)[0]
        var red = 0
        for i in stride(from: 0, to: frame.count, by: 4) where frame[i] > 100 && frame[i + 1] == 0 && frame[i + 2] == 0 { red += 1 }
        return red
    }

    @Test func recordCompareFailUpdateCompare() throws {
        let golden = try goldenPlugin(fadeTo: 0.2)
        let store = dir + "/snapshots"
        let recorded = try check(["--golden", store, "--update", golden, template])
        #expect(recorded.status == 0, "\(recorded.stdout)\(recorded.stderr)")
        #expect(recorded.stdout.contains("PASS  golden/fade") && recorded.stdout.contains("recorded 5 instants (0, 0.25, 0.5, 0.75, 1 s)"))
        for i in 0..<5 { #expect(FileManager.default.fileExists(atPath: store + "/golden/fade/frame-\(i).png")) }
        #expect(FileManager.default.fileExists(atPath: store + "/template/template/samples.jsonl"))
        let lines = try String(contentsOfFile: store + "/golden/fade/samples.jsonl", encoding: .utf8).split(separator: "\n")
        #expect(try lines.map { try jsonObject($0)["t"] as! Double } == [0, 0.25, 0.5, 0.75, 1])

        let same = try check(["--golden", store, golden, template])
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        #expect(same.stdout.contains("PASS  golden/fade") && same.stdout.contains("PASS  template/template"))
        #expect(same.stdout.contains("matches the golden snapshot"))

        // The default changes from 0.2 to 0.6: at t the opacity is 1 − 0.4·t instead of 1 − 0.8·t.
        _ = try goldenPlugin(fadeTo: 0.6)
        let changed = try check(["--golden", store, golden, template])
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("FAIL  golden/fade"))
        #expect(changed.stdout.contains("PASS  template/template"))
        for (t, was, now, by) in [("0.250", "0.8", "0.9", "0.1"), ("0.500", "0.6", "0.8", "0.2"),
                                  ("0.750", "0.4", "0.7", "0.3"), ("1.000", "0.2", "0.6", "0.4")] {
            #expect(changed.stdout.contains("t = \(t)  stage/box  opacity  \(was) → \(now) (by \(by))"), "\(changed.stdout)")
        }
        // Frame 0 is unchanged (opacity 1 in both); in the others all 40 × 30 box pixels change,
        // their alpha by 255 × 0.4·t: 25.5, 51, 76.5 and 102 levels.
        #expect(!changed.stdout.contains("frame 0 "))
        for (i, most) in [(1, 26), (2, 51), (3, 77), (4, 102)] {
            #expect(changed.stdout.contains("frame \(i) (t = ") && changed.stdout.contains("1200 pixels differ by more than 2 (at most \(most) of 255)"),
                    "\(changed.stdout)")
            let diff = store + "/golden/fade/frame-\(i).diff.png"
            #expect(changed.stdout.contains("diff image \(diff)"))
            #expect(try redPixels(diff) == 1200)
        }
        #expect(FileManager.default.fileExists(atPath: store + "/golden/fade/samples.actual.jsonl"))
        #expect(changed.stdout.contains("1 passed, 1 failed"))

        // A tolerance of 60 levels lets the frames at 0.25 and 0.5 through (26 and 51), not the later ones.
        let tolerant = try check(["--golden", store, "--tolerance", "60", golden])
        #expect(tolerant.status == 1)
        #expect(!tolerant.stdout.contains("frame 1 (") && !tolerant.stdout.contains("frame 2 ("))
        #expect(tolerant.stdout.contains("frame 3 (") && tolerant.stdout.contains("frame 4 ("))

        let update = try check(["--golden", store, "--update", golden])
        #expect(update.status == 0, "\(update.stdout)\(update.stderr)")
        let again = try check(["--golden", store, golden, template])
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(again.stdout.contains("2 passed, 0 failed"))
        let left = try FileManager.default.contentsOfDirectory(atPath: store + "/golden/fade").sorted()
        #expect(left == ["frame-0.png", "frame-1.png", "frame-2.png", "frame-3.png", "frame-4.png", "samples.jsonl"])
    }

    @Test func chosenInstantsAreRecorded() throws {
        let golden = try goldenPlugin(fadeTo: 0.2)
        let r = try check(["--golden", "g", "--update", "--at", "0,0.5", golden])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let lines = try String(contentsOfFile: dir + "/g/golden/fade/samples.jsonl", encoding: .utf8).split(separator: "\n")
        #expect(try lines.map { try jsonObject($0)["t"] as! Double } == [0, 0.5])
        // At 0.5 the box's opacity is 0.6: alpha 153 of 255 in the recorded frame, as ffmpeg reads it.
        let frame = try FFmpeg.rgbaFrames(dir + "/g/golden/fade/frame-1.png", width: 320, height: 240)[0]
        let inside = ((10 + 15) * 320 + 30) * 4, outside = ((100) * 320 + 200) * 4
        #expect(abs(Int(frame[inside + 3]) - 153) <= 1 && frame[inside] == 255 && frame[inside + 1] == 0)
        #expect(frame[outside + 3] == 0)
        #expect(!FileManager.default.fileExists(atPath: dir + "/g/golden/fade/frame-2.png"))
        // Asking for other instants than those recorded fails, saying to record again.
        let other = try check(["--golden", "g", "--at", "0,1", golden])
        #expect(other.status == 1)
        #expect(other.stdout.contains("has the instants 0, 0.5, --at asks for 0, 1: record it again with --update"))
    }

    @Test func missingSnapshotsSayToUpdate() throws {
        let golden = try goldenPlugin(fadeTo: 0.2)
        let none = try check(["--golden", "nowhere", golden])
        #expect(none.status == 2)
        #expect(none.stderr.contains("there are no golden snapshots in 'nowhere'") && none.stderr.contains("--update"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/nowhere"))
        // A folder with another plugin's snapshot only: this factory has none yet.
        #expect(try check(["--golden", "some", "--update", template]).status == 0)
        let missing = try check(["--golden", "some", golden, template])
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("FAIL  golden/fade") && missing.stdout.contains("no golden snapshot in some/golden/fade"))
        #expect(missing.stdout.contains("--update"))
        #expect(missing.stdout.contains("PASS  template/template"))
    }

    @Test func goldenOptionsNeedGolden() throws {
        for (args, fragment) in [(["check", "--update"], "--update goes with fxhost check --golden DIR"),
                                 (["check", "--at", "0,1"], "--at goes with"),
                                 (["--plugin", "x", "--golden", "g"], "--golden goes with fxhost check"),
                                 (["check", "--golden", "g", "--at", "1,0.5"], "not a list of increasing times"),
                                 (["check", "--golden", "g", "--tolerance", "300"], "--tolerance: '300'")] {
            let r = try Harness.fxhost(args, cwd: dir)
            #expect(r.status == 2, "\(args)")
            #expect(r.stderr.contains(fragment), "\(args): \(r.stderr)")
        }
    }

    /// A damaged snapshot file fails its factory with one line that says to record again — an empty one
    /// compared no instant and passed whatever the plugin did, and instants out of order failed with the
    /// clock's complaint instead (found by Fuzz/Sources/fuzz-golden).
    @Test func damagedSamplesFilesSayToRecordAgain() throws {
        let golden = try goldenPlugin(fadeTo: 0.2)
        #expect(try check(["--golden", "s", "--update", "--at", "0,0.5", golden]).status == 0)
        let file = dir + "/s/golden/fade/samples.jsonl"
        let recorded = try String(contentsOfFile: file, encoding: .utf8)
        let lines = recorded.split(separator: "\n").map(String.init)
        for (text, fragment) in [("", "holds no samples"),
                                 (lines.reversed().joined(separator: "\n") + "\n", "line 2: the instant t = 0.0 is not a time from 0 to 3600 s after the line before's"),
                                 (lines[0].replacingOccurrences(of: #""t":0"#, with: #""t":-1"#) + "\n", "line 1: the instant t = -1.0"),
                                 ("{\"t\":0}\nnot json\n", "is not JSON lines as fxhost records them (line 2)")] {
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            let r = try check(["--golden", "s", golden])
            #expect(r.status == 1, "\(fragment): \(r.stdout)")
            #expect(r.stdout.contains("FAIL  golden/fade") && r.stdout.contains(fragment) && r.stdout.contains("--update"), "\(r.stdout)")
        }
        // A property name holding a line break (as JSON writes one) is shown escaped, on the one detail line.
        let renamed = lines[1].replacingOccurrences(of: #""opacity""#, with: #""opa\ncity""#)
        #expect(renamed != lines[1])
        try (lines[0] + "\n" + renamed + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let r = try check(["--golden", "s", golden])
        #expect(r.status == 1 && r.stdout.contains(#"stage/box  opa\x0acity  0.6 → (default)"#), "\(r.stdout)")
        #expect(!r.stdout.split(separator: "\n").contains { $0.hasPrefix("city") }, "\(r.stdout)")
        try recorded.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try check(["--golden", "s", golden]).status == 0, "the recorded file still passes")
    }
}
