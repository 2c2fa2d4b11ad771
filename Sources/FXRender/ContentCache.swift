import CPangoCairo
import FXCore

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
        var used: Bool
    }
    private var entries: [Int: Entry] = [:]

    /// Shape paths up to this many elements are drawn as vectors every frame (cheaper than resampling a raster).
    static let simplePathElements = 64

    static let textProperties: [Property] = [.string, .font, .fontSize, .foregroundColor, .alignmentMode,
                                             .isWrapped, .truncationMode, .bounds]
    static let shapeProperties: [Property] = [.path, .fillColor, .fillRule, .strokeColor, .lineWidth, .lineCap,
                                              .lineJoin, .miterLimit, .lineDashPattern, .lineDashPhase,
                                              .strokeStart, .strokeEnd]

    /// Draws `l`'s text or shape through `h` (local → `out` pixels).
    func draw(_ l: PresentedLayer, _ h: Homography, into out: Surface, alpha: Double = 1) {
        let properties = l.kind == .text ? ContentCache.textProperties : ContentCache.shapeProperties
        let signature = properties.map { l[$0] }
        // One resolution per power of √2 of the map's scale: small scale changes reuse the raster.
        let wanted = h.scaleFactor
        let bucket = (wanted.isFinite && wanted > 0) ? Double.pow2(((log2(wanted) * 2).rounded()) / 2) : 1
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

    private func rasterize(_ l: PresentedLayer, scale s: Double, signature: [Value]) -> Entry? {
        var ext = LayerGeometry.bounds(l)
        if l.kind == .shape {
            let probe = Surface(width: 1, height: 1)
            guard let se = ContentDrawing.shapeExtent(l, probe.cr) else { return nil }
            ext = se
        }
        let x0 = (ext.minX * s).rounded(.down), y0 = (ext.minY * s).rounded(.down)
        let w = Int(pixels: (ext.maxX * s).rounded(.up) - x0), h = Int(pixels: (ext.maxY * s).rounded(.up) - y0)
        guard w > 0, h > 0, w * h <= 8192 * 8192 else { return nil }
        let surface = Surface(width: w, height: h)
        let toRaster = Homography.scale(s, s).then(.translation(-x0, -y0))
        var m = CairoPaths.matrix(toRaster)
        cairo_set_matrix(surface.cr, &m)
        if l.kind == .text { ContentDrawing.text(l, surface.cr) } else { ContentDrawing.shape(l, surface.cr) }
        return Entry(signature: signature, scale: s, surface: surface, toLocal: toRaster.inverse!, used: true)
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
