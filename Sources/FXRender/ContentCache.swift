// SPDX-License-Identifier: MIT
import CCairo
import FXCore
import FXParallel

/// Rasters of text and shape content, redrawn only when a content property
/// changes, like a layer's backing store: a frame where only transforms,
/// positions and opacity move just composites the rasters again.
///
/// A raster is made at the renderer's target resolution for the layer's
/// current scale; as in Core Animation, a transform that then scales it
/// scales the pixels.
final class ContentCache {
    private struct Entry {
        let signature: [Value]
        let scale: Double
        let surface: Surface
        /// Raster pixels → layer local coordinates.
        let toLocal: Homography
        /// The local box the raster covers: for text, trimmed to its ink.
        let box: Rect
        var used: Bool
    }
    private var entries: [Int: Entry] = [:]
    /// Rasters `prepareText` has made, on either thread (for tests).
    private(set) var madeAhead = 0

    /// Shape paths up to this many elements are drawn as vectors every frame (cheaper than resampling a raster).
    static let simplePathElements = 64

    static let textProperties: [Property] = [.string, .font, .fontSize, .foregroundColor, .alignmentMode,
                                             .isWrapped, .truncationMode, .foregroundColorRuns, .bounds]
    static let shapeProperties: [Property] = [.path, .fillColor, .fillRule, .strokeColor, .lineWidth, .lineCap,
                                              .lineJoin, .miterLimit, .lineDashPattern, .lineDashPhase,
                                              .strokeStart, .strokeEnd]

    /// The local box that `l`'s cached text covers, if its raster is current; nil otherwise.
    /// Text draws nothing outside it, so a frame need not redraw more of a text layer.
    func textBox(_ l: PresentedLayer) -> Rect? {
        guard l.kind == .text, let e = entries[l.id], e.signature == ContentCache.textProperties.map({ l[$0] }) else { return nil }
        return e.box
    }

    /// Draws `l`'s text or shape through `h` (local → `out` pixels).
    func draw(_ l: PresentedLayer, _ h: Homography, into out: Surface, alpha: Double = 1) {
        let properties = l.kind == .text ? ContentCache.textProperties : ContentCache.shapeProperties
        let signature = properties.map { l[$0] }
        let bucket = ContentCache.resolution(h)
        var entry = entries[l.id]
        if entry == nil || entry!.signature != signature || entry!.scale != bucket {
            entry = rasterize(l, scale: bucket, signature: signature)
        }
        guard var e = entry else { entries[l.id] = nil; return }
        e.used = true
        entries[l.id] = e
        let map = e.toLocal.then(h)
        cairo_save(out.cr)
        var m = CairoPaths.matrix(map)
        cairo_set_matrix(out.cr, &m)
        cairo_set_source_surface(out.cr, e.surface.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(out.cr), CAIRO_FILTER_BILINEAR)
        cairo_paint_with_alpha(out.cr, alpha)
        cairo_restore(out.cr)
    }

    /// The resolution a layer drawn through `h` is rasterised at: one per power of √2 of the
    /// map's scale, so that small scale changes reuse the raster.
    static func resolution(_ h: Homography) -> Double {
        let wanted = h.scaleFactor
        return (wanted.isFinite && wanted > 0) ? Double.pow2(((log2(wanted) * 2).rounded()) / 2) : 1
    }

    /// Makes ahead, on two threads, the rasters of the text layers this frame shows for the first
    /// time, when they need fonts at more than one size: pango's first layout at a size
    /// (fontconfig's match and sort for it, the font's loading) takes milliseconds, and each
    /// thread has a font map of its own (pango gives every thread one), so two sizes load side
    /// by side. The rasters are the ones `draw` would make, which then finds them current; a
    /// layer the cache already holds is `draw`'s to redo if it changed, so that a frame with
    /// nothing new costs one lookup a text layer here.
    /// `maps[i]` is layer i's map to device pixels (damage's); a layer drawn through another
    /// map (flattened under perspective) is rasterised again by `draw`, as before.
    func prepareText(_ tree: RenderTree, maps: [Homography]) {
        guard maps.count == tree.layers.count, tree.layers.indices.contains(where: { tree.layers[$0].kind == .text }) else { return }
        struct Job { let index: Int; let scale: Double; let signature: [Value] }
        struct Size: Hashable { let font: String; let points: Double; let scale: Double }
        var sizes: [Size: Int] = [:]
        var jobs: [[Job]] = [[], []]
        // Drawn only if it and every layer above it are shown (parents come before children).
        var shown = [Bool](repeating: false, count: tree.layers.count)
        for i in tree.layers.indices {
            let parent = tree.layers[i].parent
            shown[i] = (parent < 0 || shown[parent]) && !tree.layers[i].bool(.isHidden) && tree.layers[i].number(.opacity) > 0
            guard shown[i], tree.layers[i].kind == .text, entries[tree.layers[i].id] == nil else { continue }
            let l = tree.layers[i]
            let scale = ContentCache.resolution(maps[i])
            let signature = ContentCache.textProperties.map { l[$0] }
            // The sizes alternate between the threads, in the order they first appear.
            let size = Size(font: l.string(.font), points: l.number(.fontSize), scale: scale)
            let thread = sizes[size] ?? sizes.count % 2
            sizes[size] = thread
            jobs[thread].append(Job(index: i, scale: scale, signature: signature))
        }
        guard sizes.count > 1 else { return }
        func make(_ list: [Job]) -> [(Int, Entry)] {
            list.compactMap { j in
                rasterize(tree.layers[j.index], scale: j.scale, signature: j.signature).map { (tree.layers[j.index].id, $0) }
            }
        }
        var second: [(Int, Entry)] = []
        let job = ParallelJob { second = make(jobs[1]) }
        job.start()
        let first = make(jobs[0])
        job.join()
        for (id, e) in first + second { entries[id] = e }
        madeAhead += first.count + second.count
    }

    private func rasterize(_ l: PresentedLayer, scale s: Double, signature: [Value]) -> Entry? {
        var ext = LayerGeometry.bounds(l)
        var text: ContentDrawing.LaidOutText?
        if l.kind == .shape {
            let probe = Surface(width: 1, height: 1)
            guard let se = ContentDrawing.shapeExtent(l, probe.cr) else { return nil }
            ext = se
        } else if l.kind == .text {
            // A line's bounds are sized for any glyphs and mostly stay empty: drawn only where pango
            // says its ink is (widened by two pixels: pango's box is measured through a probe's
            // matrix, to within rounding of the one drawn with), the raster below is the same.
            let probe = Surface(width: 1, height: 1)
            var m = CairoPaths.matrix(.scale(s, s))
            cairo_set_matrix(probe.cr, &m)
            guard let laidOut = ContentDrawing.LaidOutText(l, measuredThrough: probe.cr), let te = laidOut.extent(l) else { return nil }
            text = laidOut
            let b = ext, pad = 2 / s
            let x0 = max(b.minX, te.minX - pad), y0 = max(b.minY, te.minY - pad)
            ext = Rect(x0, y0, min(b.maxX, te.maxX + pad) - x0, min(b.maxY, te.maxY + pad) - y0)
        }
        let x0 = (ext.minX * s).rounded(.down), y0 = (ext.minY * s).rounded(.down)
        let w = Int(pixels: (ext.maxX * s).rounded(.up) - x0), h = Int(pixels: (ext.maxY * s).rounded(.up) - y0)
        guard w > 0, h > 0, w * h <= 8192 * 8192 else { return nil }
        var surface = Surface(width: w, height: h)
        var toRaster = Homography.scale(s, s).then(.translation(-x0, -y0))
        var m = CairoPaths.matrix(toRaster)
        cairo_set_matrix(surface.cr, &m)
        if let text { text.draw(l, surface.cr) } else { ContentDrawing.shape(l, surface.cr) }
        if l.kind == .text {
            // Text covers a fraction of its bounds: kept to its ink, it composites (and damages) less.
            guard let ink = ContentCache.ink(surface) else { return nil }
            if ink.size.width < Double(w) || ink.size.height < Double(h) {
                let trimmed = Surface(width: Int(ink.size.width), height: Int(ink.size.height))
                cairo_set_operator(trimmed.cr, CAIRO_OPERATOR_SOURCE)
                cairo_set_source_surface(trimmed.cr, surface.surface, -ink.origin.x, -ink.origin.y)
                cairo_paint(trimmed.cr)
                surface = trimmed
                toRaster = toRaster.then(.translation(-ink.origin.x, -ink.origin.y))
            }
        }
        let toLocal = toRaster.inverse!
        let box = Rect(0, 0, Double(surface.width), Double(surface.height)).mapped(toLocal) ?? ext
        return Entry(signature: signature, scale: s, surface: surface, toLocal: toLocal, box: box, used: true)
    }

    /// The pixel box of a surface's non-transparent pixels, or nil when there are none.
    static func ink(_ s: Surface) -> Rect? {
        cairo_surface_flush(s.surface)
        let stride = Int(cairo_image_surface_get_stride(s.surface)) / 4
        let px = UnsafeRawPointer(cairo_image_surface_get_data(s.surface)!).assumingMemoryBound(to: UInt32.self)
        var x0 = s.width, y0 = s.height, x1 = -1, y1 = -1
        for y in 0..<s.height {
            let row = px + y * stride
            for x in 0..<s.width where row[x] >> 24 != 0 {
                x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y)
            }
        }
        guard x1 >= x0, y1 >= y0 else { return nil }
        return Rect(Double(x0), Double(y0), Double(x1 - x0 + 1), Double(y1 - y0 + 1))
    }

    /// Forgets the rasters of layers that were not drawn this frame.
    func endFrame() {
        entries = entries.filter { $0.value.used }
        for k in entries.keys { entries[k]!.used = false }
    }
}

extension Double {
    static func pow2(_ x: Double) -> Double { exp2(x) }
}

import Glibc
