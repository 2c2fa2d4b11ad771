// SPDX-License-Identifier: MIT
import Foundation

extension CGPathItem {
    /// The item moved by a translation-only transform (`t.a == t.d == 1`, `t.b == t.c == 0`) or mapped point by point.
    func applying(_ t: CGAffineTransform) -> CGPathItem {
        let offset = CGPoint(x: t.tx, y: t.ty)
        func shifted(_ r: CGRect) -> CGRect { r.offsetBy(dx: offset.x, dy: offset.y) }
        switch self {
        case .move(let p): return .move(p.applying(t))
        case .line(let p): return .line(p.applying(t))
        case .quad(let p, let c): return .quad(p.applying(t), control: c.applying(t))
        case .cubic(let p, let c1, let c2): return .cubic(p.applying(t), control1: c1.applying(t), control2: c2.applying(t))
        case .arc(let c, let r, let a0, let a1, let inc):
            return .arc(center: c.applying(t), radius: r, start: a0, end: a1, increasing: inc)
        case .rect(let r): return .rect(shifted(r))
        case .roundedRect(let r, let radius): return .roundedRect(shifted(r), radius: radius)
        case .ellipse(let r): return .ellipse(shifted(r))
        case .close: return .close
        }
    }
}

/// The geometry of path items: where they end, their extent, and their
/// Bézier form (used when a path goes through a rotation or an uneven scale).
enum CGPathGeometry {
    /// The sweep of an arc as drawn: with the angle growing, the end is moved
    /// by whole turns until it is not before the start and at most one turn
    /// after it (so 0 → 2π is a full circle, 0 → 2.5π the quarter to π/2);
    /// shrinking, the mirror. FXCore's `Path.arc` says why (Apple's pages).
    static func sweep(_ start: CGFloat, _ end: CGFloat, increasing: Bool) -> (CGFloat, CGFloat) {
        let turn = 2 * CGFloat.pi
        var d = end - start
        if increasing {
            if d < 0 { d = d.truncatingRemainder(dividingBy: turn) + turn }
            if d > turn { d = d.truncatingRemainder(dividingBy: turn); if d == 0 { d = turn } }
        } else {
            if d > 0 { d = d.truncatingRemainder(dividingBy: turn) - turn }
            if d < -turn { d = d.truncatingRemainder(dividingBy: turn); if d == 0 { d = -turn } }
        }
        return (start, start + d)
    }

    static func point(_ c: CGPoint, _ r: CGFloat, _ a: CGFloat) -> CGPoint {
        CGPoint(x: c.x + r * CGFloat(cos(Double(a))), y: c.y + r * CGFloat(sin(Double(a))))
    }

    static func currentPoint(_ items: [CGPathItem]) -> CGPoint {
        var current = CGPoint.zero, start = CGPoint.zero, open = false
        for item in items {
            defer { open = item != .close }
            switch item {
            case .move(let p): current = p; start = p
            case .line(let p), .quad(let p, _), .cubic(let p, _, _): current = p
            case .arc(let c, let r, let a0, let a1, let inc):
                if !open { start = point(c, r, a0) }
                current = point(c, r, sweep(a0, a1, increasing: inc).1)
            case .rect(let r), .roundedRect(let r, _): current = r.origin; start = r.origin
            case .ellipse(let r): current = CGPoint(x: r.maxX, y: r.midY); start = current
            case .close: current = start
            }
        }
        return current
    }

    static func bounds(_ items: [CGPathItem]) -> CGRect {
        var xs: [CGFloat] = [], ys: [CGFloat] = []
        func add(_ p: CGPoint) { xs.append(p.x); ys.append(p.y) }
        var current = CGPoint.zero
        for item in items {
            switch item {
            case .move(let p), .line(let p): add(p); current = p
            case .quad(let p, let c):
                let c1 = CGPoint(x: current.x + 2 / 3 * (c.x - current.x), y: current.y + 2 / 3 * (c.y - current.y))
                let c2 = CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
                cubicExtremes(current, c1, c2, p).forEach(add); current = p
            case .cubic(let p, let c1, let c2): cubicExtremes(current, c1, c2, p).forEach(add); current = p
            case .arc(let c, let r, let a0, let a1, let inc):
                let (s, e) = sweep(a0, a1, increasing: inc)
                add(point(c, r, s)); add(point(c, r, e))
                let lo = min(s, e), hi = max(s, e)
                var k = (lo / (CGFloat.pi / 2)).rounded(.up)
                while k * CGFloat.pi / 2 <= hi { add(point(c, r, k * CGFloat.pi / 2)); k += 1 }
                current = point(c, r, e)
            case .rect(let r), .roundedRect(let r, _), .ellipse(let r):
                add(CGPoint(x: r.minX, y: r.minY)); add(CGPoint(x: r.maxX, y: r.maxY))
            case .close: break
            }
        }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return .null }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The box of every point and control point (Apple's `boundingBox`): a
    /// curve's control points as given, an arc's those of the cubic Béziers
    /// Core Graphics draws it with, an ellipse's and a rounded rectangle's their rectangle.
    static func controlBounds(_ items: [CGPathItem]) -> CGRect {
        var box = CGRect.null
        func add(_ p: CGPoint) { box = box.union(CGRect(origin: p, size: .zero)) }
        for item in items {
            switch item {
            case .move(let p), .line(let p): add(p)
            case .quad(let p, let c): add(c); add(p)
            case .cubic(let p, let c1, let c2): add(c1); add(c2); add(p)
            case .arc(let c, let r, let a0, let a1, let inc):
                add(point(c, r, a0))
                for case .cubic(let p, let c1, let c2) in arcCurves(c, r, a0, a1, increasing: inc) { add(c1); add(c2); add(p) }
            case .rect(let r), .roundedRect(let r, _), .ellipse(let r):
                add(CGPoint(x: r.minX, y: r.minY)); add(CGPoint(x: r.maxX, y: r.maxY))
            case .close: break
            }
        }
        return box
    }

    /// The end points and the points where a cubic's x or y turns.
    static func cubicExtremes(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint) -> [CGPoint] {
        func at(_ t: CGFloat) -> CGPoint {
            let u = 1 - t
            return CGPoint(x: u * u * u * p0.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x,
                           y: u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y)
        }
        func roots(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat) -> [CGFloat] {
            // derivative of the 1-D cubic: 3(−a + 3b − 3c + d)t² + 6(a − 2b + c)t + 3(b − a)
            let qa = -a + 3 * b - 3 * c + d, qb = 2 * (a - 2 * b + c), qc = b - a
            if abs(qa) < 1e-12 { return abs(qb) < 1e-12 ? [] : [-qc / qb] }
            let disc = qb * qb - 4 * qa * qc
            guard disc >= 0 else { return [] }
            let s = disc.squareRoot()
            return [(-qb + s) / (2 * qa), (-qb - s) / (2 * qa)]
        }
        let ts = (roots(p0.x, p1.x, p2.x, p3.x) + roots(p0.y, p1.y, p2.y, p3.y)).filter { $0 > 0 && $0 < 1 }
        return [p0, p3] + ts.map(at)
    }

    /// The tangent arc of `addArc(tangent1End:tangent2End:radius:)`; nil when the points are collinear.
    static func tangentArc(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ r: CGFloat)
        -> (center: CGPoint, start: CGPoint, startAngle: CGFloat, endAngle: CGFloat, increasing: Bool)? {
        let v1 = CGPoint(x: p0.x - p1.x, y: p0.y - p1.y), v2 = CGPoint(x: p2.x - p1.x, y: p2.y - p1.y)
        let l1 = (v1.x * v1.x + v1.y * v1.y).squareRoot(), l2 = (v2.x * v2.x + v2.y * v2.y).squareRoot()
        guard l1 > 0, l2 > 0, r > 0 else { return nil }
        let u1 = CGPoint(x: v1.x / l1, y: v1.y / l1), u2 = CGPoint(x: v2.x / l2, y: v2.y / l2)
        let cross = u1.x * u2.y - u1.y * u2.x
        guard abs(cross) > 1e-9 else { return nil }
        let half = CGFloat(acos(Double(max(-1, min(1, u1.x * u2.x + u1.y * u2.y))))) / 2
        let along = r / CGFloat(tan(Double(half)))
        let t1 = CGPoint(x: p1.x + u1.x * along, y: p1.y + u1.y * along)
        let t2 = CGPoint(x: p1.x + u2.x * along, y: p1.y + u2.y * along)
        let bis = CGPoint(x: u1.x + u2.x, y: u1.y + u2.y)
        let bl = (bis.x * bis.x + bis.y * bis.y).squareRoot()
        let dist = r / CGFloat(sin(Double(half)))
        let c = CGPoint(x: p1.x + bis.x / bl * dist, y: p1.y + bis.y / bl * dist)
        let a0 = CGFloat(atan2(Double(t1.y - c.y), Double(t1.x - c.x)))
        let a1 = CGFloat(atan2(Double(t2.y - c.y), Double(t2.x - c.x)))
        return (c, t1, a0, a1, cross < 0)
    }

    /// Cubic Bézier segments for an arc, at most a quarter turn each (the usual 4/3·tan(θ/4) handles).
    static func arcCurves(_ c: CGPoint, _ r: CGFloat, _ a0: CGFloat, _ a1: CGFloat, increasing: Bool) -> [CGPathItem] {
        let (s, e) = sweep(a0, a1, increasing: increasing)
        let total = e - s
        let n = max(1, Int((abs(total) / (CGFloat.pi / 2)).rounded(.up)))
        let step = total / CGFloat(n)
        let k = 4 / 3 * CGFloat(tan(Double(step) / 4))
        var out: [CGPathItem] = []
        for i in 0..<n {
            let t0 = s + CGFloat(i) * step, t1 = t0 + step
            let p0 = point(c, r, t0), p3 = point(c, r, t1)
            let c1 = CGPoint(x: p0.x - k * r * CGFloat(sin(Double(t0))), y: p0.y + k * r * CGFloat(cos(Double(t0))))
            let c2 = CGPoint(x: p3.x + k * r * CGFloat(sin(Double(t1))), y: p3.y - k * r * CGFloat(cos(Double(t1))))
            out.append(.cubic(p3, control1: c1, control2: c2))
        }
        return out
    }

    /// A rounded rectangle with elliptical corners, as curves (clockwise on screen from the top-left).
    static func roundedRectCurves(_ r: CGRect, rx: CGFloat, ry: CGFloat) -> [CGPathItem] {
        let rx = min(rx, r.width / 2), ry = min(ry, r.height / 2), k: CGFloat = 0.5522847498
        return [.move(CGPoint(x: r.minX + rx, y: r.minY)), .line(CGPoint(x: r.maxX - rx, y: r.minY)),
                .cubic(CGPoint(x: r.maxX, y: r.minY + ry), control1: CGPoint(x: r.maxX - rx + k * rx, y: r.minY),
                       control2: CGPoint(x: r.maxX, y: r.minY + ry - k * ry)),
                .line(CGPoint(x: r.maxX, y: r.maxY - ry)),
                .cubic(CGPoint(x: r.maxX - rx, y: r.maxY), control1: CGPoint(x: r.maxX, y: r.maxY - ry + k * ry),
                       control2: CGPoint(x: r.maxX - rx + k * rx, y: r.maxY)),
                .line(CGPoint(x: r.minX + rx, y: r.maxY)),
                .cubic(CGPoint(x: r.minX, y: r.maxY - ry), control1: CGPoint(x: r.minX + rx - k * rx, y: r.maxY),
                       control2: CGPoint(x: r.minX, y: r.maxY - ry + k * ry)),
                .line(CGPoint(x: r.minX, y: r.minY + ry)),
                .cubic(CGPoint(x: r.minX + rx, y: r.minY), control1: CGPoint(x: r.minX, y: r.minY + ry - k * ry),
                       control2: CGPoint(x: r.minX + rx - k * rx, y: r.minY)),
                .close]
    }

    /// Any item as moves, lines and cubics (`from`: the current point before it, if any).
    static func curves(_ item: CGPathItem, from current: CGPoint?) -> [CGPathItem] {
        let current = current ?? .zero
        switch item {
        case .move, .line, .cubic, .close: return [item]
        case .quad(let p, let c):
            return [.cubic(p, control1: CGPoint(x: current.x + 2 / 3 * (c.x - current.x), y: current.y + 2 / 3 * (c.y - current.y)),
                           control2: CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y)))]
        case .arc(let c, let r, let a0, let a1, let inc):
            return [.line(point(c, r, a0))] + arcCurves(c, r, a0, a1, increasing: inc)
        case .rect(let r):
            return [.move(r.origin), .line(CGPoint(x: r.maxX, y: r.minY)), .line(CGPoint(x: r.maxX, y: r.maxY)),
                    .line(CGPoint(x: r.minX, y: r.maxY)), .close]
        case .roundedRect(let r, let radius): return roundedRectCurves(r, rx: radius, ry: radius)
        case .ellipse(let r):
            let c = CGPoint(x: r.midX, y: r.midY), rx = r.width / 2, ry = r.height / 2
            let circle = arcCurves(.zero, 1, 0, 2 * .pi, increasing: true)
            let map = CGAffineTransform(a: rx, b: 0, c: 0, d: ry, tx: c.x, ty: c.y)
            return [.move(CGPoint(x: r.maxX, y: r.midY))] + circle.map { $0.applying(map) } + [.close]
        }
    }
}
