// SPDX-License-Identifier: MIT
import CoreGraphics

/// Where a Core Graphics gradient paints, as a mask path in its user space,
/// and a radial gradient's colours as a gradient layer's rings.
///
/// Core Graphics paints an axial gradient only between the lines through its
/// start and end points at right angles to it, and a radial one only between
/// its circles, unless `drawsBeforeStartLocation`/`drawsAfterEndLocation`
/// extend it with the end colours (Apple's `CGGradientDrawingOptions` page);
/// a gradient layer always extends its end colours, so the parts not painted are masked off.
enum GradientExtent {
    /// The band an axial gradient paints (nil: the whole plane, both options set).
    static func band(_ start: CGPoint, _ end: CGPoint, _ options: CGGradientDrawingOptions, _ r: CGRect) -> (CGPath, evenOdd: Bool)? {
        let before = options.contains(.drawsBeforeStartLocation), after = options.contains(.drawsAfterEndLocation)
        guard !(before && after) else { return nil }
        let dx = end.x - start.x, dy = end.y - start.y
        let len = (dx * dx + dy * dy).squareRoot()
        let u = CGPoint(x: dx / len, y: dy / len), n = CGPoint(x: -u.y, y: u.x)
        // Long enough to leave the region from anywhere in it.
        let far = 2 * (r.width + r.height + len + abs(start.x - r.midX) + abs(start.y - r.midY))
        let a = before ? CGPoint(x: start.x - u.x * far, y: start.y - u.y * far) : start
        let b = after ? CGPoint(x: end.x + u.x * far, y: end.y + u.y * far) : end
        let p = CGMutablePath()
        p.move(to: CGPoint(x: a.x + n.x * far, y: a.y + n.y * far))
        p.addLine(to: CGPoint(x: b.x + n.x * far, y: b.y + n.y * far))
        p.addLine(to: CGPoint(x: b.x - n.x * far, y: b.y - n.y * far))
        p.addLine(to: CGPoint(x: a.x - n.x * far, y: a.y - n.y * far))
        p.closeSubpath()
        return (p, false)
    }

    /// The area a radial gradient paints around `c`: out to the larger circle
    /// (or everywhere, extended), less the inside of the smaller one unless extended.
    static func disc(_ c: CGPoint, _ r0: CGFloat, _ r1: CGFloat, _ options: CGGradientDrawingOptions,
                     _ r: CGRect) -> (CGPath, evenOdd: Bool)? {
        let before = options.contains(.drawsBeforeStartLocation), after = options.contains(.drawsAfterEndLocation)
        let growing = r0 <= r1
        let innerDrawn = growing ? before : after, outerDrawn = growing ? after : before
        let rmin = min(r0, r1), rmax = max(r0, r1)
        let cutsInner = !innerDrawn && rmin > 0
        guard !outerDrawn || cutsInner else { return nil }
        let p = CGMutablePath()
        if outerDrawn { p.addRect(r) } else { p.addEllipse(in: CGRect(x: c.x - rmax, y: c.y - rmax, width: 2 * rmax, height: 2 * rmax)) }
        if cutsInner { p.addEllipse(in: CGRect(x: c.x - rmin, y: c.y - rmin, width: 2 * rmin, height: 2 * rmin)) }
        return (p, true)
    }

    /// A radial gradient from radius `r0` to `r1` as rings of one gradient from
    /// the centre to the larger radius: each location moves to where its
    /// radius falls, in increasing order.
    static func rings(_ g: CGGradient, _ r0: CGFloat, _ r1: CGFloat) -> (colors: [CGColor], locations: [CGFloat]) {
        let rmax = max(r0, r1)
        var pairs = zip(g.colors, g.locations).map { ($0, (r0 + $1 * (r1 - r0)) / rmax) }
        if r1 < r0 { pairs.reverse() }
        return (pairs.map(\.0), pairs.map(\.1))
    }
}
