// SPDX-License-Identifier: MIT
import Foundation
import XCTest

/// Strokes and gradients under a group's non-uniform scale, by After Effects' rule (a paint is laid
/// out in its group's space, then the group's transform maps the result), computed here by hand.
final class GroupSpaceTests: XCTestCase {
    let black = [0, 0, 0], white = [255, 255, 255]

    func testAStrokeStretchesWithItsGroupsScale() throws {
        // stroke-nonuniform.json: a circle of radius 10 stroked 4 wide (radii 8…12) in a group at (50, 50)
        // scaled 300 × 100 %: the ink spans x 74…86 across the middle row (12 wide) and y 38…42 down the
        // middle column (4 tall). One width for the whole stroke (4 × √3 ≈ 6.9) would miss x = 75 and 84 and reach y = 37.
        let frame = try Lottie.fxhostFrames(Lottie.fixture("stroke-nonuniform.json"), fps: 10)[0]
        for (x, y, c) in [(75, 50, black), (80, 50, black), (84, 50, black), (72, 50, white), (88, 50, white),
                          (24, 50, black), (15, 50, black), (50, 39, black), (50, 41, black), (50, 36, white), (50, 44, white),
                          (50, 60, black), (50, 50, white)] {
            assertColor(frame[x: x, y: y], c, "at (\(x), \(y))")
        }
    }

    func testGradientsAreLaidOutInTheirGroupsSpace() throws {
        // gradient-nonuniform.json: groups scaled 200 × 100 %. "linear": a 40 × 40 square at (50, 50), black
        // to white from its corner (−20, −20) to (20, 20): at a pixel centre (X, Y) the group point is
        // ((X − 50) / 2, Y − 50) and the gradient's place t = (x + 20 + y + 20) / 80. "radial": the same square
        // at (50, 150), black at the centre to white at radius 20: t = √(x² + y²) / 20 with x = (X − 50) / 2, y = Y − 150.
        let frame = try Lottie.fxhostFrames(Lottie.fixture("gradient-nonuniform.json"), fps: 10)[0]
        func grey(_ t: Double) -> [Int] { let v = Int((255 * min(1, max(0, t))).rounded()); return [v, v, v] }
        for (x, y) in [(70, 40), (30, 60), (20, 35), (85, 65), (50, 50)] {
            let gx = (Double(x) + 0.5 - 50) / 2, gy = Double(y) + 0.5 - 50
            assertNear(frame[x: x, y: y], grey((gx + 20 + gy + 20) / 80), "linear at (\(x), \(y))")
        }
        for (x, y) in [(70, 150), (50, 160), (80, 140), (30, 155), (40, 145)] {
            let gx = (Double(x) + 0.5 - 50) / 2, gy = Double(y) + 0.5 - 150
            assertNear(frame[x: x, y: y], grey((gx * gx + gy * gy).squareRoot() / 20), "radial at (\(x), \(y))")
        }
    }

    func testGradientUnderANonUniformScaleAgreesWithRlottie() throws {
        try assertAgreesWithRlottie([("gradient-nonuniform.json", 100, 200, 10, [0])])
    }

    /// Within 3 levels a channel: a gradient's pixels are rounded by two steps (the ramp and compositing).
    func assertNear(_ c: [Int], _ expected: [Int], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        for k in 0..<3 { XCTAssertEqual(c[k], expected[k], accuracy: 3, "\(what): \(c) against \(expected)", file: file, line: line) }
    }
}
