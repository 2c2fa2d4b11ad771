// SPDX-License-Identifier: MIT
import Testing
@testable import FXCore

/// `Stage.samplesInAnyOrder` and `sampleInAnyOrder(at:)`: one built stage sampled back and forth
/// gives, at each time, what a stage built afresh and advanced to that time gives (the other
/// path, `sample(at:)`), and the values worked out by hand; a stage where something due may call
/// plugin code, or where removing an ended animation would change what is shown, says no.
@Suite struct AnyOrderSamplingTests {
    /// A layer fading 1 → 0 over 0–1 s (removed at its end), moving x 0 → 100 over 0.5–2.5 s that
    /// holds its end, on a parent running at twice the speed from its time 0.2 s; and a second layer
    /// whose bounds grow 10 → 30 from 1 s for 1 s, removed at its end.
    func built() throws -> Stage {
        let stage = Stage(size: Size(320, 240))
        let parent = stage.makeLayer(.layer, name: "parent")
        var timing = parent.timing
        timing.speed = 2
        timing.timeOffset = 0.2
        parent.timing = timing
        try stage.root.addSublayer(parent)
        let l = stage.makeLayer(.layer, name: "l")
        try parent.addSublayer(l)
        try l.add(basic("opacity", from: .number(1), to: .number(0)) { $0.timing.duration = 1; $0.timing.beginTime = 0.0001 }, forKey: "fade")
        try l.add(basic("position.x", from: .number(0), to: .number(100)) {
            $0.timing.beginTime = 0.5
            $0.timing.duration = 2
            $0.timing.fillMode = .forwards
            $0.isRemovedOnCompletion = false
        }, forKey: "move")
        let m = stage.makeLayer(.layer, name: "m")
        try stage.root.addSublayer(m)
        try m.add(basic("bounds.size.width", from: .number(10), to: .number(30)) { $0.timing.beginTime = 1; $0.timing.duration = 1 }, forKey: "grow")
        return stage
    }

    @Test func aStageWithNothingToCallBackIsSampledInAnyOrderAsInTimeOrder() throws {
        let stage = try built()
        #expect(stage.samplesInAnyOrder)
        // Back and forth, past every end and back before it.
        let times = [1.3, 0.1, 2.9, 0.4, 0, 1.5, 0.05, 3.5, 1.0]
        for t in times {
            let any = try stage.sampleInAnyOrder(at: t)
            let fresh = try built().sample(at: t)
            #expect(any.presentsTheSame(as: fresh), "t = \(t)")
        }
        #expect(stage.now == 0, "the clock moved")
        // By hand: the parent's time is 2t + 0.2. At t = 0.1 it is 0.4: the fade (begun at 0.0001)
        // is at 0.3999 of 1 → opacity 0.6001, x not begun (model 0); at t = 1.5 (parent 3.2) the
        // fade is removed (model opacity 1), the move holds its end (100), m is half grown (20).
        let early = try stage.sampleInAnyOrder(at: 0.1)
        #expect(close(early.layer(named: "l")!.number(.opacity), 0.6001))
        let late = try stage.sampleInAnyOrder(at: 1.5)
        #expect(late.layer(named: "l")!.number(.opacity) == 1)
        #expect(close(number(late.layer(named: "l")!.value(at: try KeyPath(parsing: "position.x"))), 100))
        #expect(close(number(late.layer(named: "m")!.value(at: try KeyPath(parsing: "bounds.size.width"))), 20))
        // Before the clock: refused, as `sample(at:)` refuses it.
        try stage.advance(to: 1)
        #expect(throws: FXError.self) { _ = try stage.sampleInAnyOrder(at: 0.5) }
    }

    @Test func aStageThatMayCallBackOrWouldShowARemovalIsNot() throws {
        // A timer, a scripted event, an animation's stop callback: plugin code may run.
        let timed = try built()
        _ = try timed.addTimer(after: 0.5) {}
        #expect(!timed.samplesInAnyOrder)
        let scripted = try built()
        scripted.on("tap") {}
        try scripted.schedule(event: "tap", at: 1)
        #expect(!scripted.samplesInAnyOrder)
        let (stopping, layer) = stageWithLayer()
        try layer.add(basic("opacity", from: .number(0), to: .number(1)) { $0.didStop = { _ in } }, forKey: "fade")
        #expect(!stopping.samplesInAnyOrder)
        // A handler alone, with no event scripted, calls nothing.
        let handled = try built()
        handled.on("tap") {}
        #expect(handled.samplesInAnyOrder)

        // Time running backwards: a removed animation would fill backwards once it stops.
        let (backwards, l) = stageWithLayer()
        var timing = l.timing
        timing.speed = -1
        l.timing = timing
        try l.add(basic("opacity", from: .number(0), to: .number(1)) { $0.timing.fillMode = .both }, forKey: "fade")
        #expect(!backwards.samplesInAnyOrder)

        // A replicator's delayed copies keep a removed animation (another order of evaluators).
        let replicated = Stage(size: Size(320, 240))
        let rep = replicated.makeLayer(.replicator, name: "rep")
        try rep.set(.instanceCount, .number(3))
        try rep.set(.instanceDelay, .number(0.25))
        try replicated.root.addSublayer(rep)
        let dot = replicated.makeLayer(.layer, name: "dot")
        try rep.addSublayer(dot)
        try dot.add(basic("opacity", from: .number(0), to: .number(1)), forKey: "fade")
        #expect(!replicated.samplesInAnyOrder)
    }
}
