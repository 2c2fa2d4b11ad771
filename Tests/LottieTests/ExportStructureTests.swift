// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import XCTest

/// The Lottie export's parenting and shadows, through the real fxhost on the
/// scenes of Fixtures/export-scenes.c, against the Core Animation rule and the
/// Lottie format (not against fxhost's own drawing).
final class ExportStructureTests: XCTestCase {
    var dir = ""
    override func setUpWithError() throws { dir = try TestSupport.temporaryFolder() }

    /// The fixture compiled with cc against fx.h.
    func scenes() throws -> String {
        let so = dir + "/export-scenes.so"
        let cc = try runProcess("/usr/bin/env", ["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC", "-I",
                                                 ExportTests.root + "/Sources/CFX/include", Lottie.fixture("export-scenes.c"), "-o", so])
        guard cc.status == 0 else { throw Lottie.Failure("cc export-scenes.c: \(cc.stderr)") }
        return so
    }

    /// The scene exported over 1 s at 10 fps on a 100×100 stage: the document, and fxhost's warnings.
    func export(_ factory: String, extra: [String] = []) throws -> (path: String, json: [String: Any], stderr: String) {
        let path = dir + "/\(factory).json"
        let r = try ExportTests.run(["--plugin", try scenes(), "--factory", factory, "--size", "100x100", "--end", "1", "--fps", "10",
                                     "--format", "lottie", "--out", path] + extra)
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
        return (path, json, r.stderr)
    }

    static func layers(_ json: [String: Any]) -> [[String: Any]] { json["layers"] as! [[String: Any]] }

    /// P moves its position.x from 40 to 60 and turns from 0 to 90° over 1 s; its child C (frame 0, 0,
    /// 20×20 in P's 40×40 bounds) is static. The export is a null layer for P holding P's animation,
    /// and C's layer parented to it with a static transform: C's anchor (its centre, (10, 10)) at
    /// (10, 10) in P's space, unturned. Drawn by rlottie, C's centre is where Core Animation puts it:
    /// P's position plus R(θ)·((10, 10) − P's anchor (20, 20)), θ = 90° · t.
    func testAnAnimatedParentCarriesItsStaticChild() throws {
        let (path, json, stderr) = try export("nested")
        XCTAssertFalse(stderr.contains("lottie:"), stderr)
        let layers = Self.layers(json)
        let parent = try XCTUnwrap(layers.first { $0["ty"] as? Int == 3 }, "a null layer for P: \(layers.map { $0["nm"] ?? "" })")
        XCTAssert((parent["nm"] as? String)?.hasSuffix("/P") ?? false, "\(parent["nm"] ?? "")")
        let child = try XCTUnwrap(layers.first { $0["ty"] as? Int == 4 })
        XCTAssertEqual(child["parent"] as? Int, parent["ind"] as? Int)
        let ks = child["ks"] as! [String: Any], pks = parent["ks"] as! [String: Any]
        for key in ["p", "r", "s", "a"] {
            XCTAssertEqual((ks[key] as! [String: Any])["a"] as? Int, 0, "the child's \(key) is static")
        }
        XCTAssertEqual((ks["p"] as! [String: Any])["k"] as? [Double], [10, 10])
        XCTAssertEqual((ks["r"] as! [String: Any])["k"] as? Double, 0)
        // P's own animation: two linear keyframes (frames 0 and 10) of its position and of its rotation.
        let position = (pks["p"] as! [String: Any])["k"] as! [[String: Any]]
        XCTAssertEqual(position.map { $0["t"] as! Double }, [0, 10])
        XCTAssertEqual(position.map { $0["s"] as! [Double] }, [[40, 40], [60, 40]])
        let rotation = (pks["r"] as! [String: Any])["k"] as! [[String: Any]]
        XCTAssertEqual(rotation.map { $0["s"] as! [Double] }, [[0], [90]])

        try XCTSkipIf(TestSupport.isSanitizerPass, "rlottie's drawing is checked in the ordinary pass")
        let frames = [0, 5, 10]
        let drawn = try Lottie.rlottieFrames(path, width: 100, height: 100, frames: frames)
        for (k, f) in frames.enumerated() {
            let t = Double(f) / 10, theta = Double.pi / 2 * t
            let px = 40 + 20 * t, py = 40.0
            // (−10, −10) turned by θ (y down: clockwise on screen).
            let cx = px + cos(theta) * -10 - sin(theta) * -10, cy = py + sin(theta) * -10 + cos(theta) * -10
            assertColor(drawn[k][x: Int(cx.rounded()), y: Int(cy.rounded())], [255, 0, 0], "C's centre at frame \(f), (\(cx), \(cy))")
            // Where C would be at the end if P's rotation did not reach it: blank (the turned C covers x 60…80).
            if f == 10 {
                assertColor(drawn[k][x: Int(px - 10), y: Int(py - 10)], [255, 255, 255], "C unturned at frame \(f)")
            }
        }
    }

    /// A square's shadow (black, opacity 0.5, offset (6, 8), radius 2) is Lottie's drop shadow effect
    /// on the square's layer: opacity 0.5 × 255, distance √(6² + 8²) = 10, direction atan2(8, 6) + 90°
    /// = 143.13° (After Effects' 0° is up, clockwise; lottie-ios turns it back by −90°), softness 5 × 2
    /// (lottie-ios divides it by 5); warned once, since rlottie and the lottie plugin draw no effect.
    func testAShadowIsTheDropShadowEffect() throws {
        let (_, json, stderr) = try export("shadow")
        XCTAssertEqual(stderr.components(separatedBy: "drop shadow effect").count, 2, stderr)
        XCTAssertFalse(stderr.contains("cannot hold"), stderr)
        let square = try XCTUnwrap(Self.layers(json).first { $0["ty"] as? Int == 4 })
        let effects = try XCTUnwrap(square["ef"] as? [[String: Any]])
        XCTAssertEqual(effects.count, 1)
        XCTAssertEqual(effects[0]["ty"] as? Int, 25)
        let values = effects[0]["ef"] as! [[String: Any]]
        XCTAssertEqual(values.map { $0["nm"] as! String }, ["Shadow Color", "Opacity", "Direction", "Distance", "Softness", "Shadow Only"])
        XCTAssertEqual(values.map { $0["ty"] as! Int }, [2, 0, 1, 0, 0, 7])
        func still(_ n: Int) -> Any? { (values[n]["v"] as! [String: Any])["k"] }
        XCTAssertEqual(still(0) as? [Double], [0, 0, 0, 1])
        XCTAssertEqual(still(1) as? Double, 127.5)
        XCTAssertEqual(try XCTUnwrap(still(2) as? Double), atan2(8.0, 6.0) * 180 / .pi + 90, accuracy: 0.001)
        XCTAssertEqual(still(3) as? Double, 10)
        XCTAssertEqual(still(4) as? Double, 10)
        XCTAssertEqual(still(5) as? Double, 0)
    }

    /// A shadow of a subtree that draws two parts has no one Lottie layer to carry it: left out with a
    /// warning naming it, and refused with --strict (one line, exit 2, no file).
    func testAShadowOfSeveralPartsIsWarnedOrRefused() throws {
        let (_, json, stderr) = try export("shadows")
        XCTAssert(stderr.contains("Lottie cannot hold shadows of layers that draw more than one part"), stderr)
        XCTAssert(Self.layers(json).allSatisfy { $0["ef"] == nil })
        let strict = dir + "/strict.json"
        let r = try ExportTests.run(["--plugin", try scenes(), "--factory", "shadows", "--size", "100x100", "--end", "1",
                                     "--format", "lottie", "--strict", "--out", strict])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)
        XCTAssert(r.stderr.contains("shadows of layers that draw more than one part"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: strict))
    }
}
