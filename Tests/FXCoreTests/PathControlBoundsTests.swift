// SPDX-License-Identifier: MIT
import Testing
@testable import FXCore

/// `Path.controlBounds`: the box of every point the path names, control points included (which is
/// what holds a Bézier curve: its convex hull), found without gathering the points.
@Suite struct PathControlBoundsTests {
    @Test func controlPointsOutsideTheEndPointsWidenTheBox() {
        var p = Path()
        p.move(to: Point(10, 20))
        p.cubic(to: Point(30, 20), control1: Point(5, -40), control2: Point(50, 70))
        p.quad(to: Point(12, 25), control: Point(-3, 22))
        p.close()
        // x from -3 (the quad's control) to 50, y from -40 to 70: worked out from the points above.
        #expect(p.controlBounds == Rect(-3, -40, 53, 110))
        // The same box as the extremes of `points`, the list it replaces in damage.
        let xs = p.points.map(\.x), ys = p.points.map(\.y)
        #expect(p.controlBounds == Rect(xs.min()!, ys.min()!, xs.max()! - xs.min()!, ys.max()! - ys.min()!))
    }

    @Test func aPathWithNoPointHasNoBoxAndOnePointAnEmptyOne() {
        #expect(Path().controlBounds == nil)
        var dot = Path()
        dot.move(to: Point(4, -2))
        #expect(dot.controlBounds == Rect(4, -2, 0, 0))
    }
}
