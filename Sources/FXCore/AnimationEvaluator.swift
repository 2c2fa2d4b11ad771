// SPDX-License-Identifier: MIT
/// An animation as the sampler reads it: built once when the animation is
/// added, so that sampling touches a few plain fields per animation instead of
/// copying the whole `Animation` (its arrays, closures and nested kinds). A
/// struct, so that a layer's evaluators lie side by side in one buffer: the
/// sampler is bound by memory latency, not arithmetic.
struct AnimationEvaluator {
    /// Kept to a few bytes (payloads are references) so that reading it costs no copy.
    enum Body {
        /// Basic animations whose endpoints are known up front (the common case), held inline.
        case fixed(Value, Value)
        /// Spring animations whose endpoints are known up front.
        case fixedSpring(Value, Value, Spring)
        /// Endpoints that depend on the current value (a nil from or to).
        case interpolate(Endpoints)
        case keyframes(Keyframes)
        case group([AnimationEvaluator])
        case transition(Transition)
    }

    /// Basic and spring animations with a nil from or to.
    final class Endpoints {
        let from, to, by: Value?
        let spring: Spring?
        init(_ from: Value?, _ to: Value?, _ by: Value?, spring: Spring?) {
            self.from = from; self.to = to; self.by = by; self.spring = spring
        }
    }


    let timing: MediaTiming
    /// `timing.durations`, worked out when the animation is added.
    let durations: MediaTiming.Durations
    let timingFunction: TimingFunction?
    /// Whether the after phase may show the end value (`removedOnCompletion = NO`).
    let holdsEnd: Bool
    let keyPath: KeyPath?
    let isAdditive: Bool
    let isCumulative: Bool
    let body: Body
    /// The animation as plain numbers, for animations of one number (nil otherwise).
    let scalar: ScalarAnimation?
    /// The parts `scalar` indexes.
    let scalarPool: ScalarPool
    let isScalar: Bool
    let isTransition: Bool
    /// For transitions: the layer subtree as it was presented when the transition was added.
    let capturedState: [PresentedLayer]?

    /// `groupDuration` is the enclosing group's duration, for a child: a
    /// child whose own duration is 0 takes it, as in Core Animation
    /// (docs/timing.md, "Groups"); a top-level animation's 0 means 0.25 s.
    init(_ a: Animation, capturedState: [PresentedLayer]? = nil, groupDuration: Double? = nil) {
        self.capturedState = capturedState
        var timing = a.timing
        if timing.duration == 0, let groupDuration { timing.duration = groupDuration }
        self.timing = timing
        durations = timing.durations
        timingFunction = a.timingFunction.flatMap { $0 == .linear ? nil : $0 }
        holdsEnd = !a.isRemovedOnCompletion
        keyPath = a.keyPath
        isAdditive = a.isAdditive
        isCumulative = a.isCumulative
        switch a.kind {
        case let .basic(from, to, by):
            if let (f, t) = AnimationEvaluator.fixedEndpoints(from, to, by) {
                body = .fixed(f, t)
            } else {
                body = .interpolate(Endpoints(from, to, by, spring: nil))
            }
        case let .spring(from, to, by, declared):
            let spring = declared.resolved(duration: timing.effectiveDuration)
            if let (f, t) = AnimationEvaluator.fixedEndpoints(from, to, by) {
                body = .fixedSpring(f, t, spring)
            } else {
                body = .interpolate(Endpoints(from, to, by, spring: spring))
            }
        case .keyframe(let k): body = .keyframes(k)
        case .group(let children):
            body = .group(children.map { AnimationEvaluator($0, groupDuration: timing.effectiveDuration) })
        case .transition(let t): body = .transition(t)
        }
        if case .transition = body { isTransition = true } else { isTransition = false }
        var pool = ScalarPool()
        scalar = ScalarAnimation(body, keyPath: keyPath, timing: timing, timingFunction: timingFunction,
                                 holdsEnd: holdsEnd, isCumulative: isCumulative, isAdditive: isAdditive, pool: &pool)
        scalarPool = pool
        isScalar = scalar != nil
    }

    /// Whether this animation (or a child, for a group) animates a key path for which `test` holds.
    func animates(_ test: (KeyPath) -> Bool) -> Bool {
        if case .group(let children) = body { return children.contains { $0.animates(test) } }
        return keyPath.map(test) ?? false
    }

    /// The endpoints when they do not depend on the current value (R15's first three rows).
    static func fixedEndpoints(_ from: Value?, _ to: Value?, _ by: Value?) -> (Value, Value)? {
        switch (from, to, by) {
        case let (f?, t?, _): (f, t)
        case let (f?, nil, b?): (f, f.adding(b))
        case let (nil, t?, b?): (t.subtracting(b), t)
        default: nil
        }
    }

    @inline(__always) func ease(_ p: Double) -> Double { timingFunction.map { $0(p) } ?? p }
}

extension UnsafePointer where Pointee == AnimationEvaluator {
    /// The evaluator's `scalar` record where it lies, for reading without a
    /// copy (it holds arrays: a copy is reference counting on every sample).
    /// An optional's payload is at its start (Swift's single-payload enum layout).
    @inline(__always) var scalarRecord: UnsafePointer<ScalarAnimation>? {
        guard pointee.isScalar else { return nil }
        return (UnsafeRawPointer(self) + AnimationEvaluator.scalarOffset).assumingMemoryBound(to: ScalarAnimation.self)
    }
}

extension AnimationEvaluator {
    static let scalarOffset = MemoryLayout<AnimationEvaluator>.offset(of: \.scalar)!
}
