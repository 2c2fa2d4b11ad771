// SPDX-License-Identifier: MIT
import TestSupport
import XCTest

/// Each feature's hand-written file, drawn by fxhost and by rlottie at the
/// same frames, must agree within `LottieAgreement`'s tolerance. The files
/// are written as Bodymovin writes them ("ddd": 0 on every layer, easing
/// handles on every keyframe but the last), which rlottie 0.1 needs.
final class RlottieAgreementTests: XCTestCase {
    /// (file, width, height, frame rate, frames compared)
    static let cases: [(String, Int, Int, Double, [Int])] = [
        ("shapes.json", 120, 100, 10, [0, 4, 7, 9]),
        ("path.json", 100, 100, 10, [0, 3, 6, 9]),
        ("hold.json", 100, 60, 10, [0, 2, 3, 4]),
        ("position.json", 100, 100, 10, [0, 2, 4, 6, 9]),
        ("stroke.json", 120, 60, 10, [0, 2, 4]),
        ("parenting.json", 100, 100, 10, [0, 3, 7, 9]),
        ("trim.json", 100, 100, 10, [0, 3, 7, 9]),
        ("gradient.json", 120, 60, 10, [0, 2, 4]),
        ("mask.json", 60, 60, 10, [0, 2, 4]),
        ("mask-modes.json", 120, 80, 10, [0, 2, 4]),
        ("matte.json", 100, 100, 10, [0, 3, 7]),
        ("matte-no-td.json", 100, 100, 10, [3]),
        ("matte-inverted.json", 60, 60, 10, [0, 2, 4]),
        ("matte-solid-inverted.json", 60, 60, 10, [0, 2, 4]),
        ("matte-luma.json", 60, 60, 10, [0, 2]),
        ("matte-luma-inverted.json", 60, 60, 10, [0, 2]),
        ("matte-precomp-inverted.json", 60, 60, 10, [0, 2, 4]),
        ("matte-luma-overlap.json", 60, 60, 10, [0, 2, 4]),
        ("precomp.json", 100, 100, 8, [0, 1, 3, 5, 7, 8]),
        ("start-time.json", 100, 60, 10, [0, 3, 5, 7, 9]),
        ("image.json", 100, 52, 10, [0, 5]),
    ]

    func testEachFeatureAgreesWithRlottie() throws {
        try assertAgreesWithRlottie(Self.cases)
    }
}
