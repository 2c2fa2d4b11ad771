// SPDX-License-Identifier: MIT
import FXPluginKit

/// A layer's position as the host's `CAKeyframeAnimation.path`, as Core Animation (and
/// lottie-ios's Core Animation engine) takes a position with spatial tangents: the path moves
/// to the first position and goes on, one element per stretch between the position's
/// keyframes, along the keyframe's Bézier (`to`, `ti`), each element with its key time and its
/// keyframe's easing as the element's timing function.
///
/// After Effects moves along a spatial segment at the eased fraction of its arc length
/// (lottie-web: `interpolateValue` walks `bez.buildBezierData`'s cumulative lengths); the host
/// moves along one element at constant speed along its flattening. So the plan cuts a curve
/// into pieces of equal arc length, each its own element whose key time is where the easing
/// reaches that fraction and whose timing function is that part of the easing
/// (`EasingCurve.piece`), and uses as many pieces as it takes for the host (`HostPathElement`)
/// to stay within `tolerance` of the model at every played frame and halfway between any two.
/// A hold is the existing step form (the next position arrives a hair before its key); a
/// stretch the host cannot follow (per-dimension easing, an easing that overshoots, a parent
/// that stretches the curve unevenly) is one line per played frame, as the bake.
struct PositionPath {
    enum Element: Equatable {
        case line(Vec)
        case cubic(Vec, Vec, Vec)
    }
    var start: Vec
    var elements: [Element] = []
    /// The start's key time (0), then each element's end.
    var keyTimes: [Double] = [0]
    /// One per element.
    var curves: [TimingCurve] = []
    /// Whether some stretch goes along a curve (otherwise the layer keeps its position in its `transform`).
    var curved = false

    /// How far, in the composition's pixels, the host may stray from the model at a checked
    /// frame: the arc-length rule's points are computed to about 10⁻⁹, the host's flattening is
    /// what this bounds.
    static let tolerance = 1e-3

    /// The most pieces one curve's stretch is cut into before it is baked instead.
    static let maxPieces = 64

    /// The pieces a layer may try in all (each costs a few hundred evaluations of its curve), so
    /// that a file of thousands of tight curves builds in bounded time; past it, stretches are baked.
    static let maxPiecesTried = 20_000
    var piecesLeft = PositionPath.maxPiecesTried

    /// The plan for `position` (values mapped by `map`'s linear part, which the parents apply),
    /// or nil when the played frames are not evenly spaced or no curve is kept as a curve (unless
    /// `keepStraight`: a layer turned to its motion needs its path even when it is straight).
    /// `played[j]` is the mapped position at `frames[j]`, `at(f)` at any frame.
    static func make(frames: [Double], played: [Vec], at: (Double) -> Vec, position: Animated<[Double]>,
                     map: Affine, keepStraight: Bool = false) -> PositionPath? {
        let n = frames.count
        guard KeyframePlan.enabled, played.count == n, let grid = PlayedFrames(frames) else { return nil }
        let f0 = grid.first, fN = grid.last, step = grid.step
        func index(_ f: Double) -> Int? { grid.index(f) }
        func keyTime(_ f: Double) -> Double { grid.keyTime(f) }
        func value(_ f: Double) -> Vec { index(f).map { played[$0] } ?? at(f) }

        let k = position.keyframes
        var cuts = [f0, fN] + k.map(\.time).filter { $0 > f0 && $0 < fN }
        cuts.sort()
        var ends: [Double] = []
        for c in cuts where ends.last.map({ c - $0 > 1e-9 * (1 + abs(c)) }) ?? true { ends.append(c) }
        ends[ends.count - 1] = fN
        guard ends.count >= 2, ends.count <= 2 * n + 2 else { return nil }

        var plan = PositionPath(start: played[0])
        var here = played[0]
        for i in 0..<(ends.count - 1) {
            let s = ends[i], e = ends[i + 1], endValue = value(e)
            // The played frames inside, then halfway between each two of s, those frames and e.
            let first = max(1, Int(((s - f0) / step).rounded(.down)) + 1), last = min(n - 2, Int(((e - f0) / step).rounded(.up)) - 1)
            let inside = first <= last ? (first...last).filter { frames[$0] > s && frames[$0] < e } : []
            var checks = inside.map { (keyTime(frames[$0]), played[$0]) }
            let stops = [s] + inside.map { frames[$0] } + [e]
            for q in 0..<(stops.count - 1) {
                let m = (stops[q] + stops[q + 1]) / 2
                checks.append(((m - f0) / (fN - f0), at(m)))
            }
            let kept: Bool
            if checks.allSatisfy({ ($0.1 - here).length <= tolerance }) {
                plan.hold(here, until: keyTime(e), then: endValue)
                kept = true
            } else if let stretch = Stretch(position, map: map, from: s, to: e, startKey: keyTime(s), endKey: keyTime(e)) {
                kept = plan.follow(stretch, checks: checks, from: here)
            } else {
                kept = false
            }
            if !kept {
                for j in inside { plan.add(.line(played[j]), at: keyTime(frames[j]), curve: .linear) }
                plan.add(.line(endValue), at: keyTime(e), curve: .linear)
            }
            here = endValue
        }
        return plan.curved || keepStraight ? plan : nil
    }

    mutating func add(_ e: Element, at keyTime: Double, curve: TimingCurve) {
        guard keyTime > keyTimes[keyTimes.count - 1] else { return }
        elements.append(e)
        keyTimes.append(keyTime)
        curves.append(curve)
    }

    /// Still at `p` until `keyTime`; when the next stretch starts elsewhere, it arrives a hair before.
    mutating func hold(_ p: Vec, until keyTime: Double, then next: Vec) {
        if (next - p).length <= PositionPath.tolerance {
            add(.line(p), at: keyTime, curve: .linear)
        } else {
            add(.line(p), at: keyTime - KeyframePlan.hair, curve: .linear)
            add(.line(next), at: keyTime, curve: .linear)
        }
    }

    /// Adds the stretch as the fewest pieces that the host follows within `tolerance` at every
    /// check (key time, model point); false, adding nothing, when none up to `maxPieces` does.
    mutating func follow(_ stretch: Stretch, checks: [(Double, Vec)], from here: Vec) -> Bool {
        var count = 1
        while count <= (stretch.straight ? 1 : PositionPath.maxPieces), count <= piecesLeft {
            defer { count *= 2 }
            piecesLeft -= count
            guard let pieces = stretch.pieces(count), (pieces[0].curve[0] - here).length <= PositionPath.tolerance
            else { continue }
            let host = pieces.map { stretch.straight ? HostPathElement(line: $0.curve[0], $0.curve[3]) : HostPathElement(cubic: $0.curve) }
            // Along each piece, half the tolerance for the flattening; at the frames, all of it.
            let n = PositionPath.samplesPerPiece
            let alongCurves = stretch.straight || zip(pieces, host).allSatisfy { piece, h in
                (1..<n).allSatisfy { q in
                    let phi = Double(q) / Double(n), (a, b) = piece.fractions
                    return (h.point(at: phi) - stretch.point(atFraction: a + (b - a) * phi)).length <= PositionPath.tolerance / 2
                }
            }
            guard alongCurves else { continue }
            let fits = checks.allSatisfy { t, v in
                guard let i = pieces.firstIndex(where: { t <= $0.endKey }) else { return false }
                let startKey = i == 0 ? stretch.startKey : pieces[i - 1].endKey
                let u = (t - startKey) / (pieces[i].endKey - startKey)
                return (host[i].point(at: EasingCurve.progress(pieces[i].timing, u)) - v).length <= PositionPath.tolerance
            }
            guard fits else { continue }
            for p in pieces {
                add(stretch.straight ? .line(p.curve[3]) : .cubic(p.curve[1], p.curve[2], p.curve[3]), at: p.endKey, curve: p.timing)
            }
            if !stretch.straight { curved = true }
            return true
        }
        return false
    }

    /// One element: its curve in the host's space, the key time it ends at, its timing
    /// function, and the fractions of the keyframe segment's arc length it spans.
    struct Piece {
        var curve: [Vec]
        var endKey: Double
        var timing: TimingCurve
        var fractions: (Double, Double)
    }

    /// Points of each piece compared with the arc-length rule, whatever the frames: the host's
    /// flattening strays most between the checked frames as often as at them.
    static let samplesPerPiece = 16

    /// The part of one keyframe segment between two cuts, in the parents' space.
    struct Stretch {
        /// The segment's Bézier in the layer's parent space (a line when it has no spatial
        /// tangents), where its arc length is measured, and the parents' linear map to the
        /// host's space, which the pieces are drawn in (a map commutes with cutting a Bézier).
        let curve: [Vec]
        let map: Affine
        let arc: ArcLength
        let straight: Bool
        let easing: TimingCurve
        let segmentStart: Double, segmentEnd: Double
        let from: Double, to: Double
        let startKey: Double, endKey: Double

        /// Nil when the host cannot play it as one eased motion along the curve: a hold, no
        /// keyframe segment, per-dimension easing, or an easing that leaves 0…1 (the eased
        /// fraction would run back along the curve).
        init?(_ position: Animated<[Double]>, map: Affine, from s: Double, to e: Double, startKey: Double, endKey: Double) {
            let k = position.keyframes
            let i = position.segment(at: s)
            guard k.count > 1, s >= k[0].time, i < k.count - 1, k[i + 1].time >= e, k[i + 1].time > k[i].time,
                  !k[i].hold, let c = EasingCurve.uniform(k[i].easing),
                  c.y1 >= 0, c.y1 <= 1, c.y2 >= 0, c.y2 <= 1 else { return nil }
            let a = k[i].value, b = k[i].end ?? k[i + 1].value
            guard a.count >= 2, b.count >= 2 else { return nil }
            let p0 = Vec(a[0], a[1]), p3 = Vec(b[0], b[1])
            let out = k[i].spatialOut ?? Vec(0, 0), into = k[i].spatialIn ?? Vec(0, 0)
            straight = out == Vec(0, 0) && into == Vec(0, 0)
            curve = [p0, p0 + out, p3 + into, p3]
            arc = ArcLength(curve)
            self.map = map
            easing = c
            segmentStart = k[i].time; segmentEnd = k[i + 1].time
            self.from = s; self.to = e
            self.startKey = startKey; self.endKey = endKey
        }

        /// The linear progress through the keyframe segment at frame `f`.
        func progress(_ f: Double) -> Double { (f - segmentStart) / (segmentEnd - segmentStart) }

        /// The stretch cut into `count` pieces of equal arc length: each piece's curve, the key
        /// time it ends at and its timing function. Nil when a piece's timing cannot be a
        /// timing function or its key times do not rise.
        func pieces(_ count: Int) -> [Piece]? {
            let u0 = progress(from), u1 = progress(to)
            let g0 = eased(u0), g1 = eased(u1)
            var out: [Piece] = []
            var uStart = u0, tStart = parameter(g0)
            for q in 1...count {
                let g = g0 + (g1 - g0) * Double(q) / Double(count)
                let u = q == count ? u1 : linearProgress(reaching: g, from: u0, to: u1)
                let t = q == count ? parameter(g1) : parameter(g)
                let key = q == count ? endKey : startKey + (endKey - startKey) * (u - u0) / (u1 - u0)
                guard let timing = EasingCurve.piece(easing, from: uStart, to: u), key > (out.last?.endKey ?? startKey)
                else { return nil }
                out.append(Piece(curve: cubicPart(curve, tStart, t).map(map.applyVector), endKey: key, timing: timing,
                                 fractions: (g0 + (g1 - g0) * Double(q - 1) / Double(count), g)))
                uStart = u; tStart = t
            }
            return out
        }

        /// The model's eased progress at linear progress `u` (the easing solved by bisection).
        func eased(_ u: Double) -> Double {
            EasingCurve.bezier(EasingCurve.parameter(easing, atX: u), easing.y1, easing.y2)
        }

        /// The point at fraction `g` of the curve's length, in the host's space.
        func point(atFraction g: Double) -> Vec { map.applyVector(cubicPoint(curve, parameter(g))) }

        /// The curve's parameter at fraction `g` of its length (a line's is `g`).
        func parameter(_ g: Double) -> Double { straight ? min(1, max(0, g)) : arc.parameter(atFraction: g) }

        /// Where in u0…u1 the easing reaches `g`: the Bézier's parameter where its y is `g`, by
        /// bisection (y rises with the parameter when the y handles are in 0…1), then its x.
        func linearProgress(reaching g: Double, from u0: Double, to u1: Double) -> Double {
            var lo = 0.0, hi = 1.0
            for _ in 0..<60 {
                let mid = (lo + hi) / 2
                if EasingCurve.bezier(mid, easing.y1, easing.y2) < g { lo = mid } else { hi = mid }
            }
            return min(u1, max(u0, EasingCurve.bezier((lo + hi) / 2, easing.x1, easing.x2)))
        }
    }
}
