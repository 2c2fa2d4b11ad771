// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// fx.h 1.5 through the real fxhost: the text layer key foregroundColorRuns,
/// probed with layer_knows_key_path and set with layer_set by a C plugin
/// (Fixtures/abi15.c) built against the 1.5 header and against the 1.4 header
/// it replaced (Fixtures/abi-1.4). The runs are pango's attributes over the
/// laid-out string, so "MMMM" whose first two bytes are a red run and last
/// two a transparent run, over a blue foregroundColor, must draw exactly the
/// pixels "MM" draws in red with no runs: the same glyphs at the same
/// advances, nothing blue, and nothing where the transparent run's glyphs
/// are. Bad runs are FX_ERR_BAD_VALUE (4) with one line saying what was
/// wrong. 1.5 changed no struct or table.
@Suite struct ABI15Tests {
    let dir: String

    init() throws { dir = try Harness.temporaryFolder() }

    func compile(against include: String, name: String) throws -> String {
        let out = dir + "/" + name
        let r = try runProcess("/usr/bin/env", ["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-shared", "-fPIC",
                                                "-I", include, Harness.fixture("abi15.c"), "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        return out
    }

    /// The RGBA pixels of the plugin's 120 × 40 frame at time 0.
    func frame(_ plugin: String, text: String, color: String, mode: String) throws -> [UInt8] {
        let png = dir + "/\(text)-\(color)-\(mode).png"
        let r = try Harness.fxhost(["--plugin", plugin, "--text", text, "--color", color, "--mode", mode,
                                    "--size", "120x40", "--time", "0", "--out", png])
        #expect(r.status == 0, "\(r.stderr)")
        return try #require(try FFmpeg.rgbaFrames(png, width: 120, height: 40).first)
    }

    /// The columns holding any pixel that is not transparent.
    func inkedColumns(_ f: [UInt8]) -> [Int] {
        (0..<120).filter { x in (0..<40).contains { y in f[(y * 120 + x) * 4 + 3] > 0 } }
    }

    @Test func aRedAndATransparentRunDrawAsTheRedTextAlone() throws {
        for plugin in [try compile(against: Harness.header, name: "abi15.so"),
                       try compile(against: Harness.fixture("abi-1.4"), name: "abi15-built-14.so")] {
            let runs = try frame(plugin, text: "MMMM", color: "blue", mode: "red-clear")
            let alone = try frame(plugin, text: "MM", color: "red", mode: "none")
            #expect(!inkedColumns(alone).isEmpty)
            #expect(runs == alone)
            let pixels = stride(from: 0, to: runs.count, by: 4).map { Array(runs[$0..<$0 + 4]) }
            #expect(!pixels.contains { $0[2] > 0 }, "a run's colour replaces foregroundColor: nothing is blue")
            #expect(pixels.contains { $0 == [255, 0, 0, 255] })
        }
    }

    /// The transparent run first: the red glyphs keep their place, right of where "MM" ends.
    @Test func aTransparentRunKeepsItsGlyphsPlace() throws {
        let plugin = try compile(against: Harness.header, name: "abi15.so")
        let first = inkedColumns(try frame(plugin, text: "MMMM", color: "blue", mode: "red-clear"))
        let second = inkedColumns(try frame(plugin, text: "MMMM", color: "blue", mode: "clear-red"))
        let all = inkedColumns(try frame(plugin, text: "MMMM", color: "blue", mode: "none"))
        #expect(first.max()! < second.min()!)
        #expect(first.min() == all.min() && second.max() == all.max())
    }

    @Test func badRunsAreBadValues() throws {
        let plugin = try compile(against: Harness.header, name: "abi15.so")
        let cases = [("five", "takes six numbers a run (start, end, red, green, blue, alpha); 5 is not a multiple of six"),
                     ("backwards", "run 0 ends (byte 1) before it starts (byte 3)"),
                     ("bright", "run 0: its colour's channels must be within 0…1, not [1.5, 0.0, 0.0, 1.0]")]
        for (mode, why) in cases {
            let r = try Harness.fxhost(["--plugin", plugin, "--mode", mode, "--time", "0", "--sink", "jsonl"])
            #expect(r.status == 1)
            #expect(r.stdout.isEmpty)
            #expect(r.stderr.contains("layer_set foregroundColorRuns answered 4: layer_set: foregroundColorRuns \(why)"), "\(r.stderr)")
        }
    }

    /// fx_api and the descriptor structs lay out alike under the 1.4 header (as it shipped) and this one.
    @Test func nothingMovedSince14() throws {
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
        let source = dir + "/layout15.c"
        try program.write(toFile: source, atomically: true, encoding: .utf8)
        func run(_ include: String, _ name: String) throws -> String {
            let exe = dir + "/" + name
            let c = try runProcess("/usr/bin/env", ["cc", "-std=c99", "-I", include, source, "-o", exe])
            #expect(c.status == 0, "\(c.stderr)")
            return try runProcess(exe, []).stdout
        }
        let old = try run(Harness.fixture("abi-1.4"), "layout14")
        #expect(!old.isEmpty)
        #expect(old == (try run(Harness.header, "layout15")))
    }
}
