// SPDX-License-Identifier: MIT
import Glibc  // libm only

/// A `CAKeyframeAnimation.path`, prepared for sampling.
///
/// Apple's page for `path`: "Each point in the path, except for moveTo
/// points, defines a single keyframe segment for the purpose of timing and
/// interpolation. For constant velocity animation along the path, the
/// animation should be set to `paced` or `cubicPaced`." So every element after
/// a move (a line, a curve, a close) is one keyframe segment: `keyTimes` and
/// `timingFunctions` apply per element, and only the paced modes spread time
/// by length. Inside one segment the point moves at constant speed along the
/// element (a choice: Apple does not say how a curve is parameterised;
/// docs/timing.md). A move starts the next segment somewhere else, so the
/// motion jumps there.
///
/// Immutable and shared: built once when the path is set, so that sampling
/// never flattens a curve again.
public final class KeyframePath: Sendable {
    /// One element: its flattened points (first = start) and their cumulative lengths.
    struct Segment: Sendable {
        let points: [Point]
        let lengths: [Double]
        /// A curve's cubic control points (a quadratic raised to a cubic), flattened at even
        /// steps of its parameter into `points`; nil for a straight segment.
        var curve: (Point, Point, Point, Point)? = nil
        var length: Double { lengths.last ?? 0 }
        var start: Point { points[0] }
        var end: Point { points[points.count - 1] }

        /// The point `u` (0…1) of the way along the segment's length.
        func point(at u: Double) -> Point {
            let total = length
            guard total > 0, points.count > 1 else { return u < 1 ? start : end }
            let target = min(max(u, 0), 1) * total
            var lo = 0, hi = lengths.count - 1
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if lengths[mid] <= target { lo = mid } else { hi = mid }
            }
            let span = lengths[hi] - lengths[lo]
            let f = span > 0 ? (target - lengths[lo]) / span : 0
            let a = points[lo], b = points[hi]
            return Point(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f)
        }

        /// The direction of motion at the point `u` of the way along: a line's own; for a
        /// curve, its derivative at the parameter of that point (the flattening's steps are
        /// even in the parameter), or the flattened piece's direction where the derivative
        /// vanishes.
        func tangent(at u: Double) -> Point {
            guard points.count > 1 else { return Point(1, 0) }
            let total = length
            let target = min(max(u, 0), 1) * total
            var lo = 0, hi = lengths.count - 1
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if lengths[mid] <= target { lo = mid } else { hi = mid }
            }
            let a = points[lo], b = points[hi]
            let chord = Point(b.x - a.x, b.y - a.y)
            guard let (p0, c1, c2, p3) = curve else { return chord }
            let span = lengths[hi] - lengths[lo]
            let t = (Double(lo) + (span > 0 ? (target - lengths[lo]) / span : 0)) / Double(points.count - 1)
            let s = 1 - t
            let d = Point(3 * (s * s * (c1.x - p0.x) + 2 * s * t * (c2.x - c1.x) + t * t * (p3.x - c2.x)),
                          3 * (s * s * (c1.y - p0.y) + 2 * s * t * (c2.y - c1.y) + t * t * (p3.y - c2.y)))
            return d.x == 0 && d.y == 0 ? chord : d
        }
    }

    public let path: Path
    let segments: [Segment]
    /// The keyframes: the start of the first segment, then each segment's end.
    let vertices: [Point]
    /// The cumulative length at each vertex.
    let cumulative: [Double]

    /// Pieces each curve is flattened into.
    static let curvePieces = 32

    public init(_ path: Path) {
        self.path = path
        var segments: [Segment] = []
        var cur = Point.zero, subpathStart = Point.zero
        func add(_ pts: [Point], curve: (Point, Point, Point, Point)? = nil) {
            var lengths = [0.0]
            for i in 1..<pts.count { lengths.append(lengths[i - 1] + pts[i - 1].distance(to: pts[i])) }
            segments.append(Segment(points: pts, lengths: lengths, curve: curve))
        }
        for e in path.elements {
            switch e {
            case .move(let p): cur = p; subpathStart = p
            case .line(let p): add([cur, p]); cur = p
            case .close: add([cur, subpathStart]); cur = subpathStart
            case .quad, .cubic:
                let single = Path(elements: [.move(cur), e])
                var controls: (Point, Point, Point, Point)?
                if case .quad(let c, let p) = e {
                    controls = (cur, Point(cur.x + 2 * (c.x - cur.x) / 3, cur.y + 2 * (c.y - cur.y) / 3),
                                Point(p.x + 2 * (c.x - p.x) / 3, p.y + 2 * (c.y - p.y) / 3), p)
                }
                if case .cubic(let c1, let c2, let p) = e { controls = (cur, c1, c2, p) }
                add(single.flattened(segments: KeyframePath.curvePieces).first ?? [cur], curve: controls)
                if case .quad(_, let p) = e { cur = p }
                if case .cubic(_, _, let p) = e { cur = p }
            }
        }
        self.segments = segments
        self.vertices = segments.isEmpty ? [] : [segments[0].start] + segments.map(\.end)
        var acc = [0.0]
        for s in segments { acc.append(acc[acc.count - 1] + s.length) }
        self.cumulative = segments.isEmpty ? [] : acc
    }

    /// Whether the path has any segment to move along.
    public var isEmpty: Bool { segments.isEmpty }

    /// The number of keyframes the path stands for (segments + 1).
    public var keyframeCount: Int { vertices.count }

    /// Key times that give constant speed along the whole path.
    func pacedKeyTimes() -> [Double] {
        guard let total = cumulative.last, total > 0 else { return Keyframes.even(vertices.count) }
        return cumulative.map { $0 / total }
    }
}

extension Point {
    func distance(to o: Point) -> Double { ((o.x - x) * (o.x - x) + (o.y - y) * (o.y - y)).squareRoot() }
}
