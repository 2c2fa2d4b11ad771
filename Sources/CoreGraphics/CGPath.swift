// SPDX-License-Identifier: MIT
import Foundation

/// One element of a path, kept as drawn so that the host receives the same
/// verbs (an arc stays an arc, a rounded rectangle its own shape).
public enum CGPathItem: Equatable, Sendable {
    case move(CGPoint)
    case line(CGPoint)
    case quad(CGPoint, control: CGPoint)
    case cubic(CGPoint, control1: CGPoint, control2: CGPoint)
    /// `increasing`: the angle grows along the arc (clockwise on a y-down screen,
    /// UIBezierPath's `clockwise: true`, CGPath's `clockwise: false`).
    case arc(center: CGPoint, radius: CGFloat, start: CGFloat, end: CGFloat, increasing: Bool)
    case rect(CGRect)
    case roundedRect(CGRect, radius: CGFloat)
    case ellipse(CGRect)
    case close
}

/// An immutable path (`CGPath`). Apple's arcs use the mathematical sense of
/// "clockwise" in a y-up space, so in UIKit's y-down space `clockwise: true`
/// turns counterclockwise on screen (Apple's `addArc(center:radius:startAngle:endAngle:clockwise:transform:)`
/// page says so); `UIBezierPath` uses the on-screen sense.
open class CGPath: Equatable, @unchecked Sendable {
    public internal(set) var items: [CGPathItem]

    public init(items: [CGPathItem]) { self.items = items }
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let p = CGMutablePath()
        p.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(items: p.items)
    }
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let p = CGMutablePath()
        p.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(items: p.items)
    }
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>?) {
        let p = CGMutablePath()
        p.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, transform: transform?.pointee ?? .identity)
        self.init(items: p.items)
    }

    public var isEmpty: Bool { items.isEmpty }

    public func copy() -> CGPath? { CGPath(items: items) }
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(items: items) }
    /// The path through `transform` (`copy(using:)`).
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        let p = CGMutablePath()
        p.addPath(self, transform: transform?.pointee ?? .identity)
        return CGPath(items: p.items)
    }

    /// Where the next element starts: the end of the last one.
    public var currentPoint: CGPoint { CGPathGeometry.currentPoint(items) }

    /// The box of every point on the path (arcs and curves by their extremes, as Apple's `boundingBoxOfPath`).
    public var boundingBoxOfPath: CGRect { CGPathGeometry.bounds(items) }
    /// The box of every point including the curves' control points, as Apple
    /// documents `boundingBox` (`boundingBoxOfPath` leaves them out).
    public var boundingBox: CGRect { CGPathGeometry.controlBounds(items) }

    public static func == (l: CGPath, r: CGPath) -> Bool { l.items == r.items }
}

/// A path being built (`CGMutablePath`).
open class CGMutablePath: CGPath, @unchecked Sendable {
    public init() { super.init(items: []) }
    override public init(items: [CGPathItem]) { super.init(items: items) }

    public func move(to p: CGPoint, transform t: CGAffineTransform = .identity) { items.append(.move(p.applying(t))) }
    public func addLine(to p: CGPoint, transform t: CGAffineTransform = .identity) {
        if items.isEmpty { items.append(.move(.zero)) }
        items.append(.line(p.applying(t)))
    }
    public func addLines(between points: [CGPoint], transform t: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: t)
        for p in points.dropFirst() { addLine(to: p, transform: t) }
    }
    public func addQuadCurve(to p: CGPoint, control: CGPoint, transform t: CGAffineTransform = .identity) {
        items.append(.quad(p.applying(t), control: control.applying(t)))
    }
    public func addCurve(to p: CGPoint, control1: CGPoint, control2: CGPoint, transform t: CGAffineTransform = .identity) {
        items.append(.cubic(p.applying(t), control1: control1.applying(t), control2: control2.applying(t)))
    }
    /// Apple's sense: `clockwise: true` is clockwise in a y-up space, so
    /// counterclockwise on a UIKit (y-down) screen.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                       transform t: CGAffineTransform = .identity) {
        append(.arc(center: center, radius: radius, start: startAngle, end: endAngle, increasing: !clockwise), t)
    }
    /// An arc of `delta` radians from `startAngle` (positive: the angle grows).
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                               transform t: CGAffineTransform = .identity) {
        append(.arc(center: center, radius: radius, start: startAngle, end: startAngle + delta, increasing: delta >= 0), t)
    }
    /// The arc tangent to the lines current point → `tangent1End` → `tangent2End`
    /// (`addArc(tangent1End:tangent2End:radius:)`): a line to where the arc starts, then the arc.
    public func addArc(tangent1End p1: CGPoint, tangent2End p2: CGPoint, radius: CGFloat,
                       transform t: CGAffineTransform = .identity) {
        let p0 = currentPoint
        guard let arc = CGPathGeometry.tangentArc(p0, p1, p2, radius) else { addLine(to: p1, transform: t); return }
        addLine(to: arc.start, transform: t)
        append(.arc(center: arc.center, radius: radius, start: arc.startAngle, end: arc.endAngle, increasing: arc.increasing), t)
    }
    public func addRect(_ r: CGRect, transform t: CGAffineTransform = .identity) { append(.rect(r), t) }
    public func addRects(_ rs: [CGRect], transform t: CGAffineTransform = .identity) { for r in rs { addRect(r, transform: t) } }
    public func addEllipse(in r: CGRect, transform t: CGAffineTransform = .identity) { append(.ellipse(r), t) }
    public func addRoundedRect(in r: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform t: CGAffineTransform = .identity) {
        if cornerWidth == cornerHeight {
            append(.roundedRect(r, radius: cornerWidth), t)
        } else {
            items += CGPathGeometry.roundedRectCurves(r, rx: cornerWidth, ry: cornerHeight).map { $0.applying(t) }
        }
    }
    public func addPath(_ path: CGPath, transform t: CGAffineTransform = .identity) {
        for item in path.items { append(item, t) }
    }
    public func closeSubpath() { items.append(.close) }

    /// For UIBezierPath's `removeAllPoints` and `apply`, which change a path in place.
    @_spi(UIKit) public func replaceItems(_ new: [CGPathItem]) { items = new }

    /// Adds `item` through `t`: exactly when `t` is a translation, as Bézier curves otherwise.
    func append(_ item: CGPathItem, _ t: CGAffineTransform) {
        if t.isIdentity { items.append(item); return }
        if t.a == 1, t.b == 0, t.c == 0, t.d == 1 { items.append(item.applying(t)); return }
        var converted = CGPathGeometry.curves(item, from: items.isEmpty ? nil : currentPoint)
        if items.isEmpty || items.last == .close, case .line(let p)? = converted.first { converted[0] = .move(p) }
        items += converted.map { $0.applying(t) }
    }
}
