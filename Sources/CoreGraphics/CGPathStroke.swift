// SPDX-License-Identifier: MIT
import Foundation

/// The outline of a stroked path (Apple's `copy(strokingWithWidth:lineCap:lineJoin:miterLimit:transform:)`,
/// imported from C as `CGPath(__byStroking:transform:lineWidth:lineCap:lineJoin:miterLimit:)`):
/// the area a stroke of that width, cap, join and miter limit paints, as a path to fill.
///
/// The outline is the union of simple pieces: a rectangle for each segment, the cap at
/// each open end, the join at each corner (a disc for `.round`, a triangle for `.bevel`,
/// the miter's quadrilateral for `.miter` within `miterLimit`, else a bevel). Every piece
/// winds the same way, so filled by the non-zero rule (Core Graphics' default) the pieces
/// paint exactly their union, and `boundingBoxOfPath` is the stroke's box. Curves and arcs
/// are followed as 32 straight steps each; discs are 32-sided, with vertices on both axes
/// so a round cap's box is exact. Apple's outline is one contour; this one paints the same
/// area but has more subpaths.
extension CGPath {
    public func copy(strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin,
                     miterLimit: CGFloat, transform: CGAffineTransform = .identity) -> CGPath {
        var stroker = PathStroker(half: abs(lineWidth) / 2, cap: lineCap, join: lineJoin, miterLimit: miterLimit)
        for line in PathStroker.polylines(items) { stroker.stroke(line) }
        let out = CGMutablePath()
        for piece in stroker.pieces { out.addLines(between: piece, transform: transform); out.closeSubpath() }
        return CGPath(items: out.items)
    }

    /// The C form (`CGPathCreateCopyByStrokingPath`); nil, as there, for an empty path.
    public convenience init?(__byStroking path: CGPath, transform: UnsafePointer<CGAffineTransform>?, lineWidth: CGFloat,
                             lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat) {
        guard !path.isEmpty else { return nil }
        let outline = path.copy(strokingWithWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin,
                                miterLimit: miterLimit, transform: transform?.pointee ?? .identity)
        self.init(items: outline.items)
    }
}

/// Builds the pieces of a stroke outline; see `CGPath.copy(strokingWithWidth:…)`.
struct PathStroker {
    let half: CGFloat
    let cap: CGLineCap
    let join: CGLineJoin
    let miterLimit: CGFloat
    var pieces: [[CGPoint]] = []

    static let steps = 32

    init(half: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat) {
        self.half = half
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
    }

    /// Each subpath as points in order, and whether it is closed. A line or curve with
    /// no point before it starts where it is (an arc added first begins at its start);
    /// after a close, the next one starts where the closed subpath began.
    static func polylines(_ items: [CGPathItem]) -> [(points: [CGPoint], closed: Bool)] {
        var lines: [(points: [CGPoint], closed: Bool)] = []
        var current: [CGPoint] = []
        var resume: CGPoint?
        func finish(closed: Bool) {
            // A bare move draws nothing; a move and a line to the same point is a dot.
            if current.count > 1 { lines.append((current, closed)) }
            current = []
        }
        var flat: [CGPathItem] = []
        for item in items {
            flat += CGPathGeometry.curves(item, from: flat.isEmpty ? nil : CGPathGeometry.currentPoint(flat))
        }
        for item in flat {
            if current.isEmpty, let r = resume {
                if case .move = item {} else { current = [r] }
            }
            switch item {
            case .move(let p): finish(closed: false); current = [p]
            case .line(let p): current.append(p)
            case .cubic(let p, let c1, let c2):
                guard let from = current.last else { current = [p]; break }
                for i in 1...steps {
                    let t = CGFloat(i) / CGFloat(steps), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    current.append(CGPoint(x: a * from.x + b * c1.x + c * c2.x + d * p.x,
                                           y: a * from.y + b * c1.y + c * c2.y + d * p.y))
                }
            case .close:
                resume = current.first
                finish(closed: true)
            default: break  // curves(_:from:) leaves moves, lines, cubics and closes
            }
        }
        finish(closed: false)
        return lines
    }

    mutating func stroke(_ line: (points: [CGPoint], closed: Bool)) {
        guard half > 0 else { return }
        var pts: [CGPoint] = []
        for p in line.points where pts.last.map({ hypot($0.x - p.x, $0.y - p.y) > 1e-9 }) ?? true { pts.append(p) }
        if line.closed, pts.count > 1, let f = pts.first, let l = pts.last, hypot(f.x - l.x, f.y - l.y) <= 1e-9 {
            pts.removeLast()
        }
        guard pts.count > 1 else {
            // A zero-length subpath: a dot for round and square caps, nothing for butt (as Core Graphics draws).
            if let p = pts.first, !line.closed {
                if cap == .round { disc(p) }
                if cap == .square { add([p + CGPoint(x: -half, y: -half), p + CGPoint(x: half, y: -half),
                                          p + CGPoint(x: half, y: half), p + CGPoint(x: -half, y: half)]) }
            }
            return
        }
        let n = pts.count
        let segments = line.closed ? n : n - 1
        for i in 0..<segments { segment(pts[i], pts[(i + 1) % n]) }
        if line.closed {
            for i in 0..<n { corner(pts[(i + n - 1) % n], pts[i], pts[(i + 1) % n]) }
        } else {
            for i in 1..<(n - 1) { corner(pts[i - 1], pts[i], pts[i + 1]) }
            end(pts[0], away: pts[1])
            end(pts[n - 1], away: pts[n - 2])
        }
    }

    /// The unit normal of a → b, scaled to half the width.
    func normal(_ a: CGPoint, _ b: CGPoint) -> CGPoint {
        let len = hypot(b.x - a.x, b.y - a.y)
        return CGPoint(x: -(b.y - a.y) / len * half, y: (b.x - a.x) / len * half)
    }

    mutating func segment(_ a: CGPoint, _ b: CGPoint) {
        let m = normal(a, b)
        add([a + m, b + m, b - m, a - m])
    }

    mutating func end(_ p: CGPoint, away q: CGPoint) {
        switch cap {
        case .butt: break
        case .round: disc(p)
        case .square:
            let m = normal(q, p)
            let d = CGPoint(x: m.y, y: -m.x)  // along q → p, half the width long
            add([p + m, p + m + d, p - m + d, p - m])
        }
    }

    mutating func corner(_ a: CGPoint, _ v: CGPoint, _ b: CGPoint) {
        let m1 = normal(a, v), m2 = normal(v, b)
        let turn = (v.x - a.x) * (b.y - v.y) - (v.y - a.y) * (b.x - v.x)
        if abs(turn) < 1e-12 && (v.x - a.x) * (b.x - v.x) + (v.y - a.y) * (b.y - v.y) > 0 { return }  // straight on
        switch join {
        case .round: disc(v)
        case .bevel: bevel(v, m1, m2, turn)
        case .miter:
            // Apple: the miter is cut to a bevel when miter length / line width exceeds the limit;
            // that ratio is 1 / sin(θ/2), θ the angle between the segments.
            let cosTheta = -(m1.x * m2.x + m1.y * m2.y) / (half * half)
            let sinHalf = sqrt(max(0, (1 - cosTheta) / 2))
            guard sinHalf > 1e-9, 1 / sinHalf <= miterLimit else { bevel(v, m1, m2, turn); return }
            let o1 = turn > 0 ? v - m1 : v + m1, o2 = turn > 0 ? v - m2 : v + m2
            let bis = CGPoint(x: (o1.x + o2.x) / 2 - v.x, y: (o1.y + o2.y) / 2 - v.y)
            let bl = hypot(bis.x, bis.y)
            guard bl > 1e-12 else { bevel(v, m1, m2, turn); return }
            let tip = v + CGPoint(x: bis.x / bl * half / sinHalf, y: bis.y / bl * half / sinHalf)
            add([v, o1, tip, o2])
        }
    }

    mutating func bevel(_ v: CGPoint, _ m1: CGPoint, _ m2: CGPoint, _ turn: CGFloat) {
        add(turn > 0 ? [v, v - m1, v - m2] : [v, v + m1, v + m2])
    }

    mutating func disc(_ c: CGPoint) {
        add((0..<Self.steps).map { i in
            let a = CGFloat(i) * 2 * .pi / CGFloat(Self.steps)
            return CGPoint(x: c.x + half * cos(a), y: c.y + half * sin(a))
        })
    }

    /// Adds a polygon, turned to the one winding every piece shares; one with no area adds nothing.
    mutating func add(_ polygon: [CGPoint]) {
        var area: CGFloat = 0
        for i in polygon.indices {
            let p = polygon[i], q = polygon[(i + 1) % polygon.count]
            area += p.x * q.y - q.x * p.y
        }
        if abs(area) < 1e-12 { return }
        pieces.append(area < 0 ? polygon : polygon.reversed())
    }
}

private func + (l: CGPoint, r: CGPoint) -> CGPoint { CGPoint(x: l.x + r.x, y: l.y + r.y) }
private func - (l: CGPoint, r: CGPoint) -> CGPoint { CGPoint(x: l.x - r.x, y: l.y - r.y) }
