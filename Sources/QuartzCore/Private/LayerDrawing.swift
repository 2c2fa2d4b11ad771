// SPDX-License-Identifier: MIT
import CFX
@_spi(Facade) import CoreGraphics
import FXPluginKit

/// What a layer keeps for custom drawing and its own keys: the layers its
/// drawing became, the stand-ins that animate its keys (`CustomKeys.swift`),
/// and the per-frame redraw while they animate.
final class LayerDrawing {
    var content: DrawnContent?
    /// Keys of the layer's own (set by key-value coding, a `@CAManaged` property, or animated), with their stand-ins once animated.
    var keys = CustomKeyList()
    /// While `draw(in:)` runs for a frame: the presented values of the animated keys, which `value(forKey:)` answers.
    var drawingValues: [(String, Any)]?
    /// Custom-key animations that redraw the layer and have not yet stopped.
    var redrawing = 0
    /// Whether a frame is scheduled (see `CALayer.tick`).
    var ticking = false
    /// Whether the content is a renderer's image set as `contents`.
    var showsImage = false
}

extension CALayer {
    var drawing: LayerDrawing {
        if let d = drawn { return d }
        let d = LayerDrawing()
        drawn = d
        return d
    }

    /// Layers marked by `setNeedsDisplay()`, displayed as the transaction commits.
    /// (Exempt from run-time exclusivity checks, as `needingLayout` is: it is
    /// appended to and taken whole, with no access open across a call.)
    @exclusivity(unchecked) nonisolated(unsafe) static var needingDisplay: [CALayer] = []

    func markForDisplay() {
        guard !isPresentation, !needsDisplayFlag else { return }
        needsDisplayFlag = true
        CALayer.needingDisplay.append(self)
    }

    /// A change of the bounds' size: layout, and a redraw when `needsDisplayOnBoundsChange`.
    func sizeChanged() {
        setNeedsLayout()
        if needsDisplayOnBoundsChange { setNeedsDisplay() }
    }

    /// Core Animation's display pass before a commit, after layout: each
    /// marked layer's `display()` (bounded, so a drawing that always marks again ends).
    static func displayPass() {
        for _ in 0..<4 {
            let marked = needingDisplay
            needingDisplay = []
            guard !marked.isEmpty else { return }
            for layer in marked where layer.needsDisplayFlag {
                layer.needsDisplayFlag = false
                layer.display()
            }
        }
    }

    /// The backing store's part of `display()`: a context the size of the
    /// bounds, `draw(in:)` with the presented values of the animated keys, and
    /// what it drew shown as the layer's content. A bad drawing call fails the plugin call with its one line.
    func drawContents() {
        guard !isPresentation else { return }
        let area = bounds
        let ctx = CGContext(area: area)
        let d = drawn
        d?.drawingValues = d?.keys.presentedValues()
        draw(in: ctx)
        d?.drawingValues = nil
        show(ctx.drawing, area: area)
    }

    /// Whether `image` is a renderer's recorded drawing.
    static func isDrawnImage(_ image: CGImage) -> Bool { image.drawing != nil }

    /// A renderer's image as contents: its drawing, placed in the bounds by `contentsGravity`.
    func showDrawnImage(_ image: CGImage) {
        guard let recorded = image.drawing else { return }
        let area = CGRect(origin: .zero, size: image.drawnSize)
        show(recorded, area: area, into: DrawnContent.placement(of: image.drawnSize, in: bounds, contentsGravity))
        drawn?.showsImage = true
    }

    func clearDrawnImage() {
        guard let d = drawn, d.showsImage, let content = d.content else { return }
        d.showsImage = false
        content.show(CGDrawing(), area: bounds)
    }

    /// Shows a recorded drawing as this layer's content; `into`: the rect of
    /// the bounds it fills, scaled (nil: the drawing's area is the layer's own space).
    @_spi(UIKit) public func show(_ recorded: CGDrawing, area: CGRect, into target: CGRect? = nil) {
        if let problem = recorded.problem {
            Fault.record(PluginError(problem, status: FX_ERR_BAD_ARGUMENT))
            return
        }
        if recorded.items.isEmpty && drawn?.content == nil { return }
        let d = drawing
        let content = d.content ?? DrawnContent(in: self)
        d.content = content
        d.showsImage = false
        content.show(recorded, area: area, into: target)
    }

    /// How many of the host's first sublayers are not in `sublayers`: the drawn
    /// content's container and the stand-ins of animated keys.
    var hostIndexOffset: Int {
        guard let d = drawn else { return 0 }
        return (d.content == nil ? 0 : 1) + standInCount
    }
}
