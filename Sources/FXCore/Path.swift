// SPDX-License-Identifier: MIT
import Glibc  // libm only

/// A vector path as `CGPath` holds it: move, line, quadratic and cubic
/// curves, close. Arcs, ellipses and rounded rectangles are stored as cubic
/// curves, so two paths interpolate point by point when their element kinds match.
public struct Path: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        case move(Point)
        case line(Point)
        case quad(Point, Point)
        case cubic(Point, Point, Point)
        case close
    }

    public private(set) var elements: [Element] = []
    /// The end of the last element, where the next one starts.
    public private(set) var current: Point?
    private var subpathStart: Point?

    public init() {}
    public init(elements: [Element]) { for e in elements { append(e) } }

    public var isEmpty: Bool { elements.isEmpty }

    public mutating func append(_ e: Element) {
        elements.append(e)
        switch e {
        case .move(let p): current = p; subpathStart = p
        case .line(let p), .quad(_, let p), .cubic(_, _, let p): current = p
        case .close: current = subpathStart
        }
    }

    public mutating func move(to p: Point) { append(.move(p)) }
    /// Adds a line; starting a path with a line starts it at that point.
    public mutating func line(to p: Point) { append(current == nil ? .move(p) : .line(p)) }
    public mutating func quad(to p: Point, control c: Point) {
        if current == nil { append(.move(c)) }
        append(.quad(c, p))
    }
    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        if current == nil { append(.move(c1)) }
        append(.cubic(c1, c2, p))
    }
    public mutating func close() { if current != nil { append(.close) } }

    /// An arc as `UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)`:
    /// with y down, `clockwise` means increasing angle. A line joins the current
    /// point to the arc's start. Split into cubic pieces of at most 90°.
    ///
    /// The sweep is at most one turn and the arc always ends at `endAngle`:
    /// Apple's pages say the current point after the arc is "the point on the
    /// arc at the end angle" (UIBezierPath `init(arcCenter:…)`) and that the
    /// curves approximate "a segment of a circle between those points"
    /// (CGMutablePath `addArc(center:…)`), while 0 → 2π is a whole circle. So a
    /// sweep past a turn loses whole turns (0 → 2.5π is the quarter 0 → π/2,
    /// 0 → 4π one circle), as one before the start gains them.
    public mutating func arc(center c: Point, radius r: Double, startAngle a0: Double, endAngle a1: Double, clockwise: Bool) {
        var sweep = a1 - a0
        let full = 2 * Double.pi
        if clockwise {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: full) + full }
            if sweep > full { sweep = sweep.truncatingRemainder(dividingBy: full); if sweep == 0 { sweep = full } }
        } else {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: full) - full }
            if sweep < -full { sweep = sweep.truncatingRemainder(dividingBy: full); if sweep == 0 { sweep = -full } }
        }
        let start = Point(c.x + r * cos(a0), c.y + r * sin(a0))
        if current == nil { move(to: start) } else { append(.line(start)) }
        let pieces = max(1, Int((abs(sweep) / (Double.pi / 2)).rounded(.up)))
        let step = sweep / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        var a = a0
        for _ in 0..<pieces {
            let b = a + step
            let p0 = Point(c.x + r * cos(a), c.y + r * sin(a))
            let p3 = Point(c.x + r * cos(b), c.y + r * sin(b))
            let c1 = Point(p0.x - k * r * sin(a), p0.y + k * r * cos(a))
            let c2 = Point(p3.x + k * r * sin(b), p3.y - k * r * cos(b))
            append(.cubic(c1, c2, p3))
            a = b
        }
    }

    public mutating func addRect(_ r: Rect) {
        move(to: r.origin)
        append(.line(Point(r.origin.x + r.size.width, r.origin.y)))
        append(.line(Point(r.origin.x + r.size.width, r.origin.y + r.size.height)))
        append(.line(Point(r.origin.x, r.origin.y + r.size.height)))
        close()
    }

    /// A rectangle with circular corners, the radius clamped to half the shorter side.
    public mutating func addRoundedRect(_ r: Rect, radius: Double) {
        let rad = max(0, min(radius, abs(r.size.width) / 2, abs(r.size.height) / 2))
        guard rad > 0 else { addRect(r); return }
        let (x0, y0, x1, y1) = (r.minX, r.minY, r.maxX, r.maxY)
        move(to: Point(x0 + rad, y0))
        append(.line(Point(x1 - rad, y0)))
        arc(center: Point(x1 - rad, y0 + rad), radius: rad, startAngle: -.pi / 2, endAngle: 0, clockwise: true)
        append(.line(Point(x1, y1 - rad)))
        arc(center: Point(x1 - rad, y1 - rad), radius: rad, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        append(.line(Point(x0 + rad, y1)))
        arc(center: Point(x0 + rad, y1 - rad), radius: rad, startAngle: .pi / 2, endAngle: .pi, clockwise: true)
        append(.line(Point(x0, y0 + rad)))
        arc(center: Point(x0 + rad, y0 + rad), radius: rad, startAngle: .pi, endAngle: 1.5 * .pi, clockwise: true)
        close()
    }

    /// The ellipse inscribed in `r`, as four cubic quarters.
    public mutating func addEllipse(in r: Rect) {
        let c = Point(r.midX, r.midY), rx = r.size.width / 2, ry = r.size.height / 2
        let k = 4.0 / 3.0 * (2.0.squareRoot() - 1)
        move(to: Point(c.x + rx, c.y))
        append(.cubic(Point(c.x + rx, c.y + k * ry), Point(c.x + k * rx, c.y + ry), Point(c.x, c.y + ry)))
        append(.cubic(Point(c.x - k * rx, c.y + ry), Point(c.x - rx, c.y + k * ry), Point(c.x - rx, c.y)))
        append(.cubic(Point(c.x - rx, c.y - k * ry), Point(c.x - k * rx, c.y - ry), Point(c.x, c.y - ry)))
        append(.cubic(Point(c.x + k * rx, c.y - ry), Point(c.x + rx, c.y - k * ry), Point(c.x + rx, c.y)))
        close()
    }

    /// The box of every point the elements name (end points and control points alike), which holds
    /// the whole outline: `points`' extremes, without gathering them. Nil for a path with no point.
    public var controlBounds: Rect? {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        func take(_ p: Point) {
            if p.x < x0 { x0 = p.x }
            if p.x > x1 { x1 = p.x }
            if p.y < y0 { y0 = p.y }
            if p.y > y1 { y1 = p.y }
        }
        for e in elements {
            switch e {
            case .move(let p), .line(let p): take(p)
            case .quad(let a, let b): take(a); take(b)
            case .cubic(let a, let b, let c): take(a); take(b); take(c)
            case .close: break
            }
        }
        return x0 <= x1 && y0 <= y1 ? Rect(x0, y0, x1 - x0, y1 - y0) : nil
    }

    /// Every point of every element, in order (the path's interpolation vector).
    public var points: [Point] {
        var out: [Point] = []
        out.reserveCapacity(elements.count * 3)
        for e in elements {
            switch e {
            case .move(let p), .line(let p): out.append(p)
            case .quad(let a, let b): out.append(a); out.append(b)
            case .cubic(let a, let b, let c): out.append(a); out.append(b); out.append(c)
            case .close: break
            }
        }
        return out
    }

    /// Whether two paths have the same element kinds in the same order.
    public func hasSameShape(as o: Path) -> Bool {
        guard elements.count == o.elements.count else { return false }
        for (a, b) in zip(elements, o.elements) {
            switch (a, b) {
            case (.move, .move), (.line, .line), (.quad, .quad), (.cubic, .cubic), (.close, .close): continue
            default: return false
            }
        }
        return true
    }

    /// The same elements with their points replaced, in `points` order.
    public func withPoints(_ pts: [Point]) -> Path {
        var i = 0
        func next() -> Point { defer { i += 1 }; return pts[i] }
        var out = Path()
        for e in elements {
            switch e {
            case .move: out.append(.move(next()))
            case .line: out.append(.line(next()))
            case .quad: let a = next(); out.append(.quad(a, next()))
            case .cubic: let a = next(), b = next(); out.append(.cubic(a, b, next()))
            case .close: out.append(.close)
            }
        }
        return out
    }

    /// The path as a polyline, curves split into `segments` pieces each; one
    /// array per subpath. Used for keyframe paths and paced motion.
    public func flattened(segments: Int = 16) -> [[Point]] {
        var result: [[Point]] = []
        var poly: [Point] = []
        var cur = Point.zero, start = Point.zero
        for e in elements {
            switch e {
            case .move(let p):
                if poly.count > 1 { result.append(poly) }
                poly = [p]; cur = p; start = p
            case .line(let p): poly.append(p); cur = p
            case .quad(let c, let p):
                for i in 1...segments {
                    let t = Double(i) / Double(segments), u = 1 - t
                    poly.append(Point(u * u * cur.x + 2 * u * t * c.x + t * t * p.x,
                                      u * u * cur.y + 2 * u * t * c.y + t * t * p.y))
                }
                cur = p
            case .cubic(let c1, let c2, let p):
                for i in 1...segments {
                    let t = Double(i) / Double(segments), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    poly.append(Point(a * cur.x + b * c1.x + c * c2.x + d * p.x,
                                      a * cur.y + b * c1.y + c * c2.y + d * p.y))
                }
                cur = p
            case .close:
                poly.append(start); cur = start
            }
        }
        if poly.count > 1 { result.append(poly) }
        return result
    }
}
