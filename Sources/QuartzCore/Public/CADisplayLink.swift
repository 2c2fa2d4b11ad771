// SPDX-License-Identifier: MIT
import Foundation

/// Core Animation's per-frame callback. iOS makes one with
/// `CADisplayLink(target: self, selector: #selector(step))`, which needs the
/// Objective-C runtime; here the callback is a closure, the one line a port
/// changes: `CADisplayLink(frameHandler: { [weak self] link in self?.step(link) })`.
/// Added to a run loop it calls the handler on the simulated clock at the
/// display's rate (60 frames a second, or `preferredFramesPerSecond`) from
/// the time it was added, each call a transaction of its own, with
/// `timestamp` the time of that frame and `targetTimestamp` the next frame's;
/// not while `isPaused`, and never again after `invalidate()`. A link that is
/// never invalidated keeps the run going to its end (`--end`, or the 60 s cap).
public final class CADisplayLink {
    private let handler: (CADisplayLink) -> Void
    private var added = false
    private var valid = true
    /// Bumped when the schedule restarts, so that a frame already queued for an older one does nothing.
    private var schedule = 0

    public init(frameHandler: @escaping (CADisplayLink) -> Void) { handler = frameHandler }

    /// The time of the frame being handled (of the last one, between frames).
    public private(set) var timestamp: CFTimeInterval = 0
    /// The time of the next frame.
    public private(set) var targetTimestamp: CFTimeInterval = 0
    /// Seconds between frames at the display's rate.
    public var duration: CFTimeInterval { 1.0 / 60 }
    /// Frames a second the link asks for; 0 (the default) is the display's rate, 60.
    public var preferredFramesPerSecond: Int = 0

    public var isPaused = false {
        didSet { if oldValue && !isPaused { start() } }
    }

    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard valid, !added else { return }
        added = true
        start()
    }

    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) { invalidate() }

    public func invalidate() {
        valid = false
        schedule += 1
    }

    private var interval: Double { preferredFramesPerSecond > 0 ? 1.0 / Double(min(preferredFramesPerSecond, 60)) : duration }

    private func start() {
        guard valid, added, !isPaused else { return }
        schedule += 1
        frame(schedule, from: FXClock.now, k: 1)
    }

    private func frame(_ which: Int, from start: Double, k: Double) {
        let at = start + k * interval
        SimulatedClock.main.asyncAfter(deadline: SimulatedTime(seconds: at)) { [self] in
            guard which == schedule, valid, !isPaused else { return }
            timestamp = at
            targetTimestamp = start + (k + 1) * interval
            handler(self)
            if which == schedule, valid, !isPaused { frame(which, from: start, k: k + 1) }
        }
    }
}
