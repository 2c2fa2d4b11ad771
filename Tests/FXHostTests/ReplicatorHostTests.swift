// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// FX_LAYER_REPLICATOR through the real fxhost: copies in the JSON lines
/// (`…/dot#i`) and in the pixels, where hand-computed.
@Suite struct ReplicatorHostTests {
    let dir: String
    let plugin: String

    init() throws {
        dir = try Harness.temporaryFolder()
        plugin = try Harness.compilePlugin(Harness.fixture("replicator.c"), into: dir)
    }

    @Test func copiesAreListedAsPathHashIndex() throws {
        let r = try Harness.fxhost(["--plugin", plugin, "--wave", "yes", "--sink", "jsonl", "--time", "0.35"])
        #expect(r.status == 0, "\(r.stderr)")
        let line = try jsonObject(Substring(r.stdout.split(separator: "\n")[0]))
        let layers = line["layers"] as! [[String: Any]]
        let paths = layers.map { $0["path"] as! String }
        #expect(paths == ["stage", "stage/ring", "stage/ring/dot"] + (1..<8).map { "stage/ring/dot#\($0)" })
        // Copy i fades from 1 to 0 over 0.8 s starting at 0.1·i: at 0.35 copy 0 is at 1 − 0.35/0.8.
        for (i, l) in layers.dropFirst(2).enumerated() {
            let opacity = (l["props"] as? [String: Any])?["opacity"] as? Double ?? 1
            let elapsed = 0.35 - 0.1 * Double(i)
            let expected = elapsed < 0 ? 1 : 1 - elapsed / 0.8
            #expect(abs(opacity - expected) < 1e-9, "copy \(i)")
        }
        // The natural end waits for the last copy: 0.7 + 0.8 = 1.5 s, 46 samples at 30 fps.
        let all = try Harness.fxhost(["--plugin", plugin, "--wave", "yes", "--sink", "jsonl"])
        #expect(all.stdout.split(separator: "\n").count == 46)
    }

    @Test func copiesArePaintedRoundTheRing() throws {
        let png = dir + "/ring.png"
        let r = try Harness.fxhost(["--plugin", plugin, "--size", "160x160", "--time", "0", "--background", "black", "--out", png])
        #expect(r.status == 0, "\(r.stderr)")
        let frame = try FFmpeg.rgbaFrames(png, width: 160, height: 160)[0]
        for i in 0..<8 {
            // The dot's centre (60, 12) in the ring, 48 above the ring's centre (60, 60), turned i·45°
            // clockwise (y down), plus the ring's origin (20, 20).
            let a = Double(i) * Double.pi / 4
            let x = Int((20 + 60 + 48 * sin(a)).rounded()), y = Int((20 + 60 - 48 * cos(a)).rounded())
            let p = (y * 160 + x) * 4
            let red = Double(frame[p]) / 255
            #expect(abs(red - (1 - 0.125 * Double(i))) < 0.01 && frame[p + 1] == 255 && frame[p + 2] == 255, "copy \(i) at (\(x), \(y)): \(Array(frame[p...(p + 3)]))")
        }
        // Between two copies (at 22.5°, 48 from the centre) there is only the background.
        let x = Int((80 + 48 * sin(Double.pi / 8)).rounded()), y = Int((80 - 48 * cos(Double.pi / 8)).rounded())
        #expect(frame[(y * 160 + x) * 4] == 0)
    }

    /// The scene budget through the real fxhost: two nested replicators of 10,000 copies around
    /// one dot ask for 1 (root) + 1 (outer) + 10⁴ (inner) + 10⁸ (dots) = 100,010,002 layers; the
    /// run stops at once with one line naming the budget and the replicator, and writes nothing.
    @Test func nestedReplicatorsOverTheBudgetAreOneLine() throws {
        let nested = try Harness.compilePlugin(Harness.fixture("nested.c"), into: dir)
        let start = Date()
        let r = try Harness.fxhost(["--plugin", nested, "--sink", "jsonl", "--time", "0"])
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(r.status != 0)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(r.stderr.contains("scene budget: the copies of replicator 'stage/outer/inner' would make 100,010,002 layers in one frame"), "\(r.stderr)")
        #expect(r.stderr.contains("the budget is 1,000,000 layers a frame"))
    }
}
