// SPDX-License-Identifier: MIT
import Foundation
import XCTest

/// A radial gradient's highlight (`h`, `a`) moves its focal point off the centre, by lottie-web's rule
/// (`CVShapeElement.renderGradientFill`): with r = |e − s| and θ the direction of e − s, the focal point
/// is s + r·p·(cos(θ + a), sin(θ + a)), p = h / 100 held within −0.99…0.99. The gradient is then the
/// two-circle one of canvas's createRadialGradient(fx, fy, 0, sx, sy, r): at a point P, t = |P − F| over
/// the distance from F to the circle along the ray through P. Both are worked here, by hand, apart from
/// the plugin. rlottie 0.1 places the focal point by the same rule but holds h only at exactly 100, so it
/// agrees wherever h stays below 100 and draws another picture past it.
final class RadialHighlightTests: XCTestCase {
    /// The grey (white at the focal point to black on the circle) at pixel (x, y) for a circle about
    /// `centre` of radius `r` with focal point `focal`, worked from the two-circle rule.
    func grey(_ x: Int, _ y: Int, centre: (Double, Double), r: Double, focal: (Double, Double)) -> [Int] {
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        let dx = px - focal.0, dy = py - focal.1, d = hypot(dx, dy)
        var t = 0.0
        if d > 0 {
            // The focal point and the ray's direction in the circle's unit space; s solves |F + s·u| = 1.
            let fx = (focal.0 - centre.0) / r, fy = (focal.1 - centre.1) / r
            let fu = (fx * dx + fy * dy) / d
            let s = -fu + (fu * fu - (fx * fx + fy * fy) + 1).squareRoot()
            t = min(1, d / r / s)
        }
        let v = Int((255 * (1 - t)).rounded())
        return [v, v, v]
    }

    /// radial-highlight.json: the circle about (30, 30) of radius 20 (s (30, 30), e (50, 30): θ = 0),
    /// h 44, a 30°: the focal point at (30 + 8.8·cos 30°, 30 + 8.8·sin 30°) = (37.62, 34.40).
    /// For instance the pixel at (42, 30), centre (42.5, 30.5): t = 0.415, grey 149; a centred
    /// gradient gives it t = 0.626, grey 95.
    func testAHighlightMovesTheFocalPoint() throws {
        let frame = try Lottie.fxhostFrames(Lottie.fixture("radial-highlight.json"), fps: 10)[0]
        let focal = (30 + 8.8 * cos(Double.pi / 6), 30 + 8.8 * sin(Double.pi / 6))
        for (x, y) in [(37, 34), (30, 30), (22, 30), (42, 30), (30, 22), (30, 42), (45, 40), (16, 24)] {
            assertColor(frame[x: x, y: y], grey(x, y, centre: (30, 30), r: 20, focal: focal), "at (\(x), \(y))")
        }
        assertColor(frame[x: 42, y: 30], [149, 149, 149], "at (42, 30), worked by hand")
    }

    /// The gradient layer's key: focalOffset = (focal − start) / the layer's side. The layer is the
    /// square about the ellipse's outline and its tangents (10…50) grown by 1: 42 wide, so (7.621, 4.4) / 42.
    func testTheGradientLayerGetsItsFocalOffset() throws {
        let r = try Lottie.run(["--file", Lottie.fixture("radial-highlight.json"), "--time", "0", "--sink", "jsonl"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stderr.contains("highlight"), r.stderr)
        let line = try XCTUnwrap(r.stdout.split(separator: "\n").first)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let layers = try XCTUnwrap(json["layers"] as? [[String: Any]])
        let gradient = try XCTUnwrap(layers.first { ($0["path"] as? String)?.hasSuffix("spot/gradient") == true })
        let props = try XCTUnwrap(gradient["props"] as? [String: Any])
        let offset = try XCTUnwrap(props["focalOffset"] as? [Double])
        XCTAssertEqual(offset[0], 8.8 * cos(Double.pi / 6) / 42, accuracy: 1e-9)
        XCTAssertEqual(offset[1], 4.4 / 42, accuracy: 1e-9)
    }

    /// radial-highlight-animated.json: the circle about (40, 40) of radius 20 (s (40, 40), e (40, 60):
    /// θ = 90°), a −60° (so the focal point moves along 30°), h from 0 at frame 0 to 160 at frame 8,
    /// linearly: 0, 40, 80, 120, 160 at frames 0, 2, 4, 6, 8. From 100 on it is held at 99: frames 6 and
    /// 8 are the same picture, the focal point at (40 + 19.8·cos 30°, 40 + 19.8·sin 30°).
    func testAnAnimatedHighlightIsHeldInsideTheCircle() throws {
        let frames = try Lottie.fxhostFrames(Lottie.fixture("radial-highlight-animated.json"), fps: 10)
        for f in [0, 2, 4, 6, 8] {
            let p = min(0.99, 160 * Double(f) / 8 / 100), angle = Double.pi / 6
            let focal = (40 + 20 * p * cos(angle), 40 + 20 * p * sin(angle))
            for (x, y) in [(40, 40), (30, 36), (52, 50), (40, 30), (46, 52), (58, 50), (25, 55)] {
                assertColor(frames[f][x: x, y: y], grey(x, y, centre: (40, 40), r: 20, focal: focal), "frame \(f) at (\(x), \(y))")
            }
        }
        XCTAssertEqual(frames[6].rgb, frames[8].rgb)
    }

    /// radial-highlight-stroke.json: a gradient stroke (10 wide, on the circle of radius 20 about (30, 30))
    /// with h 50, a 0: the focal point at (40, 30). At (46, 30) t = 0.651 (grey 89) and at (13, 30)
    /// t = 0.883 (grey 30); centred, both would be 0.825 (grey 45).
    func testAGradientStrokesHighlightPlays() throws {
        let frame = try Lottie.fxhostFrames(Lottie.fixture("radial-highlight-stroke.json"), fps: 10)[0]
        for (x, y) in [(46, 30), (13, 30), (30, 12), (30, 47), (42, 44)] {
            assertColor(frame[x: x, y: y], grey(x, y, centre: (30, 30), r: 20, focal: (40, 30)), "at (\(x), \(y))")
        }
        assertColor(frame[x: 46, y: 30], [89, 89, 89], "at (46, 30), worked by hand")
    }

    /// rlottie 0.1 agrees while h stays below 100 (it does not hold h past 100: at frames 6 and 8 its
    /// focal point leaves the circle and it draws most of the ellipse black, where lottie-web's rule holds it inside).
    func testAHighlightAgreesWithRlottie() throws {
        try assertAgreesWithRlottie([("radial-highlight.json", 60, 60, 10, [0]), ("radial-highlight-stroke.json", 60, 60, 10, [0]),
                                     ("radial-highlight-animated.json", 80, 80, 10, [0, 2, 4])])
    }

    func testNoHighlightNoWarning() throws {
        let r = try Lottie.run(["--file", Lottie.fixture("gradient-nonuniform.json"), "--time", "0", "--sink", "jsonl"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stderr.contains("highlight"), r.stderr)
        XCTAssertFalse(r.stdout.contains("focalOffset"), "no highlight, no key")
    }
}
