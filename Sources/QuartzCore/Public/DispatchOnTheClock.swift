// SPDX-License-Identifier: MIT
import Dispatch
import FXPluginKit
import Foundation
import Glibc

// iOS animation code waits with Grand Central Dispatch:
// `DispatchQueue.main.async { … }` (after the current turn of the main run
// loop) and `queue.asyncAfter(deadline: .now() + 0.5) { … }`. In fxhost time
// is the simulated clock and nothing runs a main queue, so these methods are
// declared again here, with the labels iOS code uses. A module's own
// declaration is preferred to one of a module it imports, so code that imports
// QuartzCore or UIKit calls these (as it calls this module's `print`); the
// forms with `qos:`, `flags:`, `group:` or a `DispatchWorkItem` stay Dispatch's.
//
// Inside a plugin call or a clock callback (on the plugin's thread):
// - `DispatchQueue.main.async` runs the work after the call, at the same
//   simulated time, as its own transaction (`SimulatedClock.main.async`);
// - `asyncAfter(deadline:execute:)`, on any queue, runs the work at the
//   deadline on the simulated clock, on the plugin's thread, in deadline order
//   (a serial queue's timed work keeps its order; it no longer runs on another
//   thread). A deadline is real time (`DispatchTime.now()` is Dispatch's, and
//   Swift does not let a module redeclare it), so the delay is the deadline
//   less the real time now, rounded up to a whole millisecond: `.now() + 0.1`
//   is 0.1 s, and a delay finer than a millisecond is read to the next one.
// - `async` on any other queue is Dispatch's own: real work on a real thread
//   (`DispatchQueue.global().async { … }`), which the plugin call waits for
//   before it returns (`DispatchOnTheClock.background`): background work takes
//   no simulated time. Main-queue work it queues (`DispatchQueue.main.async`,
//   `asyncAfter`) is kept and, once the call's background work is done, put on
//   the simulated clock in the order it was queued: at the call's time, or the
//   delay later. So the README pattern `DispatchQueue.global().async { load();
//   DispatchQueue.main.async { show() } }` shows at the time of the call.
// Outside a plugin call, on a thread the facade did not start, every method is
// Dispatch's own. Main-queue work queued so once the plugin has run (from a
// `Thread` of its own) can never run, since nothing runs the main queue: it
// is said on standard error at once and fails the next plugin call.
extension DispatchQueue {
    public func async(execute work: @escaping @Sendable () -> Void) {
        if isMain, PluginThread.isCurrent {
            SimulatedClock.main.async(execute: work)
        } else if isMain, BackgroundWork.isCurrent {
            DispatchOnTheClock.queuedFromBackground(after: 0, work)
        } else if PluginThread.isCurrent || BackgroundWork.isCurrent {
            let group = DispatchOnTheClock.background
            async(group: group, qos: .unspecified, flags: []) { BackgroundWork.run(work) }
        } else {
            if isMain, Entry.generation > 0 { DispatchOnTheClock.strayMainWork() }
            async(group: nil, qos: .unspecified, flags: [], execute: work)
        }
    }

    /// The main queue: on Linux `DispatchQueue.main` makes a new object for the
    /// same queue each time it is read, so the queue is known by its label.
    var isMain: Bool { label == DispatchQueue.main.label }

    public func asyncAfter(deadline: DispatchTime, execute work: @escaping @Sendable () -> Void) {
        if isMain, BackgroundWork.isCurrent {
            return DispatchOnTheClock.queuedFromBackground(after: DispatchOnTheClock.delay(until: deadline), work)
        }
        guard PluginThread.isCurrent else {
            return asyncAfter(deadline: deadline, qos: .unspecified, flags: [], execute: work)
        }
        SimulatedClock.main.asyncAfter(deadline: .now() + DispatchOnTheClock.delay(until: deadline), execute: work)
    }
}

extension DispatchGroup {
    /// Runs `work` when the group is empty. Queued on the main queue from the
    /// plugin's thread, it runs on the simulated clock after the plugin call or
    /// callback in which the group became empty; otherwise it is Dispatch's own.
    public func notify(queue: DispatchQueue, execute work: @escaping @Sendable () -> Void) {
        guard queue.isMain, PluginThread.isCurrent else {
            return notify(qos: .unspecified, flags: [], queue: queue, execute: work)
        }
        DispatchOnTheClock.waiting.append((self, work))
    }
}

enum DispatchOnTheClock {
    /// Seconds from now to `deadline`, rounded up to a whole millisecond (never below 0).
    static func delay(until deadline: DispatchTime) -> Double {
        let now = DispatchTime.now().uptimeNanoseconds
        guard deadline.uptimeNanoseconds > now else { return 0 }
        let nanoseconds = deadline.uptimeNanoseconds - now
        return Double((nanoseconds + 999_999) / 1_000_000) / 1000
    }

    /// Main-queue notifications of groups not yet empty.
    nonisolated(unsafe) static var waiting: [(group: DispatchGroup, work: @Sendable () -> Void)] = []

    /// Background work started from plugin code (`DispatchQueue.global().async`), waited for after each call.
    static let background = DispatchGroup()

    /// Main-queue work queued by background work, in the order queued, with its delay.
    nonisolated(unsafe) static var fromBackground: [(delay: Double, work: @Sendable () -> Void)] = []
    static let fromBackgroundLock = NSLock()

    static func queuedFromBackground(after delay: Double, _ work: @escaping @Sendable () -> Void) {
        fromBackgroundLock.lock()
        fromBackground.append((delay, work))
        fromBackgroundLock.unlock()
    }

    /// Whether main-queue work was queued from a thread the facade did not start (see above).
    nonisolated(unsafe) static var stray = false

    static func strayMainWork() {
        fromBackgroundLock.lock()
        let first = !stray
        stray = true
        fromBackgroundLock.unlock()
        guard first else { return }
        var line = "DispatchQueue.main.async was called from a thread the plugin started itself; that work cannot run on the simulated clock (queue the background work with DispatchQueue.global().async, whose main-queue work runs)\n"
        line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }

    /// After each plugin call and callback: waits for the background work it
    /// started (a call that never finishes is the host's `--timeout` to stop),
    /// then puts the main-queue work that work queued on the clock, in order.
    static func joinBackgroundWork() {
        background.wait()
        fromBackgroundLock.lock()
        let queued = fromBackground
        fromBackground = []
        let strayed = stray
        stray = false
        fromBackgroundLock.unlock()
        if strayed {
            Fault.record("DispatchQueue.main.async was called from a thread the plugin started itself (a Thread or pthread); that work cannot run on the simulated clock: queue the background work with DispatchQueue.global().async, whose main-queue work runs after the call")
        }
        for q in queued { SimulatedClock.main.asyncAfter(deadline: .now() + q.delay, execute: q.work) }
    }

    /// After each plugin call and callback: the notifications of the groups now empty go to the clock.
    static func notifyEmptyGroups() {
        guard !waiting.isEmpty else { return }
        var still: [(group: DispatchGroup, work: @Sendable () -> Void)] = []
        for w in waiting {
            if w.group.wait(timeout: .now()) == .success {
                SimulatedClock.main.async(execute: w.work)
            } else {
                still.append(w)
            }
        }
        waiting = still
    }
}

/// Whether this thread is running a plugin call or a clock callback (a thread-local flag).
enum PluginThread {
    static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    static var isCurrent: Bool { pthread_getspecific(key) != nil }

    /// Marks this thread; returns whether it already was (a callback inside a call).
    static func enter() -> Bool {
        let was = isCurrent
        if !was { pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1)) }
        return was
    }

    static func leave(_ was: Bool) {
        if !was { pthread_setspecific(key, nil) }
    }
}

/// Whether this thread is running background work the facade started from plugin code (a thread-local flag).
enum BackgroundWork {
    static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    static var isCurrent: Bool { pthread_getspecific(key) != nil }

    static func run(_ work: () -> Void) {
        let was = isCurrent
        if !was { pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1)) }
        work()
        if !was { pthread_setspecific(key, nil) }
    }
}
