// SPDX-License-Identifier: MIT
/// What an animation shows outside its active interval (`CAMediaTimingFillMode`).
public enum FillMode: String, Sendable, CaseIterable {
    case removed, forwards, backwards, both
    var fillsBackwards: Bool { self == .backwards || self == .both }
    var fillsForwards: Bool { self == .forwards || self == .both }
}

/// `CAMediaTiming` for an animation: where its active interval lies in its
/// parent's time, how it repeats, and what it shows outside it.
/// See docs/timing.md for the rules and the choices made where Core Animation is silent.
public struct MediaTiming: Hashable, Sendable {
    /// In the parent's time (the layer's, or the enclosing group's).
    public var beginTime: Double = 0
    /// 0 means the default, 0.25 s (see `effectiveDuration`).
    public var duration: Double = 0
    public var speed: Double = 1
    /// Where playback starts inside the active interval; wraps (R11).
    public var timeOffset: Double = 0
    /// 0 means play once; may be fractional; `.infinity` or anything from
    /// `Float.greatestFiniteMagnitude` up repeats forever.
    public var repeatCount: Double = 0
    /// Seconds of repeating; 0 means unused; `.infinity` repeats forever.
    /// Takes precedence over `repeatCount`.
    public var repeatDuration: Double = 0
    public var autoreverses = false
    public var fillMode: FillMode = .removed

    public init() {}

    /// The duration Core Animation uses: 0.25 s when `duration` is 0 (R26).
    public var effectiveDuration: Double { duration > 0 ? duration : 0.25 }

    /// One forward (and, with `autoreverses`, backward) pass.
    public var cycleDuration: Double { effectiveDuration * (autoreverses ? 2 : 1) }

    /// How long the animation is active, in its own time; infinite for
    /// endless repeats.
    public var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 {
            if repeatCount >= Double(Float.greatestFiniteMagnitude) { return .infinity }
            return repeatCount * cycleDuration
        }
        return cycleDuration
    }

    public enum Phase: Sendable, Equatable { case before, active, after }

    /// The state at one instant: the phase, and when the animation has an
    /// effect, the progress (0…1 through one forward pass, already reversed on
    /// the way back) and the index of the repeat cycle.
    public struct State: Sendable, Equatable {
        public let phase: Phase
        public let progress: Double?
        public let iteration: Int
    }

    /// The animation's elapsed time in its own scale at parent time `tp`.
    public func elapsed(atParentTime tp: Double) -> Double { (tp - beginTime) * speed }

    public func phase(atParentTime tp: Double) -> Phase {
        let e = elapsed(atParentTime: tp)
        if e < 0 { return .before }
        return e < activeDuration ? .active : .after
    }

    /// Resolves the state at parent time `tp`. `holdsEnd` is whether the after
    /// phase shows the end (forwards fill with `removedOnCompletion = NO`).
    public func state(atParentTime tp: Double, holdsEnd: Bool) -> State {
        state(atParentTime: tp, holdsEnd: holdsEnd, fillMode: fillMode, durations)
    }

    /// The durations that follow from the fields, worked out once for an
    /// animation that is sampled many times.
    struct Durations {
        let effective, cycle, active: Double
    }

    var durations: Durations { Durations(effective: effectiveDuration, cycle: cycleDuration, active: activeDuration) }

    /// `state(atParentTime:holdsEnd:)` with another fill mode (a group's
    /// child filling at the group's end) and the durations given.
    func state(atParentTime tp: Double, holdsEnd: Bool, fillMode: FillMode, _ durations: Durations) -> State {
        MediaTiming.state(elapsed: elapsed(atParentTime: tp), timeOffset: timeOffset, autoreverses: autoreverses,
                          holdsEnd: holdsEnd, fillMode: fillMode, durations)
    }

    /// The state from the elapsed time `e` and the fields it depends on (for
    /// records that keep those fields without the rest of the timing).
    @inline(__always)
    static func state(elapsed e: Double, timeOffset: Double, autoreverses: Bool, holdsEnd: Bool, fillMode: FillMode,
                      _ durations: Durations) -> State {
        let ad = durations.active
        let phase: Phase = e < 0 ? .before : (e < ad ? .active : .after)
        let activeTime: Double
        switch phase {
        case .before:
            guard fillMode.fillsBackwards else { return State(phase: phase, progress: nil, iteration: 0) }
            activeTime = 0
        case .active:
            activeTime = e
        case .after:
            guard fillMode.fillsForwards && holdsEnd else { return State(phase: phase, progress: nil, iteration: 0) }
            activeTime = ad
        }
        let d = durations.effective, cycle = durations.cycle
        let t = activeTime + timeOffset
        var iteration = (t / cycle).rounded(.down)
        var u = t - iteration * cycle
        // End-of-interval rule (Web Animations): a fill that lands exactly on a
        // cycle boundary holds the end of the last cycle, not the start of the next.
        if phase == .after && u == 0 && t > 0 {
            iteration -= 1
            u = cycle
        }
        let local = (autoreverses && u > d) ? cycle - u : u
        let clampedIteration = iteration.isFinite ? Int(max(-1e15, min(1e15, iteration))) : 0
        return State(phase: phase, progress: min(1, max(0, local / d)), iteration: clampedIteration)
    }

    /// Checks every field for values Core Animation would not accept.
    public func check() throws(FXError) {
        for (name, v) in [("beginTime", beginTime), ("duration", duration), ("speed", speed),
                          ("timeOffset", timeOffset)] where !v.isFinite {
            throw FXError("animation \(name) must be a finite number (got \(v))")
        }
        for (name, v) in [("repeatCount", repeatCount), ("repeatDuration", repeatDuration)] where v.isNaN {
            throw FXError("animation \(name) must be a number, not NaN (FX_REPEAT_FOREVER repeats forever)")
        }
        guard duration >= 0 else { throw FXError("animation duration must not be negative (got \(duration))") }
        guard repeatCount >= 0 else { throw FXError("animation repeatCount must not be negative (got \(repeatCount))") }
        guard repeatDuration >= 0 else {
            throw FXError("animation repeatDuration must not be negative (got \(repeatDuration))")
        }
    }
}

/// The part of `CAMediaTiming` that layers use: their local time is
/// `(parentTime − beginTime) × speed + timeOffset` (R2). Pausing a layer is
/// `speed = 0` with `timeOffset` at the paused time (R3). A layer never ends:
/// its duration, repeat and fill fields have no effect in Core Animation
/// practice, and fxhost does not model them.
public struct LayerTiming: Hashable, Sendable {
    public var beginTime: Double = 0
    public var speed: Double = 1
    public var timeOffset: Double = 0
    public init() {}
    public init(beginTime: Double = 0, speed: Double = 1, timeOffset: Double = 0) {
        self.beginTime = beginTime; self.speed = speed; self.timeOffset = timeOffset
    }

    public func localTime(_ parent: Double) -> Double { (parent - beginTime) * speed + timeOffset }

    /// The inverse of `localTime`, or nil for a paused layer (its time stands still).
    public func parentTime(_ local: Double) -> Double? {
        speed == 0 ? nil : (local - timeOffset) / speed + beginTime
    }
}
