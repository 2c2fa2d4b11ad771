// SPDX-License-Identifier: MIT
import Dispatch
import FXCore
import Foundation
import Testing
import UIKit

/// What iOS code queues with Grand Central Dispatch, on the simulated clock.
extension Facade {
    @Suite struct DispatchTests {
        /// What the queued work saw, shared with @Sendable closures (the tests run it on one thread).
        final class Heard: @unchecked Sendable {
            var times: [String] = []
        }

        @Test func mainQueueWorkRunsAfterTheCallAndAtItsDeadlineOnTheClock() throws {
            // DispatchQueue.main.async: after the current turn (here: the plugin call), at the same time;
            // asyncAfter(deadline: .now() + 0.5): 0.5 s later, on any queue, in deadline order.
            let k = try FacadeStage()
            let heard = Heard()
            nonisolated(unsafe) var layer: CALayer!
            try k.call { root in
                layer = CALayer()
                root.addSublayer(layer)
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                    heard.times.append("after \(CACurrentMediaTime())")
                    layer.opacity = 0
                }
                DispatchQueue(label: "serial").asyncAfter(deadline: .now() + 0.1) { heard.times.append("serial \(CACurrentMediaTime())") }
                DispatchQueue.main.async { heard.times.append("async \(CACurrentMediaTime())") }
                #expect(heard.times.isEmpty)
            }
            try k.advance(to: 0.6)
            #expect(heard.times == ["async 0.0", "serial 0.1", "after 0.5"])
            // The change made at 0.5 s animates implicitly from then (a committed standalone layer).
            let a = try #require(k.layers[0].animation(forKey: "opacity"))
            #expect(a.timing.beginTime == 0.5 && a.timing.duration == 0.25)
        }

        @Test func otherQueuesStillRunRealWork() throws {
            // async on a queue of the plugin's own, and anything outside a plugin call, are Dispatch's.
            let k = try FacadeStage()
            try k.call { _ in
                let done = DispatchSemaphore(value: 0)
                let ran = Heard()
                DispatchQueue(label: "work").async { ran.times.append("work"); done.signal() }
                #expect(done.wait(timeout: .now() + 5) == .success && ran.times == ["work"])
            }
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.01) { done.signal() }
            #expect(done.wait(timeout: .now() + 5) == .success)
        }

        @Test func aGroupNotifiesTheMainQueueWhenItEmpties() throws {
            let k = try FacadeStage()
            let heard = Heard()
            try k.call { _ in
                let group = DispatchGroup()
                group.enter()
                group.enter()
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) { group.leave() }
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) { group.leave() }
                group.notify(queue: .main) { heard.times.append("notified \(CACurrentMediaTime())") }
            }
            try k.advance(to: 0.25)
            #expect(heard.times.isEmpty)
            try k.advance(to: 0.5)
            #expect(heard.times == ["notified 0.3"])
        }
    }
}
