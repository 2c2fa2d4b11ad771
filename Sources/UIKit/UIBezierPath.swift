// SPDX-License-Identifier: MIT
@_spi(UIKit) import CoreGraphics
import QuartzCore

/// Which corners `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)` rounds.
public struct UIRectCorner: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let topLeft = UIRectCorner(rawValue: 1)
    public static let topRight = UIRectCorner(rawValue: 2)
    public static let bottomLeft = UIRectCorner(rawValue: 4)
    public static let bottomRight = UIRectCorner(rawValue: 8)
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// A path built with UIKit's verbs (`UIBezierPath`). Angles are in radians,
/// 0 along +x; `clockwise` is on screen (y down), unlike CGPath's `addArc`.
open class UIBezierPath: NSObject {
    let path: CGMutablePath
    public var lineWidth: CGFloat = 1
    public var lineCapStyle: CGLineCap = .butt
    public var lineJoinStyle: CGLineJoin = .miter
    public var miterLimit: CGFloat = 10
    public var usesEvenOddFillRule = false
    /// The dashes `stroke()` draws (`setLineDash(_:count:phase:)`); empty: solid.
    var dashPattern: [CGFloat] = []
    var dashPhase: CGFloat = 0

    /// Dash lengths alternating on and off, from `phase` into the pattern (nil or a count of 0: solid).
    public func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        dashPattern = pattern.map { p in (0..<max(0, count)).map { p[$0] } } ?? []
        dashPhase = phase
    }

    override public init() { path = CGMutablePath() }
    public init(cgPath: CGPath) { path = CGMutablePath(items: cgPath.items) }
    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        path.addRoundedRect(in: rect, cornerWidth: cornerRadius, cornerHeight: cornerRadius)
    }
    /// Only the chosen corners rounded, each with `cornerRadii.width` (UIKit uses the width for both radii).
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let r = min(cornerRadii.width, rect.width / 2, rect.height / 2)
        func corner(_ c: UIRectCorner) -> CGFloat { corners.contains(c) ? r : 0 }
        let tl = corner(.topLeft), tr = corner(.topRight), br = corner(.bottomRight), bl = corner(.bottomLeft)
        path.move(to: CGPoint(x: rect.minX + tl, y: rect.minY))
        path.addLine(to: CGPoint(x: rect.maxX - tr, y: rect.minY))
        if tr > 0 { path.addArc(center: CGPoint(x: rect.maxX - tr, y: rect.minY + tr), radius: tr, startAngle: -.pi / 2, endAngle: 0, clockwise: false) }
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - br))
        if br > 0 { path.addArc(center: CGPoint(x: rect.maxX - br, y: rect.maxY - br), radius: br, startAngle: 0, endAngle: .pi / 2, clockwise: false) }
        path.addLine(to: CGPoint(x: rect.minX + bl, y: rect.maxY))
        if bl > 0 { path.addArc(center: CGPoint(x: rect.minX + bl, y: rect.maxY - bl), radius: bl, startAngle: .pi / 2, endAngle: .pi, clockwise: false) }
        path.addLine(to: CGPoint(x: rect.minX, y: rect.minY + tl))
        if tl > 0 { path.addArc(center: CGPoint(x: rect.minX + tl, y: rect.minY + tl), radius: tl, startAngle: .pi, endAngle: 3 * .pi / 2, clockwise: false) }
        path.closeSubpath()
    }
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// The path (a snapshot: later changes to this object do not change it).
    public var cgPath: CGPath { CGPath(items: path.items) }
    public var isEmpty: Bool { path.isEmpty }
    public var bounds: CGRect { path.boundingBoxOfPath }
    public var currentPoint: CGPoint { path.currentPoint }

    public func move(to point: CGPoint) { path.move(to: point) }
    public func addLine(to point: CGPoint) { path.addLine(to: point) }
    public func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }
    public func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) { path.addQuadCurve(to: endPoint, control: controlPoint) }
    /// On-screen `clockwise`: the angle grows along the arc.
    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }
    public func close() { path.closeSubpath() }
    public func removeAllPoints() { path.replaceItems([]) }
    public func append(_ other: UIBezierPath) { path.addPath(other.path) }
    /// Transforms every point (arcs become Bézier curves unless `t` only translates).
    public func apply(_ t: CGAffineTransform) {
        let copy = CGMutablePath()
        copy.addPath(path, transform: t)
        path.replaceItems(copy.items)
    }
}
