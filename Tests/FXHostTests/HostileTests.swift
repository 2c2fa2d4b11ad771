// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// Plugins that misbehave, and input that is wrong: each ends in one clear
/// error line and a non-zero status (or, for bad calls, in warnings and error
/// statuses), the host survives, and no partial output is left behind.
@Suite struct HostileTests {
    let dir: String
    init() throws { dir = try Harness.temporaryFolder() }

    func hostile(_ kase: Int) throws -> String {
        try Harness.compilePlugin(Harness.fixture("hostile.c"), into: dir, name: "hostile\(kase).so",
                                  defines: ["CASE=\(kase)", "_POSIX_C_SOURCE=200809L"])
    }

    @Test(arguments: [
        (1, "crashed (SIGSEGV, a segmentation fault) during the build of factory 'hostile'"),
        (2, "crashed (SIGABRT, abort() was called) during the did-stop callback of the 'opacity' BasicAnimation at t = 0.5"),
        (3, "did not return within the time limit during a timer callback at t = 0.2"),
        (4, "crashed (SIGSEGV, a segmentation fault) during the build of factory 'hostile'"),
        (5, "ended the process with exit(3) during the build of factory 'hostile'"),
        (6, "crashed (SIGSEGV, a segmentation fault) during the loading of 'hostile6.so' (its constructors)"),
        (15, "did not return within the time limit during the build of factory 'hostile'"),
    ])
    func crashesHangsAndExitsAreOneLine(_ kase: Int, _ message: String) throws {
        let p = try hostile(kase)
        let out = dir + "/out\(kase).png"
        let r = try Harness.fxhost(["--plugin", p, "--end", "1", "--timeout", "1", "--out", out])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("fxhost: error: plugin '") && r.stderr.contains(message), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        // No output, and no temporary file left behind.
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".fxhost-") }.isEmpty)
    }

    @Test(arguments: [
        (7, "it declares 1000000000 factories; the limit is 256"), (8, "factory 0 has no name"),
        (9, "it declares 5000 factories; the limit is 256"),
    ])
    func absurdDescriptorsAreRefused(_ kase: Int, _ message: String) throws {
        let r = try Harness.fxhost(["--plugin", try hostile(kase)])
        #expect(r.status == 1 && r.stderr.contains("malformed descriptor: \(message)"), "\(r.stderr)")
    }

    @Test func aSchemaThatLiesFailsWithoutTakingTheHostDown() throws {
        // The build reads a double as a pointer: whatever it does, the host reports it.
        let r = try Harness.fxhost(["--plugin", try hostile(10), "--end", "0.1"])
        #expect(r.status == 1 && r.stderr.hasPrefix("fxhost: error: plugin 'hostile'"), "\(r.stderr)")
    }

    @Test func badValuesGetErrorStatuses() throws {
        let r = try Harness.fxhost(["--plugin", try hostile(11), "--end", "0.2", "--out", dir + "/nan.png"])
        #expect(r.status == 0, "\(r.stderr)")
        for expected in ["opacity NaN -> 4", "opacity +inf -> 4", "zPosition -inf -> 4", "duration NaN -> 4",
                         "duration negative -> 4", "timer NaN -> 4", "timer inf -> 4"] {
            #expect(r.stderr.contains(expected), "\(expected)")
        }
        // Huge but finite values are accepted, and rendering them is survived.
        #expect(r.stderr.contains("position huge -> 0") && r.stderr.contains("bounds huge -> 0"))
        #expect(FileManager.default.fileExists(atPath: dir + "/nan.png"))
    }

    @Test func limitsHold() throws {
        let r = try Harness.fxhost(["--plugin", try hostile(12), "--time", "0", "--sink", "jsonl", "--out", dir + "/l.jsonl"])
        #expect(r.status == 0, "\(r.stderr)")
        for expected in ["image 100000x100000 -> 7", "image -1x5 -> 7", "200000 layers -> 7", "4e9 numbers -> 7"] {
            #expect(r.stderr.contains(expected), "\(expected)")
        }
        let storm = try Harness.fxhost(["--plugin", try hostile(14), "--time", "0", "--sink", "jsonl", "--out", dir + "/s.jsonl"])
        #expect(storm.stderr.contains("2000000 animations -> 7") && storm.stderr.contains("10000 animations; that is the limit"))
    }

    @Test func theTableRefusesOtherThreads() throws {
        let r = try Harness.fxhost(["--plugin", try hostile(13), "--time", "0"])
        #expect(r.stderr.contains("layer_create from another thread -> 8"), "\(r.stderr)")
    }

    @Test func checkReportsEachPluginAndGoesOn() throws {
        let good = try Harness.compilePlugin(Harness.root + "/Plugins/examples/badge.c", into: dir)
        let crash = try hostile(1), hang = try hostile(15), malformed = try hostile(8)
        let r = try Harness.fxhost(["check", crash, good, hang, malformed, "--timeout", "1"])
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(r.stdout)")
        #expect(lines[0].hasPrefix("FAIL  hostile/hostile") && lines[0].contains("crashed (SIGSEGV"))
        #expect(lines[1].hasPrefix("PASS  badge/badge"))
        #expect(lines[2].hasPrefix("FAIL  hostile/hostile") && lines[2].contains("did not return within the time limit"))
        #expect(lines[3].hasPrefix("FAIL  hostile8.so") && lines[3].contains("factory 0 has no name"))
        #expect(lines[4] == "1 passed, 3 failed")
    }

    @Test func noIsolateRunsInProcess() throws {
        let r = try Harness.fxhost(["--plugin", try hostile(11), "--time", "0", "--no-isolate"])
        #expect(r.status == 0 && r.stderr.contains("opacity NaN -> 4"))
    }
}

/// Wrong input from the command line: a clear error, status 2, nothing overwritten.
@Suite struct HostileInputTests {
    let dir: String
    init() throws { dir = try Harness.temporaryFolder() }

    @Test(arguments: ["empty", "truncated", "text", "huge"])
    func badImagesForFade(_ kind: String) throws {
        let path = dir + "/\(kind).png"
        switch kind {
        case "empty": try Data().write(to: URL(fileURLWithPath: path))
        case "truncated":
            // A real PNG cut in half.
            let png = dir + "/real.png"
            #expect(try Harness.fxhost(["--plugin", "cube", "--time", "0", "--out", png]).status == 0)
            let data = try Data(contentsOf: URL(fileURLWithPath: png))
            try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        case "text": try "not an image at all".write(toFile: path, atomically: true, encoding: .utf8)
        default:
            // A valid header claiming 100000 × 100000 pixels.
            var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            bytes += [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0, 8, 6, 0, 0, 0, 0, 0, 0, 0]
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }
        let out = dir + "/fade-\(kind).png"
        let r = try Harness.fxhost(["--plugin", "fade", "--from", path, "--out", out])
        #expect(r.status != 0)
        #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(path), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func invalidUTF8() throws {
        // Foundation cannot pass invalid UTF-8 as an argument; a shell can.
        let r = try runProcess("/bin/sh", ["-c", "exec \"$0\" --plugin cube --text \"$(printf 'Par\\377is')\"", Harness.fxhost])
        #expect(r.status == 2 && r.stderr.contains("is not valid UTF-8"), "\(r.stderr)")
    }

    @Test func badNumbers() throws {
        for args in [["--fps", "nan"], ["--fps", "1e400"], ["--size", "99999999x2"], ["--end", "-1"], ["--duration", "abc"],
                     ["--duration", "1e309"], ["--font-size", "-3"], ["--scale", "0"]] {
            let r = try Harness.fxhost(["--plugin", "cube"] + args)
            #expect(r.status == 2 && r.stderr.hasPrefix("fxhost: error: "), "\(args): \(r.stderr)")
        }
    }

    @Test func anOutputIsNeverAnInput() throws {
        let image = dir + "/sky.png"
        #expect(try Harness.fxhost(["--plugin", "cube", "--time", "0", "--out", image]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: image))
        let r = try Harness.fxhost(["--plugin", "fade", "--from", image, "--out", image])
        #expect(r.status == 2 && r.stderr.contains("is also an input"), "\(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: image)) == before)
    }

    @Test func unknownOutputFormats() throws {
        let r = try Harness.fxhost(["--plugin", "cube", "--out", dir + "/movie.avi"])
        #expect(r.status == 2 && r.stderr.contains("does not write '.avi' files"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/movie.avi"))
        // A name without an extension is a text trace.
        #expect(try Harness.fxhost(["--plugin", "cube", "--time", "0", "--out", dir + "/trace"]).status == 0)
        #expect(try String(contentsOfFile: dir + "/trace", encoding: .utf8).hasPrefix("t = 0.000"))
    }

    @Test func tooManyFramesOrPixels() throws {
        let frames = try Harness.fxhost(["--plugin", "cube", "--fps", "1000", "--end", "3600", "--sink", "jsonl"])
        #expect(frames.status == 2 && frames.stderr.contains("more than 100000 frames"), "\(frames.stderr)")
        let pixels = try Harness.fxhost(["--plugin", "cube", "--size", "16000x16000", "--scale", "2", "--out", dir + "/big.png"])
        #expect(pixels.status == 2 && pixels.stderr.contains("the limit is"), "\(pixels.stderr)")
    }
}
