// SPDX-License-Identifier: MIT
import Glibc

/// A progress bar on stderr for renders that take more than about a second,
/// and only when stderr is a terminal. The wall clock is read for this
/// display alone; it never touches the simulation.
final class Progress {
    private let enabled: Bool
    private let start: Double
    private var shown = false

    init(enabled: Bool) {
        self.enabled = enabled && isatty(2) != 0
        start = Progress.wallClock()
    }

    static func wallClock() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    func update(time t: Double, end: Double) {
        guard enabled, Progress.wallClock() - start > 1 else { return }
        let fraction = end > 0 ? min(1, max(0, t / end)) : 1
        let width = 30
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        stderrLine("\r\u{1B}[2K[\(bar)] \(Int(fraction * 100))%  t = \(Int(t * 100) / 100) s of \(Int(end * 100) / 100) s", newline: false)
        shown = true
    }

    func finish() {
        if shown { stderrLine("\r\u{1B}[2K", newline: false) }
    }
}
