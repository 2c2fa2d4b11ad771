// SPDX-License-Identifier: MIT
import CCairo
import FXCore

/// Turns presentation snapshots into pixels, as Core Animation composites a
/// layer tree: each layer draws its background, contents, gradient, shape or
/// text, then its sublayers by zPosition, then its border; opacity applies to
/// the composited subtree; masks and masksToBounds clip; 3D transforms are
/// flattened into the superlayer's plane and resampled through their projective
/// map (Perspective). Anti-aliased; output is premultiplied RGBA.
public final class Renderer {
    public let pixelWidth: Int
    public let pixelHeight: Int
    public let scale: Double
    public let background: Color

    let target: Surface
    private let images = ImageCache()
    let cache = ContentCache()
    private let gradients = GradientStrips()
    private let ramps = RadialRamp()
    private var damage = Damage()
    /// The region being redrawn this frame, in target pixels.
    private var clip = DamageRegion()
    /// Reused offscreen surfaces, one per nesting depth of groups.
    private var pool: [Surface] = []
    private var poolDepth = 0

    /// A renderer for a stage of `size` points drawn at `scale` pixels a point.
    public init(stageSize: Size, scale: Double = 1, background: Color = .clear) {
        self.scale = scale
        self.background = background
        pixelWidth = max(1, Int(pixels: (stageSize.width * scale).rounded()))
        pixelHeight = max(1, Int(pixels: (stageSize.height * scale).rounded()))
        target = Surface(width: pixelWidth, height: pixelHeight)
    }

    /// Renders one snapshot.
    public func render(_ snapshot: Snapshot) -> Frame {
        composite(snapshot)
        return target.withRows(time: snapshot.time) { $0.frame() }
    }

    /// Renders one snapshot if drawing it stays within the frame's pixel budget
    /// (`PixelBudget`); past it, throws and draws nothing. What runs render plugin
    /// scenes for output (image sinks, `check`, golden snapshots) call this.
    public func renderWithinBudget(_ snapshot: Snapshot) throws -> Frame {
        try compositeWithinBudget(snapshot)
        return target.withRows(time: snapshot.time) { $0.frame() }
    }

    /// Renders one snapshot and lends the result to `body` without copying it
    /// (video encoders read the rows in place). The rows are the renderer's
    /// own: valid only inside `body`, and changed by the next render.
    /// With the rows comes which of them this render redrew (`PixelRows.changedRows`).
    public func render<T>(_ snapshot: Snapshot, lending body: (PixelRows) throws -> T) rethrows -> T {
        clip = DamageRegion()
        composite(snapshot)
        return try lendRows(snapshot.time, body)
    }

    /// `render(_:lending:)` within the frame's pixel budget, as `renderWithinBudget(_:)`.
    public func renderWithinBudget<T>(_ snapshot: Snapshot, lending body: (PixelRows) throws -> T) throws -> T {
        clip = DamageRegion()
        try compositeWithinBudget(snapshot)
        return try lendRows(snapshot.time, body)
    }

    private func lendRows<T>(_ time: Double, _ body: (PixelRows) throws -> T) rethrows -> T {
        // composite() leaves the clip empty when nothing changed; cairo draws nothing outside it.
        let changed = clip.bounds
        let top = max(0, min(pixelHeight, Int(changed.minY.rounded(.down))))
        let bottom = max(top, min(pixelHeight, Int(changed.maxY.rounded(.up))))
        return try target.withRows(time: time, sequence: composites, changedRows: top..<bottom, body)
    }

    /// Frames composited so far.
    private var composites = 0

    /// Draws a snapshot into the renderer's own surface without copying the
    /// pixels out: what a benchmark of drawing alone measures.
    public func composite(_ snapshot: Snapshot) {
        composite(RenderTree(snapshot.layers))
    }

    /// `composite(_:)` if drawing stays within the frame's pixel budget, counted on the tree it draws.
    private func compositeWithinBudget(_ snapshot: Snapshot) throws {
        let tree = RenderTree(snapshot.layers)
        try checkBudget(tree, snapshot.layers)
        composite(tree)
        if let failure = Pango.failure { throw failure }
    }

    private func composite(_ tree: RenderTree) {
        composites += 1
        let device = Homography.scale(scale, scale)
        // Only what changed since the last frame is redrawn; nothing changed, nothing drawn.
        guard let region = damage.compute(tree, device: device, width: pixelWidth, height: pixelHeight,
                                          textBox: cache.textBox) else { return }
        clip = region
        cache.prepareText(tree, maps: damage.maps)
        restrict(target)
        // When the lowest layer hides everything under it, it is copied in, not blended over a cleared frame.
        coveringLayer = coveringOpaquely(tree, device: device)
        if coveringLayer == nil { for r in region.rects { target.clear(r) } }
        if background.alpha > 0 {
            CairoPaths.set(background, target.cr)
            cairo_paint(target.cr)
        }
        if !tree.layers.isEmpty {
            draw(tree, 0, LayerGeometry.toParent(tree.layers[0], parent: nil).then(device), into: target, allowTransitions: true)
        }
        cairo_reset_clip(target.cr)
        cache.endFrame()
        gradients.endFrame()
        ramps.endFrame()
    }

    /// The layer whose background or image is drawn first, is opaque and
    /// covers the whole frame (the root, or the lowest layer), if there is
    /// one: clearing first would be wasted, and it can be copied instead of blended.
    private var coveringLayer: Int?

    private func coveringOpaquely(_ tree: RenderTree, device: Homography) -> Int? {
        guard let root = tree.layers.first, background.alpha == 0 else { return nil }
        var candidate = 0
        var map = LayerGeometry.toParent(root, parent: nil).then(device)
        if root.color(.backgroundColor).alpha < 1 && !(root[.contents] != .image(nil)) {
            guard let first = tree.children[0].first, tree.mask[0] == nil else { return nil }
            candidate = first
            map = LayerGeometry.toParent(tree.layers[first], parent: root).then(map)
        }
        let l = tree.layers[candidate]
        guard map.isAffine, abs(map.m.1) < 1e-12, abs(map.m.3) < 1e-12, !l.bool(.isHidden), l.number(.opacity) >= 1,
              tree.mask[candidate] == nil, LayerGeometry.cornerRadius(l) == 0,
              let box = LayerGeometry.bounds(l).mapped(map),
              box.minX <= 0, box.minY <= 0, box.maxX >= Double(pixelWidth), box.maxY >= Double(pixelHeight) else { return nil }
        if l.color(.backgroundColor).alpha >= 1 { return candidate }
        if case .image(let img?) = l[.contents], l.contentsGravity == .resize, images.isOpaque(img),
           l.color(.backgroundColor).alpha == 0 {
            return candidate
        }
        return nil
    }

    /// Limits drawing on a target-sized surface to this frame's region.
    private func restrict(_ s: Surface) {
        cairo_reset_clip(s.cr)
        cairo_save(s.cr)
        cairo_identity_matrix(s.cr)
        for r in clip.rects { cairo_rectangle(s.cr, r.origin.x, r.origin.y, r.size.width, r.size.height) }
        cairo_restore(s.cr)
        cairo_clip(s.cr)
    }

    // MARK: - Layers

    /// Draws layer `i` whose local → target map is `h`; with `batch`, a layer that
    /// `drawsOneImage` gathers its paint there.
    private func draw(_ tree: RenderTree, _ i: Int, _ h: Homography, into out: Surface, allowTransitions: Bool,
                      batch: BandedPaint.Batch? = nil) {
        let l = tree.layers[i]
        let opacity = max(0, min(1, l.number(.opacity)))
        guard !l.bool(.isHidden), opacity > 0 else { return }
        guard h.determinant.isFinite, abs(h.determinant) > 1e-12 else { return }

        if !h.isAffine {
            drawFlattened(tree, i, h, into: out, allowTransitions: allowTransitions)
            return
        }
        if allowTransitions, let transition = l.transitions.last {
            drawTransition(transition, tree, i, h, into: out)
            return
        }
        let shadow = l.number(.shadowOpacity) > 0 && l.color(.shadowColor).alpha > 0
        let group = opacity < 1 || tree.mask[i] != nil || shadow
        // Opacity applies to what a layer composites; a layer that draws one thing
        // can take it directly, with the same result and no offscreen pass.
        let single = tree.children[i].isEmpty && drawnItems(l) <= 1
        guard group, !(single && tree.mask[i] == nil && !shadow) else {
            drawBody(tree, i, h, into: out, allowTransitions: allowTransitions, alpha: opacity, batch: batch)
            return
        }
        drawGroup(tree, i, h, into: out, allowTransitions: allowTransitions, opacity: opacity, shadow: shadow)
    }

    /// A layer drawn as a group (opacity below 1 over several things, a mask, a shadow): apart
    /// from `draw`, which recurses once a level of the tree, so that the group's locals do not
    /// widen every level's stack frame (a 1,000-level chain must fit the stack, sanitizers too).
    @inline(never)
    private func drawGroup(_ tree: RenderTree, _ i: Int, _ h: Homography, into out: Surface, allowTransitions: Bool,
                           opacity: Double, shadow: Bool) {
        let l = tree.layers[i]
        // A gradient masked by one opaque filled outline (how a Lottie gradient fill arrives) is
        // the gradient painted through that outline: no offscreen pass for it or its mask.
        if !shadow, let m = tree.mask[i], masksByOutlineAlone(tree, i, m) {
            let hm = LayerGeometry.toParent(tree.layers[m], parent: l).then(h)
            guard hm.determinant.isFinite, abs(hm.determinant) > 1e-12, case .path(let p) = tree.layers[m][.path] else { return }
            cairo_save(out.cr)
            var mm = CairoPaths.matrix(hm)
            cairo_set_matrix(out.cr, &mm)
            CairoPaths.add(p, to: out.cr)
            cairo_set_fill_rule(out.cr, tree.layers[m].fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            cairo_clip(out.cr)
            cairo_set_fill_rule(out.cr, CAIRO_FILL_RULE_WINDING)
            drawBody(tree, i, h, into: out, allowTransitions: allowTransitions, alpha: opacity)
            cairo_restore(out.cr)
            return
        }
        // The group's pixels lie within its subtree's box, and a mask keeps none outside its own:
        // only that much is drawn in (the clip), and only what paints there (`kept`) is cleared,
        // masked and composited. The clip stays the subtree's box, as large as before, because
        // cairo rasterizes an edge a level differently where a clip cuts the shape it belongs to.
        var box = shadow ? nil : groupBox(tree, i, h)
        var kept = shadow ? nil : groupBox(tree, i, h, painted: true)
        if !shadow, let m = tree.mask[i], !l.maskMode.isInverted {
            let hm = LayerGeometry.toParent(tree.layers[m], parent: l).then(h)
            if let mb = groupBox(tree, m, hm) {
                guard let both = (box ?? mb).intersection(mb) else { return }
                box = both
            }
            if let mk = groupBox(tree, m, hm, painted: true) {
                guard let both = (kept ?? mk).intersection(mk) else { return }
                kept = both
            }
        }
        if let b = box { guard let k = (kept ?? b).intersection(b) else { return }; kept = k }
        let layerSurface = borrow(within: box, clearing: kept)
        defer { giveBack() }
        drawBody(tree, i, h, into: layerSurface, allowTransitions: allowTransitions)
        if let m = tree.mask[i], !invertedMaskKeepsAll(tree, i, m) {
            let maskSurface = borrow(within: box, clearing: kept)
            defer { giveBack() }
            draw(tree, m, LayerGeometry.toParent(tree.layers[m], parent: l).then(h), into: maskSurface, allowTransitions: true)
            // The pixels borrow() cleared are those the mask is read at.
            let mode = l.maskMode
            if mode != .alpha {
                MaskCoverage.convert(maskSurface, mode, in: clip.rects.compactMap { r in kept == nil ? r : kept.flatMap(r.intersection) })
            }
            cairo_save(layerSurface.cr)
            cairo_identity_matrix(layerSurface.cr)
            if let kept {
                cairo_rectangle(layerSurface.cr, kept.origin.x, kept.origin.y, kept.size.width, kept.size.height)
                cairo_clip(layerSurface.cr)
            }
            cairo_set_operator(layerSurface.cr, CAIRO_OPERATOR_DEST_IN)
            cairo_set_source_surface(layerSurface.cr, maskSurface.surface, 0, 0)
            cairo_paint(layerSurface.cr)
            cairo_restore(layerSurface.cr)
        }
        cairo_save(out.cr)
        if shadow {
            let o = l[.shadowOffset]
            var offset = (0.0, 0.0)
            if case .size(let s) = o { offset = (s.width * h.scaleFactor, s.height * h.scaleFactor) }
            cairo_save(out.cr)
            // masksToBounds clips the layer's own shadow too, as in Core Animation: an opaque layer shows none.
            if l.bool(.masksToBounds) {
                var m = CairoPaths.matrix(h)
                cairo_set_matrix(out.cr, &m)
                CairoPaths.roundedRect(LayerGeometry.bounds(l), radius: LayerGeometry.cornerRadius(l), out.cr)
                cairo_clip(out.cr)
            }
            Shadow.paint(of: layerSurface, color: l.color(.shadowColor), opacity: l.number(.shadowOpacity) * opacity,
                         offset: offset, radius: l.number(.shadowRadius) * h.scaleFactor, onto: out.cr)
            cairo_restore(out.cr)
        }
        cairo_identity_matrix(out.cr)
        if let kept {
            cairo_rectangle(out.cr, kept.origin.x, kept.origin.y, kept.size.width, kept.size.height)
            cairo_clip(out.cr)
        }
        cairo_set_source_surface(out.cr, layerSurface.surface, 0, 0)
        cairo_paint_with_alpha(out.cr, opacity)
        cairo_restore(out.cr)
    }

    /// Whether layer `i`'s mask `m` keeps every pixel: an inverted mode (alpha or luminance) of a
    /// mask that draws nothing, being hidden or transparent (`draw` skips it), so 1 − 0 everywhere.
    /// The mask pass would multiply each pixel by 255/255, which changes no byte; it is skipped.
    /// The group stays: drawn without it, overlapping translucent sublayers round differently
    /// (a level in a few pixels). A Lottie track matte whose matte layer is outside its time range
    /// arrives as such a mask.
    func invertedMaskKeepsAll(_ tree: RenderTree, _ i: Int, _ m: Int) -> Bool {
        let k = tree.layers[m]
        return tree.layers[i].maskMode.isInverted && (k.bool(.isHidden) || k.number(.opacity) <= 0)
    }

    /// The whole-pixel box (target pixels) that layer `i`'s subtree draws within through `h`,
    /// or nil when that is not known: perspective, transitions, particles, shadows, or an image
    /// placed past its bounds somewhere in the subtree.
    /// With `painted`, the box of what paints (`paintedExtent`) instead of the subtree's extent.
    func groupBox(_ tree: RenderTree, _ i: Int, _ h: Homography, painted: Bool = false) -> Rect? {
        func bounded(_ j: Int) -> Bool {
            let l = tree.layers[j]
            guard Self.paintsWithinBounds(l) else { return false }
            return tree.children[j].allSatisfy { c in
                LayerGeometry.toParent(tree.layers[c], parent: l).isAffine && (l.bool(.masksToBounds) || bounded(c))
            }
        }
        let local = painted ? paintedExtent(tree, i) ?? extent(tree, i) : extent(tree, i)
        guard h.isAffine, bounded(i), let box = local.mapped(h) else { return nil }
        return Damage.pixelAligned(box, within: Rect(0, 0, Double(pixelWidth), Double(pixelHeight)))
    }

    /// Whether layer `i`, masked by `m`, is a gradient alone (no sublayers, background, image,
    /// border or transition) and its mask one opaque filled outline (a shape layer drawing only
    /// its fill, of alpha 1, with nothing of its own below it, seen flat), in Core Animation's alpha
    /// mode: then the masked gradient is the gradient painted through the outline's coverage, the
    /// same but for the rounding of one multiply.
    func masksByOutlineAlone(_ tree: RenderTree, _ i: Int, _ m: Int) -> Bool {
        let l = tree.layers[i], k = tree.layers[m]
        guard l.kind == .gradient, l.maskMode == .alpha, tree.children[i].isEmpty, l.transitions.isEmpty,
              drawnItems(l) == 1, k.kind == .shape, tree.children[m].isEmpty, tree.mask[m] == nil,
              k.transitions.isEmpty, !k.bool(.isHidden), k.number(.opacity) >= 1, drawnItems(k) == 1,
              k.color(.fillColor).alpha >= 1, !ContentDrawing.strokes(k), !k.bool(.masksToBounds),
              !(k.number(.shadowOpacity) > 0 && k.color(.shadowColor).alpha > 0),
              LayerGeometry.toParent(k, parent: l).isAffine,
              case .path(let p) = k[.path], !p.isEmpty else { return false }
        return true
    }

    /// Content, sublayers and border, with masksToBounds clipping, no group effects.
    /// How many of background, contents, own content and border a layer draws.
    func drawnItems(_ l: PresentedLayer) -> Int {
        var n = 0
        if l.color(.backgroundColor).alpha > 0 { n += 1 }
        if case .image(let img?) = l[.contents], img.width > 0 { n += 1 }
        if l.kind != .layer { n += 1 }
        if l.number(.borderWidth) > 0 && l.color(.borderColor).alpha > 0 { n += 2 }
        return n
    }

    private func drawBody(_ tree: RenderTree, _ i: Int, _ h: Homography, into out: Surface, allowTransitions: Bool,
                          alpha: Double = 1, batch: BandedPaint.Batch? = nil) {
        let l = tree.layers[i]
        let cr = out.cr
        cairo_save(cr)
        var m = CairoPaths.matrix(h)
        cairo_set_matrix(cr, &m)
        if l.bool(.masksToBounds) {
            CairoPaths.roundedRect(LayerGeometry.bounds(l), radius: LayerGeometry.cornerRadius(l), cr)
            cairo_clip(cr)
        }
        if coveringLayer == i && out === target { cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE) }
        ContentDrawing.background(l, cr, alpha: alpha)
        ContentDrawing.contents(l, cr, images: images, alpha: alpha, batch: batch)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        switch l.kind {
        case .gradient: ContentDrawing.gradient(l, cr, alpha: alpha, strips: gradients, ramps: ramps)
        case .text: cache.draw(l, h, into: out, alpha: alpha)
        case .shape:
            // Simple paths stroke faster than a raster resamples under rotation;
            // complex ones are drawn once and composited.
            if case .path(let p) = l[.path], p.elements.count > ContentCache.simplePathElements {
                cache.draw(l, h, into: out, alpha: alpha)
            } else if alpha < 1 && !ContentDrawing.paintsOnce(l) {
                cairo_push_group(cr)
                ContentDrawing.shape(l, cr)
                cairo_pop_group_to_source(cr)
                cairo_paint_with_alpha(cr, alpha)
            } else {
                ContentDrawing.shape(l, cr, alpha: alpha)
            }
        // A replicator draws only its sublayers; the sampler lists its copies as sublayers too.
        case .layer, .replicator: break
        case .emitter: if let field = l.particles { ParticleDrawing.draw(field, cr, images: images, alpha: alpha) }
        }
        // Sublayers that each draw one image are gathered, so that images painted
        // pixel for pixel (a crossfade's) are done together, row by row.
        var siblings: BandedPaint.Batch?
        for c in tree.children[i] {
            let hc = LayerGeometry.toParent(tree.layers[c], parent: l).then(h)
            let joins = drawsOneImage(tree, c, hc)
            if joins {
                if siblings == nil { siblings = BandedPaint.Batch() }
            } else {
                siblings?.flush()
            }
            draw(tree, c, hc, into: out, allowTransitions: true, batch: joins ? siblings : nil)
        }
        siblings?.flush()
        cairo_set_matrix(cr, &m)
        ContentDrawing.border(l, cr)
        cairo_restore(cr)
    }

    /// Whether drawing layer `i` through `h` paints its image contents into the
    /// target and nothing else (no background, border, own content, sublayers,
    /// mask, shadow, transition or perspective): then its paint may wait in a
    /// batch until the next thing drawn, with the same result.
    private func drawsOneImage(_ tree: RenderTree, _ i: Int, _ h: Homography) -> Bool {
        let l = tree.layers[i]
        guard h.isAffine, l.kind == .layer, tree.children[i].isEmpty, tree.mask[i] == nil, l.transitions.isEmpty,
              case .image(let img?) = l[.contents], img.width > 0 else { return false }
        return drawnItems(l) == 1 && !(l.number(.shadowOpacity) > 0 && l.color(.shadowColor).alpha > 0)
    }

    // MARK: - Perspective

    /// A layer with perspective: drawn flat into its own plane, then mapped
    /// onto the target through its projective transform. Only `flatRegion` is drawn, at the resolution and on the grid an image of the whole extent
    /// would have: the same pixels where both exist, so the same result.
    private func drawFlattened(_ tree: RenderTree, _ i: Int, _ h: Homography, into out: Surface, allowTransitions: Bool) {
        let extent = self.extent(tree, i)
        guard extent.size.width > 0, extent.size.height > 0 else { return }
        let r = Self.flatResolution(extent, h)
        guard let region = flatRegion(tree, i, h, resolution: r, clippedTo: out) else { return }
        let x0 = extent.minX + ((region.minX - extent.minX) * r).rounded(.down) / r
        let y0 = extent.minY + ((region.minY - extent.minY) * r).rounded(.down) / r
        let w = Int(pixels: ((region.maxX - x0) * r).rounded(.up)), hh = Int(pixels: ((region.maxY - y0) * r).rounded(.up))
        guard w > 0, hh > 0, w * hh <= Self.flatPixels else { return }
        let flat = Surface(width: w, height: hh)
        let toFlat = Homography.translation(-x0, -y0).then(.scale(r, r))
        draw(tree, i, toFlat, into: flat, allowTransitions: allowTransitions)
        guard let back = toFlat.inverse else { return }
        composite(flat, back.then(h), alpha: 1, onto: out)
    }

    /// The most pixels an offscreen image of a flattened layer may hold.
    static let flatPixels = 4096 * 4096

    /// Offscreen pixels per point for drawing `extent` flat before `h` projects it: the largest local
    /// magnification over the projected area, so that no part of the layer is enlarged from its
    /// image (an average, √|det|, blurs the near side of a turned card); from 1/4 to 8, and less
    /// when the image would exceed `flatPixels`.
    static func flatResolution(_ extent: Rect, _ h: Homography) -> Double {
        var r = max(0.25, min(8, h.largestMagnification(over: extent) ?? h.scaleFactor))
        let area = extent.size.width * extent.size.height * r * r
        if area > Double(flatPixels) { r *= (Double(flatPixels) / area).squareRoot() * 0.99 }
        return r
    }

    /// Paints `source` onto `out` through `map` (source pixels → target pixels).
    private func composite(_ source: Surface, _ map: Homography, alpha: Double, onto out: Surface) {
        if map.isAffine {
            cairo_save(out.cr)
            var m = CairoPaths.matrix(map)
            cairo_set_matrix(out.cr, &m)
            cairo_set_source_surface(out.cr, source.surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(out.cr), CAIRO_FILTER_GOOD)
            cairo_paint_with_alpha(out.cr, alpha)
            cairo_restore(out.cr)
        } else {
            Perspective.composite(source, onto: out, map, alpha: alpha)
        }
    }

    /// The local rectangle a layer and its subtree can draw into.
    func extent(_ tree: RenderTree, _ i: Int) -> Rect {
        let l = tree.layers[i]
        var r = LayerGeometry.bounds(l)
        if l.kind == .shape, let s = ContentDrawing.shapeExtent(l, target.cr) { r = r.union(s) }
        if !l.bool(.masksToBounds) {
            for c in tree.children[i] {
                let child = tree.layers[c]
                if let m = extent(tree, c).mapped(LayerGeometry.toParent(child, parent: l)) { r = r.union(m) }
            }
        }
        return r
    }

    /// The local rectangle a layer and its subtree paint pixels in, or nil when none paints: as
    /// `extent`, but a layer whose bounds paint nothing (no background, contents or border, and a
    /// plain layer or a shape) adds only its shape's extent, not its bounds. A layer holding masks
    /// or groups is often as large as the composition while what it holds is small; a group's
    /// offscreen pass needs no pixels where nothing paints.
    func paintedExtent(_ tree: RenderTree, _ i: Int) -> Rect? {
        let l = tree.layers[i]
        let paintsBounds = (l.kind != .layer && l.kind != .shape) || l.color(.backgroundColor).alpha > 0
            || { if case .image(let img?) = l[.contents], img.width > 0 { return true } else { return false } }()
            || (l.number(.borderWidth) > 0 && l.color(.borderColor).alpha > 0)
        var r: Rect? = paintsBounds || l.bool(.masksToBounds) ? LayerGeometry.bounds(l) : nil
        if l.kind == .shape, let s = ContentDrawing.shapeExtent(l, target.cr) { r = r.map { $0.union(s) } ?? s }
        if l.bool(.masksToBounds) { return r }
        for c in tree.children[i] {
            let child = tree.layers[c]
            if let e = paintedExtent(tree, c), let m = e.mapped(LayerGeometry.toParent(child, parent: l)) {
                r = r.map { $0.union(m) } ?? m
            }
        }
        return r
    }

    // MARK: - Transitions

    private func drawTransition(_ t: TransitionState, _ tree: RenderTree, _ i: Int, _ h: Homography, into out: Surface) {
        let l = tree.layers[i]
        let b = LayerGeometry.bounds(l)
        let ext = extent(tree, i).union(b)
        let r = Self.flatResolution(ext, h)
        let w = Int(pixels: (ext.size.width * r).rounded(.up)), hh = Int(pixels: (ext.size.height * r).rounded(.up))
        guard w > 0, hh > 0, w * hh <= Self.flatPixels else { return }
        let toFlat = Homography.translation(-ext.origin.x, -ext.origin.y).then(.scale(r, r))
        guard let back = toFlat.inverse else { return }
        // The new side: the layer as it is now; the old: as captured when the transition began.
        let new = Surface(width: w, height: hh)
        draw(tree, i, toFlat, into: new, allowTransitions: false)
        let old = Surface(width: w, height: hh)
        let oldTree = RenderTree(t.from)
        if !oldTree.layers.isEmpty {
            // The captured root sits where the layer sits now; its own geometry is the old one.
            draw(oldTree, 0, toFlat, into: old, allowTransitions: false)
        }
        if t.transition.type == .fade {
            // A crossfade sums old × (1 − p) and new × p before it meets what lies below.
            let p = max(0, min(1, t.progress))
            let faded = Surface(width: w, height: hh)
            cairo_set_source_surface(faded.cr, old.surface, 0, 0)
            cairo_paint_with_alpha(faded.cr, 1 - p)
            cairo_set_operator(faded.cr, CAIRO_OPERATOR_ADD)
            cairo_set_source_surface(faded.cr, new.surface, 0, 0)
            cairo_paint_with_alpha(faded.cr, p)
            composite(faded, back.then(h), alpha: 1, onto: out)
            return
        }
        for (surface, face, alpha) in TransitionDrawing.faces(t, bounds: b) {
            composite(surface == .old ? old : new, back.then(face).then(h), alpha: alpha, onto: out)
        }
    }

    // MARK: - Offscreen surfaces

    /// A target-sized surface limited to this frame's region and, with `box`, to that box, cleared
    /// there or, with `clearing`, only within that: the pixels beyond `clearing` keep what an
    /// earlier use left and must not be read.
    private func borrow(within box: Rect? = nil, clearing: Rect? = nil) -> Surface {
        if poolDepth == pool.count { pool.append(Surface(width: pixelWidth, height: pixelHeight)) }
        let s = pool[poolDepth]
        poolDepth += 1
        restrict(s)
        if let box {
            cairo_save(s.cr)
            cairo_identity_matrix(s.cr)
            cairo_rectangle(s.cr, box.origin.x, box.origin.y, box.size.width, box.size.height)
            cairo_restore(s.cr)
            cairo_clip(s.cr)
        }
        let cleared = clearing ?? box
        for r in clip.rects {
            if let cleared { if let part = r.intersection(cleared) { s.clear(part) } } else { s.clear(r) }
        }
        return s
    }

    private func giveBack() { poolDepth -= 1 }
}
