// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// fx.h 1.3 through the real fxhost: the layer key maskMode, probed with
/// layer_knows_key_path and set with layer_set by a plugin built against the
/// 1.3 header and by the same source built against the 1.2 header
/// (Fixtures/abi-1.2): a blue 40×20 layer whose left half is under an opaque
/// black mask shows blue on the left only with `alpha`, on the right only
/// with `alphaInverted` (over the black background). A spelling outside the
/// four is FX_ERR_BAD_VALUE (4); a key the host does not know is
/// FX_ERR_BAD_KEY_PATH (2), which is what a host before 1.3 answers for
/// maskMode. 1.3 changed no struct or table: the 1.2 and 1.3 headers lay
/// out fx_api and the descriptor structs alike.
@Suite struct ABI13Tests {
    let dir: String

    init() throws { dir = try Harness.temporaryFolder() }

    func compile(against include: String, name: String) throws -> String {
        let out = dir + "/" + name
        let r = try runProcess("/usr/bin/env", ["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-shared", "-fPIC",
                                                "-I", include, Harness.fixture("abi13.c"), "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        return out
    }

    /// The left and right halves' colours (RGB) of the plugin's frame at time 0.
    func halves(_ plugin: String, _ mode: String) throws -> ([UInt8], [UInt8]) {
        let png = dir + "/\(mode).png"
        let r = try Harness.fxhost(["--plugin", plugin, "--mode", mode, "--size", "40x20", "--time", "0", "--out", png])
        #expect(r.status == 0, "\(r.stderr)")
        let frame = try #require(try FFmpeg.rgbaFrames(png, width: 40, height: 20).first)
        let at = { (x: Int) in Array(frame[(10 * 40 + x) * 4..<(10 * 40 + x) * 4 + 3]) }
        return (at(10), at(30))
    }

    @Test func pluginsOfBothMinorsSetTheMaskMode() throws {
        let blue: [UInt8] = [0, 0, 255], black: [UInt8] = [0, 0, 0]
        for plugin in [try compile(against: Harness.header, name: "abi13.so"),
                       try compile(against: Harness.fixture("abi-1.3"), name: "abi13-built-13.so"),
                       try compile(against: Harness.fixture("abi-1.2"), name: "abi13-built-12.so")] {
            let alpha = try halves(plugin, "alpha")
            #expect(alpha.0 == blue && alpha.1 == black, "\(alpha)")
            let inverted = try halves(plugin, "alphaInverted")
            #expect(inverted.0 == black && inverted.1 == blue, "\(inverted)")
            let luminance = try halves(plugin, "luminance")  // a black mask has no luminance
            #expect(luminance.0 == black && luminance.1 == black, "\(luminance)")
            let bad = try Harness.fxhost(["--plugin", plugin, "--mode", "luma", "--time", "0", "--sink", "jsonl"])
            #expect(bad.status == 1)
            #expect(bad.stderr.contains("layer_set maskMode answered 4"), "\(bad.stderr)")
            #expect(bad.stderr.contains("alpha, alphaInverted, luminance, luminanceInverted"), "\(bad.stderr)")
        }
    }

    @Test func anUnknownKeyIsBadKeyPath() throws {
        let source = try String(contentsOfFile: Harness.fixture("abi13.c"), encoding: .utf8)
            .replacingOccurrences(of: "api->layer_set(box, \"maskMode\"", with: "api->layer_set(box, \"maskModus\"")
        try source.write(toFile: dir + "/unknown.c", atomically: true, encoding: .utf8)
        let plugin = try Harness.compilePlugin(dir + "/unknown.c", into: dir)
        let r = try Harness.fxhost(["--plugin", plugin, "--mode", "alpha", "--time", "0", "--sink", "jsonl"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("layer_set maskMode answered 2"), "\(r.stderr)")
    }

    /// fx_api's size and its last member's offset, and the descriptor structs' sizes, under both headers
    /// (1.3 as it shipped, kept in Fixtures/abi-1.3: 1.4 grew fx_api).
    @Test func nothingMovedSince12() throws {
        let program = """
            #include <stdio.h>
            #include <stddef.h>
            #include "fx.h"
            int main(void) {
              printf("%zu %zu %zu %zu %zu %zu %zu\\n", sizeof(fx_api), offsetof(fx_api, stage_prefer), sizeof(fx_plugin),
                     sizeof(fx_factory), sizeof(fx_param), sizeof(fx_layer_timing), sizeof(fx_stage_preference));
              return 0;
            }
            """
        let source = dir + "/layout13.c"
        try program.write(toFile: source, atomically: true, encoding: .utf8)
        func run(_ include: String, _ name: String) throws -> String {
            let exe = dir + "/" + name
            let c = try runProcess("/usr/bin/env", ["cc", "-std=c99", "-I", include, source, "-o", exe])
            #expect(c.status == 0, "\(c.stderr)")
            return try runProcess(exe, []).stdout
        }
        let old = try run(Harness.fixture("abi-1.2"), "layout12"), new = try run(Harness.fixture("abi-1.3"), "layout13")
        #expect(!old.isEmpty && old == new)
    }
}
