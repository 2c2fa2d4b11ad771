// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import XCTest

/// A radial gradient's focal point (`focalOffset`, fx.h 1.6) in the Lottie export: the gradient fill's
/// highlight, `h` (the focal point's distance from the centre in percent of the radius) and `a` (its
/// angle from the line start → end, in degrees), in the circle the export draws the ellipse as (a group
/// scaled vertically by the ellipse's ratio). The "focus" scene of Fixtures/export-scenes.c: an ellipse
/// of radii 40 × 30 (ratio 0.75) whose focalOffset moves from (0.2, 0) to (0, −0.2) of its 80 × 60
/// bounds over frames 0…10. Worked by hand, in the circle's space (y divided by 0.75):
/// frame 0: (16, 0), h = 16 / 40 = 40 %, a = 0°; frame 5: (8, −6 / 0.75 = −8), h = 8√2 / 40 = 28.28 %,
/// a = −45°; frame 10: (0, −16), h = 40 %, a = −90°.
final class ExportFocalTests: XCTestCase {
    /// A keyframed (or still) property's value at `frame`, its keyframes joined linearly.
    func value(_ property: [String: Any], at frame: Double) throws -> Double {
        if let still = property["k"] as? Double { return still }
        let keys = try XCTUnwrap(property["k"] as? [[String: Any]])
        let points = keys.map { ($0["t"] as! Double, ($0["s"] as! [Double])[0]) }
        if frame <= points[0].0 { return points[0].1 }
        for (a, b) in zip(points, points.dropFirst()) where frame <= b.0 {
            return a.1 + (b.1 - a.1) * (frame - a.0) / (b.0 - a.0)
        }
        return points[points.count - 1].1
    }

    /// The first item of type `type` in a shape list, looking into groups.
    func item(_ type: String, in shapes: [[String: Any]]) -> [String: Any]? {
        for s in shapes {
            if s["ty"] as? String == type { return s }
            if let inner = s["it"] as? [[String: Any]], let found = item(type, in: inner) { return found }
        }
        return nil
    }

    func testTheFocalPointIsTheHighlight() throws {
        let dir = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let so = dir + "/export-scenes.so", path = dir + "/focus.json"
        let cc = try runProcess("/usr/bin/env", ["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC", "-I",
                                                 ExportTests.root + "/Sources/CFX/include", Lottie.fixture("export-scenes.c"), "-o", so])
        XCTAssertEqual(cc.status, 0, cc.stderr)
        let scene = ExportTests.Effect(name: "focus", args: ["--plugin", so, "--factory", "focus", "--size", "100x100"], end: 1, fps: 10)
        let stderr = try ExportTests.export(scene, to: path)
        XCTAssertFalse(stderr.contains("lottie:"), stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let layer = try XCTUnwrap(ExportStructureTests.layers(json).first { $0["ty"] as? Int == 4 })
        let fill = try XCTUnwrap(item("gf", in: try XCTUnwrap(layer["shapes"] as? [[String: Any]])))
        XCTAssertEqual(fill["t"] as? Int, 2)
        let h = try XCTUnwrap(fill["h"] as? [String: Any]), a = try XCTUnwrap(fill["a"] as? [String: Any])
        for (frame, length, angle) in [(0.0, 40.0, 0.0), (5, 128.0.squareRoot() / 40 * 100, -45), (10, 40, -90)] {
            XCTAssertEqual(try value(h, at: frame), length, accuracy: 0.05, "h at frame \(frame)")
            XCTAssertEqual(try value(a, at: frame), angle, accuracy: 0.05, "a at frame \(frame)")
        }

        // Played back, by the lottie plugin and by rlottie (h stays below 100), as fxhost draws the scene.
        try XCTSkipIf(TestSupport.isSanitizerPass, "the drawing is checked in the ordinary pass")
        let frames = [0, 5, 9]
        let direct = try ExportTests.directFrames(scene, only: Set(frames))
        let plugin = try Lottie.fxhostFrames(path, fps: 10, only: Set(frames))
        let rlottie = try Lottie.rlottieFrames(path, width: 100, height: 100, frames: frames)
        for (k, f) in frames.enumerated() {
            let mine = try XCTUnwrap(direct[f]), played = try XCTUnwrap(plugin[f])
            let byPlugin = LottieAgreement(mine, played), byRlottie = LottieAgreement(mine, rlottie[k])
            XCTAssert(byPlugin.agrees, "frame \(f), lottie plugin: \(byPlugin)")
            XCTAssert(byRlottie.agrees, "frame \(f), rlottie: \(byRlottie)")
            // Inside the ellipse, away from its edge, the colours match closely (centred, they would be 21 to 131 levels off here).
            for (x, y) in [(50, 50), (60, 45), (35, 55), (70, 40)] {
                for c in 0..<3 {
                    XCTAssertEqual(played[x: x, y: y][c], mine[x: x, y: y][c], accuracy: 4, "frame \(f) at (\(x), \(y)), lottie plugin")
                }
            }
        }
    }
}
