// SPDX-License-Identifier: MIT
import Testing
@testable import FXCore

/// The timing rules of docs/timing.md (R1–R26), each checked against the
/// formula written out by hand.
@Suite struct MediaTimingTests {
    func timing(_ configure: (inout MediaTiming) -> Void) -> MediaTiming {
        var t = MediaTiming()
        configure(&t)
        return t
    }

    @Test func zeroDurationMeansAQuarterSecond() {  // R26
        #expect(MediaTiming().effectiveDuration == 0.25)
        #expect(MediaTiming().activeDuration == 0.25)
    }

    @Test func beginAndSpeedMapParentTime() {  // R2
        let t = timing { $0.beginTime = 1; $0.duration = 2; $0.speed = 2 }
        #expect(t.state(atParentTime: 0.5, holdsEnd: false).progress == nil)  // before, no fill
        // e = (1.5 − 1)·2 = 1 → progress 0.5
        #expect(t.state(atParentTime: 1.5, holdsEnd: false).progress == 0.5)
        #expect(t.state(atParentTime: 1.0, holdsEnd: false).progress == 0)  // exactly at begin: active
        #expect(t.state(atParentTime: 2.0, holdsEnd: false).phase == .after)  // e = 2 = AD: endpoint-exclusive
        #expect(t.state(atParentTime: 2.0, holdsEnd: false).progress == nil)
    }

    @Test func fillModes() {  // R6, R7
        for mode in FillMode.allCases {
            let t = timing { $0.beginTime = 1; $0.duration = 1; $0.fillMode = mode }
            let before = t.state(atParentTime: 0, holdsEnd: true).progress
            let after = t.state(atParentTime: 5, holdsEnd: true).progress
            let afterRemoved = t.state(atParentTime: 5, holdsEnd: false).progress
            #expect((before == 0) == (mode == .backwards || mode == .both), "\(mode) before")
            #expect((after == 1) == (mode == .forwards || mode == .both), "\(mode) after")
            #expect(afterRemoved == nil, "\(mode): removedOnCompletion discards even a forwards fill")
        }
    }

    @Test func fractionalRepeatCountHoldsWhereItStopped() {  // R8, R18, R19
        let t = timing { $0.duration = 1; $0.repeatCount = 1.5; $0.fillMode = .forwards }
        #expect(t.activeDuration == 1.5)
        #expect(t.state(atParentTime: 1.25, holdsEnd: true) == .init(phase: .active, progress: 0.25, iteration: 1))
        #expect(t.state(atParentTime: 9, holdsEnd: true).progress == 0.5)
        // Zero is ignored: plays once.
        #expect(timing { $0.duration = 2; $0.repeatCount = 0 }.activeDuration == 2)
        // Float.greatestFiniteMagnitude repeats forever.
        #expect(timing { $0.repeatCount = Double(Float.greatestFiniteMagnitude) }.activeDuration == .infinity)
    }

    @Test func integralRepeatEndsOnTheLastCycleEnd() {  // end-of-interval rule
        let t = timing { $0.duration = 1; $0.repeatCount = 2; $0.fillMode = .forwards }
        #expect(t.state(atParentTime: 2, holdsEnd: true) == .init(phase: .after, progress: 1, iteration: 1))
        #expect(t.state(atParentTime: 1, holdsEnd: true) == .init(phase: .active, progress: 0, iteration: 1))
    }

    @Test func repeatDurationCutsEarly() {  // R9
        let t = timing { $0.duration = 1; $0.repeatDuration = 2.5; $0.fillMode = .forwards }
        #expect(t.activeDuration == 2.5)
        #expect(t.state(atParentTime: 2.2, holdsEnd: true).iteration == 2)
        #expect(close(t.state(atParentTime: 2.2, holdsEnd: true).progress!, 0.2))
        #expect(t.state(atParentTime: 3, holdsEnd: true).progress == 0.5)
        let short = timing { $0.duration = 1; $0.repeatDuration = 0.4 }
        #expect(short.state(atParentTime: 0.5, holdsEnd: false).progress == nil)
    }

    @Test func autoreversesPlaysBack() {  // R10
        let t = timing { $0.duration = 0.5; $0.autoreverses = true; $0.repeatCount = 2.5; $0.fillMode = .forwards }
        #expect(t.cycleDuration == 1)
        #expect(t.activeDuration == 2.5)  // Rönnqvist's figure
        #expect(t.state(atParentTime: 0.25, holdsEnd: true).progress == 0.5)
        #expect(t.state(atParentTime: 0.75, holdsEnd: true).progress == 0.5)  // on the way back
        #expect(t.state(atParentTime: 0.9, holdsEnd: true).progress! < 0.21)
        // Integral count ends on the old value, +0.5 on the new one.
        #expect(t.state(atParentTime: 10, holdsEnd: true).progress == 1)
        let two = timing { $0.duration = 0.5; $0.autoreverses = true; $0.repeatCount = 2; $0.fillMode = .forwards }
        #expect(two.state(atParentTime: 10, holdsEnd: true).progress == 0)
    }

    @Test func timeOffsetWraps() {  // R11
        let t = timing { $0.duration = 3; $0.timeOffset = 1 }
        #expect(t.activeDuration == 3)
        #expect(close(t.state(atParentTime: 0, holdsEnd: false).progress!, 1.0 / 3))
        #expect(close(t.state(atParentTime: 2.5, holdsEnd: false).progress!, 0.5 / 3))  // wrapped
        #expect(t.state(atParentTime: 3, holdsEnd: false).progress == nil)  // same active length
        let back = timing { $0.beginTime = 1; $0.duration = 3; $0.timeOffset = 1; $0.fillMode = .backwards }
        #expect(close(back.state(atParentTime: 0, holdsEnd: false).progress!, 1.0 / 3))
    }

    @Test func layerTimingPausesAndResumes() {  // R2, R3
        var l = LayerTiming()
        #expect(l.localTime(2) == 2)
        // Pause at 2: speed 0, timeOffset = 2.
        l = LayerTiming(beginTime: 0, speed: 0, timeOffset: 2)
        #expect(l.localTime(5) == 2)
        #expect(l.parentTime(2) == nil)
        // Resume at 5: speed 1, timeOffset 0, beginTime = 5 − 2 = 3.
        l = LayerTiming(beginTime: 3, speed: 1, timeOffset: 0)
        #expect(l.localTime(5) == 2 && l.localTime(6) == 3)
    }

    @Test func refusesNonsense() {
        #expect(throws: FXError.self) { try timing { $0.duration = -1 }.check() }
        #expect(throws: FXError.self) { try timing { $0.speed = .nan }.check() }
        #expect(throws: FXError.self) { try timing { $0.repeatCount = -2 }.check() }
        #expect(throws: FXError.self) { try timing { $0.beginTime = .infinity }.check() }
        #expect(throws: Never.self) { try timing { $0.repeatCount = .infinity }.check() }
    }
}
