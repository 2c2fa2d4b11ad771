// SPDX-License-Identifier: MIT
import FXCore
import Testing
@testable import FXRender

/// `Rect.mapped`: the box around a rect's four corners sent through a homography, skipping any
/// corner that lands behind the eye (w ≤ 0), as damage and extents need it.
@Suite struct RectMappedTests {
    @Test func anAffineMapGivesTheBoxOfTheFourCorners() {
        // A quarter turn then a move by (100, 50): (x, y) → (100 - y, 50 + x).
        let turn = Homography(m: (0, 1, 0, -1, 0, 0, 100, 50, 1))
        // Corners (10, 20), (40, 20), (40, 30), (10, 30) → (80, 60), (80, 90), (70, 90), (70, 60).
        #expect(Rect(10, 20, 30, 10).mapped(turn) == Rect(70, 60, 10, 30))
    }

    @Test func cornersBehindTheEyeAreLeftOutAndAllBehindGivesNil() {
        // w = 1 - x / 50: the corners at x = 0 keep w = 1, those at x = 100 have w = -1.
        let h = Homography(m: (1, 0, -0.02, 0, 1, 0, 0, 0, 1))
        // Only (0, 0) and (0, 10) count: the box is the segment x = 0, y 0…10.
        #expect(Rect(0, 0, 100, 10).mapped(h) == Rect(0, 0, 0, 10))
        // Corners at x = 60 and 100: all behind.
        #expect(Rect(60, 0, 40, 10).mapped(h) == nil)
    }
}
