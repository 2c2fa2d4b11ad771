// SPDX-License-Identifier: MIT
/// An animation of one number (a number property such as `opacity`, or one
/// number inside a larger value, such as `position.x`) reduced, when it is
/// added, to a fixed-size record of plain numbers: its timing, its flags, its
/// endpoints. What varies in size (keyframes and key times, timing functions,
/// a spring's motion) lies in a `ScalarPool`, which the record indexes.
/// Sampling it is arithmetic on doubles, with none of the `Value` copies the
/// general path makes; this is most animations of large trees (indicators,
/// particles of layers, replicated copies).
///
/// The record is kept small and free of references because a sampling
/// program reads hundreds of thousands of them per sample, one after
/// another: at 280 bytes with arrays of its own, a tree of 100,000 layers
/// streamed 84 MB of records per sample and waited on a cache miss for each
/// keyframe animation's values, wherever they had been allocated.
///
/// Every result is the general path's to the bit: the same formulas
/// (`Value.interpolated`, `Keyframes.value`, `MediaTiming.state`) applied to
/// the same numbers in the same order, which `ScalarAnimationTests` checks
/// against that path.
struct ScalarAnimation {
    enum Shape: UInt8 {
        /// `from + (to − from) · ease(p)`.
        case basic
        /// `from + (to − from) · motion.progress(p · duration)`.
        case spring
        /// Keyframes, linear or paced: a segment of the values, eased by its curve.
        case linear
        /// Keyframes, discrete: the value whose key time was passed last.
        case discrete
    }

    // Timing: `MediaTiming`'s fields that sampling reads, and its durations.
    let beginTime, speed, timeOffset: Double
    let durations: MediaTiming.Durations
    /// The endpoints (the first and last keyframes for keyframe animations):
    /// what cumulative animations add once per cycle.
    let from, to: Double
    /// The key path (never an emitter cell's).
    let property: Property
    let component: KeyPath.Component?
    let shape: Shape
    let autoreverses: Bool
    let fillMode: FillMode
    /// Whether the after phase may show the end value (`removedOnCompletion = NO`).
    let holdsEnd: Bool
    let isCumulative: Bool
    let isAdditive: Bool
    /// Whether the animation's own timing function applies (every shape but paced keyframes).
    let eases: Bool
    /// The animation's timing function in the pool's `functions`; −1 for linear.
    private(set) var function: Int32
    /// For a spring, its motion in the pool's `motions`; for keyframes, the
    /// first value in the pool's `numbers`, the key times following the values.
    private(set) var payload: Int32
    /// How many keyframes and key times (the key times in force:
    /// `Keyframes.usableKeyTimes`, or the paced ones).
    let count, keyTimeCount: Int32
    /// The per-segment timing functions, from `curves` in the pool's
    /// `functions`; none for paced keyframes, which ignore them.
    private(set) var curves: Int32
    let curveCount: Int32

    /// The record of an evaluator's body, its parts appended to `pool`, when
    /// its key path takes a number and its values are numbers; nil sends the
    /// animation down the general path.
    init?(_ body: AnimationEvaluator.Body, keyPath: KeyPath?, timing: MediaTiming, timingFunction: TimingFunction?,
          holdsEnd: Bool, isCumulative: Bool, isAdditive: Bool, pool: inout ScalarPool) {
        guard let keyPath, keyPath.cell == nil, keyPath.type == .number else { return nil }
        var payload: Int32 = -1, count: Int32 = 0, keyTimeCount: Int32 = 0, curves: Int32 = -1, curveCount: Int32 = 0
        var eases = true
        switch body {
        case let .fixed(.number(f), .number(t)):
            shape = .basic; from = f; to = t
        case let .fixedSpring(.number(f), .number(t), spring):
            shape = .spring; from = f; to = t
            payload = pool.add(spring.motion)
        case .keyframes(let k):
            guard k.path == nil, !k.values.isEmpty else { return nil }
            var numbers: [Double] = []
            for v in k.values {
                guard case .number(let x) = v else { return nil }
                numbers.append(x)
            }
            let n = numbers.count
            var keyTimes: [Double] = [], segmentCurves: [TimingFunction] = []
            switch k.calculationMode {
            case .linear:
                shape = .linear; keyTimes = n > 1 ? k.usableKeyTimes(n) : []; segmentCurves = k.timingFunctions ?? []
            case .discrete:
                shape = .discrete; keyTimes = n > 1 ? k.usableKeyTimes(n) : []
            case .paced:
                shape = .linear; keyTimes = n > 1 ? k.pacedKeyTimes() : []; eases = false
            case .cubic, .cubicPaced:
                return nil
            }
            from = numbers[0]; to = numbers[n - 1]
            payload = pool.add(numbers + keyTimes)
            count = Int32(n); keyTimeCount = Int32(keyTimes.count)
            if !segmentCurves.isEmpty { curves = pool.add(segmentCurves); curveCount = Int32(segmentCurves.count) }
        default:
            return nil
        }
        property = keyPath.property
        component = keyPath.component
        beginTime = timing.beginTime; speed = timing.speed; timeOffset = timing.timeOffset
        durations = timing.durations
        autoreverses = timing.autoreverses
        fillMode = timing.fillMode
        self.holdsEnd = holdsEnd
        self.isCumulative = isCumulative
        self.isAdditive = isAdditive
        self.eases = eases
        function = timingFunction.map { pool.add([$0]) } ?? -1
        self.payload = payload
        self.count = count; self.keyTimeCount = keyTimeCount
        self.curves = curves; self.curveCount = curveCount
    }

    /// This record with its parts copied from `source` into `pool` (a sampling program's, shared by its records).
    func moved(from source: ScalarPool.Parts, into pool: inout ScalarPool) -> ScalarAnimation {
        var copy = self
        if function >= 0 { copy.function = pool.add([source.functions[Int(function)]]) }
        if curveCount > 0 {
            copy.curves = pool.add(Array(source.functions[Int(curves)..<Int(curves + curveCount)]))
        }
        switch shape {
        case .basic: break
        case .spring: copy.payload = pool.add(source.motions[Int(payload)])
        case .linear, .discrete: copy.payload = pool.add(Array(source.numbers[Int(payload)..<Int(payload + count + keyTimeCount)]))
        }
        return copy
    }

    var keyPath: KeyPath { KeyPath(property, component) }

    /// The state at parent time `tp` (`MediaTiming.state`), with `fillMode` in force.
    @inline(__always)
    func state(atParentTime tp: Double, fillMode: FillMode) -> MediaTiming.State {
        MediaTiming.state(elapsed: (tp - beginTime) * speed, timeOffset: timeOffset, autoreverses: autoreverses,
                          holdsEnd: holdsEnd, fillMode: fillMode, durations)
    }

    /// The value at linear progress `p` through cycle `iteration`, cumulative repeats included.
    @inline(__always)
    func value(at p: Double, iteration: Int, _ parts: ScalarPool.Parts) -> Double {
        let ease = { (x: Double) -> Double in self.function < 0 ? x : parts.functions[Int(self.function)](x) }
        var value: Double
        switch shape {
        case .basic:
            value = from + (to - from) * ease(p)
        case .spring:
            value = from + (to - from) * parts.motions[Int(payload)].progress(at: p * durations.effective)
        case .linear:
            let n = Int(count), values = parts.numbers.baseAddress! + Int(payload)
            if n == 1 {
                value = values[0]
            } else {
                let keyTimes = UnsafeBufferPointer(start: values + n, count: Int(keyTimeCount))
                var (i, u) = Keyframes.segment(eases ? ease(p) : p, keyTimes, count: n)
                if i < curveCount { u = parts.functions[Int(curves) + i](u) }
                value = values[i] + (values[i + 1] - values[i]) * u
            }
        case .discrete:
            let n = Int(count), values = parts.numbers.baseAddress! + Int(payload)
            let keyTimes = UnsafeBufferPointer(start: values + n, count: Int(keyTimeCount))
            value = n == 1 ? values[0] : values[Keyframes.discreteIndex(ease(p), keyTimes, count: n)]
        }
        if isCumulative && iteration > 0 { value += (autoreverses ? from : to) * Double(iteration) }
        return value
    }
}
