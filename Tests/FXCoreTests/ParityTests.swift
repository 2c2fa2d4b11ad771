// SPDX-License-Identifier: MIT
import Glibc
import Testing
@testable import FXCore

/// A cubic Bézier timing curve solved by bisection, written here so that the
/// expected values do not come from FXCore's own solver.
func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func coord(_ a: Double, _ b: Double, _ t: Double) -> Double {
        3 * a * t * (1 - t) * (1 - t) + 3 * b * t * t * (1 - t) + t * t * t
    }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if coord(x1, x2, mid) < x { lo = mid } else { hi = mid }
    }
    return coord(y1, y2, (lo + hi) / 2)
}

/// What real Core Animation code relies on (issue 9), each expectation
/// computed by hand from the rule in docs/timing.md.
@Suite struct ParityTests {
    /// A child left at duration 0 runs for the group's duration: a 0.75 s
    /// repeating group spinning its layer once per cycle.
    @Test func groupChildWithoutDurationTakesTheGroups() throws {
        let (stage, layer) = stageWithLayer()
        let spin = Animation.keyframe(try KeyPath(parsing: "transform.rotation.z"),
                                      Keyframes(values: [.number(0), .number(Double.pi), .number(2 * Double.pi)]))
        var group = Animation.group([spin])
        group.timing.duration = 0.75
        group.timing.repeatCount = .infinity
        try layer.add(group, forKey: "spin")
        // Half-way through a cycle the child is half-way through its 0.75 s: π (0.25 s would have ended).
        let angle = number(try presented(stage, "transform.rotation.z", at: 0.375))
        #expect(close(abs(angle), Double.pi, 1e-6))
        // A quarter into the second cycle: π/2.
        #expect(close(number(try presented(stage, "transform.rotation.z", at: 0.75 + 0.1875)), Double.pi / 2, 1e-6))
    }

    @Test func groupChildWithItsOwnBeginTimeStillTakesTheGroupsDuration() throws {
        let (stage, layer) = stageWithLayer()
        var child = basic("opacity", from: .number(0), to: .number(1))
        child.timing.beginTime = 0.25
        var group = Animation.group([child])
        group.timing.duration = 1
        try layer.add(group, forKey: nil)
        // Group time 0.5: the child has run 0.25 of its 1 s.
        #expect(close(number(try presented(stage, "opacity", at: 0.5)), 0.25))
        // Group time 0.75: 0.5 of 1 s.
        #expect(close(number(try presented(stage, "opacity", at: 0.75)), 0.5))
    }

    @Test func groupTimingFunctionPacesAChildWithoutDuration() throws {
        let (stage, layer) = stageWithLayer()
        var group = Animation.group([basic("opacity", from: .number(0), to: .number(1))])
        group.timing.duration = 2
        group.timingFunction = .easeIn
        try layer.add(group, forKey: nil)
        for t in [0.5, 1.0, 1.5] {
            let expected = bezier(0.42, 0, 1, 1, at: t / 2)
            #expect(close(number(try presented(stage, "opacity", at: t)), expected, 1e-6))
        }
    }

    @Test func topLevelDurationZeroIsStillAQuarterSecond() throws {
        let (stage, layer) = stageWithLayer()
        try layer.add(basic("opacity", from: .number(0), to: .number(1)), forKey: nil)
        #expect(close(number(try presented(stage, "opacity", at: 0.125)), 0.5))
    }

    /// Apple's page for kCAAnimationPaced: keyTimes and timingFunction "are
    /// ignored and keyframe times are automatically generated to give the
    /// animation a constant velocity".
    @Test(arguments: [Keyframes.CalculationMode.paced, .cubicPaced])
    func pacedModesIgnoreTheAnimationsTimingFunction(mode: Keyframes.CalculationMode) throws {
        let (stage, layer) = stageWithLayer()
        var a = Animation.keyframe(KeyPath(.opacity), Keyframes(values: [.number(0), .number(40)], calculationMode: mode))
        a.timing.duration = 1
        a.timingFunction = .easeIn
        try layer.add(a, forKey: nil)
        // The progress stays linear (not eased). paced: a straight line, 40 per second.
        // cubicPaced: the Hermite segment with end tangents 20 (the end value repeated,
        // docs/timing.md) at u = t: 0.140625·20 + 0.15625·40 − 0.046875·20 = 8.125 at 0.25.
        let quarter = mode == .paced ? 10 : 8.125
        #expect(close(number(try presented(stage, "opacity", at: 0.25)), quarter, 1e-9))
        #expect(close(number(try presented(stage, "opacity", at: 0.5)), 20, 1e-9))
    }

    @Test func segmentsBeyondTheTimingFunctionsAreLinear() throws {
        let (stage, layer) = stageWithLayer()
        var k = Keyframes(values: [.number(0), .number(10), .number(20)])
        k.timingFunctions = [.easeIn]
        var a = Animation.keyframe(KeyPath(.opacity), k)
        a.timing.duration = 1
        try layer.add(a, forKey: nil)
        #expect(close(number(try presented(stage, "opacity", at: 0.25)), 10 * bezier(0.42, 0, 1, 1, at: 0.5), 1e-6))
        #expect(close(number(try presented(stage, "opacity", at: 0.75)), 15, 1e-9))
    }

    /// Apple's page for `path`: each element after a move is one keyframe
    /// segment for timing, so keyTimes apply to a path; only the paced modes
    /// move at constant speed.
    @Test func pathKeepsKeyTimesAndMode() throws {
        var p = Path()
        p.move(to: Point(0, 0)); p.line(to: Point(100, 0)); p.line(to: Point(100, 100))
        let (stage, layer) = stageWithLayer()
        var k = Keyframes(path: p)
        k.keyTimes = [0, 0.9, 1]
        var a = Animation.keyframe(KeyPath(.position), k)
        a.timing.duration = 1
        try layer.add(a, forKey: nil)
        guard case .point(let q) = try presented(stage, "position", at: 0.5) else { Issue.record("not a point"); return }
        #expect(close(q.x, 100 * 0.5 / 0.9, 1e-9) && close(q.y, 0))
        guard case .point(let r) = try presented(stage, "position", at: 0.95) else { return }
        #expect(close(r.x, 100) && close(r.y, 50, 1e-9))
    }

    @Test func pacedPathMovesAtConstantSpeedAlongCurves() throws {
        // A quarter circle of radius 100 as one cubic, then a 100-long line: paced splits time by length.
        var p = Path()
        p.move(to: Point(0, 0)); p.line(to: Point(300, 0)); p.line(to: Point(300, 100))
        let (stage, layer) = stageWithLayer()
        var k = Keyframes(path: p)
        k.calculationMode = .paced
        var a = Animation.keyframe(KeyPath(.position), k)
        a.timing.duration = 4
        try layer.add(a, forKey: nil)
        // Total length 400: at t = 3.5 (7/8 of it) the point is 50 along the second line.
        guard case .point(let q) = try presented(stage, "position", at: 3.5) else { Issue.record("not a point"); return }
        #expect(close(q.x, 300) && close(q.y, 50, 1e-9))
    }

    @Test func aHugeRepeatCountIsForeverForTheHorizon() throws {
        let (stage, layer) = stageWithLayer()
        try layer.add(basic("opacity", from: .number(0), to: .number(1)) { $0.timing.repeatCount = 1e6; $0.timing.duration = 1 },
                      forKey: nil)
        try layer.add(basic("position.x", to: .number(9)) { $0.timing.duration = 2 }, forKey: nil)
        let (end, infinite) = stage.endOfAnimations(horizon: 60)
        #expect(infinite && close(end, 2))
        let unbounded = stage.endOfAnimations()
        #expect(!unbounded.hasInfinite && close(unbounded.end, 1e6))
    }

    @Test func repeatDurationInfinityRepeatsForever() throws {
        var t = MediaTiming()
        t.duration = 1
        t.repeatDuration = .infinity
        try t.check()
        #expect(t.activeDuration == .infinity)
        t.repeatDuration = .nan
        #expect(throws: FXError.self) { try t.check() }
    }

    /// UIKit's damping ratio defines the spring from the duration in force
    /// when the animation is added, whichever was set first:
    /// ω = ln(1000) / (ζ·D), stiffness = ω², damping = 2ζω (docs/timing.md).
    @Test func dampingRatioResolvesAgainstTheFinalDuration() {
        var s = Spring()
        s.uiKitDampingRatio = 0.5
        let r = s.resolved(duration: 2)
        let omega = log(1000) / (0.5 * 2)
        #expect(close(r.stiffness, omega * omega, 1e-9) && close(r.damping, 2 * 0.5 * omega, 1e-9) && r.mass == 1)
    }
}
