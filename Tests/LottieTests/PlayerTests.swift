// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import XCTest

/// The plugin as fxhost runs it: the composition's size and length as the
/// run's defaults (fx.h 1.2), what to play (--range, --marker), warnings for
/// what it does not play, bad files refused with one line and status 2, and
/// the same bytes for the same arguments.
final class PlayerTests: XCTestCase {
    var dir = ""
    override func setUpWithError() throws { dir = try TestSupport.temporaryFolder() }

    func jsonl(_ args: [String]) throws -> [[String: Any]] {
        let r = try Lottie.run(args + ["--sink", "jsonl"])
        XCTAssertEqual(r.status, 0, r.stderr)
        return try JSONLinesReader.read(r.stdout)
    }

    func props(_ sample: [String: Any], _ path: String) -> [String: Any]? {
        let layers = sample["layers"] as? [[String: Any]] ?? []
        return layers.first { $0["path"] as? String == path }?["props"] as? [String: Any]
    }

    func testTheCompositionsSizeAndLengthAreTheDefaults() throws {
        // shapes.json: 120 × 100, frames 0…9 at 10 fps: a GIF of 10 frames that loops with no repeated frame.
        let gif = dir + "/shapes.gif"
        let r = try Lottie.run(["--file", Lottie.fixture("shapes.json"), "--fps", "10", "--out", gif])
        XCTAssertEqual(r.status, 0, r.stderr)
        let probe = try FFmpeg.probe(gif)
        XCTAssertEqual(probe.width, 120)
        XCTAssertEqual(probe.height, 100)
        XCTAssertEqual(probe.durations.count, 10)
        // Other outputs sample the end too: 0 … 1 s.
        XCTAssertEqual(try jsonl(["--file", Lottie.fixture("shapes.json"), "--fps", "10"]).count, 11)
    }

    func testAnotherSizeFitsTheComposition() throws {
        let sample = try jsonl(["--file", Lottie.fixture("shapes.json"), "--size", "240x300", "--time", "0"])[0]
        let root = try XCTUnwrap(props(sample, "stage/composition"))
        // Twice as large, centred vertically: (300 − 200) / 2 = 50.
        let t = try XCTUnwrap(root["transform"] as? [Double])
        XCTAssertEqual(t[0], 2, accuracy: 1e-9)
        XCTAssertEqual(t[5], 2, accuracy: 1e-9)
        XCTAssertEqual(root["position"] as? [Double], [0, 50])
    }

    func testRangeAndMarkerChooseTheFramesPlayed() throws {
        let file = Lottie.fixture("start-time.json")
        func x(_ sample: [String: Any]) -> Double? { (props(sample, "stage/composition/late")?["transform"] as? [Double])?[12] }
        let whole = try jsonl(["--file", file, "--fps", "10"])
        let range = try jsonl(["--file", file, "--fps", "10", "--range", "5:8"])
        XCTAssertEqual(range.count, 4, "frames 5, 6, 7 and the end")
        XCTAssertEqual(try XCTUnwrap(x(range[0])), try XCTUnwrap(x(whole[5])), accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(x(range[2])), try XCTUnwrap(x(whole[7])), accuracy: 1e-9)
        // The marker "middle" starts at frame 4 and lasts 3 frames.
        let marker = try jsonl(["--file", file, "--fps", "10", "--marker", "middle"])
        XCTAssertEqual(marker.count, 4)
        XCTAssertEqual(try XCTUnwrap(x(marker[0])), try XCTUnwrap(x(whole[4])), accuracy: 1e-9)
    }

    func testWhatIsNotPlayedIsWarnedAboutByLayer() throws {
        let r = try Lottie.run(["--file", Lottie.fixture("unsupported.json"), "--time", "0"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssert(r.stderr.contains("layer 'title': text on a path not supported"), r.stderr)
        XCTAssert(r.stderr.contains("layer 'star': shape item 'merge paths' not supported"), r.stderr)
        XCTAssert(r.stderr.contains("layer 'star': expressions not supported"), r.stderr)
        XCTAssert(r.stdout.contains("stage/composition/star/paint"), "the rest still plays")
    }

    func testBadFilesAreRefusedWithOneLineAndStatus2() throws {
        let layer = #"{"ddd":0,"ty":4,"nm":"L","ind":1,"ip":0,"op":5,"st":0,"ks":{},"shapes":[]}"#
        func comp(_ layers: String, assets: String = "[]") -> String {
            #"{"v":"5.7.4","fr":10,"ip":0,"op":5,"w":50,"h":50,"assets":"# + assets + #","layers":"# + layers + "}"
        }
        let precomp = #"{"ddd":0,"ty":0,"nm":"P","refId":"a","ind":1,"ip":0,"op":5,"st":0,"ks":{}}"#
        let cases: [(String, String, [String])] = [
            ("truncated", #"{"w":50,"#, ["line 1, column 9", "the text ends inside an object"]),
            ("type", #"{"v":"5","fr":10,"ip":0,"op":5,"w":"wide","h":50,"layers":[]}"#, ["$.w", "expected a number, found a string"]),
            ("huge", #"{"v":"5","fr":10,"ip":0,"op":5,"w":1e400,"h":50,"layers":[]}"#, ["too large"]),
            ("nan", #"{"v":"5","fr":NaN}"#, ["unexpected character 'N'"]),
            ("deep", String(repeating: "[", count: 5000), ["nested more than 128 levels"]),
            ("range", #"{"v":"5","fr":10,"ip":0,"op":5,"w":50,"h":0,"layers":[]}"#, ["$.h", "out of range"]),
            ("order", comp("[" + layer.replacingOccurrences(of: #""ks":{}"#, with: #""ks":{"o":{"a":1,"k":[{"t":5,"s":[0]},{"t":2,"s":[100]}]}}"#) + "]"),
             ["$.layers[0].ks.o.k[1]", "comes before the previous one"]),
            ("cycle", comp("[" + layer.replacingOccurrences(of: #""ind":1"#, with: #""ind":1,"parent":2"#) + "," +
                           layer.replacingOccurrences(of: #""ind":1"#, with: #""ind":2,"parent":1"#) + "]"), ["cyclic parenting"]),
            ("asset", comp("[" + precomp + "]"), ["$.layers[0].refId", "no precomp asset has the id \"a\""]),
            ("itself", comp("[" + precomp + "]", assets: #"[{"id":"a","layers":["# + precomp + "]}]"), ["precomp \"a\" contains itself"]),
            ("zip", "PK\u{3}\u{4}rest", ["the zip archive", "no end of central directory record"]),
        ]
        for (name, text, expected) in cases {
            let file = dir + "/\(name).json"
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            let r = try Lottie.run(["--file", file, "--time", "0"])
            XCTAssertEqual(r.status, 2, "\(name): \(r.stderr)")
            XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, "\(name): \(r.stderr)")
            XCTAssert(r.stderr.contains(file), "\(name) names the file: \(r.stderr)")
            for e in expected { XCTAssert(r.stderr.contains(e), "\(name): '\(e)' in \(r.stderr)") }
            XCTAssert(r.stdout.isEmpty, name)
        }
        let unknownMarker = try Lottie.run(["--file", Lottie.fixture("start-time.json"), "--marker", "end"])
        XCTAssertEqual(unknownMarker.status, 2)
        XCTAssert(unknownMarker.stderr.contains("no marker named 'end' (the file has 'middle')"), unknownMarker.stderr)
        let badRange = try Lottie.run(["--file", Lottie.fixture("start-time.json"), "--range", "8:3"])
        XCTAssertEqual(badRange.status, 2)
        XCTAssert(badRange.stderr.contains("--range '8:3' is not A:B"), badRange.stderr)
    }

    func testShardsBatchesAndGoldenSnapshotsWorkAsForAnyPlugin() throws {
        let file = Lottie.fixture("shapes.json")
        func fx(_ args: [String]) throws {
            let r = try runProcess(Lottie.fxhost, args, cwd: dir)
            XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
        }
        // Two shards joined are the unsharded video, byte for byte, at the composition's size.
        try fx(["--plugin", "lottie", "--file", file, "--out", "whole.mp4"])
        try fx(["--plugin", "lottie", "--file", file, "--shard", "0/2", "--out", "p0.fxpart", "--manifest"])
        try fx(["--plugin", "lottie", "--file", file, "--shard", "1/2", "--out", "p1.fxpart", "--manifest"])
        try fx(["join", "joined.mp4", "p0.fxpart", "p1.fxpart"])
        let whole = try Data(contentsOf: URL(fileURLWithPath: dir + "/whole.mp4"))
        XCTAssertEqual(whole, try Data(contentsOf: URL(fileURLWithPath: dir + "/joined.mp4")))
        XCTAssertEqual(try FFmpeg.probe(dir + "/whole.mp4").width, 120)
        // A batch job.
        try #"{"plugin": "lottie", "parameters": {"file": "\#(file)"}, "out": "b.gif"}"#.write(toFile: dir + "/jobs.jsonl", atomically: true, encoding: .utf8)
        try fx(["batch", "jobs.jsonl"])
        XCTAssertEqual(try FFmpeg.probe(dir + "/b.gif").height, 100)
        // Golden snapshots of the plugin's default (the built-in sample): recorded, then compared.
        let plugin = TestSupport.binFolder + "/liblottie.so"
        try fx(["check", "--golden", "golden", "--update", plugin])
        try fx(["check", "--golden", "golden", plugin])
    }

    func testTheSameArgumentsGiveTheSameBytes() throws {
        var outputs: [Data] = []
        for k in 0..<2 {
            let out = dir + "/same\(k).png"
            let r = try Lottie.run(["--file", Lottie.fixture("gradient.json"), "--out", out])
            XCTAssertEqual(r.status, 0, r.stderr)
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: out)))
        }
        XCTAssertFalse(outputs[0].isEmpty)
        XCTAssertEqual(outputs[0], outputs[1])
    }
}
