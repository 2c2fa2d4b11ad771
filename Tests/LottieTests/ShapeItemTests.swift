// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import XCTest

/// Polystars, repeaters, rounded corners and gradient strokes: each
/// hand-written file drawn by fxhost and by rlottie must agree within
/// `LottieAgreement`'s tolerance; where rlottie 0.1 is wrong or silent, the
/// pixels are checked against positions computed here from the published
/// rule (lottie-ios's `BezierPath.polygon`/`star`/`roundCorners`, Skia
/// Skottie's repeater).
final class ShapeItemTests: XCTestCase {
    /// (file, width, height, frame rate, frames compared)
    static let cases: [(String, Int, Int, Double, [Int])] = [
        ("polystar.json", 120, 100, 10, [0, 3, 6, 9]),
        ("repeater.json", 120, 100, 10, [0, 4, 9]),
        ("gradient-stroke.json", 120, 60, 10, [0, 2, 4]),
    ]

    func testShapeItemsAgreeWithRlottie() throws {
        try assertAgreesWithRlottie(Self.cases)
    }

    let white = [255, 255, 255]

    func testPolystarRotationTurnsThePolygonAndTheStarOnce() throws {
        // rlottie 0.1 turns a polystar twice by its rotation (`LOTPolystarItem::updatePath` rotates the
        // matrix by it two times) and starts a polygon at (−90° in radians − 90)° instead of −90°.
        // polygon.json: a triangle of radius 26 about (30, 30), (0.2, 0.4, 0.8), turned 0° → 180°
        // linearly over frames 0…4; a five-point star (radii 26, 10) about (90, 30), (0.8, 0.2, 0.2), turned 36°.
        let frames = try Lottie.fxhostFrames(Lottie.fixture("polygon.json"), fps: 10)
        let blue = [51, 102, 204], red = [204, 51, 51]
        // Frame 0: vertices at −90°, 30°, 150°: (30, 4), (52.5, 43), (7.5, 43).
        assertColor(frames[0][x: 30, y: 10], blue, "the triangle's top point at 0°")
        assertColor(frames[0][x: 30, y: 50], white, "below the triangle's base at 0°")
        // Frame 2, 90°: vertices at 0°, 120°, 240°: (56, 30), (17, 52.5), (17, 7.5).
        assertColor(frames[2][x: 51, y: 30], blue, "the point turned to the right at 90°")
        assertColor(frames[2][x: 10, y: 30], white, "left of the base at 90°")
        // Frame 4, 180°: the point at (30, 56), the base at y = 17.
        assertColor(frames[4][x: 30, y: 50], blue, "the point turned down at 180°")
        assertColor(frames[4][x: 30, y: 10], white, "above the base at 180°")
        // The star turned 36°: outer points at −54°, 18°, 90°, … so one points down to (90, 56) and the top
        // is an inner point at (90, 20). (rlottie's 72° would put an outer point up at (90, 4).)
        assertColor(frames[0][x: 90, y: 50], red, "the star's point turned down")
        assertColor(frames[0][x: 90, y: 12], white, "no point at the top")
    }

    func testRepeaterCompositesBelowWithOpacityStepsOfOneOverCopies() throws {
        // repeater-below.json: a 30 × 30 square at (5…35, 15…45), filled blue with a red 6-wide stroke
        // under the fill, repeated 4 times 20 to the right, opacity 100 % → 20 %, composite 1 ("below").
        // Copy i's opacity is 100 + (20 − 100) × i / 4 (Skottie's and rlottie's step, not i / 3).
        let frame = try Lottie.fxhostFrames(Lottie.fixture("repeater-below.json"), fps: 10)[0]
        func blue(_ opacity: Double) -> [Int] { let v = Int((255 * (1 - opacity)).rounded()); return [v, v, 255] }
        assertColor(frame[x: 10, y: 30], blue(1.0), "copy 0 alone, 100 %")
        assertColor(frame[x: 60, y: 30], blue(0.6), "copy 2 alone, 60 %")
        assertColor(frame[x: 85, y: 30], blue(0.4), "copy 3 alone, 40 % (i / copies; i / (copies − 1) gives 20 %)")
        // x = 23: inside copy 0's fill and in copy 1's stroke. Below: copy 0 is on top (pure blue);
        // above, copy 1's red stroke at 80 % would cover it (204, 0, 51).
        assertColor(frame[x: 23, y: 30], blue(1.0), "the first copy on top")
        XCTAssertGreaterThan(frame[x: 3, y: 30][0], 200, "copy 0's stroke, red, outside its fill")
    }

    func testRoundedCornersRoundPathsAndPolystarsBeforeThem() throws {
        // rounded-corners.json: a square path (10…50)² in a group and a 4-point polygon turned 45° (the square
        // (70…110, 10…50)), then rounded corners whose radius goes 0 → 20 linearly over frames 0…4; rlottie 0.1
        // ignores the modifier. Each corner becomes a cubic from r along one edge to r along the other, handles
        // 0.5519 r towards the corner: at t = ½ it crosses the corner's diagonal 0.293 r from the corner.
        let frames = try Lottie.fxhostFrames(Lottie.fixture("rounded-corners.json"), fps: 10)
        let green = [26, 153, 77]
        func diagonalOffset(_ r: Double) -> Double {
            // B(½) of (0, r), (0, r − 0.5519 r), (r − 0.5519 r, 0), (r, 0), along x (= along y by symmetry).
            0.375 * (r - 0.5519 * r) + 0.125 * r
        }
        for (f, r) in [(0, 0.0), (2, 10.0), (4, 20.0)] {
            let d = diagonalOffset(r)
            for cornerX in [10.0, 70.0] {
                let outside = Int((d - 2).rounded(.down)), inside = Int((d + 2).rounded(.up))
                if r > 0 {
                    assertColor(frames[f][x: Int(cornerX) + outside, y: 10 + outside], white, "frame \(f): outside the rounded corner at \(cornerX)")
                } else {
                    assertColor(frames[f][x: Int(cornerX) + 1, y: 11], green, "frame 0: the sharp corner at \(cornerX)")
                }
                assertColor(frames[f][x: Int(cornerX) + inside, y: 10 + inside], green, "frame \(f): inside the rounded corner at \(cornerX)")
                assertColor(frames[f][x: Int(cornerX) + 1, y: 30], green, "frame \(f): the straight edge stays at \(cornerX)")
            }
        }
    }

    func testRepeatersAndPolystarsCannotAskForUnboundedWork() throws {
        // Three nested repeaters of 10⁷ copies each (read as 1,000) ask for 10⁹ rectangles a frame: refused from
        // the work bound before anything is built; a polystar of 10⁷ points is drawn with 1,024.
        let dir = try TestSupport.temporaryFolder()
        func rp(_ c: String) -> String { #"{"ty":"rp","c":{"a":0,"k":\#(c)},"tr":{"p":{"a":0,"k":[1,0]}}}"# }
        let square = #"{"ty":"rc","p":{"a":0,"k":[5,5]},"s":{"a":0,"k":[4,4]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
        let nested = #"{"ty":"gr","it":[{"ty":"gr","it":[\#(square),\#(rp("1e7"))]},\#(rp("1e7"))]},\#(rp("1e7"))"#
        func file(_ name: String, _ shapes: String) throws -> String {
            let text = #"{"v":"5.7.4","fr":10,"ip":0,"op":5,"w":50,"h":50,"layers":[{"ddd":0,"ty":4,"nm":"L","ind":1,"ip":0,"op":5,"st":0,"ks":{},"shapes":[\#(shapes)]}]}"#
            try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
            return dir + "/" + name
        }
        let start = Date()
        let r = try Lottie.run(["--file", try file("copies.json", nested), "--time", "0", "--timeout", "60"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssert(r.stderr.contains("$.layers[0]") && r.stderr.contains("units of work"), r.stderr)
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(start), 10, "refused promptly")
        let star = #"{"ty":"sr","sy":1,"pt":{"a":0,"k":1e7},"p":{"a":0,"k":[25,25]},"r":{"a":0,"k":0},"ir":{"a":0,"k":10},"or":{"a":0,"k":20}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
        let played = try Lottie.run(["--file", try file("star.json", star), "--time", "0", "--timeout", "60"])
        XCTAssertEqual(played.status, 0, played.stderr)
        // A mirroring scale to a fractional power, a scale to the power 10⁷, 0 to a negative power: no NaN or
        // infinity reaches fxhost (it refuses a path of them), the copies that would be infinite are not drawn.
        for (scale, offset) in [("-50", "0.5"), ("200", "1e7"), ("0", "-3")] {
            let shapes = #"\#(square),{"ty":"rp","c":{"a":0,"k":3},"o":{"a":0,"k":\#(offset)},"tr":{"s":{"a":0,"k":[\#(scale),50]},"p":{"a":0,"k":[3,0]}}}"#
            let r = try Lottie.run(["--file", try file("scale.json", shapes), "--time", "0", "--timeout", "60"])
            XCTAssertEqual(r.status, 0, "scale \(scale) to the power \(offset): \(r.stderr)")
        }
    }

    func testFeaturesPlayedAreNoLongerWarnedAbout() throws {
        for file in ["polystar.json", "repeater.json", "rounded-corners.json", "gradient-stroke.json"] {
            let r = try Lottie.run(["--file", Lottie.fixture(file), "--time", "0"])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertFalse(r.stderr.contains("not supported"), "\(file): \(r.stderr)")
        }
    }
}
