// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import TestSupport
import Testing

/// Frame shards and joins through the real fxhost: a render split into parts
/// and joined is the unsharded render, byte for byte; every way a set of
/// parts can be wrong is one line.
@Suite struct ShardTests {
    let dir: String
    init() throws { dir = try TestSupport.temporaryFolder() }

    func fx(_ args: [String], cwd: String? = nil) throws -> ProcessResult { try runProcess(Plugins.fxhost, args, cwd: cwd) }

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    /// Renders `args` whole to `full`, then in `n` shards and joins them into `joined`.
    func shardAndJoin(_ args: [String], ext: String, n: Int) throws -> (full: Data?, joined: Data?) {
        let full = "\(dir)/full-\(n).\(ext)", joined = "\(dir)/joined-\(n).\(ext)"
        let r = try fx(args + ["--out", full])
        #expect(r.status == 0, "\(r.stderr)")
        var parts: [String] = []
        for i in 0..<n {
            let part = "\(dir)/part-\(ext)-\(i)-of-\(n).fxpart"
            let s = try fx(args + ["--shard", "\(i)/\(n)", "--out", part, "--manifest"])
            #expect(s.status == 0, "shard \(i)/\(n): \(s.stderr)")
            parts.append(part)
        }
        let j = try fx(["join", joined] + parts.reversed())
        #expect(j.status == 0, "\(j.stderr)")
        return (bytes(full), bytes(joined))
    }

    @Test(arguments: ["png", "gif", "y4m"])
    func shardsJoinToTheUnshardedFile(ext: String) throws {
        for n in [1, 3] {
            let (full, joined) = try shardAndJoin(["--plugin", "spinner", "--size", "120x60", "--end", "0.6", "--fps", "20"], ext: ext, n: n)
            #expect(full != nil && full == joined, "\(ext), \(n) shards")
        }
        // An end between two frame times: APNG and GIF take one more sample exactly at the end, video does not.
        let (full, joined) = try shardAndJoin(["--plugin", "spinner", "--size", "120x60", "--end", "0.63", "--fps", "20"], ext: ext, n: 2)
        #expect(full != nil && full == joined, "\(ext), end 0.63")
    }

    /// The spinner spreads back to where it began: an animated PNG of its natural run leaves out
    /// the last frame, which repeats the first, and so does the join of its shards.
    @Test func aJoinedLoopHasNoRepeatedFrameEither() throws {
        let (full, joined) = try shardAndJoin(["--plugin", "spinner", "--size", "80x40", "--fps", "10"], ext: "png", n: 3)
        #expect(full != nil && full == joined)
    }

    /// Video and WebP are encoded in the join from the parts' frames, bit-exact: the same bytes.
    @Test(.enabled(if: !TestSupport.isSanitizerPass), arguments: ["mp4", "webm", "webp"])
    func videoJoinsAreTheUnshardedVideo(ext: String) throws {
        let (full, joined) = try shardAndJoin(["--plugin", "cube", "--size", "96x48", "--fps", "12"], ext: ext, n: 3)
        #expect(full != nil && full == joined, "\(ext)")
    }

    /// Without --end the shard asks a child fxhost for the frame count; pulse's
    /// stop callbacks add animations, so the count is known only by running it.
    @Test func shardsWithoutAnEndCountTheRunFirst() throws {
        let (full, joined) = try shardAndJoin(["--plugin", "cube", "--size", "80x40", "--fps", "12"], ext: "png", n: 4)
        #expect(full != nil && full == joined)
    }

    @Test func y4mPartsJoinByCopyingTheirFrames() throws {
        let args = ["--plugin", "cube", "--size", "64x32", "--fps", "10"]
        #expect(try fx(args + ["--out", "\(dir)/full.y4m"]).status == 0)
        for i in 0..<3 { #expect(try fx(args + ["--shard", "\(i)/3", "--out", "\(dir)/c\(i).y4m", "--manifest"]).status == 0) }
        let j = try fx(["join", "\(dir)/joined.y4m", "\(dir)/c2.y4m", "\(dir)/c0.y4m", "\(dir)/c1.y4m"])
        #expect(j.status == 0, "\(j.stderr)")
        #expect(bytes("\(dir)/full.y4m") != nil && bytes("\(dir)/full.y4m") == bytes("\(dir)/joined.y4m"))
    }

    /// PNG frames of a shard keep their index in the whole run, and are the whole run's files.
    @Test func frameRangesNumberFramesByTheirIndexInTheRun() throws {
        let args = ["--plugin", "spinner", "--size", "60x40", "--end", "1", "--fps", "10"]
        try FileManager.default.createDirectory(atPath: "\(dir)/all", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: "\(dir)/some", withIntermediateDirectories: true)
        #expect(try fx(args + ["--out", "\(dir)/all/"]).status == 0)
        let r = try fx(args + ["--frames", "4:7", "--out", "\(dir)/some/", "--manifest"])
        #expect(r.status == 0, "\(r.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/some").sorted()
        #expect(files == ["frame-0004.png", "frame-0005.png", "frame-0006.png", "frames-4-7.manifest.json"])
        for f in files where f.hasSuffix(".png") { #expect(bytes("\(dir)/some/\(f)") == bytes("\(dir)/all/\(f)"), "\(f)") }
        // The manifest records the range and the run's 11 frames (0 to 1 s at 10 fps, both ends included).
        let m = try JSONSerialization.jsonObject(with: bytes("\(dir)/some/frames-4-7.manifest.json")!) as! [String: Any]
        #expect(m["frames"] as? [Int] == [4, 7] && m["total"] as? Int == 11)
    }

    /// Shard i of n holds frames ⌊i·total/n⌋ to ⌊(i+1)·total/n⌋ − 1.
    @Test func shardRangesAreEqualSplits() throws {
        let args = ["--plugin", "spinner", "--size", "40x20", "--end", "0.95", "--fps", "10"]  // 10 frames
        var ranges: [[Int]] = []
        for i in 0..<4 {
            let part = "\(dir)/s\(i).fxpart"
            #expect(try fx(args + ["--shard", "\(i)/4", "--out", part, "--manifest"]).status == 0)
            let m = try JSONSerialization.jsonObject(with: bytes(part + ".manifest.json")!) as! [String: Any]
            ranges.append(m["frames"] as! [Int])
            #expect(m["total"] as? Int == 10)
        }
        #expect(ranges == [[0, 2], [2, 5], [5, 7], [7, 10]])
    }

    @Test func wrongPartsAreOneLineErrors() throws {
        let args = ["--plugin", "spinner", "--size", "40x20", "--end", "0.95", "--fps", "10"]
        func part(_ name: String, _ extra: [String]) throws -> String {
            let p = "\(dir)/\(name).fxpart"
            let r = try fx(args + extra + ["--out", p, "--manifest"])
            #expect(r.status == 0, "\(r.stderr)")
            return p
        }
        let a = try part("a", ["--frames", "0:5"]), b = try part("b", ["--frames", "5:"])
        let overlap = try part("overlap", ["--frames", "3:8"]), foreign = try part("foreign", ["--frames", "5:", "--color", "#ff0000"])
        func joinError(_ parts: [String]) throws -> String {
            let r = try fx(["join", "\(dir)/out.png"] + parts)
            #expect(r.status == 2, "\(parts): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: "\(dir)/out.png"))
            return r.stderr
        }
        #expect(try joinError([a]).contains("frames 5–9 of 10 are missing"))
        #expect(try joinError([b]).contains("frames 0–4 of 10 are missing"))
        #expect(try joinError([a, overlap, b]).contains("both hold frames 3–4"))
        #expect(try joinError([a, b, a]).contains("given twice"))
        #expect(try joinError([a, foreign]).contains("from another render") && joinError([a, foreign]).contains("arguments"))
        try FileManager.default.copyItem(atPath: b, toPath: "\(dir)/nomanifest.fxpart")
        #expect(try joinError([a, "\(dir)/nomanifest.fxpart"]).contains("has no manifest"))
        // A part cut short is found while joining, and nothing is written.
        let data = bytes(b)!
        try data.prefix(data.count - 100).write(to: URL(fileURLWithPath: b))
        #expect(try joinError([a, b]).contains("damaged or cut short"))
    }

    @Test func badSelectionsAreUsageErrors() throws {
        for (words, expected) in [(["--shard", "4/4"], "the last of 4 is 3/4"), (["--shard", "1"], "is not I/N"),
                                  (["--frames", "5:5"], "selects no frame"), (["--frames", "x"], "is not A:B"),
                                  (["--frames", "1:2", "--shard", "0/2"], "give one of them")] {
            let r = try fx(["--plugin", "spinner"] + words + ["--out", "\(dir)/x.fxpart"])
            #expect(r.status == 2 && r.stderr.contains(expected), "\(words): \(r.stderr)")
        }
        let r = try fx(["--plugin", "spinner", "--manifest", "--sink", "jsonl"])
        #expect(r.status == 2 && r.stderr.contains("beside an output file") && r.stdout.isEmpty, "\(r.stderr)")
    }
}
