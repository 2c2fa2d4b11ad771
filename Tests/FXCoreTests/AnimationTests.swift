// SPDX-License-Identifier: MIT
import Glibc
import Testing
@testable import FXCore

@Suite struct BasicAnimationTests {
    /// Every nil combination of from/to/by, against R15's table, with model value 10.
    @Test(arguments: [
        (Optional(2.0), Optional(4.0), Optional<Double>.none, 2.0, 4.0),
        (2.0, nil, 3.0, 2.0, 5.0),
        (nil, 4.0, 3.0, 1.0, 4.0),
        (2.0, nil, nil, 2.0, 10.0),
        (nil, 4.0, nil, 10.0, 4.0),
        (nil, nil, 3.0, 10.0, 13.0),
    ])
    func fromToByCombinations(from: Double?, to: Double?, by: Double?, start: Double, end: Double) throws {
        let (stage, layer) = stageWithLayer()
        try layer.set(.opacity, .number(10))
        try layer.add(basic("opacity", from: from.map(Value.number), to: to.map(Value.number), by: by.map(Value.number)) {
            $0.timing.duration = 1
        }, forKey: "a")
        #expect(close(number(try presented(stage, "opacity", at: 0)), start))
        #expect(close(number(try presented(stage, "opacity", at: 0.5)), (start + end) / 2))
        #expect(close(number(try presented(stage, "opacity", at: 0.999999)), end, 1e-4))
        // After the end (removedOnCompletion): the model value again.
        #expect(number(try presented(stage, "opacity", at: 1)) == 10)
    }

    @Test func timingFunctionEasesProgress() throws {
        let (stage, layer) = stageWithLayer()
        try layer.add(basic("position.x", from: .number(0), to: .number(100)) {
            $0.timing.duration = 1; $0.timingFunction = .easeOut
        }, forKey: nil)
        let x = number(try presented(stage, "position.x", at: 0.3))
        #expect(close(x, 100 * TimingFunction.easeOut(0.3), 1e-9))
        #expect(x > 30)
    }

    @Test func additiveAddsToTheModel() throws {
        let (stage, layer) = stageWithLayer()
        try layer.set(.position, .point(Point(100, 50)))
        try layer.add(basic("position.x", from: .number(0), to: .number(20)) {
            $0.timing.duration = 1; $0.isAdditive = true
        }, forKey: nil)
        #expect(close(number(try presented(stage, "position.x", at: 0.5)), 110))
        #expect(try presented(stage, "position", at: 0.5) == .point(Point(110, 50)))
    }

    @Test func cumulativeAccumulatesTheEndValue() throws {
        let (stage, layer) = stageWithLayer()
        try layer.add(basic("position.x", from: .number(0), to: .number(10)) {
            $0.timing.duration = 1; $0.timing.repeatCount = 3; $0.isCumulative = true
        }, forKey: nil)
        #expect(close(number(try presented(stage, "position.x", at: 0.5)), 5))
        #expect(close(number(try presented(stage, "position.x", at: 1.5)), 15))
        #expect(close(number(try presented(stage, "position.x", at: 2.25)), 22.5))
    }

    @Test func laterAnimationsStackOnEarlierOnes() throws {
        let (stage, layer) = stageWithLayer()
        try layer.set(.opacity, .number(0.2))
        try layer.add(basic("opacity", from: .number(0), to: .number(1)) { $0.timing.duration = 1 }, forKey: "a")
        try layer.add(basic("opacity", by: .number(0.5)) { $0.timing.duration = 1; $0.isAdditive = true }, forKey: "b")
        // The first replaces the model (0.5 at half time); the second, additive "by only",
        // runs model → model + by (0.2 → 0.7, so 0.45) and adds that on top.
        #expect(close(number(try presented(stage, "opacity", at: 0.5)), 0.5 + 0.45))
    }

    @Test func valuesOfTheWrongTypeAreRefused() {
        let (_, layer) = stageWithLayer()
        #expect(throws: FXError.self) { try layer.add(basic("opacity", to: .point(.zero)), forKey: nil) }
        #expect(throws: FXError.self) { try layer.add(basic("locations", to: .numbers([0])), forKey: nil) }
        #expect(throws: FXError.self) { try layer.add(basic("opacity", to: .number(.infinity)), forKey: nil) }
        #expect(layer.animations.isEmpty)
    }
}

@Suite struct KeyframeTests {
    func run(_ k: Keyframes, at times: [Double], configure: (inout Animation) -> Void = { _ in }) throws -> [Double] {
        let (stage, layer) = stageWithLayer()
        var a = Animation.keyframe(try KeyPath(parsing: "position.x"), k)
        a.timing.duration = 1
        configure(&a)
        try layer.add(a, forKey: nil)
        return try times.map { number(try presented(stage, "position.x", at: $0)) }
    }

    @Test func linearWithKeyTimesAndSegmentCurves() throws {
        var k = Keyframes(values: [.number(0), .number(100), .number(50)], keyTimes: [0, 0.25, 1])
        #expect(try run(k, at: [0, 0.125, 0.25, 0.625]) == [0, 50, 100, 75])
        k.timingFunctions = [.easeIn, .linear]
        let v = try run(k, at: [0.125])[0]
        #expect(close(v, 100 * TimingFunction.easeIn(0.5)))
    }

    @Test func evenlySpacedWithoutKeyTimes() throws {
        let k = Keyframes(values: [.number(0), .number(10), .number(30)])
        #expect(try run(k, at: [0.25, 0.75]) == [5, 20])
    }

    @Test func discreteHoldsFromEachKeyTime() throws {
        // Apple's example: keyTimes [0, .25, .5, .75, 1], values [310, 60, 120, 60].
        var k = Keyframes(values: [310, 60, 120, 60].map(Value.number), keyTimes: [0, 0.25, 0.5, 0.75, 1])
        k.calculationMode = .discrete
        #expect(try run(k, at: [0, 0.2499, 0.25, 0.6, 0.75, 0.99]) == [310, 310, 60, 120, 60, 60])
    }

    @Test func pacedMovesAtConstantSpeed() throws {
        // Distances 10 and 30: the first value is reached at a quarter of the time.
        var k = Keyframes(values: [.number(0), .number(10), .number(40)], keyTimes: [0, 0.9, 1])
        k.calculationMode = .paced
        let v = try run(k, at: [0.25, 0.5])
        #expect(close(v[0], 10) && close(v[1], 20))
    }

    @Test func cubicPassesThroughKeysWithCatmullRomTangents() throws {
        var k = Keyframes(values: [.number(0), .number(10), .number(0), .number(10)])
        k.calculationMode = .cubic
        let third = 1.0 / 3
        let v = try run(k, at: [third, 0.5, 2 * third])
        #expect(close(v[0], 10, 1e-9) && close(v[2], 0, 1e-9))
        // Middle of segment 1 (p0=0, p1=10, p2=0, p3=10): tangents (p2−p0)/2 = 0 and (p3−p1)/2 = 0
        // → Hermite at u = 0.5 with zero tangents: (10 + 0)/2 = 5.
        #expect(close(v[1], 5, 1e-9))
        // Segment 0 mid: p−1 = p0 = 0 (end rule), m0 = (10−0)/2 = 5, m1 = (0−0)/2 = 0.
        let first = try run(k, at: [third / 2])[0]
        let expected = 0.5 * 0 + 0.125 * 5 + 0.5 * 10 + (-0.125) * 0
        #expect(close(first, expected, 1e-9))
    }

    @Test func pathMovesAPointAlongIt() throws {
        let (stage, layer) = stageWithLayer()
        var p = Path()
        p.move(to: Point(0, 0)); p.line(to: Point(100, 0)); p.line(to: Point(100, 100))
        var a = Animation.keyframe(KeyPath(.position), Keyframes(path: p))
        a.timing.duration = 2
        try layer.add(a, forKey: nil)
        #expect(try presented(stage, "position", at: 0.5) == .point(Point(50, 0)))
        #expect(try presented(stage, "position", at: 1.5) == .point(Point(100, 50)))
    }

    /// Apple's keyTimes page: "If the values in this array are invalid or
    /// inappropriate for the current calculation mode, they are ignored."
    /// So a wrong count or a decreasing list means even spacing, not an error.
    @Test func keyTimesThatDoNotFitAreIgnored() throws {
        let kp = KeyPath(.opacity)
        for bad in [[0.0], [0.5, 0.2, 1], [0, 1.5, 1]] {
            let (stage, layer) = stageWithLayer()
            var a = Animation.keyframe(kp, Keyframes(values: [.number(0), .number(0.2), .number(1)], keyTimes: bad))
            a.timing.duration = 1
            try layer.add(a, forKey: nil)
            // Even spacing: 0 at 0, 0.2 at 0.5, 1 at 1; t = 0.75 is half-way through the second segment.
            #expect(close(number(try presented(stage, "opacity", at: 0.25)), 0.1))
            #expect(close(number(try presented(stage, "opacity", at: 0.75)), 0.6))
        }
        let (_, layer) = stageWithLayer()
        #expect(throws: FXError.self) { try layer.add(.keyframe(kp, Keyframes(values: [])), forKey: nil) }
    }
}

@Suite struct SpringGroupTransitionTests {
    @Test func springAnimationFollowsTheSpring() throws {
        let (stage, layer) = stageWithLayer()
        let spring = Spring(duration: 0.5, dampingRatio: 0.5)
        var a = Animation.spring(try KeyPath(parsing: "position.y"), from: .number(0), to: .number(30), spring: spring)
        a.timing.duration = 0.5
        try layer.add(a, forKey: nil)
        var seen: [Double] = []
        for t in [0.05, 0.1, 0.2, 0.4] {
            seen.append(number(try presented(stage, "position.y", at: t)))
            #expect(close(seen.last!, 30 * spring.progress(at: t), 1e-9))
        }
        // Damping ratio 0.5 overshoots the target on the way.
        #expect(seen.max()! > 30)
    }

    @Test func groupChildrenRunInGroupTimeClippedToIt() throws {
        let (stage, layer) = stageWithLayer()
        var child = basic("position.x", from: .number(0), to: .number(100)) { $0.timing.duration = 10 }
        child.timing.beginTime = 1
        var group = Animation.group([child, basic("opacity", from: .number(0), to: .number(1)) { $0.timing.duration = 5 }])
        group.timing.duration = 5
        group.timing.beginTime = 2
        try layer.add(group, forKey: "g")
        // At t = 4 group time is 2: child x at e = 1 of 10.
        #expect(close(number(try presented(stage, "position.x", at: 4)), 10))
        #expect(close(number(try presented(stage, "opacity", at: 4)), 0.4))
        // At t = 7 the group has ended: nothing shows (only 4 of the child's 10 s were seen).
        #expect(number(try presented(stage, "position.x", at: 7)) == 0)
    }

    @Test func groupForwardFillFreezesChildrenAtTheGroupEnd() throws {
        let (stage, layer) = stageWithLayer()
        var group = Animation.group([basic("opacity", from: .number(0), to: .number(0.5)) { $0.timing.duration = 1 }])
        group.timing.duration = 1
        group.timing.fillMode = .forwards
        group.isRemovedOnCompletion = false
        try layer.add(group, forKey: nil)
        #expect(number(try presented(stage, "opacity", at: 3)) == 0.5)
    }

    @Test func transitionCapturesTheOldStateAndReportsProgress() throws {
        let (stage, layer) = stageWithLayer(.text)
        try layer.set(.string, .string("London"))
        var tr = Animation.transition(Transition(type: .push, subtype: .fromTop, startProgress: 0.2, endProgress: 1))
        tr.timing.duration = 1
        try layer.add(tr, forKey: "transition")
        try layer.set(.string, .string("Paris"))
        let snap = try stage.sample(at: 0.5)
        let l = snap.layer(named: "l")!
        #expect(l.string(.string) == "Paris")
        #expect(l.transitions.count == 1)
        #expect(close(l.transitions[0].progress, 0.2 + 0.8 * 0.5))
        #expect(l.transitions[0].from[0].string(.string) == "London")
        #expect(try stage.sample(at: 1.5).layer(named: "l")!.transitions.isEmpty)
    }
}
