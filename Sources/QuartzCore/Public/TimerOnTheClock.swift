// SPDX-License-Identifier: MIT
import Foundation

// iOS code ticks with Foundation's Timer:
// `Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { t in … }`,
// stopped with `t.invalidate()`. Nothing runs a run loop in fxhost, and
// Foundation's Timer cannot be replaced, so this module declares that class
// method again, with Foundation's labels and types: a module's declaration
// shadows the same one of a module it imports, so code that imports UIKit or
// QuartzCore (which re-export Foundation) calls this one, as it calls this
// module's `DispatchQueue.main.asyncAfter`.
//
// Inside a plugin call or a clock callback the Timer returned is Foundation's
// own object, made with `Timer(timeInterval:repeats:block:)` and never added
// to a run loop; it fires on the simulated clock, each firing a transaction of
// its own. As Foundation's documentation states:
// - an interval of 0 or less is taken as 0.0001 s;
// - the first firing is `interval` after the call; a repeating timer then
//   fires on its schedule (call time + k × interval, not drifting with the
//   firing time) until invalidated; a non-repeating one is invalidated after
//   it fires;
// - `invalidate()` stops it, `isValid` says whether it will still fire, and
//   `fire()` (Foundation's) runs the block at once without changing the schedule.
// A repeating timer that is never invalidated keeps the run going to its end
// (`--end`, or the 60 s cap). Outside a plugin call the method is Foundation's.
extension Timer {
    @discardableResult
    public class func scheduledTimer(withTimeInterval interval: TimeInterval, repeats: Bool,
                                     block: @escaping @Sendable (Timer) -> Void) -> Timer {
        let timer = Timer(timeInterval: interval, repeats: repeats, block: block)
        if PluginThread.isCurrent {
            TimerOnTheClock.schedule(timer, every: interval > 0 ? interval : 0.0001, repeats: repeats,
                                     from: FXClock.now, firing: 1, block)
        } else {
            RunLoop.current.add(timer, forMode: .default)
        }
        return timer
    }
}

enum TimerOnTheClock {
    /// Schedules firing number `k` of `timer`, at `start + k × interval`.
    static func schedule(_ timer: Timer, every interval: Double, repeats: Bool, from start: Double, firing k: Double,
                         _ block: @escaping @Sendable (Timer) -> Void) {
        SimulatedClock.main.asyncAfter(deadline: SimulatedTime(seconds: start + k * interval)) {
            guard timer.isValid else { return }
            block(timer)
            if !repeats {
                timer.invalidate()
            } else if timer.isValid {
                schedule(timer, every: interval, repeats: repeats, from: start, firing: k + 1, block)
            }
        }
    }
}
