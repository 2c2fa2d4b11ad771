// SPDX-License-Identifier: MIT
import CFX
import Foundation
import TestSupport
import Testing

/// fxhost run as a user runs it, on plugins compiled as a third party compiles them.
@Suite struct CommandLineTests {
    let dir: String
    let probe: String

    init() throws {
        dir = try Harness.temporaryFolder()
        probe = try Harness.compilePlugin(Harness.fixture("probe.c"), into: dir)
    }

    @Test func argumentsReachTheBuildFunctionWithTheirCTypes() throws {
        let file = dir + "/input.txt"
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
        let r = try Harness.fxhost(["--plugin", probe, "--factory", "args", "--text", "héllo wörld", "--number", "2.25",
                                    "--whole", "-5", "--flag", "--color", "#ff000080", "--file", file, "--side", "left",
                                    "--time", "0"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("args text=héllo wörld number=2.25 whole=-5 flag=1 color=1.000,0.000,0.000,0.502 file=\(file) choice=0"))
        let defaults = try Harness.fxhost(["--plugin", probe, "--factory", "args", "--time", "0"])
        #expect(defaults.stderr.contains("args text=hello number=0.5 whole=3 flag=0 color=0.200,0.400,0.600,1.000 file= choice=1"))
        let inline = try Harness.fxhost(["--plugin", probe, "--factory", "args", "--number=7", "--flag=no", "--time", "0"])
        #expect(inline.stderr.contains("number=7 whole=3 flag=0"))
    }

    @Test func badCallsGetStatusesAndAreReportedWithThePluginsName() throws {
        let r = try Harness.fxhost(["--plugin", probe, "--factory", "errors", "--time", "0"])
        #expect(r.status == 0)
        for expected in ["forged handle -> 1", "stale handle -> 1", "unknown key path -> 2", "wrong type -> 3",
                         "nan -> 4", "wrong kind -> 2", "null value -> 5", "cycle -> 4", "unknown field -> 5", "ok -> 0"] {
            #expect(r.stderr.contains("probe: \(expected)"), "\(expected)\n\(r.stderr)")
        }
        #expect(r.stderr.contains("last error ->layer_set: key path 'strokeEnd' does not apply to a Layer"))
        #expect(r.stderr.contains("fxhost: warning: plugin 'probe': the build of factory 'errors': layer_set: unknown key path 'positon'"))
        #expect(r.stderr.contains("was never issued"))
        #expect(r.stderr.contains("is stale"))
    }

    @Test func callbacksTimersAndEventsFireAtTheirTimes() throws {
        let r = try Harness.fxhost(["--plugin", probe, "--factory", "motion", "--event", "1:tap", "--sink", "jsonl"])
        #expect(r.status == 0, "\(r.stderr)")
        let log = r.stderr.split(separator: "\n").map(String.init)
        #expect(log == ["fxhost: probe: timer at 0.1", "fxhost: probe: did-start at 0.3",
                        "fxhost: probe: did-stop finished=1 at 0.8", "fxhost: probe: event tap at 1"])
        // The pulse added by did-stop is at 1.25 exactly at 0.8.
        let at08 = try Harness.fxhost(["--plugin", probe, "--factory", "motion", "--time", "0.8", "--sink", "jsonl"])
        let layers = try jsonObject(at08.stdout.split(separator: "\n")[0])["layers"] as! [[String: Any]]
        let mover = layers.first { $0["path"] as? String == "stage/mover" }!
        let transform = (mover["props"] as! [String: Any])["transform"] as! [Double]
        #expect(abs(transform[0] - 1.25) < 1e-12 && abs(transform[5] - 1.25) < 1e-12)
        #expect(mover["animated"] as! [String] == ["transform"])
    }

    @Test func removingByKeyReportsUnfinished() throws {
        let r = try Harness.fxhost(["--plugin", probe, "--factory", "keys", "--event", "1:focus", "--end", "1"])
        #expect(r.status == 0, "\(r.stderr)")
        for expected in ["keys before: 2", "first key infoappear0", "infoappear stopped finished=0",
                         "fadein stopped finished=0", "keys after: 0"] {
            #expect(r.stderr.contains(expected), "\(expected)\n\(r.stderr)")
        }
    }

    @Test func aFailingBuildIsThePluginsFault() throws {
        let r = try Harness.fxhost(["--plugin", probe, "--factory", "fail"])
        #expect(r.status == 1)
        #expect(r.stderr == "fxhost: error: plugin 'probe': the build of factory 'fail' failed: the probe was asked to fail\n")
        #expect(r.stdout.isEmpty)
    }

    @Test func outputIsByteForByteDeterministic() throws {
        let a = try Harness.fxhost(["--plugin", probe, "--factory", "motion", "--sink", "jsonl", "--event", "1:tap"])
        let b = try Harness.fxhost(["--plugin", probe, "--factory", "motion", "--sink", "jsonl", "--event", "1:tap"])
        #expect(a.stdout == b.stdout && !a.stdout.isEmpty)
        let t1 = try Harness.fxhost(["--plugin", probe, "--factory", "motion"])
        let t2 = try Harness.fxhost(["--plugin", probe, "--factory", "motion"])
        #expect(t1.stdout == t2.stdout)
        // 30 fps from 0 to the end of the pulse (0.8 + 0.25 = 1.05): 32 frames up to 31/30, then one exactly at the end.
        let lines = a.stdout.split(separator: "\n")
        #expect(lines.count == 33)
        #expect(try jsonObject(lines.last!)["t"] as! Double == 1.05)
    }

    @Test func theTraceIsAlignedAndNamesLayersByPath() throws {
        let r = try Harness.fxhost(["--plugin", probe, "--factory", "motion", "--time", "0.55"])
        #expect(r.status == 0)
        #expect(r.stdout == """
        t = 0.550
          stage
          stage/mover  position  (100.000, 35.000)

        """)
    }

    @Test func outFileIsWrittenWholeOrNotAtAll() throws {
        let out = dir + "/run.jsonl"
        let ok = try Harness.fxhost(["--plugin", probe, "--factory", "motion", "--out", out])
        #expect(ok.status == 0 && ok.stdout.isEmpty)
        let good = try String(contentsOfFile: out, encoding: .utf8)
        #expect(good.hasPrefix("{\"t\":0,"))  // .jsonl picked the jsonl sink
        // A failing run leaves the good file alone and no temporary behind.
        let bad = try Harness.fxhost(["--plugin", probe, "--factory", "fail", "--out", out])
        #expect(bad.status == 1)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == good)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".fxhost-") }.isEmpty)
        let nowhere = try Harness.fxhost(["--plugin", probe, "--factory", "motion", "--out", dir + "/missing/x.txt"])
        #expect(nowhere.status == 2)
        #expect(nowhere.stderr.contains("cannot write '\(dir)/missing/x.txt'"))
    }

    @Test func pluginsAreFoundByName() throws {
        let env = ["FX_PLUGIN_PATH": dir]
        for name in ["probe", "probe.so"] {
            let r = try Harness.fxhost(["--plugin", name, "--factory", "args", "--time", "0"], environment: env)
            #expect(r.status == 0, "\(name): \(r.stderr)")
        }
        let lib = try Harness.compilePlugin(Harness.fixture("probe.c"), into: dir, name: "libzed.so")
        #expect(try Harness.fxhost(["--plugin", "zed", "--factory", "args", "--time", "0"], environment: env).status == 0)
        _ = lib
        let missing = try Harness.fxhost(["--plugin", "nosuch"], environment: env)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no plugin named 'nosuch'") && missing.stderr.contains(dir))
    }

    /// The header is documentation and ABI at once: it must compile cleanly as C99 and as C++.
    @Test func theHeaderCompilesAsC99AndCxx() throws {
        let source = dir + "/use.c"
        try """
        #include "fx.h"
        int main(void) {
            fx_api api;
            fx_value v = fx_rect_value(1, 2, 3, 4);
            fx_transform t = fx_transform_concat(fx_transform_scale(1, 0.1, 1), fx_transform_translation(0, 5, 0));
            api.struct_size = (uint32_t)sizeof api;
            api.log = 0;
            return (FX_API_HAS(&api, log) ? 1 : 0) + (int)v.u.rect.x + (int)t.m[13] - 6;
        }
        """.write(toFile: source, atomically: true, encoding: .utf8)
        let cxx = dir + "/use.cpp"
        try FileManager.default.copyItem(atPath: source, toPath: cxx)
        for (compiler, std, file) in [("cc", "-std=c99", source), ("c++", "-std=c++11", cxx)] {
            let r = try runProcess("/usr/bin/env", [compiler, std, "-Wall", "-Wextra", "-Werror", "-pedantic",
                                                    "-I", Harness.header, file, "-o", dir + "/use-" + compiler])
            #expect(r.status == 0, "\(compiler): \(r.stderr)")
            #expect(try runProcess(dir + "/use-" + compiler, []).status == 0)
        }
        // The cflags fxhost prints find it too.
        let flags = try Harness.fxhost(["--cflags"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(flags.hasPrefix("-I") && FileManager.default.fileExists(atPath: String(flags.dropFirst(2)) + "/fx.h"))
    }

    /// A reader that stops early (`| head`) ends the run quietly, not as a "crash".
    @Test func aClosedPipeIsNotACrash() throws {
        // Several plugins, each described by its own child: the later ones write after `head` has gone.
        for n in ["a", "b", "c", "d"] { _ = try Harness.compilePlugin(Harness.fixture("probe.c"), into: dir, name: "probe-\(n).so") }
        let r = try runProcess("/bin/sh", ["-c", "\"$0\" --list | head -1", Harness.fxhost],
                               environment: ["FX_PLUGIN_PATH": dir])
        #expect(r.stdout.hasPrefix("probe 0.1"))
        #expect(r.stderr.isEmpty, "\(r.stderr)")
    }

    @Test func listAndHelp() throws {
        let list = try Harness.fxhost(["--list"], environment: ["FX_PLUGIN_PATH": dir])
        #expect(list.stdout.contains("probe 0.1 — a test plugin"))
        #expect(list.stdout.contains("factory motion: flies a layer in"))
        #expect(list.stdout.contains("--delay"))
        // --plugin picks the one plugin to list, wherever FX_PLUGIN_PATH points.
        try FileManager.default.createDirectory(atPath: dir + "/alone", withIntermediateDirectories: true)
        let other = try Harness.compilePlugin(Harness.fixture("golden.c"), into: dir + "/alone")
        let one = try Harness.fxhost(["--plugin", other, "--list"], environment: ["FX_PLUGIN_PATH": dir])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout.hasPrefix("golden 1.0.0") && !one.stdout.contains("probe 0.1"), "\(one.stdout)")
        let missing = try Harness.fxhost(["--plugin", dir + "/nothing-here.so", "--list"])
        #expect(missing.status != 0 && missing.stderr.hasPrefix("fxhost: error: ") && missing.stdout.isEmpty)
        let help = try Harness.fxhost(["--plugin", probe, "--factory", "args", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("  --number  a number from 0 to 10, default '0.5'\n            a number\n"))
        #expect(help.stdout.contains("  --side    one of left, right, default 'right'"))
        #expect(help.stdout.contains("  --whole   a whole number of at least -5, default '3'"))
        #expect(help.stdout.contains("  --flag    true or false, default 'false'"))
        let usage = try Harness.fxhost(["--help"])
        #expect(usage.stdout.contains("--plugin NAME") && usage.status == 0)
        #expect(try Harness.fxhost(["--version"]).stdout.hasPrefix("fxhost "))
    }
}

/// Every error of the issue: one line on stderr naming what was wrong, a non-zero exit, never a crash.
@Suite struct ErrorTests {
    let dir: String
    let probe: String

    init() throws {
        dir = try Harness.temporaryFolder()
        probe = try Harness.compilePlugin(Harness.fixture("probe.c"), into: dir)
    }

    func expectError(_ args: [String], status: Int32, _ fragments: [String]) throws {
        let r = try Harness.fxhost(args)
        #expect(r.status == status, "\(args): \(r.stderr)")
        #expect(r.stderr.hasPrefix("fxhost: error: "), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "one line: \(r.stderr)")
        for f in fragments { #expect(r.stderr.contains(f), "'\(f)' in \(r.stderr)") }
        #expect(r.stdout.isEmpty)
    }

    /// `--key-paths [KIND]`: each key path with its type, default and whether Core Animation
    /// animates it. The defaults checked are Core Animation's documented ones (opacity 1,
    /// anchorPoint (0.5, 0.5), fontSize 36, lineCap butt, emitterShape point, a cell's scale 1);
    /// lineCap and emitterShape have no "Animatable" on their pages. docs/KEYPATHS.md is the output.
    @Test func keyPathsAreListed() throws {
        let all = try Harness.fxhost(["--key-paths"])
        #expect(all.status == 0 && all.stderr.isEmpty)
        let rows = all.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        func row(_ kp: String) -> [String]? { rows.first { $0.first == kp } }
        #expect(row("opacity")?.prefix(4) == ["opacity", "number", "1.000", "yes"])
        #expect(row("anchorPoint")?.prefix(5) == ["anchorPoint", "point", "(0.500,", "0.500)", "yes"])
        #expect(row("fontSize")?.prefix(4) == ["fontSize", "number", "36.000", "yes"])
        #expect(row("lineCap")?.prefix(4) == ["lineCap", "string", "\"butt\"", "no"])
        #expect(row("emitterShape")?.prefix(4) == ["emitterShape", "string", "\"point\"", "no"])
        #expect(row("emitterCells.NAME.scale")?.prefix(4) == ["emitterCells.NAME.scale", "number", "1.000", "yes"])
        #expect(row("transform.rotation.z")?.prefix(3) == ["transform.rotation.z", "number", "0.000"])
        let emitter = try Harness.fxhost(["--key-paths", "emitter"]).stdout
        #expect(emitter.contains("emitterCells.NAME.birthRate") && emitter.contains("\nopacity ") && !emitter.contains("fontSize"))
        let text = try Harness.fxhost(["--key-paths", "text"]).stdout
        #expect(text.contains("\nfontSize ") && !text.contains("emitterShape"))
        let doc = try String(contentsOfFile: Harness.root + "/docs/KEYPATHS.md", encoding: .utf8)
        #expect(doc.contains("```\n" + all.stdout + "```"), "docs/KEYPATHS.md is not the output of fxhost --key-paths")
        try expectError(["--key-paths", "button"], status: 2, ["'button' is not a layer kind", "emitter"])
    }

    @Test func badMediaTime() throws {
        try expectError(["--plugin", probe, "--media-time", "-1"], status: 2, ["--media-time: '-1' is not a time in seconds"])
        try expectError(["--plugin", probe, "--media-time", "soon"], status: 2, ["--media-time: 'soon'"])
    }

    @Test func missingFile() throws {
        try expectError(["--plugin", dir + "/nope.so"], status: 2, ["'\(dir)/nope.so' does not exist"])
    }

    @Test func notASharedObject() throws {
        let fake = dir + "/fake.so"
        try "this is text".write(toFile: fake, atomically: true, encoding: .utf8)
        try expectError(["--plugin", fake], status: 1, ["cannot load plugin '\(fake)'", "fake.so", "shared object"])
    }

    @Test func noEntrySymbol() throws {
        let p = try Harness.compilePlugin(Harness.fixture("noentry.c"), into: dir)
        try expectError(["--plugin", p], status: 1, ["has no entry symbol 'fx_plugin_entry'", "noentry.so"])
    }

    @Test func majorMismatchNamesBothVersionsAndTheFile() throws {
        let p = try Harness.compilePlugin(Harness.fixture("probe.c"), into: dir, name: "future.so", defines: ["PROBE_MAJOR=2"])
        // The probe names the header's minor beside its major; the host speaks the same header's.
        try expectError(["--plugin", p], status: 1, ["future.so", "ABI 2.\(FX_ABI_MINOR)", "ABI 1.\(FX_ABI_MINOR)", "rebuild"])
    }

    @Test func aNewerMinorWithALargerDescriptorLoads() throws {
        let p = try Harness.compilePlugin(Harness.fixture("broken.c"), into: dir, name: "minor.so", defines: ["CASE=7"])
        let r = try Harness.fxhost(["--plugin", p, "--time", "0"])
        #expect(r.status == 0, "\(r.stderr)")
        let help = try Harness.fxhost(["--plugin", p, "--help"])
        #expect(help.stdout.contains("built for ABI 1.9"))
        // An older minor (the probe says 1.0) loads too.
        let old = try Harness.compilePlugin(Harness.fixture("probe.c"), into: dir, name: "old.so", defines: ["PROBE_MINOR=0"])
        #expect(try Harness.fxhost(["--plugin", old, "--factory", "args", "--time", "0"]).status == 0)
    }

    @Test(arguments: [
        (1, "the plugin has no name"), (2, "two factories are named 'one'"),
        (3, "parameter 'speed' has unknown type 42"), (4, "entry function returned NULL"),
        (5, "struct_size is 8"), (6, "its own default for 'speed' is not valid"),
    ])
    func malformedDescriptors(_ kase: Int, _ fragment: String) throws {
        let p = try Harness.compilePlugin(Harness.fixture("broken.c"), into: dir, name: "broken\(kase).so", defines: ["CASE=\(kase)"])
        try expectError(["--plugin", p], status: 1, [fragment, "broken\(kase).so"])
    }

    @Test func unknownFactory() throws {
        try expectError(["--plugin", probe, "--factory", "nope"], status: 2,
                        ["has no factory 'nope'", "args, errors, motion, fail, keys"])
    }

    @Test func unknownParameter() throws {
        try expectError(["--plugin", probe, "--factory", "args", "--speed", "2"], status: 2,
                        ["unknown option '--speed' for factory 'args'", "--number"])
    }

    @Test func wrongTypesAndRanges() throws {
        let cases: [([String], [String])] = [
            (["--number", "abc"], ["--number: 'abc' is not a number", "a number from 0 to 10"]),
            (["--number", "11"], ["--number: 11 is above the maximum 10"]),
            (["--number", "nan"], ["not a finite number"]),
            (["--whole", "2.5"], ["--whole: '2.5' is not a whole number"]),
            (["--whole", "-6"], ["below the minimum -5"]),
            (["--whole", "99999999999"], ["does not fit in 32 bits"]),
            (["--flag", "maybe"], ["--flag: 'maybe' is not true or false"]),
            (["--color", "#12345"], ["--color: '#12345' is not a colour"]),
            (["--side", "up"], ["--side: 'up' is not a choice", "one of left, right"]),
            (["--file", "/no/such/file"], ["--file: '/no/such/file' does not exist"]),
            (["--number"], ["--number needs a value"]),
        ]
        for (args, fragments) in cases {
            try expectError(["--plugin", probe, "--factory", "args"] + args, status: 2, fragments)
        }
    }

    @Test func hostOptions() throws {
        let cases: [([String], String)] = [
            (["--size", "0x10"], "--size: '0x10' is not WIDTHxHEIGHT"),
            (["--size", "100"], "--size: '100' is not WIDTHxHEIGHT"),
            (["--fps", "-1"], "--fps: '-1'"),
            (["--time", "soon"], "--time: 'soon' is not a time"),
            (["--event", "tap"], "--event: 'tap' is not TIME:NAME"),
            (["--sink", "xml"], "--sink: 'xml' is not a sink"),
            (["stray"], "unexpected argument 'stray'"),
            (["--event", "1:poke"], "handles no event 'poke' (it handles: tap)"),
        ]
        for (args, fragment) in cases {
            try expectError(["--plugin", probe, "--factory", "motion"] + args, status: 2, [fragment])
        }
        try expectError([], status: 2, ["no plugin given"])
    }
}
