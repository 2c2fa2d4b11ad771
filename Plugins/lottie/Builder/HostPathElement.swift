// SPDX-License-Identifier: MIT
/// Where the host puts a layer moving along one element of a keyframe animation's `path`, so
/// that the plan can check it before handing the path over (as `EasingCurve.progress` is the
/// host's timing solver): the engine flattens a curve into 32 chords at even steps of its
/// parameter (`KeyframePath.curvePieces`, the same sums as `Path.flattened`) and moves at
/// constant speed along them, so a point `u` of the way along is that fraction of the chords'
/// length. Against the true arc length this strays by up to about 0.04 px on a curve a hundred
/// pixels long, which is why the plan cuts long curves into several elements. `tangent(at:)` is
/// the direction the host turns a layer to under `rotationMode` (`KeyframePath.Segment.tangent`).
struct HostPathElement {
    let points: [Vec]
    let lengths: [Double]
    /// A curve's control points; nil for a line.
    let curve: [Vec]?

    /// The engine's pieces per curve (docs/timing.md, keyframe paths).
    static let curvePieces = 32

    init(line from: Vec, _ to: Vec) {
        points = [from, to]
        lengths = [0, (to - from).length]
        curve = nil
    }

    init(cubic s: [Vec]) {
        var pts = [s[0]]
        let n = HostPathElement.curvePieces
        for i in 1...n {
            let t = Double(i) / Double(n), u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            pts.append(Vec(a * s[0].x + b * s[1].x + c * s[2].x + d * s[3].x,
                           a * s[0].y + b * s[1].y + c * s[2].y + d * s[3].y))
        }
        var acc = [0.0]
        for i in 1..<pts.count { acc.append(acc[i - 1] + (pts[i] - pts[i - 1]).length) }
        points = pts
        lengths = acc
        curve = s
    }

    /// The point `u` (0…1) of the way along the chords.
    func point(at u: Double) -> Vec {
        let total = lengths[lengths.count - 1]
        guard total > 0 else { return u < 1 ? points[0] : points[points.count - 1] }
        let (lo, f) = chord(at: u)
        return points[lo] + (points[lo + 1] - points[lo]) * f
    }

    /// The chord holding the point `u` (0…1) of the way along the chords' length, and how far
    /// along it that point lies (0…1).
    private func chord(at u: Double) -> (index: Int, fraction: Double) {
        let target = min(max(u, 0), 1) * lengths[lengths.count - 1]
        var lo = 0, hi = lengths.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if lengths[mid] <= target { lo = mid } else { hi = mid }
        }
        let span = lengths[hi] - lengths[lo]
        return (lo, span > 0 ? (target - lengths[lo]) / span : 0)
    }

    /// The direction of motion `u` (0…1) of the way along, as the engine measures it: a line's
    /// own (zero for a line that does not move); a curve's derivative at the parameter of that
    /// point (the chords are even steps of the parameter), or the chord's direction where the
    /// derivative vanishes.
    func tangent(at u: Double) -> Vec {
        let (lo, f) = chord(at: u)
        let chord = points[lo + 1] - points[lo]
        guard let c = curve else { return chord }
        let t = (Double(lo) + f) / Double(points.count - 1), s = 1 - t
        let a = s * s * 3, b = 2 * s * t * 3, e = t * t * 3
        let d = (c[1] - c[0]) * a + (c[2] - c[1]) * b + (c[3] - c[2]) * e
        return d.x == 0 && d.y == 0 ? chord : d
    }
}
