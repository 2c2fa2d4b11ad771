// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import XCTest

/// Auto-orient as Core Animation's `rotationMode`: a layer turned to its motion moves along a path
/// animation that turns it to the path's tangent, so that between two frames of the file (40
/// samples a second of a 10 fps file) it turns with the curve, worked here from the Bézier's
/// derivative at the point After Effects' rule puts the layer (the fraction of the arc length,
/// by bisection on Simpson's rule); at the file's own frames it keeps lottie-web's direction,
/// measured over a short chord (AutoOrientTests).
final class AutoOrientPathTests: XCTestCase {
    /// auto-orient-path.json's motion (both layers, the child in its parent's space): still at
    /// (10, 120) until frame 2, right to (60, 120) by frame 7.5, along the bend until frame 16.5,
    /// down the bend's last direction to (154, 193) by frame 19.5, then still; linear easing.
    let bend = [(60.0, 120.0), (92.0, 120.0), (122.0, 137.0), (138.0, 165.0)]

    func bezier(_ c: [(Double, Double)], _ t: Double) -> (point: (Double, Double), velocity: (Double, Double)) {
        (CubicRule.point(c, t), CubicRule.velocity(c, t))
    }

    /// The cubic's parameter at `fraction` of its arc length.
    func parameter(_ c: [(Double, Double)], atFraction fraction: Double) -> Double {
        CubicRule.parameter(c, atFraction: fraction, steps: 200)
    }

    /// The position at frame `f` and the direction of motion there (degrees clockwise from +x):
    /// the tangent; before the motion its first direction, after it its last.
    func motion(_ f: Double) -> (place: (Double, Double), direction: Double) {
        let last = atan2(28.0, 16) * 180 / .pi
        if f <= 2 { return ((10, 120), 0) }
        if f < 7.5 { return ((10 + 50 * (f - 2) / 5.5, 120), 0) }
        if f < 16.5 {
            let b = bezier(bend, parameter(bend, atFraction: (f - 7.5) / 9))
            return (b.point, atan2(b.velocity.1, b.velocity.0) * 180 / .pi)
        }
        if f < 19.5 { return ((138 + 16 * (f - 16.5) / 3, 165 + 28 * (f - 16.5) / 3), last) }
        return ((154, 193), last)
    }

    /// lottie-web's direction at frame `f` of a motion `place` keyed from frame `first` to `last`:
    /// from the position 0.01 frames before to the position at `f`; at or before the first
    /// keyframe from it to 0.01 after; at or after the last from 0.05 before it to it.
    func lottieWebDirection(_ f: Double, first: Double = 2, last: Double = 19.5,
                            _ place: ((Double) -> (Double, Double))? = nil) -> Double {
        let place = place ?? { self.motion($0).place }
        let (a, b) = f <= first ? (first, first + 0.01) : f >= last ? (last - 0.05, last) : (f - 0.01, f)
        let p = place(a), q = place(b)
        return atan2(q.1 - p.1, q.0 - p.0) * 180 / .pi
    }

    struct Sample {
        var t: Double
        /// The angle of the layer's presented transform (its turn included), degrees.
        var angle: Double
        /// Where the layer's origin is: the translation of T(position) · transform.
        var place: (Double, Double)
    }

    func samples(_ layer: String, _ extra: [String], environment: [String: String] = [:]) throws -> [Sample] {
        let r = try runProcess(Lottie.fxhost, ["--plugin", "lottie", "--file", Lottie.fixture("auto-orient-path.json"), "--sink", "jsonl"] + extra,
                               environment: environment)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stderr.contains("auto-orient"), r.stderr)
        return try JSONLinesReader.read(r.stdout).map { line in
            let layers = line["layers"] as! [[String: Any]]
            let props = try XCTUnwrap(layers.first { $0["path"] as? String == "stage/composition/" + layer }?["props"] as? [String: Any], layer)
            let p = props["position"] as? [Double] ?? [0, 0], m = try XCTUnwrap(props["transform"] as? [Double])
            return Sample(t: line["t"] as! Double, angle: atan2(m[1], m[0]) * 180 / .pi, place: (p[0] + m[12], p[1] + m[13]))
        }
    }

    func difference(_ a: Double, _ b: Double) -> Double { abs((a - b + 540).truncatingRemainder(dividingBy: 360) - 180) }

    /// "turner" (anchor (5, 3), rotation 10) at frame f: its angle and where its origin is,
    /// −anchor · R(10° + direction) + position.
    func turner(_ f: Double) -> (angle: Double, place: (Double, Double)) {
        let m = motion(f), angle = 10 + m.direction, r = angle * .pi / 180
        return (angle, (-5 * cos(r) + 3 * sin(r) + m.place.0, -5 * sin(r) - 3 * cos(r) + m.place.1))
    }

    /// "swerve" at frame f: from (20, 60) to (92.6, 68.9) along a 14° arc over frames 2…12, eased
    /// (0.8, 0, 0.2, 1), so that it turns fastest, and its turning speeds up and slows down, in
    /// the middle of a segment, between two frames (turner's bend starts and ends at keys, where
    /// the transform's plan already had keys).
    let arc = [(20.0, 60.0), (44.5, 60.0), (68.9, 63.0), (92.6, 68.9)]

    func swerve(_ f: Double) -> (angle: Double, place: (Double, Double)) {
        let b = bezier(arc, parameter(arc, atFraction: eased(min(1, max(0, (f - 2) / 10)), 0.8, 0, 0.2, 1)))
        return (atan2(b.velocity.1, b.velocity.0) * 180 / .pi, b.point)
    }

    /// "child" at frame f, through its parent "holder" (scale 80 %, rotation −20, at (−40, −90)).
    func child(_ f: Double) -> (angle: Double, place: (Double, Double)) {
        let m = motion(f), r = -20 * Double.pi / 180
        let p = m.place
        return (m.direction - 20, (0.8 * (p.0 * cos(r) - p.1 * sin(r)) - 40, 0.8 * (p.0 * sin(r) + p.1 * cos(r)) - 90))
    }

    /// Each layer's largest angle (degrees) and place (pixels) away from the tangent's over frames
    /// 0…23 at a quarter frame's steps.
    func worst(environment: [String: String] = [:]) throws -> [String: (angle: Double, place: Double)] {
        var out: [String: (angle: Double, place: Double)] = [:]
        for (name, rule) in [("turner", turner), ("child", child), ("swerve", swerve)] {
            let all = try samples(name, ["--fps", "40"], environment: environment)
            XCTAssertEqual(all.count, 93, name)  // 0 … 2.3 s (to the out point) at 40 a second
            var angle = 0.0, place = 0.0
            for s in all {
                let want = rule(s.t * 10)
                angle = max(angle, difference(s.angle, want.angle))
                place = max(place, ((s.place.0 - want.place.0) * (s.place.0 - want.place.0) + (s.place.1 - want.place.1) * (s.place.1 - want.place.1)).squareRoot())
            }
            out[name] = (angle, place)
        }
        return out
    }

    func testSamplesBetweenFramesTurnWithTheCurve() throws {
        // The host's tangent plus the two frames' remainders from lottie-web's chord, within the
        // plugin's tolerance (0.05°); the origin to the path's 10⁻³ px and the anchor's turn by that.
        for (name, w) in try worst() {
            XCTAssertLessThanOrEqual(w.angle, 0.05, name)
            XCTAssertLessThanOrEqual(w.place, 0.01, name)
        }
        // The per-frame bake blends two frames' angles: off by about 1.7° where the bend starts and
        // ends between two frames (7.5, 16.5), and 0.69° where swerve's turning speeds up.
        let baked = try worst(environment: ["FXHOST_LOTTIE_BAKE": "1"])
        XCTAssertGreaterThan(baked["turner"]?.angle ?? 0, 1)
        XCTAssertGreaterThan(baked["swerve"]?.angle ?? 0, 0.5)
    }

    func testTheFilesFramesKeepLottieWebsDirection() throws {
        for (name, offset) in [("turner", 10.0), ("child", -20.0), ("swerve", 0)] {
            let all = try samples(name, ["--fps", "10"])
            XCTAssertEqual(all.count, 24, name)
            for s in all {
                let f = (s.t * 10).rounded()
                let want = name == "swerve" ? lottieWebDirection(f, first: 2, last: 12) { self.swerve($0).place } : lottieWebDirection(f)
                XCTAssertEqual(difference(s.angle, want + offset), 0, accuracy: 1e-4, "\(name) at frame \(f)")
            }
        }
    }

    /// Where the host's turn would not be lottie-web's, the layer is baked as before: at the file's
    /// frames it keeps lottie-web's direction. auto-orient.json's "arrow" turns a corner at frame 5
    /// (right along y = 10, then down along x = 90; rotation 10); its "curve" goes from (10, 50) to
    /// (90, 50) through (10, 10) and (90, 10) over frames 0…10, turning too fast into its last
    /// keyframe for lottie-web's 0.05-frame chord to be its tangent (0.54° apart).
    func testWhereTheTurnsDisagreeTheFramesKeepLottieWebsDirection() throws {
        let curve = [(10.0, 50.0), (10.0, 10.0), (90.0, 10.0), (90.0, 50.0)]
        func arrow(_ f: Double) -> (Double, Double) { f <= 5 ? (10 + 16 * max(0, f), 10) : (90, 10 + 16 * (min(10, f) - 5)) }
        func along(_ f: Double) -> (Double, Double) { bezier(curve, parameter(curve, atFraction: min(1, max(0, f / 10)))).point }
        let r = try runProcess(Lottie.fxhost, ["--plugin", "lottie", "--file", Lottie.fixture("auto-orient.json"), "--sink", "jsonl", "--fps", "10"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = try JSONLinesReader.read(r.stdout)
        XCTAssertEqual(lines.count, 12)  // 0 … 1.1 s (to the out point)
        for line in lines {
            let f = ((line["t"] as! Double) * 10).rounded()
            let layers = line["layers"] as! [[String: Any]]
            for (name, offset, place) in [("arrow", 10.0, arrow), ("curve", 0, along)] {
                let props = try XCTUnwrap(layers.first { $0["path"] as? String == "stage/composition/" + name }?["props"] as? [String: Any])
                let m = try XCTUnwrap(props["transform"] as? [Double])
                let want = lottieWebDirection(f, first: 0, last: 10, place) + offset
                XCTAssertEqual(difference(atan2(m[1], m[0]) * 180 / .pi, want), 0, accuracy: 1e-4, "\(name) at frame \(f)")
            }
        }
    }
}
