// SPDX-License-Identifier: MIT
import FXCore

/// The scene budget's pixels: what drawing one frame will cost, estimated from
/// the snapshot before anything is drawn, so that a plugin cannot ask for hours
/// of compositing with a few calls (a replicator of 1,000 stage-sized layers
/// with shadows is nearly 3 × 10⁹ pixels
/// at 720p, minutes of compositing for one frame). The estimate is the sum, in
/// device pixels, of every area the renderer fills, each clipped to the stage
/// and to the `masksToBounds` boxes around it, in the order it draws them:
///
/// - a layer's own drawing (background, contents, border, gradient, text, shape:
///   its bounds, a shape's path too), unless it draws nothing;
/// - each offscreen group (opacity below 1 over more than one thing, a mask, a
///   shadow): the area of its surface (its subtree's box, or the whole stage);
///   a mask's own surface once more (twice with a `maskMode` other than alpha, which
///   rewrites it); a shadow's blur over the whole stage once more;
/// - each particle: its sprite's area, at most the stage;
/// - a layer drawn with perspective: its flat image, then the stage it is composited onto;
/// - a transition: both sides' surfaces, the stage twice.
///
/// A frame over `PixelBudget.limit` is refused with one line naming the layer at
/// which the count passed it (docs/isolation.md, "Scene budget").
public enum PixelBudget {
    /// The budget in frames' worth of the stage's own device pixels.
    public static let stageMultiple = 256.0
    /// The budget of a small stage, where 256 stages is little: 2²⁶ pixels (256 frames of 512 × 512).
    public static let minimum = 67_108_864.0

    /// The most pixels a frame of `width` × `height` device pixels may draw.
    public static func limit(width: Int, height: Int) -> Double {
        max(minimum, stageMultiple * Double(width) * Double(height))
    }
}

extension Renderer {
    /// Throws when drawing `snapshot` would pass the frame's pixel budget (`PixelBudget`), naming
    /// the layer; draws nothing. Linear in the layers and particles.
    public func checkBudget(_ snapshot: Snapshot) throws {
        try checkBudget(RenderTree(snapshot.layers), snapshot.layers)
    }

    /// `checkBudget` on the render tree of `layers`, as the renderer builds it to draw them.
    func checkBudget(_ tree: RenderTree, _ layers: [PresentedLayer]) throws {
        let limit = PixelBudget.limit(width: pixelWidth, height: pixelHeight)
        let (total, culprit) = pixelEstimate(tree, limit: limit)
        guard total > limit else { return }
        let name = culprit >= 0 ? SceneBudget.path(culprit, layers) : "stage"
        throw FXError("scene budget: drawing layer '\(name)' would take the frame to \(SceneBudget.count(total)) pixels (layers, offscreen groups, shadows and particles, each clipped to the stage); the budget is \(SceneBudget.count(limit)) pixels a frame (\(Int(PixelBudget.stageMultiple)) times the stage's \(SceneBudget.count(Double(pixelWidth * pixelHeight))), and at least \(SceneBudget.count(PixelBudget.minimum))): draw fewer or smaller layers, shadows and groups", kind: .limit)
    }

    /// The estimate of `PixelBudget`, and the layer at which it passed `limit` (-1: it did not).
    func pixelEstimate(_ snapshot: Snapshot, limit: Double) -> (Double, Int) {
        pixelEstimate(RenderTree(snapshot.layers), limit: limit)
    }

    func pixelEstimate(_ tree: RenderTree, limit: Double) -> (Double, Int) {
        guard !tree.layers.isEmpty else { return (0, -1) }
        let stage = Rect(0, 0, Double(pixelWidth), Double(pixelHeight))
        var total = 0.0
        var culprit = -1
        func area(_ r: Rect?, _ clip: Rect) -> Double {
            guard let r else { return clip.size.width * clip.size.height }
            let w = min(r.maxX, clip.maxX) - max(r.minX, clip.minX), h = min(r.maxY, clip.maxY) - max(r.minY, clip.minY)
            return w > 0 && h > 0 ? w * h : 0
        }
        func add(_ pixels: Double, _ i: Int) {
            total += pixels
            if culprit < 0, total > limit { culprit = i }
        }
        /// What is left to count, last first: the tree is walked with a stack of its own, not by
        /// recursion, since a chain of 1,000 layers (the depth limit) would take a thread's stack
        /// (an AddressSanitizer build's frames are large). Each layer's adds keep the renderer's order.
        enum Work {
            case visit(Int, Homography, Rect, allowTransitions: Bool)
            case add(Double, Int)
        }
        var work: [Work] = [.visit(0, LayerGeometry.toParent(tree.layers[0], parent: nil).then(.scale(scale, scale)), stage,
                                   allowTransitions: true)]
        while let next = work.popLast() {
            guard case .visit(let i, let h, let clip, let allowTransitions) = next else {
                if case .add(let pixels, let i) = next { add(pixels, i) }
                continue
            }
            let l = tree.layers[i]
            let opacity = max(0, min(1, l.number(.opacity)))
            guard !l.bool(.isHidden), opacity > 0, h.determinant.isFinite, abs(h.determinant) > 1e-12 else { continue }
            let fullClip = area(nil, clip)
            if !h.isAffine {
                let ext = extent(tree, i)
                guard ext.size.width > 0, ext.size.height > 0 else { continue }
                let r = Renderer.flatResolution(ext, h)
                let w = (ext.size.width * r).rounded(.up), hh = (ext.size.height * r).rounded(.up)
                guard w * hh <= Double(Renderer.flatPixels) else { continue }
                add(w * hh + fullClip, i)
                let toFlat = Homography.translation(-ext.origin.x, -ext.origin.y).then(.scale(r, r))
                work.append(.visit(i, toFlat, Rect(0, 0, w, hh), allowTransitions: allowTransitions))
                continue
            }
            if allowTransitions, !l.transitions.isEmpty {
                add(2 * fullClip, i)
                work.append(.visit(i, h, clip, allowTransitions: false))
                continue
            }
            // In drawing order: the group's surfaces now, then the mask's subtree, then the rest.
            var then: [Work] = []
            let shadow = l.number(.shadowOpacity) > 0 && l.color(.shadowColor).alpha > 0
            let single = tree.children[i].isEmpty && drawnItems(l) <= 1
            if (opacity < 1 || tree.mask[i] != nil || shadow) && !(single && tree.mask[i] == nil && !shadow) {
                let group = area(shadow ? nil : groupBox(tree, i, h), clip)
                add(group, i)
                if let m = tree.mask[i] {
                    add(group, i)
                    // A mask mode other than alpha rewrites the mask's surface once more.
                    if l.maskMode != .alpha { add(group, i) }
                    then.append(.visit(m, LayerGeometry.toParent(tree.layers[m], parent: l).then(h), clip, allowTransitions: true))
                }
                if shadow { then.append(.add(fullClip, i)) }
            }
            var own = LayerGeometry.bounds(l)
            if l.kind == .shape, let s = ContentDrawing.shapeExtent(l, target.cr) { own = own.union(s) }
            let draws = l.kind == .emitter || l.kind == .replicator ? l.color(.backgroundColor).alpha > 0 : drawnItems(l) > 0
            if draws { then.append(.add(area(own.mapped(h), clip), i)) }
            if let field = l.particles {
                let scale = abs(h.determinant)
                for p in field.particles where p.scale > 0 {
                    guard let img = field.cells[p.cell].contents else { continue }
                    let r = field.cells[p.cell].contentsRect
                    let sprite = r.size.width * Double(img.width) * r.size.height * Double(img.height) * p.scale * p.scale * scale
                    then.append(.add(min(abs(sprite), fullClip), i))
                }
            }
            var inner = clip
            if l.bool(.masksToBounds), let box = LayerGeometry.bounds(l).mapped(h) {
                let x0 = max(box.minX, clip.minX), y0 = max(box.minY, clip.minY)
                inner = Rect(x0, y0, max(0, min(box.maxX, clip.maxX) - x0), max(0, min(box.maxY, clip.maxY) - y0))
            }
            for c in tree.children[i] {
                then.append(.visit(c, LayerGeometry.toParent(tree.layers[c], parent: l).then(h), inner, allowTransitions: true))
            }
            work.append(contentsOf: then.reversed())
        }
        return (total, culprit)
    }
}
