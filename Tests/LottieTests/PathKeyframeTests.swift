// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import XCTest

/// A position with spatial tangents reaches the host as a keyframe animation of `position` along a
/// path: between two frames of the file (60 samples a second of a 30 fps file, `--time 0.51`) the
/// layer is where After Effects' rule puts it, the eased fraction of the curve's arc length,
/// worked here by bisection on the arc length (Simpson's rule) and on the easing. A position whose
/// dimensions ease apart (`o`/`i` arrays) or are keyframed apart (`s: true`) is `position.x` and
/// `position.y`, each with its own curve.
final class PathKeyframeTests: XCTestCase {
    /// How far from the rule a sample may be, in the composition's pixels (docs/LOTTIE.md).
    let tolerance = 1e-3

    /// The point at `fraction` of the cubic's arc length.
    func pointAlong(_ c: [(Double, Double)], _ fraction: Double) -> (Double, Double) {
        CubicRule.point(c, CubicRule.parameter(c, atFraction: fraction))
    }

    /// position-path.json's "mover" at frame f: along a curve (eased 0.3, 0, 0.7, 1) over frames
    /// 0…12, held at (90, 20) until frame 18, then along another (eased 0.6, 0.1, 0.2, 0.9) to frame 30.
    func mover(_ f: Double) -> (Double, Double) {
        if f <= 0 { return (20, 90) }
        if f < 12 { return pointAlong([(20, 90), (20, 20), (50, 20), (90, 20)], eased(f / 12, 0.3, 0, 0.7, 1)) }
        if f < 18 { return (90, 20) }
        if f < 30 { return pointAlong([(60, 60), (90, 90), (110, 140), (100, 100)], eased((f - 18) / 12, 0.6, 0.1, 0.2, 0.9)) }
        return (100, 100)
    }

    /// "child" at frame f: along its curve in its parent's space (eased 0.5, 0, 0.5, 1 over frames
    /// 0…30), then through the parent: scaled 1.5, turned 30° clockwise, moved to (30, 70).
    func child(_ f: Double) -> (Double, Double) {
        let p = pointAlong([(0, 0), (20, -30), (30, -10), (40, 10)], eased(min(1, max(0, f / 30)), 0.5, 0, 0.5, 1))
        let r = 30 * Double.pi / 180
        return (30 + 1.5 * (cos(r) * p.0 - sin(r) * p.1), 70 + 1.5 * (sin(r) * p.0 + cos(r) * p.1))
    }

    /// "apart" at frame f: from (10, 80) to (110, 20) over frames 0…30, x eased (0.3, 0, 0.7, 1)
    /// and y (0.6, 0.2, 0.4, 0.8), per-dimension easing (`o`/`i` arrays).
    func apart(_ f: Double) -> (Double, Double) {
        let u = min(1, max(0, f / 30))
        return (10 + 100 * eased(u, 0.3, 0, 0.7, 1), 80 - 60 * eased(u, 0.6, 0.2, 0.4, 0.8))
    }

    /// "split" at frame f, its dimensions keyframed apart (`s: true`): x from 10 to 110 over frames
    /// 0…30 eased (0.4, 0, 0.6, 1), y from 100 to 40 over frames 6…24 eased (0.2, 0.3, 0.5, 0.9).
    func split(_ f: Double) -> (Double, Double) {
        let x = 10 + 100 * eased(min(1, max(0, f / 30)), 0.4, 0, 0.6, 1)
        let y = f <= 6 ? 100 : f >= 24 ? 40 : 100 - 60 * eased((f - 6) / 18, 0.2, 0.3, 0.5, 0.9)
        return (x, y)
    }

    typealias Places = (t: Double, mover: (Double, Double), child: (Double, Double), apart: (Double, Double), split: (Double, Double))

    /// Each sample's time and the layers' places: the translation of T(position) · transform.
    func samples(_ extra: [String], environment: [String: String] = [:]) throws -> [Places] {
        let r = try runProcess(Lottie.fxhost, ["--plugin", "lottie", "--file", Lottie.fixture("position-path.json"), "--sink", "jsonl"] + extra,
                               environment: environment)
        XCTAssertEqual(r.status, 0, r.stderr)
        return try JSONLinesReader.read(r.stdout).map { line in
            let layers = line["layers"] as! [[String: Any]]
            func place(_ name: String) throws -> (Double, Double) {
                let props = try XCTUnwrap(layers.first { $0["path"] as? String == "stage/composition/" + name }?["props"] as? [String: Any], name)
                let p = props["position"] as? [Double] ?? [0, 0], m = props["transform"] as? [Double] ?? [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
                return (p[0] + m[12], p[1] + m[13])
            }
            return (line["t"] as! Double, try place("mover"), try place("child"), try place("apart"), try place("split"))
        }
    }

    /// The largest distance from the rule over 0 … 1 s at 60 a second and at 0.51 s.
    func worstDistance(environment: [String: String] = [:]) throws -> Double {
        let all = try samples(["--fps", "60"], environment: environment) + samples(["--time", "0.51"], environment: environment)
        XCTAssertGreaterThanOrEqual(all.count, 62)  // 0 … 1 s (and on to the out point) at 60 a second, and 0.51 s
        var worst = 0.0
        for s in all {
            let f = s.t * 30
            for (got, want) in [(s.mover, mover(f)), (s.child, child(f)), (s.apart, apart(f)), (s.split, split(f))] {
                worst = max(worst, ((got.0 - want.0) * (got.0 - want.0) + (got.1 - want.1) * (got.1 - want.1)).squareRoot())
            }
        }
        return worst
    }

    func testSamplesBetweenFramesFollowTheArcLength() throws {
        XCTAssertLessThanOrEqual(try worstDistance(), tolerance)
        // The per-frame bake blends two frames in a straight line: off the curve between them.
        XCTAssertGreaterThan(try worstDistance(environment: ["FXHOST_LOTTIE_BAKE": "1"]), 20 * tolerance)
    }

    func testTheHoldHoldsThenJumps() throws {
        let held = try samples(["--time", "\(17.9 / 30)"])[0].mover, next = try samples(["--time", "\(18.0 / 30)"])[0].mover
        XCTAssertEqual(held.0, 90, accuracy: 1e-9)
        XCTAssertEqual(held.1, 20, accuracy: 1e-9)
        XCTAssertEqual(next.0, 60, accuracy: 1e-6)
        XCTAssertEqual(next.1, 60, accuracy: 1e-6)
    }

    /// The inspector's model (`studio-describe`): each layer's animation of `keyPath`, a path's segments among its fields.
    func animations(of keyPath: String, environment: [String: String] = [:]) throws -> [String: [String: Any]] {
        let r = try runProcess(Lottie.fxhost, ["studio-describe", "--plugin", "lottie", "--file", Lottie.fixture("position-path.json"), "--time", "0.5"],
                               environment: environment)
        XCTAssertEqual(r.status, 0, r.stderr)
        let d = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let sample = try runProcess(Lottie.fxhost, ["--plugin", "lottie", "--file", Lottie.fixture("position-path.json"), "--sink", "jsonl", "--time", "0.5"],
                                    environment: environment)
        let layers = try JSONLinesReader.read(sample.stdout)[0]["layers"] as! [[String: Any]]
        let animations = try XCTUnwrap(d["animations"] as? [[[String: Any]]])
        XCTAssertEqual(animations.count, layers.count)
        var out: [String: [String: Any]] = [:]
        for (l, a) in zip(layers, animations) {
            if let found = a.first(where: { $0["keyPath"] as? String == keyPath }) { out[l["path"] as! String] = found }
        }
        return out
    }

    func testThePositionIsAKeyframeAnimationAlongAPath() throws {
        let planned = try animations(of: "position")
        XCTAssertEqual(planned.keys.sorted(), ["stage/composition/child", "stage/composition/mover"])
        for name in ["mover", "child"] {
            let a = try XCTUnwrap(planned["stage/composition/" + name], name)
            XCTAssertEqual(a["class"] as? String, "KeyframeAnimation")
            XCTAssertGreaterThan(a["pathSegments"] as? Double ?? 0, 3, name)
        }
        XCTAssertTrue(try animations(of: "position", environment: ["FXHOST_LOTTIE_BAKE": "1"]).isEmpty, "the bake moves the layer by its transform")
    }

    func testDimensionsEasedApartAreAnimationsOfTheirOwn() throws {
        for keyPath in ["position.x", "position.y"] {
            let planned = try animations(of: keyPath)
            XCTAssertEqual(planned.keys.sorted(), ["stage/composition/apart", "stage/composition/split"], keyPath)
            for a in planned.values {
                XCTAssertEqual(a["class"] as? String, "KeyframeAnimation")
                XCTAssertNil(a["pathSegments"], keyPath)
            }
            XCTAssertTrue(try animations(of: keyPath, environment: ["FXHOST_LOTTIE_BAKE": "1"]).isEmpty, keyPath)
        }
    }
}
