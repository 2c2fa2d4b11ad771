// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// fx.h 1.6 through the real fxhost: the gradient layer key focalOffset, probed with
/// layer_knows_key_path and set with layer_set by a C plugin (Fixtures/abi16.c) built against
/// the 1.6 header and against the 1.5 header it replaced (Fixtures/abi-1.5): a plugin built
/// before the key loads and, asking by name, sets it. The plugin's gradient runs black to white
/// over the circle of radius 50 about (50, 50); focalOffset (0.25, 0) puts its focal point at
/// (75, 50), (0.5, 0) in the circle's space, where the two-circle rule (canvas's
/// createRadialGradient(fx, fy, 0, cx, cy, r)) gives a pixel centre p the grey 255·t, t = |p − F|
/// over the distance from F to the circle along the same ray. Worked with a calculator:
/// (75.5, 50.5) → t 0.024 (6 levels; centred, 130); (50.5, 50.5) → 0.327 (83; centred, 4);
/// (24.5, 50.5) → 0.673 (172; centred, 130). 1.6 changed no struct or table.
@Suite struct ABI16Tests {
    let dir: String

    init() throws { dir = try Harness.temporaryFolder() }

    func compile(against include: String, name: String) throws -> String {
        let out = dir + "/" + name
        let r = try runProcess("/usr/bin/env", ["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-shared", "-fPIC",
                                                "-I", include, Harness.fixture("abi16.c"), "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        return out
    }

    /// The RGBA pixels of the plugin's 100 × 100 frame at time 0.
    func frame(_ plugin: String, mode: String) throws -> [UInt8] {
        let png = dir + "/\(URL(fileURLWithPath: plugin).lastPathComponent)-\(mode).png"
        let r = try Harness.fxhost(["--plugin", plugin, "--mode", mode, "--size", "100x100", "--time", "0", "--out", png])
        #expect(r.status == 0, "\(r.stderr)")
        return try #require(try FFmpeg.rgbaFrames(png, width: 100, height: 100).first)
    }

    func grey(_ f: [UInt8], _ x: Int, _ y: Int) -> [Int] { (0..<4).map { Int(f[(y * 100 + x) * 4 + $0]) } }

    @Test func theFocalPointMovesTheColours() throws {
        for plugin in [try compile(against: Harness.header, name: "abi16.so"),
                       try compile(against: Harness.fixture("abi-1.5"), name: "abi16-built-15.so")] {
            let f = try frame(plugin, mode: "right")
            for (x, y, v) in [(75, 50, 6), (50, 50, 83), (24, 50, 172), (90, 20, 255)] {
                let p = grey(f, x, y)
                #expect(p[3] == 255 && p[0...2].allSatisfy { abs($0 - v) <= 2 }, "at (\(x), \(y)): \(p), not \(v)")
            }
        }
    }

    /// (0, 0) is Core Animation's centred gradient: the same pixels as the key never set.
    @Test func aZeroOffsetIsTheCentredGradient() throws {
        let plugin = try compile(against: Harness.header, name: "abi16.so")
        let unset = try frame(plugin, mode: "none")
        #expect(unset == (try frame(plugin, mode: "zero")))
        #expect(grey(unset, 50, 50)[0] <= 6, "centred: black at the centre")
    }

    /// A value of the wrong type is FX_ERR_BAD_TYPE (3), in one line naming the key and the type it takes.
    @Test func aNumberIsABadType() throws {
        let plugin = try compile(against: Harness.header, name: "abi16.so")
        let r = try Harness.fxhost(["--plugin", plugin, "--mode", "number", "--time", "0", "--sink", "jsonl"])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("layer_set focalOffset answered 3: layer_set: key path 'focalOffset' takes a point, not a number"),
                "\(r.stderr)")
    }

    /// fx_api and the descriptor structs lay out alike under the 1.5 header (as it shipped) and this one.
    @Test func nothingMovedSince15() throws {
        let program = """
            #include <stdio.h>
            #include <stddef.h>
            #include "fx.h"
            int main(void) {
              printf("%zu %zu %zu %zu %zu %zu %zu %zu\\n", sizeof(fx_api), offsetof(fx_api, image_decode_png), sizeof(fx_plugin),
                     sizeof(fx_factory), sizeof(fx_param), sizeof(fx_layer_timing), sizeof(fx_stage_preference), sizeof(fx_value));
              return 0;
            }
            """
        let source = dir + "/layout16.c"
        try program.write(toFile: source, atomically: true, encoding: .utf8)
        func run(_ include: String, _ name: String) throws -> String {
            let exe = dir + "/" + name
            let c = try runProcess("/usr/bin/env", ["cc", "-std=c99", "-I", include, source, "-o", exe])
            #expect(c.status == 0, "\(c.stderr)")
            return try runProcess(exe, []).stdout
        }
        let old = try run(Harness.fixture("abi-1.5"), "layout15")
        #expect(!old.isEmpty)
        #expect(old == (try run(Harness.header, "layout16")))
    }
}
