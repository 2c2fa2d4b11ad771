// SPDX-License-Identifier: MIT
@_spi(Facade) import CoreGraphics
import FXPluginKit

/// What a layer's drawing (`draw(in:)`, `UIView.draw(_:)`) became: layers the
/// engine draws from their properties, so that the drawing stays sharp at any
/// output scale. A fill is a shape layer with the path, a stroke a shape layer
/// in the stroke's user space (the matrix as its transform, so widths and
/// dashes scale as Core Graphics scales them), a gradient a gradient layer,
/// an image a layer with the image as contents, text a text layer; clipping
/// paths are shape masks of group layers around what they clip.
///
/// They live in a container that is the drawn layer's first sublayer in the
/// host (behind every sublayer, as a layer's backing store is), clipped to its
/// bounds (the backing store's size), and is not one of its `sublayers`.
/// Redrawing with the same kinds of operation under the same clips updates
/// those layers in place, so a progress ring redrawn every frame makes its
/// layers once.
final class DrawnContent {
    let container = CALayer()
    /// The structure the current layers were made for.
    private var signature: [Int] = []
    /// Per operation, the layer it became; per run of equal clips, the group layers.
    private var itemLayers: [CALayer] = []
    private var groupLayers: [CALayer] = []

    init(in layer: CALayer) {
        Fault.attempt { () throws(PluginError) in try layer.host.insertSublayer(container.host, at: 0) }
    }

    /// Shows `drawing`, made in a context whose area was `area` (the layer's
    /// bounds), or scaled from `area` into `target` (a renderer's image as contents).
    func show(_ drawing: CGDrawing, area: CGRect, into target: CGRect? = nil) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        DrawnContent.fit(container, area)
        if let target, area.width > 0, area.height > 0 {
            container.position = CGPoint(x: target.midX, y: target.midY)
            container.transform = CATransform3DMakeScale(target.width / area.width, target.height / area.height, 1)
        }
        container.masksToBounds = true
        let runs = DrawnContent.runs(drawing.items)
        let wanted = DrawnContent.signature(runs, drawing.items)
        if wanted != signature { rebuild(runs, drawing.items) }
        signature = wanted
        var item = 0, group = 0
        for run in runs {
            for clip in run.clips {
                let g = groupLayers[group]
                group += 1
                DrawnContent.fit(g, area)
                let mask = g.mask as! CAShapeLayer
                DrawnContent.fit(mask, area)
                mask.path = clip.path
                mask.fillRule = clip.evenOdd ? .evenOdd : .nonZero
            }
            for i in run.items {
                apply(drawing.items[i], to: itemLayers[item], area: area)
                item += 1
            }
        }
    }

    /// A run of consecutive operations under the same clips.
    struct Run {
        var clips: [CGDrawing.Clip]
        var items: [Int]
    }

    static func runs(_ items: [CGDrawing.Item]) -> [Run] {
        var runs: [Run] = []
        for (i, item) in items.enumerated() {
            if let last = runs.last, last.clips == item.clips {
                runs[runs.count - 1].items.append(i)
            } else {
                runs.append(Run(clips: item.clips, items: [i]))
            }
        }
        return runs
    }

    /// Per run, its clip count and the kind of each operation (the layer classes needed).
    private static func signature(_ runs: [Run], _ items: [CGDrawing.Item]) -> [Int] {
        var s: [Int] = []
        for run in runs {
            s.append(-1 - run.clips.count)
            s.append(contentsOf: run.items.map { code(items[$0].kind) })
        }
        return s
    }

    private func rebuild(_ runs: [Run], _ items: [CGDrawing.Item]) {
        for l in itemLayers { l.removeFromSuperlayer() }
        for g in groupLayers { g.removeFromSuperlayer() }
        itemLayers = []
        groupLayers = []
        for run in runs {
            var parent = container
            for _ in run.clips {
                let g = CALayer()
                let m = CAShapeLayer()
                m.fillColor = CGColor.black
                g.mask = m
                parent.addSublayer(g)
                groupLayers.append(g)
                parent = g
            }
            for i in run.items {
                let l = DrawnContent.layer(for: items[i].kind)
                parent.addSublayer(l)
                itemLayers.append(l)
            }
        }
    }

    private static func layer(for kind: CGDrawing.Kind) -> CALayer {
        let l: CALayer
        switch kind {
        case .fill: l = CAShapeLayer()
        case .stroke: l = CAShapeLayer()
        case .linearGradient, .radialGradient: l = CAGradientLayer()
        case .image: l = CALayer()
        case .text: l = CATextLayer()
        }
        return l
    }

    /// The code of an operation's layer class, for the signature.
    static func code(_ kind: CGDrawing.Kind) -> Int {
        switch kind {
        case .fill, .stroke: 0
        case .linearGradient, .radialGradient: 1
        case .image: 2
        case .text: 3
        }
    }

    private func apply(_ item: CGDrawing.Item, to layer: CALayer, area: CGRect) {
        layer.opacity = Float(item.alpha)
        layer.isHidden = false
        switch item.kind {
        case .fill(let path, let evenOdd, let color):
            let s = layer as! CAShapeLayer
            DrawnContent.fit(s, area)
            s.path = path
            s.fillColor = color
            s.strokeColor = nil
            s.fillRule = evenOdd ? .evenOdd : .nonZero
        case .stroke(let path, let style, let color):
            let s = layer as! CAShapeLayer
            DrawnContent.place(s, CGRect.zero, item.ctm)
            s.path = path
            s.fillColor = nil
            s.strokeColor = color
            s.lineWidth = style.width
            s.lineCap = style.cap == .round ? .round : style.cap == .square ? .square : .butt
            s.lineJoin = style.join == .round ? .round : style.join == .bevel ? .bevel : .miter
            s.miterLimit = style.miterLimit
            s.lineDashPattern = style.dash.isEmpty ? nil : style.dash.map { NSNumber(value: Double($0)) }
            s.lineDashPhase = style.dashPhase
        case .linearGradient(let g, let start, let end, let options):
            let gl = layer as! CAGradientLayer
            guard start != end, let r = DrawnContent.userRegion(item, area) else { return hide(layer) }
            DrawnContent.place(gl, r, item.ctm)
            gl.type = .axial
            gl.colors = g.colors
            gl.locations = g.locations.map { NSNumber(value: Double($0)) }
            gl.startPoint = DrawnContent.unit(start, r)
            gl.endPoint = DrawnContent.unit(end, r)
            DrawnContent.setMask(gl, r, GradientExtent.band(start, end, options, r))
        case .radialGradient(let g, _, let r0, let c1, let r1, let options):
            let gl = layer as! CAGradientLayer
            let rmax = max(r0, r1)
            guard rmax > 0, let r = DrawnContent.userRegion(item, area) else { return hide(layer) }
            DrawnContent.place(gl, r, item.ctm)
            let rings = GradientExtent.rings(g, r0, r1)
            gl.type = .radial
            gl.colors = rings.colors
            gl.locations = rings.locations.map { NSNumber(value: Double($0)) }
            // Core Graphics' circles need not share a centre; the end circle's is used (docs/SWIFT.md).
            gl.startPoint = DrawnContent.unit(c1, r)
            gl.endPoint = DrawnContent.unit(CGPoint(x: c1.x + rmax, y: c1.y + rmax), r)
            DrawnContent.setMask(gl, r, GradientExtent.disc(c1, r0, r1, options, r))
        case .image(let image, let rect, let flipped):
            DrawnContent.place(layer, rect, item.ctm, flipped: flipped)
            layer.contentsGravity = .resize
            layer.contents = image
        case .text(let string, let font, let size, let color, let origin, let width):
            let t = layer as! CATextLayer
            let lines = string.split(separator: "\n", omittingEmptySubsequences: false)
            let longest = lines.map(\.count).max() ?? 0
            // fxhost cannot measure text: the box is wide and tall enough for the run (the text draws from its top-left).
            let box = CGSize(width: width ?? (CGFloat(longest) * size * 0.75 + size),
                             height: CGFloat(lines.count) * size * 1.3 + size * 0.3)
            DrawnContent.place(t, CGRect(origin: origin, size: box), item.ctm)
            t.string = string
            t.font = font as NSString
            t.fontSize = size
            t.foregroundColor = color
            t.isWrapped = width != nil
        }
    }

    private func hide(_ layer: CALayer) { layer.isHidden = true }

    /// Masks `layer` (whose space is `r`) with `path`, or removes its mask when nil.
    private static func setMask(_ layer: CALayer, _ r: CGRect, _ path: (CGPath, evenOdd: Bool)?) {
        guard let path else {
            if layer.mask != nil { layer.mask = nil }
            return
        }
        let m = (layer.mask as? CAShapeLayer) ?? {
            let m = CAShapeLayer()
            m.fillColor = CGColor.black
            layer.mask = m
            return m
        }()
        fit(m, r)
        m.path = path.0
        m.fillRule = path.evenOdd ? .evenOdd : .nonZero
    }

    /// The part of user space (under the item's matrix) that can show: the
    /// area and the clips' boxes, taken back through the matrix; nil when it is
    /// empty or the matrix cannot be inverted.
    static func userRegion(_ item: CGDrawing.Item, _ area: CGRect) -> CGRect? {
        var d = area
        for c in item.clips { d = d.intersection(c.path.boundingBoxOfPath) }
        let t = item.ctm
        guard !d.isNull, d.width > 0, d.height > 0, t.a * t.d - t.b * t.c != 0 else { return nil }
        let inv = t.inverted()
        let corners = [CGPoint(x: d.minX, y: d.minY), CGPoint(x: d.maxX, y: d.minY),
                       CGPoint(x: d.minX, y: d.maxY), CGPoint(x: d.maxX, y: d.maxY)].map { $0.applying(inv) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// `p` as a fraction of `r` (a gradient layer's unit coordinates).
    static func unit(_ p: CGPoint, _ r: CGRect) -> CGPoint {
        CGPoint(x: (p.x - r.minX) / r.width, y: (p.y - r.minY) / r.height)
    }

    /// Gives `layer` the user space of `ctm`: its bounds are `r` in user
    /// space, placed in the superlayer's space by the matrix (upside down within `r` when `flipped`).
    static func place(_ layer: CALayer, _ r: CGRect, _ ctm: CGAffineTransform, flipped: Bool = false) {
        var linear = CGAffineTransform(a: ctm.a, b: ctm.b, c: ctm.c, d: ctm.d, tx: 0, ty: 0)
        if flipped { linear = CGAffineTransform(scaleX: 1, y: -1).concatenating(linear) }
        layer.anchorPoint = .zero
        layer.bounds = r
        layer.position = CGPoint(x: r.minX, y: flipped ? r.maxY : r.minY).applying(ctm)
        layer.transform = CATransform3DMakeAffineTransform(linear)
    }

    /// Where an image of `size` goes in `bounds` by Core Animation's `contentsGravity`.
    static func placement(of size: CGSize, in bounds: CGRect, _ gravity: CALayerContentsGravity) -> CGRect {
        guard size.width > 0, size.height > 0 else { return bounds }
        func centred(_ s: CGSize) -> CGRect {
            CGRect(x: bounds.midX - s.width / 2, y: bounds.midY - s.height / 2, width: s.width, height: s.height)
        }
        switch gravity {
        case .resizeAspect, .resizeAspectFill:
            let sx = bounds.width / size.width, sy = bounds.height / size.height
            let k = gravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
            return centred(CGSize(width: size.width * k, height: size.height * k))
        case .center: return centred(size)
        case .topLeft: return CGRect(origin: bounds.origin, size: size)
        default: return bounds
        }
    }

    /// Gives `layer` the coordinate space of its superlayer whose bounds are `area`.
    static func fit(_ layer: CALayer, _ area: CGRect) {
        layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        layer.bounds = area
        layer.position = CGPoint(x: area.midX, y: area.midY)
        layer.transform = CATransform3DIdentity
    }
}
