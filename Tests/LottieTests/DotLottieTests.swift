// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import XCTest

/// .lottie (dotLottie) archives through the real fxhost: archives written at
/// test time by Python's zipfile (an independent ZIP writer) from the
/// project's own Lottie files play frame for frame as the plain files do, the
/// manifest chooses what plays, and damaged archives are refused in one line.
final class DotLottieTests: XCTestCase {
    var dir = ""
    override func setUpWithError() throws { dir = try TestSupport.temporaryFolder() }

    /// A .lottie archive of fixtures, made by Fixtures/make-dotlottie.py with `options`.
    func archive(_ name: String, _ fixtures: [String], _ options: [String] = []) throws -> String {
        let out = dir + "/" + name
        let r = try runProcess("/usr/bin/env", ["python3", Lottie.fixture("make-dotlottie.py"), out] + fixtures.map(Lottie.fixture) + options)
        guard r.status == 0 else { throw Lottie.Failure("make-dotlottie.py: \(r.stderr)") }
        return out
    }

    func assertSameFrames(_ a: [Lottie.Picture], _ b: [Lottie.Picture], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.count, b.count, what, file: file, line: line)
        XCTAssertGreaterThan(a.count, 1, what, file: file, line: line)
        for (k, (x, y)) in zip(a, b).enumerated() {
            XCTAssertEqual(x.width, y.width, "\(what) frame \(k)", file: file, line: line)
            XCTAssert(x.rgb == y.rgb, "\(what): frame \(k) differs from the plain file's", file: file, line: line)
        }
    }

    func testAnArchivePlaysAsItsJSONDoes() throws {
        // Version 2 (a/ID.json), deflated; version 1 (animations/ID.json), stored.
        for (fixture, options) in [("shapes.json", [String]()), ("precomp.json", []), ("gradient.json", ["--v1", "--stored"])] {
            let plain = try Lottie.fxhostFrames(Lottie.fixture(fixture), fps: 10)
            let packed = try Lottie.fxhostFrames(try archive(fixture + ".lottie", [fixture], options), fps: 10)
            assertSameFrames(packed, plain, "\(fixture) \(options)")
        }
    }

    func testImagesInAnArchivePlayAsThoseBesideTheFile() throws {
        // image.json's first image is images/quads.png beside it: in the archive it is i/quads.png
        // (version 2) or images/quads.png (version 1); the others are embedded.
        let plain = try Lottie.fxhostFrames(Lottie.fixture("image.json"), fps: 10, extra: ["--range", "0:2"])
        for options in [[String](), ["--v1"]] {
            let packed = try archive("image.lottie", ["image.json"], options + ["--image", Lottie.fixture("images/quads.png")])
            assertSameFrames(try Lottie.fxhostFrames(packed, fps: 10, extra: ["--range", "0:2"]), plain, "image.json \(options)")
        }
        try assertRefused(try archive("no-image.lottie", ["image.json"]),
                          ["(a/image.json)", "$.assets[0].p", "the image 'images/quads.png' is not in the archive"])
    }

    func testTheManifestChoosesTheAnimation() throws {
        // Three frames of each is enough to tell two animations apart.
        func frames(_ file: String, _ extra: [String] = []) throws -> [Lottie.Picture] {
            try Lottie.fxhostFrames(file, fps: 10, extra: ["--range", "0:2"] + extra)
        }
        let shapes = try frames(Lottie.fixture("shapes.json")), hold = try frames(Lottie.fixture("hold.json"))
        XCTAssert(shapes[0].rgb != hold[0].rgb || shapes[0].width != hold[0].width, "the two fixtures differ")
        let both = ["shapes.json", "hold.json"]
        assertSameFrames(try frames(try archive("first.lottie", both)), shapes, "no initial animation: the first listed")
        assertSameFrames(try frames(try archive("v2.lottie", both, ["--initial", "hold"])), hold, "version 2's initial.animation")
        assertSameFrames(try frames(try archive("v1.lottie", both, ["--v1", "--initial", "hold"])), hold, "version 1's activeAnimationId")
        assertSameFrames(try frames(try archive("chosen.lottie", both, ["--initial", "hold"]), ["--animation", "shapes"]), shapes, "--animation")
    }

    /// Runs fxhost on `file` and checks the refusal: status 2, one line naming the file, each of `expected`, no output.
    func assertRefused(_ file: String, _ expected: [String], extra: [String] = [], line: UInt = #line) throws {
        let r = try Lottie.run(["--file", file, "--time", "0"] + extra)
        XCTAssertEqual(r.status, 2, r.stderr, line: line)
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr, line: line)
        XCTAssert(r.stderr.contains(file), "names the file: \(r.stderr)", line: line)
        for e in expected { XCTAssert(r.stderr.contains(e), "'\(e)' in \(r.stderr)", line: line) }
        XCTAssert(r.stdout.isEmpty, line: line)
    }

    func testDamagedArchivesAreRefusedInOneLine() throws {
        let good = try archive("good.lottie", ["shapes.json"])
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: good)))
        func write(_ name: String, _ b: [UInt8]) throws -> String {
            try Data(b).write(to: URL(fileURLWithPath: dir + "/" + name))
            return dir + "/" + name
        }
        // Cut short: the end of central directory record is gone.
        try assertRefused(try write("cut.lottie", Array(bytes.prefix(bytes.count / 2))), ["the zip archive", "no end of central directory record"])
        // The animation's deflated data damaged (its bytes inverted in the middle of the entry).
        let entry = try XCTUnwrap(find(Array("a/shapes.json".utf8), in: bytes)) + 13 + 20
        var damaged = bytes
        for k in entry..<(entry + 40) { damaged[k] ^= 0xFF }
        try assertRefused(try write("damaged.lottie", damaged), ["a/shapes.json", "damaged"])
        // A stored (uncompressed) entry with one byte changed: only its CRC-32 tells.
        var stored = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try archive("stored.lottie", ["shapes.json"], ["--stored"]))))
        let text = try XCTUnwrap(find(Array("a/shapes.json".utf8), in: stored)) + 13
        XCTAssertEqual(stored[text], UInt8(ascii: "{"), "the entry's text follows its name")
        stored[text + 200] ^= 0x01
        try assertRefused(try write("crc.lottie", stored), ["a/shapes.json", "its CRC-32 does not match"])
        // The central directory pointing past the end of the file.
        var outside = bytes
        let end = bytes.count - 22
        outside[end + 16] = 0xF0; outside[end + 17] = 0xFF; outside[end + 18] = 0xFF; outside[end + 19] = 0x7F
        try assertRefused(try write("outside.lottie", outside), ["the central directory lies outside the file"])
        // An animation that is not JSON: the message names the entry and where.
        let notJSON = dir + "/broken.json"
        try #"{"v":"5","fr":10,"#.write(toFile: notJSON, atomically: true, encoding: .utf8)
        let r = try runProcess("/usr/bin/env", ["python3", Lottie.fixture("make-dotlottie.py"), dir + "/broken.lottie", notJSON])
        XCTAssertEqual(r.status, 0, r.stderr)
        try assertRefused(dir + "/broken.lottie", ["(a/broken.json): line 1, column 18", "the text ends inside an object"])
        // No manifest; a manifest listing an animation the archive lacks; an unknown --animation; bzip2 entries.
        try assertRefused(try zipOf("nomanifest.lottie", ["a/x.json": "{}"]), ["no manifest.json"])
        try assertRefused(try zipOf("missing.lottie", ["manifest.json": #"{"version":"2","animations":[{"id":"gone"}]}"#]),
                          ["the manifest lists 'gone', but neither a/gone.json nor animations/gone.json is in the archive"])
        try assertRefused(try zipOf("types.lottie", ["manifest.json": #"{"version":"2","animations":{"id":"x"}}"#]),
                          ["manifest.json $.animations", "expected an array, found an object"])
        try assertRefused(good, ["no animation with the id 'other' (the archive has 'shapes')"], extra: ["--animation", "other"])
        try assertRefused(try zipOf("bzip2.lottie", ["manifest.json": #"{"animations":[{"id":"x"}]}"#], method: "ZIP_BZIP2"),
                          ["manifest.json", "compression method 12"])
        // --animation belongs to archives.
        try assertRefused(Lottie.fixture("shapes.json"), ["--animation chooses an animation of a .lottie archive"], extra: ["--animation", "x"])
    }

    func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { Array(haystack[$0..<($0 + needle.count)]) == needle }
    }

    /// A zip of the given entries, written by Python's zipfile with `method`.
    func zipOf(_ name: String, _ entries: [String: String], method: String = "ZIP_DEFLATED") throws -> String {
        let out = dir + "/" + name
        let script = "import sys, zipfile, json\nwith zipfile.ZipFile(sys.argv[1], 'w', zipfile.\(method)) as z:\n"
            + "    for k, v in json.loads(sys.argv[2]).items(): z.writestr(k, v)\n"
        let json = String(decoding: try JSONSerialization.data(withJSONObject: entries), as: UTF8.self)
        let r = try runProcess("/usr/bin/env", ["python3", "-c", script, out, json])
        guard r.status == 0 else { throw Lottie.Failure("python3 zipfile: \(r.stderr)") }
        return out
    }
}
