// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import XCTest

/// 3D layers and cameras against After Effects' published rules, computed here point by point:
/// axes x right, y down, z away from the viewer; a layer's transform takes off its anchor, scales,
/// turns by its Z, Y and X Rotations, then by its orientation's z, y and x, and adds its position
/// (the order lottie-web's TransformProperty and Skottie's TransformAdapter3D apply); rotations
/// are right-handed in these axes (Z clockwise on screen; Y takes the right edge towards the
/// viewer, lottie-web's `rotateY` with its z flipped). A camera sees a point at depth z in its
/// own space at the centre + zoom / z times its offset (Adobe: zoom is the distance from the lens
/// to the image plane, where a layer appears at full size); without a camera, the default view is
/// the 50 mm preset: zoom = width × 50 / 36. Neither rlottie 0.1 nor python-lottie 0.7.2 plays 3D
/// (both draw such layers flat), so there is no second player to compare with.
final class ThreeDTests: XCTestCase {
    typealias P3 = (x: Double, y: Double, z: Double)

    func rad(_ d: Double) -> Double { d * .pi / 180 }
    func turnX(_ p: P3, _ d: Double) -> P3 { (p.x, p.y * cos(rad(d)) - p.z * sin(rad(d)), p.y * sin(rad(d)) + p.z * cos(rad(d))) }
    func turnY(_ p: P3, _ d: Double) -> P3 { (p.x * cos(rad(d)) + p.z * sin(rad(d)), p.y, -p.x * sin(rad(d)) + p.z * cos(rad(d))) }
    func turnZ(_ p: P3, _ d: Double) -> P3 { (p.x * cos(rad(d)) - p.y * sin(rad(d)), p.x * sin(rad(d)) + p.y * cos(rad(d)), p.z) }
    func plus(_ a: P3, _ b: P3) -> P3 { (a.x + b.x, a.y + b.y, a.z + b.z) }
    func minus(_ a: P3, _ b: P3) -> P3 { (a.x - b.x, a.y - b.y, a.z - b.z) }
    func dot(_ a: P3, _ b: P3) -> Double { a.x * b.x + a.y * b.y + a.z * b.z }
    func unit(_ a: P3) -> P3 { let l = dot(a, a).squareRoot(); return (a.x / l, a.y / l, a.z / l) }

    /// One After Effects layer transform applied to a point.
    struct Layer3D {
        var anchor: P3 = (0, 0, 0), position: P3 = (0, 0, 0), scale: P3 = (100, 100, 100)
        var rx = 0.0, ry = 0.0, rz = 0.0, orientation: P3 = (0, 0, 0)
    }
    func apply(_ t: Layer3D, _ p: P3) -> P3 {
        var q = minus(p, t.anchor)
        q = (q.x * t.scale.x / 100, q.y * t.scale.y / 100, q.z * t.scale.z / 100)
        q = turnX(turnY(turnZ(q, t.rz), t.ry), t.rx)
        q = turnX(turnY(turnZ(q, t.orientation.z), t.orientation.y), t.orientation.x)
        return plus(q, t.position)
    }

    /// A point in a camera's space (x right, y down, z ahead) on the screen of a w × h composition.
    func project(_ c: P3, zoom: Double, w: Double, h: Double) -> (Double, Double) {
        (w / 2 + zoom * c.x / c.z, h / 2 + zoom * c.y / c.z)
    }
    /// Under the default view: the eye at (w/2, h/2, −zoom) looking along +z.
    func projectDefault(_ p: P3, w: Double, h: Double) -> (Double, Double) {
        let zoom = w * 50 / 36
        return project((p.x - w / 2, p.y - h / 2, p.z + zoom), zoom: zoom, w: w, h: h)
    }

    /// Layer `name`'s presented transform in `file` at `time`, applied to a point of its plane.
    func presented(_ file: String, _ name: String, at time: Double) throws -> (Double, Double) -> (Double, Double) {
        let r = try Lottie.run(["--file", Lottie.fixture(file), "--time", "\(time)", "--sink", "jsonl"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stderr.contains("3D") || r.stderr.contains("camera"), r.stderr)
        let layers = try JSONLinesReader.read(r.stdout)[0]["layers"] as! [[String: Any]]
        let l = try XCTUnwrap(layers.first { $0["path"] as? String == "stage/composition/" + name }, "\(name) in \(file)")
        let m = try XCTUnwrap((l["props"] as! [String: Any])["transform"] as? [Double])
        return { x, y in
            let w = x * m[3] + y * m[7] + m[15]
            return ((x * m[0] + y * m[4] + m[12]) / w, (x * m[1] + y * m[5] + m[13]) / w)
        }
    }

    func assertClose(_ got: (Double, Double), _ want: (Double, Double), _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(got.0, want.0, accuracy: 1e-6, "\(what) x: \(got) against \(want)", file: file, line: line)
        XCTAssertEqual(got.1, want.1, accuracy: 1e-6, "\(what) y: \(got) against \(want)", file: file, line: line)
    }

    func testALayerTurnedAboutYUnderTheDefaultCamera() throws {
        // three-d.json "card": a 100 × 100 solid about its centre at (100, 100, 0), Y Rotation 0 → 60° over
        // frames 0…6. At frame 0 it is exactly the flat square; turned, its right edge comes nearer.
        for f in [0, 3, 6, 9] {
            let map = try presented("three-d.json", "card", at: Double(f) / 10)
            let card = Layer3D(anchor: (50, 50, 0), position: (100, 100, 0), ry: 60 * Double(min(f, 6)) / 6)
            for (x, y) in [(0.0, 0.0), (100, 0), (100, 100), (0, 100), (50, 50)] {
                assertClose(map(x, y), projectDefault(apply(card, (x, y, 0)), w: 200, h: 200), "card frame \(f) corner (\(x), \(y))")
            }
        }
        // By hand at 60°: the right edge at x′ = 25, z′ = −43.301 is seen at 277.778 / 234.477 = 1.18467 times,
        // (129.6168, 40.7664…159.2336); the left at 277.778 / 321.079 = 0.86514 times, (78.3715, 56.7431…143.2569).
        let map = try presented("three-d.json", "card", at: 0.6)
        assertClose(map(100, 0), (129.616803, 40.766395), "by hand, top right")
        assertClose(map(0, 100), (78.371543, 143.256914), "by hand, bottom left")
    }

    func testTheDrawnCardIsATrapezoid() throws {
        let frame = try Lottie.fxhostFrames(Lottie.fixture("three-d.json"), fps: 10, only: [6])[6]!
        let red = [204, 51, 51], white = [255, 255, 255]
        assertColor(frame[x: 127, y: 44], red, "inside near the right edge's top (40.8 at x = 129.6)")
        assertColor(frame[x: 127, y: 156], red, "inside near the right edge's bottom")
        assertColor(frame[x: 81, y: 50], white, "above the left edge's top (56.7): flat, the square reached y = 50")
        assertColor(frame[x: 81, y: 62], red, "inside below the left edge's top")
        assertColor(frame[x: 140, y: 100], white, "right of the right edge: flat, the square reached x = 150")
        // "far": 40 × 40 at z = zoom, twice the eye's distance: half size, centred at (135, 65).
        let blue = [51, 51, 204]
        assertColor(frame[x: 142, y: 58], blue, "the far square's corner region (125…145, 55…75)")
        assertColor(frame[x: 147, y: 65], white, "beyond the far square's right side")
        // "flat": a 2D 10 × 10 grey square at (0, 190), drawn as before.
        assertColor(frame[x: 5, y: 195], [136, 136, 136], "the 2D layer")
    }

    func testA3DMatteAndALayerCrossingThePlaneOfTheEye() throws {
        // three-d-matte.json: the card of three-d.json at 60° as the alpha matte of a 200 × 200 red solid;
        // under them "behind", 400 × 400 green about (100, 100, −200) turned 80° about x, so that its points
        // (u, v) lie at z = −200 + 0.98481 v, in front of the eye (z > −277.78) for v > −78.98 only. Its
        // far edge (v = 200) is seen at y = 100 + 277.78 × 34.73 / 274.74 = 135.11; nearer rows climb
        // without end towards the top, and what lies behind the eye is not drawn.
        let frame = try Lottie.fxhostFrames(Lottie.fixture("three-d-matte.json"), fps: 10, only: [0])[0]!
        let red = [204, 51, 51], green = [51, 204, 51], white = [255, 255, 255]
        assertColor(frame[x: 100, y: 100], red, "inside the matte")
        assertColor(frame[x: 127, y: 44], red, "inside the matte near its right edge's top (40.8)")
        assertColor(frame[x: 81, y: 50], green, "outside the matte, above its left edge's top (56.7)")
        assertColor(frame[x: 140, y: 100], green, "outside the matte, right of its right edge (129.6)")
        assertColor(frame[x: 60, y: 133], green, "the green plane just above its far edge")
        assertColor(frame[x: 60, y: 138], white, "below the green plane's far edge")
        assertColor(frame[x: 5, y: 3], green, "the green plane's near part, at the top")
    }

    func testParentsCompose3DTransforms() throws {
        // three-d.json "child" (a 30 × 20 rectangle about its origin) inside the 3D null "pivot".
        let pivot = Layer3D(position: (40, 160, 50), rx: 40, rz: 20, orientation: (0, 30, 0))
        let child = Layer3D(anchor: (0, 0, 10), position: (10, -5, 20), scale: (50, 80, 200), rx: -25, ry: 15, rz: 5, orientation: (10, 0, 0))
        let map = try presented("three-d.json", "child", at: 0)
        for (x, y) in [(-15.0, -10.0), (15, -10), (15, 10), (-15, 10)] {
            assertClose(map(x, y), projectDefault(apply(pivot, apply(child, (x, y, 0))), w: 200, h: 200), "child corner (\(x), \(y))")
        }
        // The 2D layer's transform is its 2D one.
        let flat = try presented("three-d.json", "flat", at: 0)
        assertClose(flat(3, 4), (3, 194), "the 2D layer")
    }

    func testA2DLayerTurnedAboutXIsSeenStraightOn() throws {
        // three-d.json "tilted 2D" (ddd 0, a 20 × 20 solid about its centre at (160, 170), X Rotation 60°):
        // no camera and no perspective, as lottie-web and lottie-ios draw it: y × cos 60° = y / 2, z dropped.
        let map = try presented("three-d.json", "tilted 2D", at: 0)
        assertClose(map(0, 0), (150, 165), "top left")
        assertClose(map(20, 20), (170, 175), "bottom right")
    }

    func testATwoNodeCameraLooksAtItsPointOfInterest() throws {
        // camera.json: the topmost camera "cam" (zoom 300) moves from (100, 100, −300) to (160, 70, −300) over
        // frames 0…9, looking at (100, 100, 0). Its frame: ahead f = unit(poi − eye); right r, level, across f;
        // down d = f × r. A point's camera coordinates are its offsets along r, d and f.
        for f in [0, 4, 9] {
            let t = Double(f) / 9
            let eye: P3 = (100 + 60 * t, 100 - 30 * t, -300)
            let ahead = unit(minus((100, 100, 0), eye))
            let right = unit((ahead.z, 0, -ahead.x))
            let down: P3 = (ahead.y * right.z - ahead.z * right.y, ahead.z * right.x - ahead.x * right.z, ahead.x * right.y - ahead.y * right.x)
            let map = try presented("camera.json", "wall", at: Double(f) / 10)
            for (x, y) in [(0.0, 0.0), (100, 0), (100, 100), (0, 100)] {
                let q = minus((x + 50, y + 50, 0), eye)
                let seen = project((dot(q, right), dot(q, down), dot(q, ahead)), zoom: 300, w: 200, h: 200)
                assertClose(map(x, y), seen, "wall frame \(f) corner (\(x), \(y))")
            }
            if f == 0 { assertClose(map(100, 100), (150, 150), "eye straight in front at the zoom's distance: as in 2D") }
            // The 2D badge is not seen by the camera.
            let badge = try presented("camera.json", "badge", at: Double(f) / 10)
            assertClose(badge(20, 20), (25, 25), "the 2D badge at frame \(f), at (5, 5)")
        }
    }

    func testAOneNodeCameraTurnsWithItsParentAndStartsAtItsInPoint() throws {
        // camera-one-node.json: "cam" (on from frame 5, zoom 250 → 400 over frames 5…9) at (0, 0, −250) with
        // orientation (5, −10, 0) and rotations (3, 4, 6), inside the 3D null "rig" at (80, 60, 0) turned 8°
        // about y. A world point reaches the camera's space by undoing each step, last first.
        let panel = Layer3D(anchor: (30, 20, 0), position: (80, 60, 30), rx: 20)
        func cameraSpace(_ p: P3) -> P3 {
            var q = turnY(minus(p, (80, 60, 0)), -8)
            q = minus(q, (0, 0, -250))
            q = turnZ(turnY(turnX(q, -5), 10), 0)
            return turnZ(turnY(turnX(q, -3), -4), -6)
        }
        for f in [4, 5, 7, 9] {
            let map = try presented("camera-one-node.json", "panel", at: Double(f) / 10)
            for (x, y) in [(0.0, 0.0), (60, 0), (60, 40), (0, 40)] {
                let p = apply(panel, (x, y, 0))
                let want = f < 5 ? projectDefault(p, w: 160, h: 120)
                    : project(cameraSpace(p), zoom: 250 + 150 * Double(f - 5) / 4, w: 160, h: 120)
                assertClose(map(x, y), want, "panel frame \(f) corner (\(x), \(y))")
            }
        }
    }

    func testCamerasThatCannotBeTakenAsGivenFallBack() throws {
        // camera-degenerate.json, "tile" (20 × 20 about its centre at (50, 50), its z 100 given apart).
        // Frames 0…4: "on its point" (point of interest on the eye, so it does not turn; zoom 0, taken as
        // 1 px) at (50, 50, −100): the corner (40, 40, 100) is 200 ahead, 10 left and up: 50 − 10 / 200.
        let early = try presented("camera-degenerate.json", "tile", at: 0)
        assertClose(early(0, 0), (49.95, 49.95), "zoom 1, looking straight ahead")
        // Frames 5…9: "hidden" is skipped; "collapsed" sits in a null scaled to 0, so nothing maps back
        // into its space: the default view (zoom 100 × 50 / 36 = 138.89, eye at z = −138.89).
        let late = try presented("camera-degenerate.json", "tile", at: 0.5)
        assertClose(late(0, 0), projectDefault((40, 40, 100), w: 100, h: 100), "the default view")
        assertClose(late(0, 0), (44.186047, 44.186047), "by hand: 50 − 10 × 138.89 / 238.89")
    }

    func testA2DFileIsUnchangedAnd3DIsNoLongerWarned() throws {
        let r = try Lottie.run(["--file", Lottie.fixture("camera.json"), "--time", "0", "--sink", "jsonl"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "", "no warning for 3D layers or cameras")
        // The cameras draw nothing.
        XCTAssertFalse(r.stdout.contains("stage/composition/cam"), r.stdout)
    }
}
