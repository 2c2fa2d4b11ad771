// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import XCTest

/// Auto-orient (`ao`): a layer turned to follow its direction of motion, measured as lottie-web's
/// TransformProperty measures it, added to the layer's rotation.
final class AutoOrientTests: XCTestCase {
    /// The angle (degrees clockwise from +x) of `layer`'s presented transform at `time`.
    func angle(_ layer: String, at time: Double) throws -> Double {
        let r = try Lottie.run(["--file", Lottie.fixture("auto-orient.json"), "--time", "\(time)", "--sink", "jsonl"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stderr.contains("auto-orient"), r.stderr)
        let layers = try JSONLinesReader.read(r.stdout)[0]["layers"] as! [[String: Any]]
        let l = try XCTUnwrap(layers.first { $0["path"] as? String == "stage/composition/" + layer })
        let m = (l["props"] as! [String: Any])["transform"] as! [Double]
        return atan2(m[1], m[0]) * 180 / .pi
    }

    func testALayerTurnsWithItsMotion() throws {
        // auto-orient.json, "arrow" (rotation 10): right along y = 10 over frames 0…5, then down along x = 90
        // over 5…10: 0° + 10 while it moves right (at the first keyframe too), 90° + 10 while it moves down
        // (after the last keyframe too, where the direction is the last motion's).
        for (f, expected) in [(0, 10.0), (2, 10), (5, 10), (7, 100), (10, 100)] {
            XCTAssertEqual(try angle("arrow", at: Double(f) / 10), expected, accuracy: 1e-6, "arrow at frame \(f)")
        }
        // "curve": from (10, 50) to (90, 50) along the Bézier through (10, 10) and (90, 10): it sets off
        // straight up (−90°), is level at the top halfway along (0°) and comes down at the end (90°).
        for (f, expected) in [(0, -90.0), (5, 0), (10, 90)] {
            XCTAssertEqual(try angle("curve", at: Double(f) / 10), expected, accuracy: 1, "curve at frame \(f)")
        }
    }
}
