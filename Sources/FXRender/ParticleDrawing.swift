// SPDX-License-Identifier: MIT
import CCairo
import FXCore

/// An emitter layer's particles, drawn in the layer's own coordinates: each
/// one its cell's `contents` (the `contentsRect` part) at the image's size in
/// points times the particle's scale, centred on the particle, turned by its
/// rotation and multiplied by its colour. A cell without contents draws
/// nothing, as in Core Animation. The multiply is exact for white contents
/// (the usual flakes, sparks and dots); coloured contents are tinted through
/// their alpha (docs/emitters.md, "Drawing").
/// `ParticleRaster` draws them when the target is a plain image surface
/// (always, in the renderer); cairo draws them otherwise.
enum ParticleDrawing {
    static func draw(_ field: ParticleField, _ cr: OpaquePointer, images: ImageCache, alpha: Double) {
        guard !field.particles.isEmpty else { return }
        cairo_save(cr)
        if field.additive { cairo_set_operator(cr, CAIRO_OPERATOR_ADD) }
        let sprites: [ParticleRaster.Sprite?] = field.cells.map { cell in
            guard let img = cell.contents, img.width > 0, img.height > 0 else { return nil }
            // The texels the contents rect covers, whole; the rect itself within them.
            let iw = Double(img.width), ih = Double(img.height), r = cell.contentsRect
            let x0 = Int(max(0, min(iw, (r.minX * iw).rounded(.down)))), x1 = Int(max(0, min(iw, (r.maxX * iw).rounded(.up))))
            let y0 = Int(max(0, min(ih, (r.minY * ih).rounded(.down)))), y1 = Int(max(0, min(ih, (r.maxY * ih).rounded(.up))))
            guard x1 > x0, y1 > y0 else { return nil }
            return ParticleRaster.Sprite(mips: images.mips(img, x0: x0, y0: y0, x1: x1, y1: y1),
                                         source: (r.origin.x * iw - Double(x0), r.origin.y * ih - Double(y0),
                                                  r.size.width * iw, r.size.height * ih))
        }
        if ParticleRaster.draw(field, cr, sprites: sprites, alpha: alpha) {
            cairo_restore(cr)
            return
        }
        let surfaces: [(Surface, Double, Double, Rect)?] = field.cells.map { cell in
            guard let img = cell.contents, img.width > 0, img.height > 0 else { return nil }
            return (images.surface(img), Double(img.width), Double(img.height), cell.contentsRect)
        }
        for p in field.particles {
            guard p.scale > 0, p.color.alpha > 0, let (surface, iw, ih, cr0) = surfaces[p.cell] else { continue }
            let sx = cr0.origin.x * iw, sy = cr0.origin.y * ih
            let w = cr0.size.width * iw, h = cr0.size.height * ih
            guard w > 0, h > 0 else { continue }
            cairo_save(cr)
            cairo_translate(cr, p.x, p.y)
            if p.rotation != 0 { cairo_rotate(cr, p.rotation) }
            cairo_scale(cr, p.scale, p.scale)
            cairo_translate(cr, -w / 2, -h / 2)
            cairo_rectangle(cr, 0, 0, w, h)
            cairo_clip(cr)
            let a = p.color.alpha * alpha
            if p.color.red == 1 && p.color.green == 1 && p.color.blue == 1 {
                cairo_set_source_surface(cr, surface.surface, -sx, -sy)
                cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
                cairo_paint_with_alpha(cr, a)
            } else {
                cairo_set_source_rgba(cr, p.color.red, p.color.green, p.color.blue, a)
                cairo_mask_surface(cr, surface.surface, -sx, -sy)
            }
            cairo_restore(cr)
        }
        cairo_restore(cr)
    }

    /// The box around every particle, in the layer's coordinates, or nil when there are none.
    static func bounds(_ field: ParticleField) -> Rect? {
        guard let centres = field.bounds else { return nil }
        var reach = 0.0
        var maxScale = 0.0
        for p in field.particles { maxScale = max(maxScale, p.scale) }
        for c in field.cells {
            guard let img = c.contents else { continue }
            let w = c.contentsRect.size.width * Double(img.width), h = c.contentsRect.size.height * Double(img.height)
            reach = max(reach, (w * w + h * h).squareRoot() / 2 * maxScale)
        }
        reach += 2
        return Rect(centres.origin.x - reach, centres.origin.y - reach,
                    centres.size.width + 2 * reach, centres.size.height + 2 * reach)
    }
}
