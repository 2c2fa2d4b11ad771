// SPDX-License-Identifier: MIT
import XCTest

/// Mask expansion (`x`), checked against lottie-web's rule (its MaskElement): a positive
/// expansion strokes the mask's outline 2x wide over its fill, with SVG's default mitred joins;
/// a negative one erodes the shape by |x| (for a square, the square |x| smaller on each side).
final class MaskExpansionTests: XCTestCase {
    let red = [255, 0, 0], white = [255, 255, 255]

    func testAMaskGrowsAndShrinksByItsExpansion() throws {
        // mask-expansion.json: a red 200 × 200 solid masked by the square 60…140 (centre 100), expanded by
        // 10 at frame 0 (the square 50…150, its corners mitred, not rounded) and by −10 at frame 1 (70…130).
        let frames = try Lottie.fxhostFrames(Lottie.fixture("mask-expansion.json"), fps: 10)
        XCTAssertGreaterThanOrEqual(frames.count, 2)
        for (x, y, c) in [(145, 100, red), (155, 100, white), (100, 55, red), (100, 45, white),
                          (148, 148, red), (152, 152, white), (52, 52, red), (48, 48, white)] {
            assertColor(frames[0][x: x, y: y], c, "x = 10, at (\(x), \(y))")
        }
        for (x, y, c) in [(125, 100, red), (135, 100, white), (100, 75, red), (100, 65, white),
                          (128, 128, red), (132, 132, white), (100, 100, red)] {
            assertColor(frames[1][x: x, y: y], c, "x = −10, at (\(x), \(y))")
        }
    }

    func testASubtractedMaskTakesItsExpandedShape() throws {
        // mask-expansion-subtract.json: the same square subtracted, expanded by 10: a hole 50…150.
        let frame = try Lottie.fxhostFrames(Lottie.fixture("mask-expansion-subtract.json"), fps: 10)[0]
        for (x, y, c) in [(100, 100, white), (145, 100, white), (155, 100, red), (148, 148, white), (153, 153, red), (10, 10, red)] {
            assertColor(frame[x: x, y: y], c, "at (\(x), \(y))")
        }
    }

    func testAnInvertedMaskKeepsTheOutsideOfItsExpandedShape() throws {
        // mask-expansion-inverted.json: the square 60…140, inverted, expanded by 10: the solid outside 50…150.
        let frame = try Lottie.fxhostFrames(Lottie.fixture("mask-expansion-inverted.json"), fps: 10)[0]
        for (x, y, c) in [(100, 100, white), (145, 100, white), (148, 148, white), (155, 100, red), (153, 153, red), (10, 10, red)] {
            assertColor(frame[x: x, y: y], c, "at (\(x), \(y))")
        }
    }

    func testASubtractedMasksOpacityAppliesToItsShrunkShape() throws {
        // mask-expansion-opacity.json: the square subtracted at opacity 50, shrunk by 10 (70…130): the red solid
        // at half strength (1 − 0.5) over white inside 70…130, whole outside it.
        let frame = try Lottie.fxhostFrames(Lottie.fixture("mask-expansion-opacity.json"), fps: 10)[0]
        let half = [255, 128, 128]
        for (x, y, c) in [(100, 100, half), (125, 100, half), (135, 100, red), (100, 65, red), (10, 10, red)] {
            assertColor(frame[x: x, y: y], c, "at (\(x), \(y))")
        }
    }
}
