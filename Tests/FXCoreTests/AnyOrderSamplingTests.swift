// SPDX-License-Identifier: MIT
import Testing
@testable import FXCore

/// `Stage.samplesInAnyOrder` and `sampleInAnyOrder(at:)`: one built stage sampled back and forth
/// gives, at each time, what a stage built afresh and advanced to that time gives (the other
/// path, `sample(at:)`), and the values worked out by hand; a stage where something due may call
/// plugin code, or where removing an ended animation would change what is shown, says no; and
/// `Stage.unchangedSince` with `sampleBack(at:)`: a stage advanced past a time draws it again as a
/// fresh stage does, back to the clock's last change and not before.
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

    /// A layer "l" fading 1 → 0 over 0–1 s (removed at its end, at 1 s), whose opacity a timer at
    /// 1.5 s sets to 0.5; a layer "m" moving x 0 → 100 over 0.25–2.25 s that holds its end (not
    /// removed, no callback: its stop changes nothing); an emitter "e" whose cell's birth rate goes
    /// 10 → 30 over 0–2 s (removed at 2 s, its evaluator kept for the particles born meanwhile).
    func changing() throws -> Stage {
        let (stage, l) = stageWithLayer()
        try l.add(basic("opacity", from: .number(1), to: .number(0)) { $0.timing.duration = 1 }, forKey: "fade")
        _ = try stage.addTimer(after: 1.5) { try l.set(.opacity, .number(0.5)) }
        let m = stage.makeLayer(.layer, name: "m")
        try stage.root.addSublayer(m)
        try m.add(basic("position.x", from: .number(0), to: .number(100)) {
            $0.timing.beginTime = 0.25
            $0.timing.duration = 2
            $0.timing.fillMode = .forwards
            $0.isRemovedOnCompletion = false
        }, forKey: "move")
        let e = stage.makeLayer(.emitter, name: "e")
        try e.setFrame(Rect(0, 0, 320, 240))
        var c = EmitterCell(name: "c")
        c[.lifetime] = 10
        c[.velocity] = 40
        try e.addEmitterCell(c)
        try stage.root.addSublayer(e)
        try e.add(basic("emitterCells.c.birthRate", from: .number(10), to: .number(30)) { $0.timing.duration = 2 }, forKey: "rate")
        return stage
    }

    /// The sample at `t` of a stage built afresh and advanced to it, compared with `s`: the same
    /// presentation and the same particles.
    func drawsAsAFreshStage(_ s: Snapshot, at t: Double) throws -> Bool {
        let fresh = try changing().sample(at: t)
        return s.presentsTheSame(as: fresh) && s.layer(named: "e")!.particles!.particles == fresh.layer(named: "e")!.particles!.particles
    }

    @Test func aStageDrawsBackToTheClocksLastChangeAsAFreshStageDoes() throws {
        let stage = try changing()
        _ = try stage.sample(at: 0.8)
        // Three animations started at 0 with no callback: nothing changed.
        #expect(stage.unchangedSince == 0)
        for t in [0.3, 0.0, 0.8, 0.55] {
            #expect(try drawsAsAFreshStage(stage.sampleBack(at: t), at: t), "t = \(t)")
        }
        // By hand at 0.3: opacity 1 − 0.3, x (0.3 − 0.25) / 2 · 100.
        let early = try stage.sampleBack(at: 0.3)
        #expect(close(early.layer(named: "l")!.number(.opacity), 0.7))
        #expect(close(number(early.layer(named: "m")!.value(at: try KeyPath(parsing: "position.x"))), 2.5))
        #expect(stage.now == 0.8, "going back moved the clock")

        // The fade's removal at 1 s and the timer at 1.5 s are changes; going back stops at the last.
        _ = try stage.sample(at: 1.7)
        #expect(stage.unchangedSince == 1.5)
        for t in [1.5, 1.6, 1.7] {
            #expect(try drawsAsAFreshStage(stage.sampleBack(at: t), at: t), "t = \(t)")
        }
        // At 1.5 the timer has run (what is due at t is delivered before the sample there): opacity 0.5.
        #expect(close(try stage.sampleBack(at: 1.5).layer(named: "l")!.number(.opacity), 0.5))
        for t in [1.49, 1.2, 0.5] {
            #expect(throws: FXError.self, "t = \(t)") { _ = try stage.sampleBack(at: t) }
        }

        // The rate's removal at 2 s is one; the move's stop at 2.25 s (no callback, kept) is not.
        _ = try stage.sample(at: 2.6)
        #expect(stage.unchangedSince == 2)
        for t in [2.3, 2.0, 2.1, 2.6] {
            #expect(try drawsAsAFreshStage(stage.sampleBack(at: t), at: t), "t = \(t)")
        }
        // By hand at 2.1: x (2.1 − 0.25) / 2 · 100; the particles born over 0–2.1 s at the rising rate.
        let late = try stage.sampleBack(at: 2.1)
        #expect(close(number(late.layer(named: "m")!.value(at: try KeyPath(parsing: "position.x"))), 92.5))
        #expect(!late.layer(named: "e")!.particles!.particles.isEmpty)
        // After the clock: not this function's (`sample(at:)` moves it; `sampleInAnyOrder` once settled).
        #expect(throws: FXError.self) { _ = try stage.sampleBack(at: 2.7) }
    }

    @Test func everyCallbackIsAChangeEvenOneThatChangesNothing() throws {
        let (stage, l) = stageWithLayer()
        _ = try stage.addTimer(after: 0.5) {}
        stage.on("tap") {}
        try stage.schedule(event: "tap", at: 0.6)
        try stage.schedule(event: "unheard", at: 0.65)
        var started = basic("opacity", from: .number(0), to: .number(1)) {
            $0.timing.beginTime = 0.8
            $0.timing.duration = 0.05
            $0.timing.fillMode = .forwards
            $0.isRemovedOnCompletion = false
        }
        started.didStart = {}
        try l.add(started, forKey: "started")
        var stopped = basic("position.x", from: .number(0), to: .number(10)) {
            $0.timing.duration = 1
            $0.isRemovedOnCompletion = false
        }
        stopped.didStop = { _ in }
        try l.add(stopped, forKey: "stopped")
        // (time sampled, the last change by then): the timer, the handled event, not the event
        // nobody handles, the start callback, not that animation's stop (no callback, kept), the
        // stop callback.
        for (t, since) in [(0.55, 0.5), (0.62, 0.6), (0.7, 0.6), (0.84, 0.8), (0.95, 0.8), (1.2, 1.0)] {
            _ = try stage.sample(at: t)
            #expect(stage.unchangedSince == since, "t = \(t)")
        }
        #expect(throws: FXError.self) { _ = try stage.sampleBack(at: 0.99) }
        _ = try stage.sampleBack(at: 1.0)
    }
}
