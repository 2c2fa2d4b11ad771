// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// fx.h 1.1 through the real fxhost: a plugin using the new members, a
/// plugin built against the 1.0 header (kept in Fixtures/abi-1.0) behaving
/// as before, and `check` telling handled failures from real ones.
@Suite struct ABI11Tests {
    let dir: String
    let plugin: String

    init() throws {
        dir = try Harness.temporaryFolder()
        plugin = try Harness.compilePlugin(Harness.fixture("abi11.c"), into: dir)
    }

    func samples(_ args: [String]) throws -> [[String: Any]] {
        let r = try Harness.fxhost(["--plugin", plugin, "--sink", "jsonl"] + args)
        #expect(r.status == 0, "\(r.stderr)")
        return try JSONLinesReader.read(r.stdout)
    }

    /// Repeat forever samples the default 5 s; so does a count of a million 0.75 s cycles
    /// (750,000 s, past the 60 s horizon), instead of a 60 s render.
    @Test(arguments: ["0", "1000000"]) func foreverSamplesFiveSeconds(count: String) throws {
        let lines = try samples(["--factory", "forever", "--count", count, "--fps", "10"])
        #expect(lines.count == 51)
        #expect((lines.last?["t"] as? Double) == 5)
    }

    @Test func interruptingFromThePresentedValue() throws {
        let lines = try samples(["--factory", "presented", "--fps", "4", "--end", "1.5"])
        func opacity(_ t: Double) -> Double? {
            guard let line = lines.first(where: { ($0["t"] as? Double) == t }),
                  let layers = line["layers"] as? [[String: Any]],
                  let fading = layers.first(where: { ($0["path"] as? String) == "stage/fading" }),
                  let props = fading["props"] as? [String: Any] else { return nil }
            return props["opacity"] as? Double ?? 1  // docs/jsonl.md: a default value is left out
        }
        // 0 → 1 over 2 s is at 0.25 when interrupted at 0.5; then 0.25 → 0 over 1 s.
        #expect(opacity(0.25).map { abs($0 - 0.125) < 1e-9 } == true)
        #expect(opacity(0.5).map { abs($0 - 0.25) < 1e-9 } == true)
        #expect(opacity(1.0).map { abs($0 - 0.125) < 1e-9 } == true)
        // After the fade back: the model value, which the interruption set to 0.25 (as the iOS idiom does).
        #expect(opacity(1.5).map { abs($0 - 0.25) < 1e-9 } == true)
    }

    @Test func checkWarnsForAHandledFailureAndStrictFailsIt() throws {
        let normal = try Harness.fxhost(["check", plugin])
        #expect(normal.status == 0, "\(normal.stdout)\(normal.stderr)")
        #expect(normal.stdout.contains("WARN  abi11/probe"))
        #expect(normal.stdout.contains("cornerCurve"))
        #expect(normal.stdout.contains("PASS  abi11/forever"))
        let strict = try Harness.fxhost(["check", "--strict", plugin])
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("FAIL  abi11/probe"))
    }

    /// A plugin compiled against the 1.0 header loads and draws exactly what
    /// the same source compiled against 1.1 draws.
    @Test func aPluginBuiltAgainst10BehavesTheSame() throws {
        let badge = Harness.root + "/Plugins/examples/badge.c"
        let old = dir + "/badge10.so"
        let compiled = try runProcess("/usr/bin/env", ["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-shared", "-fPIC",
                                                     "-I", Harness.fixture("abi-1.0"), badge, "-o", old])
        #expect(compiled.status == 0, "\(compiled.stderr)")
        let new = try Harness.compilePlugin(badge, into: dir, name: "badge11.so")
        let args = ["--sink", "jsonl", "--event", "1.2:tap", "--fps", "20"]
        let a = try Harness.fxhost(["--plugin", old] + args), b = try Harness.fxhost(["--plugin", new] + args)
        #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
        #expect(!a.stdout.isEmpty && a.stdout == b.stdout)
        #expect(try Harness.fxhost(["--plugin", old, "--help"]).stdout.contains("ABI 1.0"))
    }

    /// 1.1 only appends: every 1.0 member of fx_api and of the descriptor
    /// structs sits at the same offset, and the 1.0 table ends where 1.1's
    /// first new member begins.
    @Test func theTableOnlyGrewAtItsEnd() throws {
        let members = ["struct_size", "abi_major", "abi_minor", "last_error", "fail", "log", "stage_size", "now",
                       "layer_create", "layer_set", "layer_get", "layer_set_frame", "layer_add_sublayer",
                       "layer_insert_sublayer", "layer_insert_above", "layer_insert_below", "layer_remove_from_superlayer",
                       "layer_set_mask", "layer_set_timing", "layer_get_timing", "layer_local_time", "animation_create",
                       "animation_set", "animation_set_values", "animation_set_timing_functions", "animation_group_add",
                       "animation_set_callbacks", "animation_release", "layer_add_animation", "layer_remove_animation",
                       "layer_remove_all_animations", "layer_animation_count", "layer_animation_key", "timer_add",
                       "timer_cancel", "event_on", "image_load_png", "image_create_rgba", "image_size", "path_create",
                       "path_move_to", "path_line_to", "path_quad_to", "path_cubic_to", "path_arc", "path_add_rect",
                       "path_add_rounded_rect", "path_add_ellipse", "path_close", "path_release"]
        var program = "#include <stdio.h>\n#include <stddef.h>\n#include \"fx.h\"\nint main(void) {\n"
        for m in members { program += "  printf(\"%zu\\n\", offsetof(fx_api, \(m)));\n" }
        program += "  printf(\"%zu %zu %zu %zu\\n\", sizeof(fx_param), sizeof(fx_factory), sizeof(fx_plugin), sizeof(fx_value));\n"
        program += "#ifdef NEW\n  printf(\"end %zu\\n\", offsetof(fx_api, animation_set_timing_curves));\n#else\n  printf(\"end %zu\\n\", sizeof(fx_api));\n#endif\n  return 0;\n}\n"
        let source = dir + "/layout.c"
        try program.write(toFile: source, atomically: true, encoding: .utf8)
        func run(_ include: String, _ defines: [String]) throws -> String {
            let exe = dir + "/layout\(defines.count)"
            let c = try runProcess("/usr/bin/env", ["cc", "-std=c99", "-I", include] + defines + [source, "-o", exe])
            #expect(c.status == 0, "\(c.stderr)")
            return try runProcess(exe, []).stdout
        }
        let old = try run(Harness.fixture("abi-1.0"), [])
        let new = try run(Harness.header, ["-DNEW"])
        #expect(old.split(separator: "\n").count == members.count + 2)
        #expect(old == new)
    }
}
