// SPDX-License-Identifier: MIT
import Foundation
import Testing
@testable import FXCore

/// `rotationMode`'s turn is the layer's rotation along its path, laid over
/// whatever its transform presents, transform animations included, in either
/// order of adding. Apple documents no order; public iOS code relies on both
/// applying: tomkowz/fireworks (`ClassicFireworkAnimator`) groups a spark's
/// path animation with `rotationMode = kCAAnimationRotateAuto` and a
/// `transform` keyframe animation that scales it, and its sparks point along
/// their trajectories while they shrink.
@Suite struct RotationModeTests {
    /// A straight path from (0, 0) to (100, 100): the tangent is at π/4. With
    /// the transform animated to a uniform scale of 2 (linear, 1 s), at 0.5 s
    /// the scale is 1.5 and the presented matrix is scale(1.5) then a turn by
    /// π/4: m11 = 1.5 cos π/4, m12 = 1.5 sin π/4.
    @Test(arguments: [true, false])
    func theTurnIsLaidOverATransformAnimation(pathFirst: Bool) throws {
        let stage = Stage(size: Size(200, 200))
        let l = stage.makeLayer(.layer, name: "l")
        try stage.root.addSublayer(l)
        var k = Keyframes(path: Path(elements: [.move(Point(0, 0)), .line(Point(100, 100))]))
        k.rotationMode = .auto
        var follow = Animation.keyframe(try KeyPath(parsing: "position"), k)
        follow.timing.duration = 1
        var grow = Animation.basic(try KeyPath(parsing: "transform"), from: .transform(.identity),
                                   to: .transform(Transform3D.scale(2, 2)))
        grow.timing.duration = 1
        if pathFirst {
            try l.add(follow, forKey: "follow"); try l.add(grow, forKey: "grow")
        } else {
            try l.add(grow, forKey: "grow"); try l.add(follow, forKey: "follow")
        }
        let shown = try stage.sample(at: 0.5).layer(named: "l")!.value(at: try KeyPath(parsing: "transform"))
        guard case .transform(let m) = shown else { Issue.record("not a transform: \(shown)"); return }
        let c = 1.5 * cos(Double.pi / 4), s = 1.5 * sin(Double.pi / 4)
        #expect(abs(m.m11 - c) < 1e-9 && abs(m.m12 - s) < 1e-9, "\(m)")
        #expect(abs(m.m21 + s) < 1e-9 && abs(m.m22 - c) < 1e-9, "\(m)")
    }
}
