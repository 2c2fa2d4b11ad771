// SPDX-License-Identifier: MIT
import Testing
@testable import FXCore

/// The sampler's number-only path (`ScalarAnimation`) against its general path:
/// the same animation given once as numbers on `position.x` (sampled as plain
/// doubles) and once as points on `position` (sampled through `Value`'s
/// component-wise interpolation), on two layers of one stage. Their x must
/// agree to the bit at every instant. The values themselves are checked
/// against Core Animation's published rules by the timing and conformance suites.
@Suite struct ScalarAnimationTests {
    /// Instants through and past the animations, including cycle boundaries.
    static let instants: [Double] = Set((0...130).map { Double($0) * 0.0375 } + [0.5, 1, 1.5, 2, 2.25, 3]).sorted()

    /// Adds `make(numbers)` to layer "n" and `make(points)` to layer "p", then compares x at every instant.
    func compare(_ make: (_ keyPath: String, _ value: (Double) -> Value) -> Animation,
                 model: Double = 0) throws {
        let stage = Stage(size: Size(320, 240))
        let n = stage.makeLayer(.layer, name: "n"), p = stage.makeLayer(.layer, name: "p")
        for l in [n, p] {
            try l.set(.position, .point(Point(model, 7)))
            try stage.root.addSublayer(l)
        }
        try n.add(make("position.x") { .number($0) }, forKey: "a")
        try p.add(make("position") { .point(Point($0, 7)) }, forKey: "a")
        #expect(n.evaluators[0].scalar != nil, "the number animation takes the scalar path")
        #expect(p.evaluators[0].scalar == nil, "the point animation takes the general path")
        for t in ScalarAnimationTests.instants {
            let snap = try stage.sample(at: t)
            let xn = snap.layer(named: "n")!.point(.position).x, xp = snap.layer(named: "p")!.point(.position).x
            #expect(xn.bitPattern == xp.bitPattern, "at t = \(t): \(xn) (numbers) vs \(xp) (points)")
        }
    }

    @Test func basicEasedRepeatedAndReversed() throws {
        try compare { kp, v in
            var a = Animation.basic(try! KeyPath(parsing: kp), from: v(20), to: v(260))
            a.timingFunction = .easeInEaseOut
            a.timing.duration = 0.7
            a.timing.repeatCount = 2.5
            a.timing.autoreverses = true
            a.timing.fillMode = .both
            a.timing.beginTime = 0.2
            a.isRemovedOnCompletion = false
            return a
        }
    }

    @Test(arguments: [0.3, 1.0, 2.5])
    func springs(dampingRatio: Double) throws {
        try compare { kp, v in
            var spring = Spring(duration: 1, dampingRatio: dampingRatio)
            spring.allowsOverdamping = dampingRatio > 1
            var a = Animation.spring(try! KeyPath(parsing: kp), from: v(-40), to: v(200), spring: spring)
            a.timing.duration = 1.5
            a.timing.repeatCount = 2
            return a
        }
    }

    @Test func linearKeyframesWithKeyTimesAndSegmentCurves() throws {
        try compare { kp, v in
            let k = Keyframes(values: [v(0), v(120), v(30), v(300)], keyTimes: [0, 0.2, 0.7, 1],
                              timingFunctions: [.easeIn, .default])
            var a = Animation.keyframe(try! KeyPath(parsing: kp), k)
            a.timingFunction = .easeOut
            a.timing.duration = 1.2
            a.timing.repeatCount = 3
            return a
        }
    }

    @Test func discreteKeyframes() throws {
        try compare { kp, v in
            var k = Keyframes(values: [v(10), v(50), v(90)], keyTimes: [0, 0.25, 0.6, 1])
            k.calculationMode = .discrete
            var a = Animation.keyframe(try! KeyPath(parsing: kp), k)
            a.timing.duration = 2
            return a
        }
    }

    @Test func pacedKeyframesIgnoreTheirTimingFunctions() throws {
        try compare { kp, v in
            var k = Keyframes(values: [v(0), v(10), v(200), v(180)], timingFunctions: [.easeIn, .easeOut, .easeIn])
            k.calculationMode = .paced
            var a = Animation.keyframe(try! KeyPath(parsing: kp), k)
            a.timingFunction = .easeInEaseOut
            a.timing.duration = 1.6
            return a
        }
    }

    @Test func cumulativeRepeats() throws {
        try compare { kp, v in
            var a = Animation.basic(try! KeyPath(parsing: kp), from: v(5), to: v(45))
            a.isCumulative = true
            a.timing.duration = 0.5
            a.timing.repeatCount = 4
            a.timing.autoreverses = true
            return a
        }
        try compare { kp, v in
            var a = Animation.keyframe(try! KeyPath(parsing: kp), Keyframes(values: [v(1), v(9), v(4)]))
            a.isCumulative = true
            a.timing.duration = 0.5
            a.timing.repeatCount = 5
            return a
        }
    }

    @Test func additiveOverTheModel() throws {
        try compare({ kp, v in
            var a = Animation.basic(try! KeyPath(parsing: kp), from: v(-30), to: v(30))
            a.isAdditive = true
            a.timing.duration = 1
            a.timing.repeatCount = 2
            return a
        }, model: 150)
    }

    /// A number property (no component): opacity against the same numbers on position's x.
    @Test func numberPropertyMatchesTheComponentPath() throws {
        let stage = Stage(size: Size(320, 240))
        let l = stage.makeLayer(.layer, name: "l")
        try stage.root.addSublayer(l)
        var fade = Animation.basic(try KeyPath(parsing: "opacity"), from: .number(0), to: .number(1))
        fade.timingFunction = .easeIn
        fade.timing.duration = 0.9
        var move = Animation.basic(try KeyPath(parsing: "position"), from: .point(Point(0, 0)), to: .point(Point(1, 0)))
        move.timingFunction = .easeIn
        move.timing.duration = 0.9
        try l.add(fade, forKey: "fade")
        try l.add(move, forKey: "move")
        for t in ScalarAnimationTests.instants where t < 0.9 {
            let s = try stage.sample(at: t).layer(named: "l")!
            #expect(s.number(.opacity).bitPattern == s.point(.position).x.bitPattern, "at t = \(t)")
        }
    }
}
