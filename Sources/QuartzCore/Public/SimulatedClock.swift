// SPDX-License-Identifier: MIT
import FXPluginKit

/// The host's simulated clock, for the code iOS runs on the main queue later.
enum FXClock {
    static var now: Double { Host.now }
}

/// A time on the simulated clock (`SimulatedClock.main.asyncAfter(deadline: .now() + 2)`).
public struct SimulatedTime: Comparable, Sendable {
    public let seconds: Double
    public static func now() -> SimulatedTime { SimulatedTime(seconds: FXClock.now) }
    public static func + (t: SimulatedTime, seconds: Double) -> SimulatedTime { SimulatedTime(seconds: t.seconds + seconds) }
    public static func < (a: SimulatedTime, b: SimulatedTime) -> Bool { a.seconds < b.seconds }
}

/// The simulated clock, taking simulated time itself. `DispatchQueue.main.asyncAfter`
/// already runs on it (DispatchOnTheClock.swift), but its deadline is real time,
/// read to the millisecond; where exact timing matters a port changes one line,
/// the receiver: `DispatchQueue.main.asyncAfter(deadline: .now() + s, execute: f)`
/// becomes `SimulatedClock.main.asyncAfter(deadline: .now() + s, execute: f)`.
/// The work runs at exactly that simulated time, as its own transaction.
public final class SimulatedClock: Sendable {
    public static let main = SimulatedClock()

    public func asyncAfter(deadline: SimulatedTime, execute work: @escaping () -> Void) {
        Fault.attempt { () throws(PluginError) in
            try Host.after(max(0, deadline.seconds - FXClock.now), Entry.callback(work))
        }
    }

    /// Runs `work` now, after the current plugin call (`DispatchQueue.main.async`).
    public func async(execute work: @escaping () -> Void) { asyncAfter(deadline: .now(), execute: work) }

    /// Calls `handler` each time the named event fires (`fxhost --event 1.5:tap`).
    public func on(event name: String, _ handler: @escaping () -> Void) {
        Fault.attempt { () throws(PluginError) in try Host.on(name, Entry.callback(handler)) }
    }
}
