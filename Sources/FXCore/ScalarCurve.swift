/// An animation of one number (a number property such as `opacity`, or one
/// number inside a larger value, such as `position.x`) reduced, when it is
/// added, to plain numbers: its endpoints, its spring, its keyframes with
/// their key times resolved. Sampling it is arithmetic on doubles, with none
/// of the `Value` copies the general path makes; this is most animations of
/// large trees (indicators, particles of layers, replicated copies).
///
/// Every result is the general path's to the bit: the same formulas
/// (`Value.interpolated`, `Keyframes.value`) applied to the same numbers in
/// the same order, which `ScalarCurveTests` checks against that path.
struct ScalarCurve {
    enum Shape {
        /// `from + (to − from) · ease(p)`.
        case basic
        /// `from + (to − from) · spring.progress(p · duration)`.
        case spring(Spring.Motion)
        /// Keyframes, linear or paced: a segment of `values`, eased by its curve.
        case linear
        /// Keyframes, discrete: the value whose key time was passed last.
        case discrete
    }

    let shape: Shape
    /// The key path, which names no emitter cell.
    let keyPath: KeyPath
    /// The endpoints (the first and last keyframes for keyframe animations):
    /// what cumulative animations add once per cycle.
    let from, to: Double
    /// The keyframes and the key times in force (`Keyframes.usableKeyTimes`, or the paced ones).
    let values: [Double]
    let keyTimes: [Double]
    /// The per-segment timing functions; nil for paced keyframes, which ignore them.
    let segmentCurves: [TimingFunction]?
    /// Whether the animation's own timing function applies (every shape but paced keyframes).
    let eases: Bool

    /// The curve of an evaluator's body, when its key path takes a number and its
    /// values are numbers; nil sends the animation down the general path.
    init?(_ body: AnimationEvaluator.Body, keyPath: KeyPath?) {
        guard let keyPath, keyPath.cell == nil, keyPath.type == .number else { return nil }
        self.keyPath = keyPath
        switch body {
        case let .fixed(.number(f), .number(t)):
            shape = .basic; from = f; to = t
            values = []; keyTimes = []; segmentCurves = nil; eases = true
        case let .fixedSpring(.number(f), .number(t), spring):
            shape = .spring(spring.motion); from = f; to = t
            values = []; keyTimes = []; segmentCurves = nil; eases = true
        case .keyframes(let k):
            guard k.path == nil, !k.values.isEmpty else { return nil }
            var numbers: [Double] = []
            for v in k.values {
                guard case .number(let x) = v else { return nil }
                numbers.append(x)
            }
            let n = numbers.count
            switch k.calculationMode {
            case .linear:
                shape = .linear; keyTimes = n > 1 ? k.usableKeyTimes(n) : []; segmentCurves = k.timingFunctions; eases = true
            case .discrete:
                shape = .discrete; keyTimes = n > 1 ? k.usableKeyTimes(n) : []; segmentCurves = nil; eases = true
            case .paced:
                shape = .linear; keyTimes = n > 1 ? k.pacedKeyTimes() : []; segmentCurves = nil; eases = false
            case .cubic, .cubicPaced:
                return nil
            }
            values = numbers
            from = numbers[0]; to = numbers[n - 1]
        default:
            return nil
        }
    }

    /// The value at linear progress `p` through one cycle; `ease` is the
    /// animation's timing function, `duration` its effective duration (for springs).
    @inline(__always)
    func value(at p: Double, duration: Double, ease: (Double) -> Double) -> Double {
        switch shape {
        case .basic:
            return from + (to - from) * ease(p)
        case .spring(let s):
            return from + (to - from) * s.progress(at: p * duration)
        case .linear:
            let n = values.count
            if n == 1 { return values[0] }
            let x = eases ? ease(p) : p
            var (i, u) = Keyframes.segment(x, keyTimes, count: n)
            if let curves = segmentCurves, i < curves.count { u = curves[i](u) }
            return values[i] + (values[i + 1] - values[i]) * u
        case .discrete:
            let n = values.count
            if n == 1 { return values[0] }
            return values[Keyframes.discreteIndex(ease(p), keyTimes, count: n)]
        }
    }
}

/// An animation of one number as the sampler runs it: its timing, its flags,
/// its easing and its curve, inline in one plain record, so that sampling
/// reads one contiguous block per animation (`SamplingProgram` keeps them
/// side by side for a whole tree).
struct ScalarAnimation {
    let timing: MediaTiming
    let durations: MediaTiming.Durations
    /// Whether the after phase may show the end value (`removedOnCompletion = NO`).
    let holdsEnd: Bool
    let isCumulative: Bool
    let isAdditive: Bool
    let timingFunction: TimingFunction?
    let curve: ScalarCurve

    @inline(__always) func ease(_ p: Double) -> Double { timingFunction.map { $0(p) } ?? p }
}
