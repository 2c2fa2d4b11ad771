// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import XCTest

/// The rows of docs/LOTTIE.md's feature table that had no test of their own:
/// fill rules, skew, trim paths "individually", stroke dashes, time stretch,
/// and the layer features that are warned about. Each hand-written file is
/// drawn by fxhost and by rlottie where rlottie 0.1 plays the feature, and
/// checked here against values computed from the published rule where it
/// does not (rlottie 0.1 ignores skew, and shows a precomp's fractional
/// frames truncated to whole ones).
final class FeatureTableTests: XCTestCase {
    /// (file, width, height, frame rate, frames compared)
    static let cases: [(String, Int, Int, Double, [Int])] = [
        ("fill-rule.json", 100, 60, 10, [0]),
        ("trim-individual.json", 100, 60, 10, [0, 3, 6, 9]),
        ("dashes.json", 100, 40, 10, [0, 5, 9]),
        // Even frames only: at sr = 2 an odd frame is half-way between two of the precomp's.
        ("time-stretch.json", 100, 60, 10, [0, 2, 4, 8, 16]),
    ]

    func testRowsRlottiePlaysAgreeWithRlottie() throws {
        try assertAgreesWithRlottie(Self.cases)
    }

    let white = [255, 255, 255]

    func testFillRuleDecidesWhetherANestedOutlineIsAHole() throws {
        // fill-rule.json: in each layer a 40 × 40 square and a 20 × 20 square inside it, both listed
        // clockwise, filled (0.2, 0.4, 0.8). Non-zero ("r": 1): the inner square winds twice, filled;
        // even-odd ("r": 2): crossed twice, a hole.
        let frame = try Lottie.fxhostFrames(Lottie.fixture("fill-rule.json"), fps: 10, extra: ["--range", "0:1"])[0]
        let blue = [51, 102, 204]
        assertColor(frame[x: 25, y: 30], blue, "non-zero: the middle is filled")
        assertColor(frame[x: 75, y: 30], white, "even-odd: the middle is a hole")
        for dx in [0, 50] {
            assertColor(frame[x: dx + 9, y: 30], blue, "the ring at x = \(dx + 9)")
            assertColor(frame[x: dx + 25, y: 14], blue, "the ring at y = 14")
        }
    }

    /// lottie-web's `Matrix.skewFromAxis(-sk, sa)` (the After Effects skew the Lottie format carries): turn
    /// by the axis, shear x by tan(−sk)·y, turn back; as a 2 × 2 matrix acting on row vectors.
    func skew(_ degrees: Double, axis: Double) -> [[Double]] {
        let a = axis * .pi / 180, k = tan(-degrees * .pi / 180)
        func mul(_ p: [[Double]], _ q: [[Double]]) -> [[Double]] {
            func entry(_ i: Int, _ j: Int) -> Double { p[i][0] * q[0][j] + p[i][1] * q[1][j] }
            return [[entry(0, 0), entry(0, 1)], [entry(1, 0), entry(1, 1)]]
        }
        let turn = { (t: Double) in [[cos(t), sin(t)], [-sin(t), cos(t)]] }
        return mul(mul(turn(a), [[1, 0], [k, 1]]), turn(-a))
    }

    func testSkewAlongAnAxisOnALayer() throws {
        // skew.json's "layer skew": sk 0° → 40° linearly over frames 0…9 along an axis at 30°, at (30, 50).
        for f in [0, 3, 6, 9] {
            let r = try Lottie.run(["--file", Lottie.fixture("skew.json"), "--time", "\(Double(f) / 10)", "--sink", "jsonl"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let layers = try JSONLinesReader.read(r.stdout)[0]["layers"] as! [[String: Any]]
            let layer = try XCTUnwrap(layers.first { $0["path"] as? String == "stage/composition/layer skew" })
            let m = try XCTUnwrap((layer["props"] as! [String: Any])["transform"] as? [Double], "frame \(f)")
            let s = skew(40 * Double(f) / 9, axis: 30)
            for (got, want) in zip([m[0], m[1], m[4], m[5], m[12], m[13]], [s[0][0], s[0][1], s[1][0], s[1][1], 30, 50]) {
                XCTAssertEqual(got, want, accuracy: 1e-9, "frame \(f): \(m)")
            }
        }
    }

    func testSkewAxisTurnsLikeTheLayersRotation() throws {
        // skew.json's "layer skew" at frame 9: sk 40°, sa 30°, a 30 × 30 (0.8, 0.2, 0.2) square about (30, 50).
        // The Lottie specification's transform (and lottie-web, lottie-android, ThorVG) turns by sa as the
        // layer's rotation r would (clockwise on screen), shears x by tan(−sk)·y, and turns back: with
        // c = cos 30°, s = sin 30°, t = tan(−40°) = −0.83910 the map is x' = (1 + t·c·s)·x + t·c²·y,
        // y' = −t·s²·x + (1 − t·c·s)·y = 0.63666·x − 0.62932·y, 0.20977·x + 1.36334·y. The square's corners
        // land, by hand, at (29.89, 26.40), (48.99, 32.70), (30.11, 73.60), (11.01, 67.30). Turning the other
        // way first (python-lottie 0.7.2, Skottie, lottie-ios) gives the mirror map 1.36334·x − 0.62932·y,
        // 0.20977·x + 0.63666·y: corners (18.99, 37.30), (59.89, 43.60), (41.01, 62.70), (0.11, 56.40).
        let frame = try Lottie.fxhostFrames(Lottie.fixture("skew.json"), fps: 10)[9]
        let red = [204, 51, 51]
        assertColor(frame[x: 30, y: 70], red, "(13, 13) lands at (30.10, 70.45)")
        assertColor(frame[x: 29, y: 29], red, "(−13, −13) lands at (29.90, 29.55)")
        assertColor(frame[x: 46, y: 35], red, "(13, −13) lands at (46.46, 35.00)")
        assertColor(frame[x: 39, y: 61], white, "the mirror map's (13, 13), at (39.54, 61.00), is outside")
        assertColor(frame[x: 20, y: 38], white, "the mirror map's (−13, −13), at (20.46, 39.00), is outside")
    }

    func testSkewOnAGroupShearsItsOutline() throws {
        // skew.json's "group skew": a 30 × 30 (0.2, 0.6, 0.2) square about (72, 50) whose group skews by
        // −40° along the x axis at frame 9: a point (x, y) of the square lands at (x + tan 40°·y, y).
        let frame = try Lottie.fxhostFrames(Lottie.fixture("skew.json"), fps: 10)[9]
        let green = [51, 153, 51], t = tan(40 * Double.pi / 180)
        func at(_ x: Double, _ y: Double) -> [Int] { frame[x: Int((72 + x + t * y).rounded(.down)), y: Int((50 + y).rounded(.down))] }
        assertColor(at(13, 12), green, "inside, lower right")
        assertColor(at(-13, 12), green, "inside, lower left")
        assertColor(at(-13, -12), green, "inside, upper left")
        assertColor(frame[x: 59, y: 62], white, "where the unsheared square's lower left corner was")
        assertColor(frame[x: 84, y: 38], white, "where the unsheared square's upper right corner was")
    }

    func testTrimIndividuallyRunsAlongTheShapesAsOneOutline() throws {
        // trim-individual.json: two 60-point lines (y = 18 and y = 42, x 20…80), trimmed "individually"
        // from 0 to an end that goes 25 % → 100 % over frames 0…9: a cut at e % of their 120 points
        // keeps the first line up to x = 20 + 1.2·e, then the second line up to x = 20 + 1.2·e − 60.
        // ("Simultaneously" would keep e % of each.)
        let frames = try Lottie.fxhostFrames(Lottie.fixture("trim-individual.json"), fps: 10)
        let blue = [26, 77, 179]
        assertColor(frames[0][x: 45, y: 18], blue, "25 %: the first line's first 30 points")
        assertColor(frames[0][x: 55, y: 18], white, "25 %: the rest of the first line")
        assertColor(frames[0][x: 30, y: 42], white, "25 %: nothing of the second line")
        assertColor(frames[3][x: 75, y: 18], blue, "50 %: the whole first line")
        assertColor(frames[3][x: 25, y: 42], white, "50 %: nothing of the second line")
        assertColor(frames[6][x: 45, y: 42], blue, "75 %: the second line's first 30 points")
        assertColor(frames[6][x: 55, y: 42], white, "75 %: the rest of the second line")
    }

    func testDashOffsetShiftsThePattern() throws {
        // dashes.json: a line x 10…90 at y = 20, 6 wide, dashes 10 on and 5 off, offset 0 → 9 over frames
        // 0…9. An offset d starts the line d points into the pattern (SVG's stroke-dashoffset, which
        // lottie-web draws with): at frame 0 ink on 10…20, 25…35; at frame 5 (d = 5) on 10…15, 20…30.
        let frames = try Lottie.fxhostFrames(Lottie.fixture("dashes.json"), fps: 10)
        let black = [0, 0, 0]
        for (x, c) in [(15, black), (22, white), (30, black), (37, white), (45, black)] {
            assertColor(frames[0][x: x, y: 20], c, "frame 0, x = \(x)")
        }
        for (x, c) in [(12, black), (17, white), (25, black), (32, white), (40, black)] {
            assertColor(frames[5][x: x, y: 20], c, "frame 5, x = \(x)")
        }
    }

    func testTimeStretchPlaysThePrecompAtHalfSpeed() throws {
        // time-stretch.json: the precomp "slow" with sr 2 shows its frame f / 2 at frame f (the Lottie
        // specification: t′ = t / sr − st), where the square goes 10 → 90 linearly over frames 0…8.
        for f in [1, 5, 8, 11, 16] {
            let r = try Lottie.run(["--file", Lottie.fixture("time-stretch.json"), "--time", "\(Double(f) / 10)", "--sink", "jsonl"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let layers = try JSONLinesReader.read(r.stdout)[0]["layers"] as! [[String: Any]]
            let square = try XCTUnwrap(layers.first { $0["path"] as? String == "stage/composition/slow/slow content/square" })
            let m = try XCTUnwrap((square["props"] as! [String: Any])["transform"] as? [Double])
            XCTAssertEqual(m[12], 10 + 80 * min(1, Double(f) / 2 / 8), accuracy: 1e-9, "frame \(f)")
        }
    }

    func testLayerEffectsAndBlendModesAreWarnedAbout() throws {
        let json = #"{"v":"5.7.4","fr":10,"ip":0,"op":2,"w":20,"h":20,"layers":[{"ddd":1,"ao":1,"bm":3,"ind":1,"ty":4,"nm":"fx","ip":0,"op":2,"st":0,"ks":{},"ef":[{"ty":25,"nm":"Drop Shadow"}],"shapes":[{"ty":"rc","d":1,"p":{"a":0,"k":[10,10]},"s":{"a":0,"k":[8,8]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"r":1}]}]}"#
        let file = try TestSupport.temporaryFolder() + "/fx.json"
        try json.write(toFile: file, atomically: true, encoding: .utf8)
        let r = try Lottie.run(["--file", file, "--time", "0", "--sink", "jsonl"])
        XCTAssertEqual(r.status, 0, r.stderr)
        for feature in ["layer effects", "blend modes"] {
            XCTAssert(r.stderr.contains("layer 'fx': \(feature) not supported"), "\(feature): \(r.stderr)")
        }
        XCTAssertFalse(r.stderr.contains("3D"), "3D layers play (ThreeDTests): \(r.stderr)")
        XCTAssertFalse(r.stderr.contains("auto-orient"), "auto-orient plays (AutoOrientTests): \(r.stderr)")
        XCTAssert(r.stdout.contains("stage/composition/fx/paint"), "the rest still plays")
    }
}
