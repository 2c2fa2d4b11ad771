// SPDX-License-Identifier: MIT
import Glibc
import Testing
@testable import FXCore

@Suite struct EventTests {
    @Test func startAndStopFireAtTheirExactTimes() throws {
        let (stage, layer) = stageWithLayer()
        var log: [String] = []
        var a = basic("opacity", from: .number(0), to: .number(1)) { $0.timing.duration = 0.5; $0.timing.beginTime = 0.3 }
        a.didStart = { log.append("start@\(stage.now)") }
        a.didStop = { log.append("stop(\($0))@\(stage.now)") }
        try layer.add(a, forKey: "fade")
        try stage.advance(to: 0.2)
        #expect(log.isEmpty)
        // One big step still delivers both, each at its own time.
        try stage.advance(to: 10)
        #expect(log == ["start@0.3", "stop(true)@0.8"])
        #expect(layer.animationKeys.isEmpty)  // removed on completion
    }

    @Test func eventsAtTheSameInstantFireInCreationOrder() throws {
        let (stage, layer) = stageWithLayer()
        var log: [String] = []
        try stage.addTimer(after: 1) { log.append("timer") }
        var a = basic("opacity", to: .number(0)) { $0.timing.duration = 1 }
        a.didStop = { _ in log.append("stop") }
        try layer.add(a, forKey: nil)
        try stage.addTimer(after: 1) { log.append("timer2") }
        try stage.advance(to: 2)
        #expect(log == ["timer", "stop", "timer2"])
    }

    @Test func removingReportsUnfinished() throws {
        let (stage, layer) = stageWithLayer()
        var log: [String] = []
        for key in ["infoappear", "fadein", "other"] {
            var a = basic("opacity", to: .number(0)) { $0.timing.duration = 5 }
            a.didStop = { log.append("\(key):\($0)") }
            try layer.add(a, forKey: key)
        }
        try stage.advance(to: 1)
        #expect(layer.animationKeys == ["infoappear", "fadein", "other"])
        #expect(try layer.removeAnimation(forKey: "infoappear"))
        #expect(try !layer.removeAnimation(forKey: "missing"))
        // Replacing by key stops the old one too.
        try layer.add(basic("opacity", to: .number(1)), forKey: "fadein")
        #expect(log == ["infoappear:false", "fadein:false"])
        try layer.removeAllAnimations()
        #expect(log == ["infoappear:false", "fadein:false", "other:false"])
        #expect(layer.animationKeys.isEmpty)
    }

    @Test func forwardFillStaysAndStillReportsItsStop() throws {
        let (stage, layer) = stageWithLayer()
        var stopped = false
        var a = basic("opacity", from: .number(1), to: .number(0.25)) {
            $0.timing.duration = 1; $0.timing.fillMode = .forwards; $0.isRemovedOnCompletion = false
        }
        a.didStop = { stopped = $0 }
        try layer.add(a, forKey: "keep")
        #expect(number(try presented(stage, "opacity", at: 3)) == 0.25)
        #expect(stopped)
        #expect(layer.animationKeys == ["keep"])
    }

    @Test func timersCanBeCancelledAndEventsScripted() throws {
        let stage = Stage(size: Size(10, 10))
        var log: [String] = []
        let id = try stage.addTimer(after: 1) { log.append("cancelled") }
        try stage.addTimer(after: 2) { log.append("delay@\(stage.now)") }
        stage.on("tap") { log.append("tap@\(stage.now)") }
        try stage.schedule(event: "tap", at: 1.5)
        #expect(stage.cancelTimer(id))
        try stage.advance(to: 3)
        #expect(log == ["tap@1.5", "delay@2.0"])
        #expect(stage.eventNames == ["tap"])
        #expect(throws: FXError.self) { try stage.addTimer(after: .nan) {} }
        #expect(throws: FXError.self) { try stage.advance(to: 1) }
    }

    @Test func manyTimersFireInTimeOrderOnceAndCancelledOnesNever() throws {
        // 300 timers over 10 s (each time used three times), every third cancelled before the clock
        // moves and some others cancelled halfway: the rest fire once each, in (time, creation) order,
        // and cancelling a timer that fired or was cancelled says false.
        let stage = Stage(size: Size(10, 10))
        func time(_ i: Int) -> Double { Double((i * 37) % 100) / 10 }
        var fired: [Int] = []
        var ids: [Int] = []
        for i in 0..<300 { ids.append(try stage.addTimer(after: time(i)) { fired.append(i) }) }
        for i in stride(from: 0, to: 300, by: 3) { #expect(stage.cancelTimer(ids[i])) }
        #expect(!stage.cancelTimer(ids[0]))
        try stage.advance(to: 5)
        var cancelledLater: Set<Int> = []
        for i in stride(from: 1, to: 300, by: 3) {
            #expect(stage.cancelTimer(ids[i]) == (time(i) > 5))
            if time(i) > 5 { cancelledLater.insert(i) }
        }
        try stage.advance(to: 20)
        let expected = (0..<300).filter { $0 % 3 != 0 && !cancelledLater.contains($0) }
            .sorted { (time($0), $0) < (time($1), $1) }
        #expect(fired == expected)
        #expect(!stage.cancelTimer(ids[2]))
    }

    @Test func aCallbackLoopAtOneInstantIsStopped() throws {
        let stage = Stage(size: Size(10, 10))
        stage.maxEventsPerInstant = 50
        func again() throws { try stage.addTimer(after: 0) { try again() } }
        try again()
        #expect(throws: FXError.self) { try stage.advance(to: 1) }
    }

    @Test func aCallbackErrorStopsTheAdvanceAtItsTime() throws {
        let stage = Stage(size: Size(10, 10))
        try stage.addTimer(after: 0.5) { throw FXError("plugin failed") }
        #expect(throws: FXError("plugin failed")) { try stage.advance(to: 1) }
        #expect(stage.now == 0.5)
    }

    @Test func endOfAnimationsCoversFiniteOnesAndFlagsInfinite() throws {
        let (stage, layer) = stageWithLayer()
        try layer.add(basic("opacity", to: .number(0)) { $0.timing.duration = 2; $0.timing.beginTime = 1 }, forKey: nil)
        #expect(stage.endOfAnimations().end == 3 && !stage.endOfAnimations().hasInfinite)
        try layer.add(basic("position.x", to: .number(0)) { $0.timing.repeatCount = .infinity }, forKey: nil)
        #expect(stage.endOfAnimations().hasInfinite)
    }

    @Test func samplingIsDeterministic() throws {
        func build() throws -> Stage {
            let (stage, layer) = stageWithLayer(.gradient)
            try layer.add(basic("locations", from: .numbers([0, 0.1]), to: .numbers([0.9, 1])) {
                $0.timing.duration = 0.7; $0.timing.repeatCount = 3; $0.timingFunction = .easeInEaseOut
            }, forKey: "a")
            return stage
        }
        let a = try build(), b = try build()
        for t in stride(from: 0.0, through: 2.0, by: 0.1) {
            let sa = try a.sample(at: t).layers.map { "\($0.animated.map { "\($0.value)" })" }
            let sb = try b.sample(at: t).layers.map { "\($0.animated.map { "\($0.value)" })" }
            #expect(sa == sb)
        }
    }
}

/// The seeds' own animations, with values worked out by hand from their code.
@Suite struct SeedTests {
    let width = 320.0

    /// Seed 000/001: title, username and password fly in along position.x
    /// (0.5 s, from −w/2 to w/2), the fields at +0.3 and +0.4 s with fillMode both.
    @Test func staggeredFlyInWithFillModeBoth() throws {
        let stage = Stage(size: Size(width, 568))
        var fields: [Layer] = []
        for (name, delay) in [("title", 0.0), ("username", 0.3), ("password", 0.4)] {
            let l = stage.makeLayer(.layer, name: name)
            try l.set(.position, .point(Point(width / 2, 100)))
            try stage.root.addSublayer(l)
            var fly = basic("position.x", from: .number(-width / 2), to: .number(width / 2)) { $0.timing.duration = 0.5 }
            if delay > 0 { fly.timing.beginTime = stage.now + delay; fly.timing.fillMode = .both }
            try l.add(fly, forKey: nil)
            fields.append(l)
        }
        func x(_ name: String, _ snap: Snapshot) -> Double { snap.layer(named: name)!.point(.position).x }
        let s1 = try stage.sample(at: 0.1)
        #expect(close(x("title", s1), -160 + 320 * 0.2))
        #expect(x("username", s1) == -160)  // backwards fill holds the start before beginTime
        #expect(x("password", s1) == -160)
        let s2 = try stage.sample(at: 0.55)
        #expect(x("title", s2) == 160)  // ended and removed: model value
        #expect(close(x("username", s2), -160 + 320 * 0.5))
        #expect(close(x("password", s2), -160 + 320 * 0.3))
        let s3 = try stage.sample(at: 0.9)
        #expect(x("username", s3) == 160 && x("password", s3) == 160)
    }

    /// Seed 000: clouds fade in (0→1, 0.5 s) at +0.5, +0.7, +0.9, +1.1 s with fillMode backwards.
    @Test func cloudFadeInWithFillModeBackwards() throws {
        let stage = Stage(size: Size(width, 568))
        for (i, delay) in [0.5, 0.7, 0.9, 1.1].enumerated() {
            let cloud = stage.makeLayer(.layer, name: "cloud\(i + 1)")
            try stage.root.addSublayer(cloud)
            try cloud.add(basic("opacity", from: .number(0), to: .number(1)) {
                $0.timing.duration = 0.5; $0.timing.fillMode = .backwards; $0.timing.beginTime = stage.now + delay
            }, forKey: nil)
        }
        let s = try stage.sample(at: 0.8)
        #expect(close(s.layer(named: "cloud1")!.number(.opacity), 0.6))
        #expect(close(s.layer(named: "cloud2")!.number(.opacity), 0.2))
        #expect(s.layer(named: "cloud3")!.number(.opacity) == 0)  // hidden before its start, not popping in
        #expect(s.layer(named: "cloud4")!.number(.opacity) == 0)
        let end = try stage.sample(at: 1.6)
        #expect(end.layers.filter { $0.name.hasPrefix("cloud") }.allSatisfy { $0.number(.opacity) == 1 })
    }

    /// Seed 002: the arc's `transform` turns by π/2 every 0.25 s (cumulative,
    /// repeating forever, forwards fill); stopAnimation pauses the layer with
    /// speed 0 + timeOffset, startAnimation resumes via beginTime.
    @Test func spinnerCumulativeRotationWithPauseAndResume() throws {
        let (stage, arc) = stageWithLayer(.shape)
        try arc.add(basic("transform", to: .transform(.rotation(.pi / 2, 0, 0, 1))) {
            $0.timing.duration = 0.25; $0.isRemovedOnCompletion = false; $0.timing.fillMode = .forwards
            $0.isCumulative = true; $0.timing.repeatCount = Double(Float.greatestFiniteMagnitude)
        }, forKey: nil)
        func angle(_ t: Double) throws -> Double {
            let m = try stage.sample(at: t).layer(named: "l")!.transform(.transform)
            return atan2(m.m12, m.m11)
        }
        func wrapped(_ a: Double) -> Double { atan2(sin(a), cos(a)) }
        for t in [0.1, 0.3, 0.45, 0.6] {
            #expect(close(try angle(t), wrapped(.pi / 2 * t / 0.25), 1e-9), "t = \(t)")
        }
        // stopAnimation at 0.6: pausedTime = convertTime(now); speed 0; timeOffset = pausedTime.
        let paused = arc.localTime(atGlobal: stage.now)
        arc.timing.speed = 0
        arc.timing.timeOffset = paused
        for t in [0.7, 0.9, 1.0] { #expect(close(try angle(t), wrapped(.pi / 2 * 0.6 / 0.25), 1e-9)) }
        // startAnimation at 1.0: speed 1, offset 0, beginTime 0, then beginTime = convertTime(now) − pausedTime.
        let pauseTime = arc.timing.timeOffset
        arc.timing = LayerTiming()
        arc.timing.beginTime = arc.localTime(atGlobal: stage.now) - pauseTime
        #expect(close(arc.timing.beginTime, 0.4))
        #expect(close(try angle(1.1), wrapped(.pi / 2 * 0.7 / 0.25), 1e-9))
        #expect(close(try angle(1.35), wrapped(.pi / 2 * 0.95 / 0.25), 1e-9))
    }

    /// Seed 003: the mask's locations run from [0, g/2, g] to [1−g, 1−g/2, 1], repeating.
    @Test func shimmerLocations() throws {
        let (stage, mask) = stageWithLayer(.gradient)
        let g = 50.0 / 300
        try mask.set(.locations, .numbers([0, g / 2, g]))
        try mask.add(basic("locations", from: .numbers([0, g / 2, g]), to: .numbers([1 - g, 1 - g / 2, 1])) {
            $0.timing.duration = 0.5; $0.timing.repeatCount = 10_000_000
        }, forKey: "slide")
        func locations(_ t: Double) throws -> [Double] {
            guard case .numbers(let v) = try stage.sample(at: t).layer(named: "l")![.locations] else { return [] }
            return v
        }
        let quarter = try locations(0.125)
        #expect(zip(quarter, [0.25 * (1 - g), g / 2 + 0.25 * (1 - g), g + 0.25 * (1 - g)]).allSatisfy { close($0, $1) })
        // Second repeat starts over from the left.
        let again = try locations(0.5 + 0.125)
        #expect(zip(again, quarter).allSatisfy { close($0, $1) })
    }

    /// Seed 004: cube transition. The new label starts at scale (1, 0.1) moved by
    /// ±h/2 and eases out to identity over 0.5 s; the old one does the reverse.
    @Test func cubeScaleTranslatePair() throws {
        let stage = Stage(size: Size(320, 240))
        let h = 40.0, dir = 1.0
        let old = stage.makeLayer(.text, name: "old"), new = stage.makeLayer(.text, name: "new")
        try stage.root.addSublayer(old); try stage.root.addSublayer(new)
        let squashed = Transform3D.scale(1, 0.1).concatenating(.translation(0, dir * h / 2))
        try new.set(.transform, .transform(squashed))
        try new.add(basic("transform", from: .transform(squashed), to: .transform(.identity)) {
            $0.timing.duration = 0.5; $0.timingFunction = .easeOut
        }, forKey: nil)
        let away = Transform3D.scale(1, 0.1).concatenating(.translation(0, -dir * h / 2))
        try old.add(basic("transform", from: .transform(.identity), to: .transform(away)) {
            $0.timing.duration = 0.5; $0.timingFunction = .easeOut
        }, forKey: nil)
        let s = try stage.sample(at: 0.25)
        let p = TimingFunction.easeOut(0.5)
        let n = s.layer(named: "new")!.transform(.transform), o = s.layer(named: "old")!.transform(.transform)
        #expect(close(n.m22, 0.1 + 0.9 * p, 1e-9) && close(n.m42, h / 2 * (1 - p), 1e-9))
        #expect(close(o.m22, 1 - 0.9 * p, 1e-9) && close(o.m42, -h / 2 * p, 1e-9))
        #expect(close(n.m11, 1) && close(o.m11, 1))
    }

    /// Seed 000: when a form field's fly-in stops, its delegate adds a
    /// `transform.scale` pulse 1.25 → 1 over 0.25 s, starting at that instant.
    @Test func pulseAddedFromDidStop() throws {
        let (stage, field) = stageWithLayer()
        var fly = basic("position.x", from: .number(-160), to: .number(160)) {
            $0.timing.duration = 0.5; $0.timing.beginTime = 0.3; $0.timing.fillMode = .both
        }
        fly.didStop = { _ in
            try field.add(basic("transform.scale", from: .number(1.25), to: .number(1)) { $0.timing.duration = 0.25 },
                          forKey: nil)
        }
        try field.add(fly, forKey: nil)
        func scale(_ t: Double) throws -> Double {
            number(try presented(stage, "transform.scale", at: t))
        }
        #expect(try scale(0.79) == 1)
        #expect(close(try scale(0.8), 1.25))  // right when the fly-in stops, even sampled in one step
        #expect(close(try scale(0.925), 1.125))
        #expect(try scale(1.05) == 1)
        #expect(field.animations.isEmpty)
    }
}

@Suite struct FirstLayerMadeTests {
    /// The hook hears each kind once, at the first layer of it, in the order the kinds first appear.
    @Test func eachKindIsReportedOnceAtItsFirstLayer() {
        let stage = Stage(size: Size(10, 10))
        var heard: [LayerKind] = []
        stage.firstLayerMade = { heard.append($0) }
        for kind: LayerKind in [.shape, .layer, .shape, .text, .text, .layer, .gradient, .text] { _ = stage.makeLayer(kind) }
        #expect(heard == [.shape, .layer, .text, .gradient])
    }
}
