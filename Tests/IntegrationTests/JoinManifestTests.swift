// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// A manifest is read, not trusted: numbers out of range, a run's end in the
/// wrong part and renders fxhost cannot make are each one line, exit status 2,
/// and nothing written — never a trap on a number too big for an Int.
@Suite struct JoinManifestTests {
    let dir: String
    init() throws { dir = try TestSupport.temporaryFolder() }

    func fx(_ args: [String]) throws -> ProcessResult { try runProcess(Plugins.fxhost, args) }

    @Test func damagedManifestsAreOneLineErrors() throws {
        // Two frames (0 and 0.1 s) at 40×20, and the run's last sample at 0.15 s in the second part.
        let args = ["--plugin", "spinner", "--size", "40x20", "--end", "0.15", "--fps", "10"]
        let a = "\(dir)/a.fxpart", b = "\(dir)/b.fxpart"
        for (part, frames) in [(a, "0:1"), (b, "1:")] {
            let r = try fx(args + ["--frames", frames, "--out", part, "--manifest"])
            #expect(r.status == 0, "\(r.stderr)")
        }
        let out = "\(dir)/out.png"
        #expect(try fx(["join", out, a, b]).status == 0)
        try FileManager.default.removeItem(atPath: out)
        let manifest = { (part: String) in part + ".manifest.json" }
        let original = try [a, b].map { try String(contentsOfFile: manifest($0), encoding: .utf8) }
        #expect(original[0].contains("\"frames\":[0,1],\"total\":2,\"endSample\":false"), "\(original[0])")
        #expect(original[1].contains("\"frames\":[1,2],\"total\":2,\"endSample\":true"), "\(original[1])")

        /// The join's error after replacing `from` with `to` in the manifest of `part`.
        func joinError(_ part: String, _ from: String, _ to: String) throws -> String {
            let i = part == a ? 0 : 1
            #expect(original[i].contains(from))
            try original[i].replacingOccurrences(of: from, with: to).write(toFile: manifest(part), atomically: true, encoding: .utf8)
            defer { try? original[i].write(toFile: manifest(part), atomically: true, encoding: .utf8) }
            let r = try fx(["join", out, a, b])
            #expect(r.status == 2, "\(from) → \(to): \(r.status) \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
            return r.stderr
        }
        #expect(try joinError(b, "\"total\":2", "\"total\":1e300").contains("'\(b)' is not a part of a sharded render"))
        #expect(try joinError(a, "\"frames\":[0,1],\"total\":2", "\"frames\":[0,1e300],\"total\":2").contains("'\(a)' is not a part of a sharded render"))
        #expect(try joinError(b, "\"frames\":[1,2]", "\"frames\":[1,5]").contains("the manifest of '\(b)' is damaged: frames 1 to 5 of 2"))
        #expect(try joinError(a, "\"endSample\":false", "\"endSample\":true").contains("the manifest of '\(a)' is damaged: it puts the run's last sample in a part that does not end the run"))
        for (from, to) in [("\"fps\":10", "\"fps\":0"), ("\"size\":[40,20]", "\"size\":[40,-20]"), ("\"scale\":1", "\"scale\":1e300")] {
            let both = try [a, b].map { try joinError($0, from, to) }
            #expect(both[0].contains("another render") && both[1].contains("another render"), "\(both)")
        }
        // The same change in both manifests: one render fxhost cannot make.
        try original[1].replacingOccurrences(of: "\"fps\":10", with: "\"fps\":0").write(toFile: manifest(b), atomically: true, encoding: .utf8)
        #expect(try joinError(a, "\"fps\":10", "\"fps\":0").contains("asks for a render fxhost does not make (size [40,20], scale 1, fps 0;"))
    }

    /// A frame's size in a part is the render's size × scale rounded as the renderer rounds it
    /// (81 × 1.5 = 121.5 → 122 pixels): the header check agrees, and the join is the whole render.
    @Test func partsAtAFractionalScaleJoin() throws {
        let args = ["--plugin", "spinner", "--size", "81x41", "--scale", "1.5", "--end", "0.2", "--fps", "10"]
        #expect(try fx(args + ["--out", "\(dir)/full.png"]).status == 0)
        for i in 0..<2 { #expect(try fx(args + ["--shard", "\(i)/2", "--out", "\(dir)/s\(i).fxpart", "--manifest"]).status == 0) }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(dir)/s0.fxpart")))
        #expect(bytes.count > 18 && bytes[10] == 122 && bytes[11] == 0 && bytes[14] == 62 && bytes[15] == 0)  // 41 × 1.5 = 61.5 → 62
        let r = try fx(["join", "\(dir)/joined.png", "\(dir)/s0.fxpart", "\(dir)/s1.fxpart"])
        #expect(r.status == 0, "\(r.stderr)")
        let full = FileManager.default.contents(atPath: "\(dir)/full.png")
        #expect(full != nil && full == FileManager.default.contents(atPath: "\(dir)/joined.png"))
    }
}
