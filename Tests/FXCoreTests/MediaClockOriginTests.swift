// SPDX-License-Identifier: MIT
import Testing
@testable import FXCore

/// The default media clock origin is 0 (docs/timing.md, "The media clock",
/// says why). A small absolute beginTime, which on a device (origin: its
/// uptime) names an instant long past, then names an instant of the run; with
/// a device-like origin (`--media-time`) the same animation is over before the
/// run starts, as on the device.
@Suite struct MediaClockOriginTests {
    func opacity(_ stage: Stage, at t: Double) throws -> Double {
        number(try stage.sample(at: t).layer(named: "l")!.value(at: try KeyPath(parsing: "opacity")))
    }

    /// beginTime 1.0, duration 1, from 0 to 1 on a layer whose model opacity is 1.
    func stage(origin: Double?) throws -> Stage {
        let stage = Stage(size: Size(100, 100))
        if let origin { stage.mediaTimeOrigin = origin }
        let l = stage.makeLayer(.layer, name: "l")
        try stage.root.addSublayer(l)
        var a = basic("opacity", from: .number(0), to: .number(1)) { $0.timing.duration = 1 }
        a.timing.beginTime = 1.0
        try l.add(a, forKey: "fade")
        return stage
    }

    @Test func byDefaultTheMediaClockStartsAtZero() throws {
        let s = try stage(origin: nil)
        #expect(s.mediaTimeOrigin == 0 && s.mediaTime == 0)
        // Before 1 s the animation has not begun (model value 1); half way at 1.5 s.
        #expect(try opacity(s, at: 0.5) == 1)
        #expect(abs(try opacity(s, at: 1.5) - 0.5) < 1e-12)
    }

    @Test func aDeviceLikeOriginPutsASmallAbsoluteBeginTimeInThePast() throws {
        // A device up for a day: media time 86 400 s at the start. The animation's active
        // time (1 s to 2 s) ended a day ago, so the model value shows throughout.
        let s = try stage(origin: 86_400)
        #expect(try opacity(s, at: 0) == 1)
        #expect(try opacity(s, at: 1.5) == 1)
    }
}
