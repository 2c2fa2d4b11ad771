// SPDX-License-Identifier: MIT
import Foundation

/// A drawing destination (`CGContext`), as `CALayer.draw(in:)`,
/// `UIView.draw(_:)` and `UIGraphicsImageRenderer` hand one out. It keeps
/// Core Graphics' graphics state (transformation matrix, colours, line style,
/// alpha, clipping; `saveGState`/`restoreGState`) and its current path, and
/// records each drawing operation with the state it was made in (`CGDrawing`),
/// which QuartzCore turns into layers the renderer draws at the output's scale.
///
/// As in Core Graphics, a path's points go through the matrix as they are
/// added, a stroke's width and dashes are lengths in the user space of the
/// moment it is stroked, and filling or stroking ends the current path. The
/// context's space is the layer's: y down, the origin at the top-left of its bounds.
public final class CGContext: @unchecked Sendable {
    struct GState {
        var ctm = CGAffineTransform.identity
        var fill = CGColor.black
        var stroke = CGColor.black
        var line = CGDrawing.Stroke()
        var alpha: CGFloat = 1
        var clips: [CGDrawing.Clip] = []
    }

    var state = GState()
    var saved: [GState] = []
    /// The current path, in the layer's space.
    var path = CGMutablePath()
    /// (Not Apple's API: what was drawn, for the facade's modules.)
    @_spi(Facade) public private(set) var drawing = CGDrawing()
    /// The area the context draws into (the layer's bounds), in its own space.
    @_spi(Facade) public let area: CGRect

    @_spi(Facade) public init(area: CGRect) { self.area = area }

    // MARK: - Graphics state

    public func saveGState() { saved.append(state) }
    public func restoreGState() { if let s = saved.popLast() { state = s } }

    public var ctm: CGAffineTransform { state.ctm }
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { state.ctm }

    public func translateBy(x: CGFloat, y: CGFloat) {
        guard finite("translateBy(x:y:)", x, y) else { return }
        state.ctm = state.ctm.translatedBy(x: x, y: y)
    }
    public func scaleBy(x: CGFloat, y: CGFloat) {
        guard finite("scaleBy(x:y:)", x, y) else { return }
        state.ctm = state.ctm.scaledBy(x: x, y: y)
    }
    public func rotate(by angle: CGFloat) {
        guard finite("rotate(by:)", angle) else { return }
        state.ctm = state.ctm.rotated(by: angle)
    }
    public func concatenate(_ t: CGAffineTransform) {
        guard finite("concatenate(_:)", t.a, t.b, t.c, t.d, t.tx, t.ty) else { return }
        state.ctm = t.concatenating(state.ctm)
    }

    public func setFillColor(_ color: CGColor) { state.fill = color }
    public func setStrokeColor(_ color: CGColor) { state.stroke = color }
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fill = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.stroke = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { state.fill = CGColor(gray: gray, alpha: alpha) }
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { state.stroke = CGColor(gray: gray, alpha: alpha) }
    public func setLineWidth(_ width: CGFloat) {
        guard finite("setLineWidth(_:)", width) else { return }
        state.line.width = max(0, width)
    }
    public func setLineCap(_ cap: CGLineCap) { state.line.cap = cap }
    public func setLineJoin(_ join: CGLineJoin) { state.line.join = join }
    public func setMiterLimit(_ limit: CGFloat) { state.line.miterLimit = limit }
    /// Dash lengths alternate on and off, from `phase` into the pattern; an empty array draws solid lines.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        guard finite("setLineDash(phase:lengths:)", phase), finite("setLineDash(phase:lengths:)", lengths) else { return }
        state.line.dash = lengths
        state.line.dashPhase = phase
    }
    /// The global alpha, multiplied into everything drawn after it.
    public func setAlpha(_ alpha: CGFloat) {
        guard finite("setAlpha(_:)", alpha) else { return }
        state.alpha = min(1, max(0, alpha))
    }
    /// Kept so that code that sets them compiles; drawing is antialiased and composited source-over.
    public func setBlendMode(_ mode: CGBlendMode) {}
    public func setShouldAntialias(_ flag: Bool) {}
    public func setAllowsAntialiasing(_ flag: Bool) {}
    public var interpolationQuality: CGInterpolationQuality = .default
    /// Kept so that code that sets one compiles; recorded drawing has no shadows (a layer's shadowColor does).
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {}
    public func setShadow(offset: CGSize, blur: CGFloat) {}

    // MARK: - The current path

    public func beginPath() { path = CGMutablePath() }
    public var isPathEmpty: Bool { path.isEmpty }
    /// The current point in user space.
    public var currentPointOfPath: CGPoint { path.currentPoint.applying(state.ctm.inverted()) }
    public var boundingBoxOfPath: CGRect { path.boundingBoxOfPath.applying(state.ctm.inverted()) }

    public func move(to p: CGPoint) {
        guard finite("move(to:)", p) else { return }
        path.move(to: p, transform: state.ctm)
    }
    public func addLine(to p: CGPoint) {
        guard finite("addLine(to:)", p) else { return }
        path.addLine(to: p, transform: state.ctm)
    }
    public func addLines(between points: [CGPoint]) {
        guard finite("addLines(between:)", points) else { return }
        path.addLines(between: points, transform: state.ctm)
    }
    public func addRect(_ r: CGRect) {
        guard finite("addRect(_:)", r) else { return }
        path.addRect(r, transform: state.ctm)
    }
    public func addRects(_ rs: [CGRect]) { for r in rs { addRect(r) } }
    public func addEllipse(in r: CGRect) {
        guard finite("addEllipse(in:)", r) else { return }
        path.addEllipse(in: r, transform: state.ctm)
    }
    /// Apple's sense: `clockwise: true` is clockwise in a y-up space, so counterclockwise on a UIKit screen.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        guard finite("addArc(center:radius:startAngle:endAngle:clockwise:)", center),
              finite("addArc(center:radius:startAngle:endAngle:clockwise:)", radius, startAngle, endAngle) else { return }
        if !path.isEmpty {
            // Core Graphics draws a line from the current point to the arc's start.
            let a = Double(startAngle)
            let start = CGPoint(x: center.x + radius * CGFloat(cos(a)), y: center.y + radius * CGFloat(sin(a)))
            path.addLine(to: start, transform: state.ctm)
        }
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise,
                    transform: state.ctm)
    }
    public func addArc(tangent1End p1: CGPoint, tangent2End p2: CGPoint, radius: CGFloat) {
        guard finite("addArc(tangent1End:tangent2End:radius:)", p1), finite("addArc(tangent1End:tangent2End:radius:)", p2),
              finite("addArc(tangent1End:tangent2End:radius:)", radius) else { return }
        // Built in user space from the current point there, then mapped.
        let user = CGMutablePath()
        user.move(to: currentPointOfPath)
        user.addArc(tangent1End: p1, tangent2End: p2, radius: radius)
        for item in user.items.dropFirst() { path.append(item, state.ctm) }
    }
    public func addCurve(to p: CGPoint, control1: CGPoint, control2: CGPoint) {
        guard finite("addCurve(to:control1:control2:)", p), finite("addCurve(to:control1:control2:)", control1),
              finite("addCurve(to:control1:control2:)", control2) else { return }
        path.addCurve(to: p, control1: control1, control2: control2, transform: state.ctm)
    }
    public func addQuadCurve(to p: CGPoint, control: CGPoint) {
        guard finite("addQuadCurve(to:control:)", p), finite("addQuadCurve(to:control:)", control) else { return }
        path.addQuadCurve(to: p, control: control, transform: state.ctm)
    }
    public func addPath(_ p: CGPath) {
        guard finite("addPath(_:)", p) else { return }
        path.addPath(p, transform: state.ctm)
    }
    public func closePath() { path.closeSubpath() }

    // MARK: - Painting

    public func fillPath(using rule: CGPathFillRule = .winding) {
        paintFill(path, evenOdd: rule == .evenOdd)
        beginPath()
    }
    public func strokePath() {
        paintStroke(path)
        beginPath()
    }
    public func drawPath(using mode: CGPathDrawingMode) {
        switch mode {
        case .fill: paintFill(path, evenOdd: false)
        case .eoFill: paintFill(path, evenOdd: true)
        case .stroke: paintStroke(path)
        case .fillStroke: paintFill(path, evenOdd: false); paintStroke(path)
        case .eoFillStroke: paintFill(path, evenOdd: true); paintStroke(path)
        }
        beginPath()
    }
    public func fill(_ rect: CGRect) { fill([rect]) }
    public func fill(_ rects: [CGRect]) {
        guard rects.allSatisfy({ finite("fill(_:)", $0) }) else { return }
        let p = CGMutablePath()
        for r in rects { p.addRect(r, transform: state.ctm) }
        paintFill(p, evenOdd: false)
    }
    public func fillEllipse(in rect: CGRect) {
        guard finite("fillEllipse(in:)", rect) else { return }
        let p = CGMutablePath()
        p.addEllipse(in: rect, transform: state.ctm)
        paintFill(p, evenOdd: false)
    }
    public func stroke(_ rect: CGRect) {
        guard finite("stroke(_:)", rect) else { return }
        let p = CGMutablePath()
        p.addRect(rect, transform: state.ctm)
        paintStroke(p)
    }
    public func stroke(_ rect: CGRect, width: CGFloat) {
        saveGState()
        setLineWidth(width)
        stroke(rect)
        restoreGState()
    }
    public func strokeEllipse(in rect: CGRect) {
        guard finite("strokeEllipse(in:)", rect) else { return }
        let p = CGMutablePath()
        p.addEllipse(in: rect, transform: state.ctm)
        paintStroke(p)
    }
    /// Pairs of points, each pair one segment.
    public func strokeLineSegments(between points: [CGPoint]) {
        guard finite("strokeLineSegments(between:)", points) else { return }
        let p = CGMutablePath()
        var i = 0
        while i + 1 < points.count {
            p.move(to: points[i], transform: state.ctm)
            p.addLine(to: points[i + 1], transform: state.ctm)
            i += 2
        }
        paintStroke(p)
    }
    /// Erases what was drawn before, when `rect` covers the whole context
    /// (what `draw` methods clear at their start); a smaller rectangle is not
    /// erased (recorded drawing has no erasing operation).
    public func clear(_ rect: CGRect) {
        guard finite("clear(_:)", rect) else { return }
        let device = rect.applying(state.ctm)
        if device.contains(area) { drawing.items.removeAll() }
    }

    // MARK: - Clipping

    /// Intersects the clip with the current path, and ends the path.
    public func clip(using rule: CGPathFillRule = .winding) {
        state.clips.append(CGDrawing.Clip(path: CGPath(items: path.items), evenOdd: rule == .evenOdd))
        beginPath()
    }
    public func clip(to rect: CGRect) { clip(to: [rect]) }
    public func clip(to rects: [CGRect]) {
        guard rects.allSatisfy({ finite("clip(to:)", $0) }) else { return }
        let p = CGMutablePath()
        for r in rects { p.addRect(r, transform: state.ctm) }
        state.clips.append(CGDrawing.Clip(path: p, evenOdd: false))
    }
    /// The clip's bounding box in user space (the context's area when nothing clips).
    public var boundingBoxOfClipPath: CGRect {
        var box = area
        for c in state.clips { box = box.intersection(c.path.boundingBoxOfPath) }
        return box.applying(state.ctm.inverted())
    }

    // MARK: - Gradients, images

    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions) {
        guard finite("drawLinearGradient(_:start:end:options:)", start), finite("drawLinearGradient(_:start:end:options:)", end) else { return }
        record(.linearGradient(gradient, start: start, end: end, options: options))
    }
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint,
                                   endRadius: CGFloat, options: CGGradientDrawingOptions) {
        let call = "drawRadialGradient(_:startCenter:startRadius:endCenter:endRadius:options:)"
        guard finite(call, startCenter), finite(call, endCenter), finite(call, startRadius, endRadius) else { return }
        record(.radialGradient(gradient, startCenter: startCenter, startRadius: max(0, startRadius), endCenter: endCenter,
                               endRadius: max(0, endRadius), options: options))
    }
    /// Draws `image` to fill `rect`; in a UIKit context (y down) it appears
    /// upside down, as on iOS (`UIImage.draw(in:)` draws it upright).
    public func draw(_ image: CGImage, in rect: CGRect) {
        guard finite("draw(_:in:)", rect) else { return }
        record(.image(image, rect: rect, flipped: true))
    }

    // MARK: - For the facade's drawing calls (UIImage, text)

    /// (Not Apple's API.) Records an operation under the current state.
    @_spi(Facade) public func record(_ kind: CGDrawing.Kind) {
        guard state.alpha > 0 else { return }
        drawing.append(CGDrawing.Item(kind: kind, ctm: state.ctm, alpha: state.alpha, clips: state.clips))
    }

    /// (Not Apple's API.) The fill and stroke colours `UIColor.setFill()`/`setStroke()` set.
    @_spi(Facade) public var fillColor: CGColor { state.fill }
    @_spi(Facade) public var strokeColor: CGColor { state.stroke }

    /// (Not Apple's API.) Records a problem found by a facade drawing call.
    @_spi(Facade) public func report(_ message: String) { drawing.report(message) }

    /// (Not Apple's API.) Paints a path given in user space with the current
    /// fill (UIBezierPath's `fill()`); `evenOdd` as its `usesEvenOddFillRule`.
    @_spi(Facade) public func fill(userPath p: CGPath, evenOdd: Bool) {
        guard finite("UIBezierPath.fill()", p) else { return }
        let device = CGMutablePath()
        device.addPath(p, transform: state.ctm)
        paintFill(device, evenOdd: evenOdd)
    }

    /// (Not Apple's API.) Strokes a path given in user space with the current
    /// stroke colour and `style` (UIBezierPath's `stroke()`, whose own line style wins).
    @_spi(Facade) public func stroke(userPath p: CGPath, style: CGDrawing.Stroke) {
        guard finite("UIBezierPath.stroke()", p) else { return }
        recordStroke(p, style: style)
    }

    /// (Not Apple's API.) Intersects the clip with a path given in user space (UIBezierPath's `addClip()`).
    @_spi(Facade) public func clip(userPath p: CGPath, evenOdd: Bool) {
        guard finite("UIBezierPath.addClip()", p) else { return }
        let device = CGMutablePath()
        device.addPath(p, transform: state.ctm)
        state.clips.append(CGDrawing.Clip(path: device, evenOdd: evenOdd))
    }

    // MARK: - Recording

    private func paintFill(_ p: CGPath, evenOdd: Bool) {
        guard !p.isEmpty else { return }
        record(.fill(CGPath(items: p.items), evenOdd: evenOdd, state.fill))
    }

    /// A stroke of a path held in the layer's space: taken back to user space,
    /// where its width and dashes are measured (nothing is drawn under a matrix that cannot be inverted).
    private func paintStroke(_ p: CGPath) {
        guard !p.isEmpty else { return }
        let t = state.ctm
        guard t.a * t.d - t.b * t.c != 0 else { return }
        let user = CGMutablePath()
        user.addPath(p, transform: t.inverted())
        recordStroke(user, style: state.line)
    }

    private func recordStroke(_ p: CGPath, style: CGDrawing.Stroke) {
        guard !p.isEmpty, style.width > 0 else { return }
        record(.stroke(CGPath(items: p.items), style, state.stroke))
    }

    // MARK: - Bad input

    private func finite(_ call: String, _ values: CGFloat...) -> Bool {
        guard let bad = values.first(where: { !$0.isFinite }) else { return true }
        drawing.report("CGContext.\(call): a coordinate is \(bad); drawing takes finite numbers (check for a division by zero)")
        return false
    }
    private func finite(_ call: String, _ p: CGPoint) -> Bool { finite(call, p.x, p.y) }
    private func finite(_ call: String, _ r: CGRect) -> Bool { finite(call, r.origin.x, r.origin.y, r.width, r.height) }
    private func finite(_ call: String, _ ps: [CGPoint]) -> Bool { ps.allSatisfy { finite(call, $0) } }
    private func finite(_ call: String, _ vs: [CGFloat]) -> Bool { vs.allSatisfy { finite(call, $0) } }
    private func finite(_ call: String, _ p: CGPath) -> Bool {
        for item in p.items {
            switch item {
            case .move(let q), .line(let q): guard finite(call, q) else { return false }
            case .quad(let q, let c): guard finite(call, q), finite(call, c) else { return false }
            case .cubic(let q, let c1, let c2): guard finite(call, q), finite(call, c1), finite(call, c2) else { return false }
            case .arc(let c, let r, let a0, let a1, _): guard finite(call, c), finite(call, r, a0, a1) else { return false }
            case .rect(let r), .roundedRect(let r, _), .ellipse(let r): guard finite(call, r) else { return false }
            case .close: break
            }
        }
        return true
    }
}

extension CGContext {
    /// (Not Apple's API.) Draws a recorded drawing whose space is `from` into
    /// `to` in user space (a renderer's image drawn with `UIImage.draw(in:)`):
    /// each operation keeps its own matrix and clips, mapped into this context's.
    @_spi(Facade) public func replay(_ d: CGDrawing, from: CGRect, to: CGRect) {
        guard from.width > 0, from.height > 0, finite("UIImage.draw(in:)", to) else { return }
        let m = CGAffineTransform(translationX: -from.minX, y: -from.minY)
            .concatenating(CGAffineTransform(scaleX: to.width / from.width, y: to.height / from.height))
            .concatenating(CGAffineTransform(translationX: to.minX, y: to.minY))
            .concatenating(state.ctm)
        func mapped(_ p: CGPath) -> CGPath {
            let out = CGMutablePath()
            out.addPath(p, transform: m)
            return out
        }
        for item in d.items {
            var kind = item.kind
            if case .fill(let p, let evenOdd, let color) = kind { kind = .fill(mapped(p), evenOdd: evenOdd, color) }
            let clips = state.clips + item.clips.map { CGDrawing.Clip(path: mapped($0.path), evenOdd: $0.evenOdd) }
            drawing.append(CGDrawing.Item(kind: kind, ctm: item.ctm.concatenating(m), alpha: item.alpha * state.alpha, clips: clips))
        }
    }
}
