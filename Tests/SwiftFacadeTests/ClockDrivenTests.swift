// SPDX-License-Identifier: MIT
// Only UIKit, as iOS files import it: the facade's `Timer.scheduledTimer(withTimeInterval:repeats:block:)`
// shadows Foundation's only where Foundation is not imported by name as well (docs/SWIFT-PORTING.md).
import Testing
import UIKit

/// Foundation's Timer, CADisplayLink's frames and work queued from background queues, on the simulated clock.
extension Facade {
    @Suite struct ClockDrivenTests {
        final class Heard: @unchecked Sendable {
            var times: [Double] = []
        }

        @Test func aRepeatingTimerFiresOnItsScheduleUntilInvalidated() throws {
            // Foundation's rule: first firing one interval after scheduling, then on the schedule
            // (0.25, 0.5, 0.75 after a call at 0); invalidated in its third firing, it fires no more.
            let k = try FacadeStage()
            let heard = Heard()
            try k.call { _ in
                Timer.scheduledTimer(withTimeInterval: 0.25, repeats: true) { t in
                    heard.times.append(CACurrentMediaTime())
                    if heard.times.count == 3 { t.invalidate() }
                    #expect(t.isValid == (heard.times.count < 3))
                }
            }
            try k.advance(to: 2)
            #expect(heard.times == [0.25, 0.5, 0.75])
        }

        @Test func aOneShotTimerFiresOnceAndIsInvalidated() throws {
            let k = try FacadeStage()
            let heard = Heard()
            nonisolated(unsafe) var timer: Timer?
            try k.call { _ in
                timer = Timer.scheduledTimer(withTimeInterval: 0.4, repeats: false) { _ in heard.times.append(CACurrentMediaTime()) }
                #expect(timer!.isValid)
            }
            try k.advance(to: 1)
            #expect(heard.times == [0.4])
            #expect(timer?.isValid == false)
        }

        @Test func invalidatingBeforeTheFirstFiringStopsIt() throws {
            let k = try FacadeStage()
            let heard = Heard()
            try k.call { _ in
                let t = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { _ in heard.times.append(CACurrentMediaTime()) }
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.25) { t.invalidate() }
            }
            try k.advance(to: 1)
            #expect(heard.times.count == 2 && near(heard.times[0], 0.1) && near(heard.times[1], 0.2))
        }

        @Test func fireRunsTheBlockAtOnceWithoutMovingTheSchedule() throws {
            // Foundation: fire() on a repeating timer does not interrupt its regular firing schedule.
            let k = try FacadeStage()
            let heard = Heard()
            try k.call { _ in
                let t = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { _ in heard.times.append(CACurrentMediaTime()) }
                t.fire()
            }
            try k.advance(to: 1.2)
            #expect(heard.times == [0, 0.5, 1.0])
        }

        @Test func aDisplayLinkCallsItsHandlerEachFrameUntilInvalidated() throws {
            // 60 frames a second from the time it is added (0.5 s): frames at 0.5 + k/60.
            let k = try FacadeStage()
            let heard = Heard()
            try k.advance(to: 0.5)
            nonisolated(unsafe) var targets: [Double] = []
            try k.call { _ in
                let link = CADisplayLink { link in
                    heard.times.append(link.timestamp)
                    targets.append(link.targetTimestamp)
                    if heard.times.count == 4 { link.invalidate() }
                }
                link.add(to: .main, forMode: .common)
            }
            try k.advance(to: 2)
            let expected = (1...4).map { 0.5 + Double($0) / 60 }
            #expect(allClose(heard.times, expected))
            #expect(allClose(targets, expected.map { $0 + 1.0 / 60 }))
        }

        @Test func aPausedDisplayLinkSkipsFramesAndAPreferredRateSpacesThem() throws {
            let k = try FacadeStage()
            let heard = Heard()
            nonisolated(unsafe) var link: CADisplayLink!
            try k.call { _ in
                link = CADisplayLink { l in heard.times.append(l.timestamp) }
                link.preferredFramesPerSecond = 10
                link.add(to: .main, forMode: .default)
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.25) { link.isPaused = true }
                DispatchQueue.main.asyncAfter(deadline: .now() + 1.0) { link.isPaused = false }
                DispatchQueue.main.asyncAfter(deadline: .now() + 1.25) { link.invalidate() }
            }
            try k.advance(to: 3)
            // 0.1, 0.2; paused 0.25–1.0; restarted at 1.0: 1.1, 1.2; invalidated at 1.25.
            #expect(allClose(heard.times, [0.1, 0.2, 1.1, 1.2]))
        }

        @Test func mainQueueWorkFromABackgroundQueueRunsOnTheClockInOrder() throws {
            // The README pattern: work on a global queue, then the result back on the main queue.
            // The call waits for the background work; what it queued runs after the call, in order,
            // at the call's time (or the delay later).
            let k = try FacadeStage()
            let heard = Heard()
            nonisolated(unsafe) var order: [String] = []
            try k.advance(to: 1)
            try k.call { _ in
                DispatchQueue.global().async {
                    usleep(20_000)
                    DispatchQueue.main.async { order.append("first"); heard.times.append(CACurrentMediaTime()) }
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { order.append("later"); heard.times.append(CACurrentMediaTime()) }
                    DispatchQueue.main.async { order.append("second"); heard.times.append(CACurrentMediaTime()) }
                }
                #expect(order.isEmpty)
            }
            try k.advance(to: 2)
            #expect(order == ["first", "second", "later"])
            #expect(heard.times == [1, 1, 1.5])
        }

        @Test func mainQueueWorkFromAThreadOfThePluginsOwnFailsTheCall() throws {
            // Nothing runs the main queue, and the facade cannot tell when such a thread is done:
            // the call fails with one line saying what to do instead, never a silent success.
            let k = try FacadeStage()
            #expect {
                try k.call { _ in
                    let done = DispatchSemaphore(value: 0)
                    let thread = Thread {
                        DispatchQueue.main.async {}
                        done.signal()
                    }
                    thread.start()
                    #expect(done.wait(timeout: .now() + 5) == .success)
                }
            } throws: { error in
                "\(error)".contains("DispatchQueue.main.async was called from a thread the plugin started itself")
            }
            try k.call { _ in }  // the next call is not failed again
        }
    }
}
