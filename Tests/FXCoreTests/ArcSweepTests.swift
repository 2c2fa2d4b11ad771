// SPDX-License-Identifier: MIT
import Foundation
import Testing
@testable import FXCore

/// An arc's sweep is at most one turn and it ends at its end angle (Apple's
/// UIBezierPath `init(arcCenter:radius:startAngle:endAngle:clockwise:)`: "the
/// current point is set to the point on the arc at the end angle"), while
/// 0 → 2π stays a whole circle.
@Suite struct ArcSweepTests {
    /// The total turn of an arc path, summed from its points' angles about the centre.
    func turned(_ p: Path) -> Double {
        let pts = p.flattened()[0]
        var total = 0.0
        for (a, b) in zip(pts, pts.dropFirst()) {
            var d = atan2(b.y, b.x) - atan2(a.y, a.x)
            if d > .pi { d -= 2 * .pi } else if d < -.pi { d += 2 * .pi }
            total += d
        }
        return total
    }

    @Test(arguments: [
        // (start, end, clockwise, expected turn)
        (0.0, 2.5 * Double.pi, true, Double.pi / 2),
        (0.0, 4 * Double.pi, true, 2 * Double.pi),
        (0.0, 2 * Double.pi, true, 2 * Double.pi),
        (0.0, -2.5 * Double.pi, false, -Double.pi / 2),
        (Double.pi, 8 * Double.pi, true, Double.pi),
        // A huge end angle is reduced at once (no loop over turns); 2π as a Double is not
        // exactly 2π, so its end lands within 1e-6 rad of the true angle.
        (0.0, 1e9 * Double.pi + Double.pi / 2, true, Double.pi / 2),
    ])
    func sweepPastATurnLosesWholeTurns(_ a0: Double, _ a1: Double, _ cw: Bool, _ turn: Double) throws {
        var p = Path()
        p.arc(center: Point(0, 0), radius: 10, startAngle: a0, endAngle: a1, clockwise: cw)
        #expect(abs(turned(p) - turn) < 1e-5)
        // The current point is the point at the end angle.
        let end = try #require(p.current)
        #expect(abs(end.x - 10 * cos(a1)) < 1e-5 && abs(end.y - 10 * sin(a1)) < 1e-5)
    }
}
