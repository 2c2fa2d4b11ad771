// SPDX-License-Identifier: MIT
import FXPluginKit
import Glibc

/// The host keyframes that play one fx property: keys where the layer's Lottie keyframes are
/// (and where the played frames begin and end), each segment with its Lottie easing as the host's
/// timing function, as lottie-ios's Core Animation engine hands `KeyframeGroup`s to Core Animation.
///
/// A property's value at a frame is computed by the builder from the model (After Effects'
/// rules); the plan only chooses how the host gets there. Each segment is checked against those
/// values at every played frame inside it, and at its middle when fewer than three are: it keeps
/// its easing when the host's blend (`A + (B − A) · ease(u)`, the same for every number of the
/// value) gives the model's value there, holds when the value does not move (the next value
/// arrives a hair before the next key), and otherwise falls back to one key per played frame, as
/// the builder did before. So at every played frame the host shows what the model says, and
/// between frames it follows the curve wherever one easing moves the whole value (a fill's
/// colour, a shape's vertices, a layer's position), not a blend of two frames.
struct KeyframePlan {
    struct Key {
        var keyTime: Double
        /// The model frame whose value the key holds, and its index among the played frames when it is one.
        var frame: Double
        var played: Int?
    }
    var keys: [Key]
    /// One per segment (keys.count − 1).
    var curves: [TimingCurve]

    /// How many easings a segment tries when several properties move in it (each try checks
    /// every frame inside it), so that a layer of many animated properties stays quick to build.
    static let maxCurves = 4

    /// A hair, in key time, before a key: where a held value gives way to the next (as `Timeline`'s discrete keys do).
    static let hair = 1e-9

    /// Whether the planner runs: FXHOST_LOTTIE_BAKE=1 makes every property one key per played
    /// frame again, the earlier behaviour, to compare the two.
    nonisolated(unsafe) static var enabled: Bool = {
        guard let v = getenv("FXHOST_LOTTIE_BAKE") else { return true }
        return String(cString: v) != "1"
    }()

    /// The plan, or nil when the played frames are not evenly spaced and increasing (time
    /// remapping, a negative stretch): then every played frame is a key, as before.
    /// `played[j]` is the value at `frames[j]`, `at(f)` the value at any frame; `interpolable`
    /// says whether the host blends two values of the property linearly, number by number;
    /// `drivers` is read only where the values change between played frames.
    static func make(frames: [Double], drivers: @autoclosure () -> [[DriverSegment]], played: [[Double]], at: (Double) -> [Double],
                     interpolable: ([Double], [Double]) -> Bool = { _, _ in true }) -> KeyframePlan? {
        let n = frames.count
        guard enabled, n > 2, played.count == n else { return nil }
        // The same value at every played frame: no animation, as before.
        if played.allSatisfy({ $0 == played[0] }) { return KeyframePlan(keys: [Key(keyTime: 0, frame: frames[0], played: 0)], curves: []) }
        guard let grid = PlayedFrames(frames) else { return nil }
        let f0 = grid.first, fN = grid.last, step = grid.step
        func index(_ f: Double) -> Int? { grid.index(f) }
        func keyTime(_ f: Double, _ j: Int?) -> Double { grid.keyTime(f, j) }
        func value(_ f: Double, _ j: Int?) -> [Double] { j.map { played[$0] } ?? at(f) }

        // Segment ends: every driver keyframe strictly inside the played frames.
        var cuts = [f0, fN]
        let drivers = drivers()
        for d in drivers { for s in d { cuts += [s.start, s.end] } }
        cuts = cuts.filter { $0 >= f0 && $0 <= fN }.sorted()
        var ends: [Double] = []
        for c in cuts where ends.last.map({ c - $0 > 1e-9 * (1 + abs(c)) }) ?? true { ends.append(c) }
        if ends.count < 2 { ends = [f0, fN] }
        ends[ends.count - 1] = fN
        // Keyframes between the frames cost a model evaluation each: past two a frame, bake.
        guard ends.count <= 2 * n + 2 else { return nil }

        var keys: [Key] = [], curves: [TimingCurve] = []
        func add(_ f: Double, _ j: Int?, curve: TimingCurve) {
            let t = keyTime(f, j)
            if let last = keys.last, t <= last.keyTime { return }
            keys.append(Key(keyTime: t, frame: f, played: j))
            curves.append(curve)
        }
        var startValue = value(f0, 0)
        for k in 0..<(ends.count - 1) {
            let s = ends[k], e = ends[k + 1], js = index(s), je = index(e)
            let a = startValue, endValue = value(e, je)
            startValue = endValue
            // The played frames strictly inside, and the middle when fewer than three frames are
            // (a short segment has no frame to tell its curve by; a long one has enough).
            let first = Int(((s - f0) / step).rounded(.down)) + 1, last = Int(((e - f0) / step).rounded(.up)) - 1
            let lo = max(1, first), hi = min(n - 2, last)
            let inside = lo <= hi ? (lo...hi).filter { frames[$0] > s && frames[$0] < e } : []
            let mid = (s + e) / 2
            let checks = inside.map { (frames[$0], played[$0]) } + (inside.count < 3 ? [(mid, at(mid))] : [])
            // Each number within 10⁻⁷ of its size (a scale near 1 beside a translation of hundreds).
            func tolerance(_ i: Int) -> Double {
                1e-7 * (1 + max(abs(a[i]), i < endValue.count ? abs(endValue[i]) : 0))
            }
            func fits(_ b: [Double], _ ease: (Double) -> Double) -> Bool {
                guard a.count == b.count else { return false }
                for (f, v) in checks {
                    guard v.count == a.count else { return false }
                    let p = ease((f - s) / (e - s))
                    for i in a.indices where abs(a[i] + (b[i] - a[i]) * p - v[i]) > tolerance(i) { return false }
                }
                return true
            }
            if fits(a, { _ in 0 }) {
                // Still: one key, and the next value a hair before the next key if it jumps there.
                add(s, js, curve: .linear)
                if a.count != endValue.count || a.indices.contains(where: { abs(a[$0] - endValue[$0]) > tolerance($0) }) {
                    let t = keyTime(e, je) - hair
                    if let lastKey = keys.last, t > lastKey.keyTime {
                        keys.append(Key(keyTime: t, frame: s, played: js))
                        curves.append(.linear)
                    }
                }
                continue
            }
            var chosen: TimingCurve?
            if interpolable(a, endValue) {
                var tried: [TimingCurve] = []
                for d in drivers {
                    guard tried.count < maxCurves, let seg = segment(of: d, covering: s, e), !seg.hold, seg.moves,
                          let curve = seg.curve,
                          let piece = EasingCurve.piece(curve, from: (s - seg.start) / (seg.end - seg.start),
                                                        to: (e - seg.start) / (seg.end - seg.start)),
                          !tried.contains(piece) else { continue }
                    tried.append(piece)
                    if fits(endValue, { EasingCurve.progress(piece, $0) }) { chosen = piece; break }
                }
            }
            if let chosen {
                add(s, js, curve: chosen)
            } else {
                // Baked: one key per played frame, blended linearly.
                add(s, js, curve: .linear)
                for j in inside { add(frames[j], j, curve: .linear) }
            }
        }
        add(fN, n - 1, curve: .linear)
        curves.removeLast()
        return KeyframePlan(keys: keys, curves: curves)
    }

    /// The segment of a driver (in time order) that holds all of `s`…`e`, by bisection.
    static func segment(of d: [DriverSegment], covering s: Double, _ e: Double) -> DriverSegment? {
        var lo = 0, hi = d.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if d[mid].start <= s { lo = mid + 1 } else { hi = mid }
        }
        // The last segment starting at or before s; equal start times (a zero-length segment) step back.
        var i = lo - 1
        while i >= 0 {
            if d[i].start <= s && d[i].end >= e && d[i].end > d[i].start { return d[i] }
            if d[i].end < e { return nil }
            i -= 1
        }
        return nil
    }
}
