// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// fx.h 1.2 through the real fxhost: a plugin's preferred stage size and
/// natural end (stage_prefer) as the run's defaults, the user's --size and
/// --end winning over them, refused values, FX_ERR_INPUT as a usage error,
/// and a table that only grew at its end (the 1.1 header is kept in
/// Fixtures/abi-1.1).
@Suite struct ABI12Tests {
    let dir: String
    let plugin: String

    init() throws {
        dir = try Harness.temporaryFolder()
        plugin = try Harness.compilePlugin(Harness.fixture("abi12.c"), into: dir)
    }

    func samples(_ args: [String]) throws -> [[String: Any]] {
        let r = try Harness.fxhost(["--plugin", plugin, "--sink", "jsonl"] + args)
        #expect(r.status == 0, "\(r.stderr)")
        return try JSONLinesReader.read(r.stdout)
    }

    func boxBounds(_ sample: [String: Any]) -> [Double]? {
        let layers = sample["layers"] as? [[String: Any]] ?? []
        let box = layers.first { $0["path"] as? String == "stage/box" }
        return (box?["props"] as? [String: Any])?["bounds"] as? [Double]
    }

    @Test func thePreferredSizeAndEndAreTheDefaults() throws {
        // 0, 0.1, … 0.5 s: the natural end, not the 0 s at which its (no) animations end.
        let lines = try samples(["--fps", "10"])
        #expect(lines.count == 6)
        #expect(boxBounds(lines[0]) == [0, 0, 64, 48])
        let png = dir + "/p.png"
        #expect(try Harness.fxhost(["--plugin", plugin, "--time", "0", "--out", png]).status == 0)
        let probe = try FFmpeg.probe(png)
        #expect(probe.width == 64 && probe.height == 48)
    }

    @Test func theUsersSizeAndEndWin() throws {
        let lines = try samples(["--fps", "10", "--size", "100x30", "--end", "0.2"])
        #expect(lines.count == 3)
        #expect(boxBounds(lines[0]) == [0, 0, 100, 30])
    }

    @Test func aLoopEndsJustBeforeTheNaturalEnd() throws {
        let gif = dir + "/loop.gif"
        let r = try Harness.fxhost(["--plugin", plugin, "--fps", "10", "--out", gif])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try FFmpeg.probe(gif).durations.count == 5)
        // --loop plays 0 to the natural end, end excluded: 0, 0.1, … 0.4 s.
        #expect(try samples(["--fps", "10", "--loop"]).count == 5)
    }

    @Test(arguments: [["--width", "-1"], ["--natural-end", "-2"], ["--width", "20000"]])
    func badPreferencesAreRefused(words: [String]) throws {
        let r = try Harness.fxhost(["--plugin", plugin] + words)
        #expect(r.status == 1)
        #expect(r.stderr.contains("preferred"))
    }

    @Test func inputErrorsExitWithStatus2() throws {
        let r = try Harness.fxhost(["--plugin", plugin, "--factory", "input", "--why", "bad.json: $.w: expected a number"])
        #expect(r.status == 2)
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(r.stderr.contains("bad.json: $.w: expected a number"))
    }

    /// Every 1.1 member keeps its offset, and the 1.1 table ends where 1.2's first member, factory_set_build_values, begins.
    @Test func theTableOnlyGrewAtItsEnd() throws {
        let members = ["stage_size", "layer_create", "path_release", "animation_set_timing_curves", "layer_get_presented",
                       "animation_get", "animation_knows_field", "layer_knows_key_path", "emitter_cell_create",
                       "emitter_cell_set", "emitter_cell_add_cell", "layer_add_emitter_cell", "emitter_cell_release"]
        var program = "#include <stdio.h>\n#include <stddef.h>\n#include \"fx.h\"\nint main(void) {\n"
        for m in members { program += "  printf(\"%zu\\n\", offsetof(fx_api, \(m)));\n" }
        program += "  printf(\"%zu %zu %zu %zu\\n\", sizeof(fx_param), sizeof(fx_factory), sizeof(fx_plugin), sizeof(fx_value));\n"
        program += "#ifdef NEW\n  printf(\"end %zu\\n\", offsetof(fx_api, factory_set_build_values));\n#else\n  printf(\"end %zu\\n\", sizeof(fx_api));\n#endif\n  return 0;\n}\n"
        let source = dir + "/layout12.c"
        try program.write(toFile: source, atomically: true, encoding: .utf8)
        func run(_ include: String, _ defines: [String]) throws -> String {
            let exe = dir + "/layout12-\(defines.count)"
            let c = try runProcess("/usr/bin/env", ["cc", "-std=c99", "-I", include] + defines + [source, "-o", exe])
            #expect(c.status == 0, "\(c.stderr)")
            return try runProcess(exe, []).stdout
        }
        let old = try run(Harness.fixture("abi-1.1"), [])
        let new = try run(Harness.header, ["-DNEW"])
        #expect(old.split(separator: "\n").count == members.count + 2)
        #expect(old == new)
    }
}
