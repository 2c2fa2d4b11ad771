// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// Handles carry their kind: the first layer, animation, path and image are
/// each the first of their kind, and none of them may stand in for another.
@Suite struct HandleKindTests {
    @Test func aHandleOfTheWrongKindIsRefusedByName() throws {
        let dir = try Harness.temporaryFolder()
        let plugin = try Harness.compilePlugin(Harness.fixture("handles.c"), into: dir)
        let r = try Harness.fxhost(["--plugin", plugin, "--time", "0", "--sink", "jsonl", "--out", dir + "/h.jsonl"])
        #expect(r.status == 0, "\(r.stderr)")
        // FX_ERR_BAD_HANDLE is 1 (fx.h).
        for call in ["animation as layer", "path as layer", "image as layer", "layer as animation", "layer as path",
                     "animation as image", "path as contents image", "stage as animation to add", "animation as sublayer"] {
            #expect(r.stderr.contains("handles: \(call) -> 1\n"), "\(call): \(r.stderr)")
        }
        #expect(r.stderr.contains("handles: layer as itself -> 0\n"))
        #expect(r.stderr.contains("stage opacity untouched"), "\(r.stderr)")
        for (function, given, expected) in [("layer_set", "an animation", "a layer"), ("animation_set", "a layer", "an animation"),
                                            ("path_line_to", "a layer", "a path"), ("image_size", "an animation", "an image"),
                                            ("layer_set", "a path", "an image")] {
            let pattern = "\(function): handle 0x[0-9a-f]+ is \(given) handle; expected \(expected) handle\n"
            #expect(r.stderr.range(of: pattern, options: .regularExpression) != nil, "\(pattern)")
        }
        // Still one line per failed call.
        #expect(r.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("fxhost: ") })
        // The stage as sampled: only bounds and position differ from the defaults (no opacity 0.25).
        let frame = try jsonObject(try String(contentsOfFile: dir + "/h.jsonl", encoding: .utf8).split(separator: "\n")[0])
        let stage = try #require((frame["layers"] as? [[String: Any]])?.first)
        #expect(stage["path"] as? String == "stage")
        #expect((stage["props"] as? [String: Any]).map { Set($0.keys) } == ["bounds", "position"])
    }
}
