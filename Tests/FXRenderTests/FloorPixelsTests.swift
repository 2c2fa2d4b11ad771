// SPDX-License-Identifier: MIT
import Testing
@testable import FXRender

/// `Int(floorPixels:)`, the resampler's floor without libm: the largest integer not above the value
/// (the expected values by that definition), clamped to ±2^30 and NaN as 0 as `Int(pixels:)` does.
@Suite struct FloorPixelsTests {
    @Test(arguments: [
        (0.0, 0), (-0.0, 0), (0.5, 0), (2.9999, 2), (3.0, 3), (-0.5, -1), (-1.0, -1), (-1e-300, -1),
        (-2.0000001, -3), (1e20, 1_073_741_824), (-1e20, -1_073_741_824), (.infinity, 1_073_741_824), (.nan, 0),
    ])
    func isTheFloor(_ x: Double, _ expected: Int) {
        #expect(Int(floorPixels: x) == expected, "\(x)")
    }
}
