// SPDX-License-Identifier: MIT
import Testing
@testable import FXCore

/// The media clock origin (`fxhost --media-time T0`): on a device
/// `CACurrentMediaTime()` is large and a top-level layer's time is the media
/// time, so code writes absolute begin times such as `CACurrentMediaTime() + 1`.
/// With the origin at T0 the stage layer's time at stage time t is T0 + t.
@Suite struct MediaClockTests {
    /// Origin 100: an opacity animation with the absolute beginTime 101 (one second after the
    /// start) and duration 1 is half way at stage time 1.5, opacity 0.5; before 1 s it has not begun.
    @Test func absoluteBeginTimesCountFromTheOrigin() throws {
        let stage = Stage(size: Size(100, 100))
        stage.mediaTimeOrigin = 100
        let l = stage.makeLayer(.layer, name: "l")
        try stage.root.addSublayer(l)
        #expect(stage.mediaTime == 100 && l.localTime(atGlobal: 0) == 100)
        var a = basic("opacity", from: .number(0), to: .number(1)) { $0.timing.duration = 1 }
        a.timing.beginTime = 101
        try l.add(a, forKey: "fade")
        #expect(number(try stage.sample(at: 0.5).layer(named: "l")!.value(at: try KeyPath(parsing: "opacity"))) == 1)
        #expect(abs(number(try stage.sample(at: 1.5).layer(named: "l")!.value(at: try KeyPath(parsing: "opacity"))) - 0.5) < 1e-12)
        #expect(stage.mediaTime == 101.5)
        // The natural end counts in stage seconds: the animation ends 2 s into the run.
        #expect(stage.endOfAnimations().end == 2)
    }

    /// An animation added with beginTime 0 starts when added, whatever the origin.
    @Test func beginTimeZeroIsStillNow() throws {
        let stage = Stage(size: Size(100, 100))
        stage.mediaTimeOrigin = 5000
        let l = stage.makeLayer(.layer, name: "l")
        try stage.root.addSublayer(l)
        try l.add(basic("opacity", from: .number(0), to: .number(1)) { $0.timing.duration = 2 }, forKey: "fade")
        #expect(abs(number(try stage.sample(at: 0.5).layer(named: "l")!.value(at: try KeyPath(parsing: "opacity"))) - 0.25) < 1e-12)
    }
}
