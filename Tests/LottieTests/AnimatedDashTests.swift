// SPDX-License-Identifier: MIT
import XCTest

/// A stroke's dash lengths follow their keyframes (they were frozen at the first frame's).
final class AnimatedDashTests: XCTestCase {
    func testAnAnimatedDashLengthPlays() throws {
        // dash-length.json: a line x 10…90 at y = 20, 6 wide, butt caps, the dash 10 → 20 points linearly over
        // frames 0…10, the gap 5, no offset (SVG's stroke-dasharray, which lottie-web draws with): ink on
        // 10…20, 25…35 at frame 0; on 10…25, 30…45 at frame 5 (dash 15); on 10…30, 35…55 at frame 10 (dash 20).
        let frames = try Lottie.fxhostFrames(Lottie.fixture("dash-length.json"), fps: 10)
        XCTAssertGreaterThanOrEqual(frames.count, 11)
        let black = [0, 0, 0], white = [255, 255, 255]
        for (f, x, c) in [(0, 15, black), (0, 22, white), (0, 32, black), (0, 37, white),
                          (5, 22, black), (5, 27, white), (5, 40, black), (5, 47, white),
                          (10, 22, black), (10, 27, black), (10, 32, white), (10, 50, black), (10, 57, white)] {
            assertColor(frames[f][x: x, y: 20], c, "frame \(f), x = \(x)")
        }
    }

    func testAnAnimatedDashLengthAgreesWithRlottie() throws {
        try assertAgreesWithRlottie([("dash-length.json", 100, 40, 10, [0, 5, 10])])
    }
}
