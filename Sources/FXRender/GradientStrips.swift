// SPDX-License-Identifier: MIT
import CCairo
import FXCore

/// Axial gradients that change only down the frame (a CAGradientLayer's
/// default, startPoint (0.5, 0) to endPoint (0.5, 1), on a layer that is not
/// rotated), drawn from a cached strip of their colours instead of working
/// each colour out again for every pixel of every frame.
///
/// Such a gradient's colour at a device pixel depends on the pixel's row
/// alone, so a strip 64 pixels wide holding the pattern at those rows, repeated
/// across, is the very same source: the strip is the pattern drawn through the
/// same map, moved by a whole number of rows, and is painted through the same
/// clip, operator and opacity, so the pixels are those of drawing the pattern
/// directly. A strip is kept while its layer's gradient and vertical mapping
/// stay the same; it is made again when they change (a sweep of locations).
final class GradientStrips {
    /// Everything the strip's pixels depend on.
    struct Key: Equatable {
        let stops: [Double]
        let start, end: Double
        let yy, y0: Double
        let firstRow, rows: Int
    }
    private struct Entry {
        let key: Key
        let strip: Surface
        var used: Bool
    }
    private var entries: [Int: Entry] = [:]

    static let width = 64
    /// Taller strips are not kept: such a gradient is drawn directly.
    static let maxRows = 16384

    /// A source pattern for layer `id`'s linear gradient from `start` to `end` (local points on
    /// one vertical line) with `stops` (offset, r, g, b, a each), for a context whose matrix is
    /// `ctm`; nil when the gradient changes across a row. The caller owns the pattern.
    func pattern(id: Int, stops: [Double], start: Point, end: Point, box: Rect, ctm: cairo_matrix_t) -> OpaquePointer? {
        guard start.x == end.x, ctm.xy == 0, ctm.yx == 0, ctm.yy != 0, ctm.xx != 0 else { return nil }
        let top = ctm.yy * box.minY + ctm.y0, bottom = ctm.yy * box.maxY + ctm.y0
        let low = min(top, bottom).rounded(.down), high = max(top, bottom).rounded(.up)
        guard low.isFinite, high.isFinite, abs(low) < 1e7, high - low >= 1, high - low <= Double(GradientStrips.maxRows) else {
            return nil
        }
        let key = Key(stops: stops, start: start.y, end: end.y, yy: ctm.yy, y0: ctm.y0, firstRow: Int(low), rows: Int(high - low))
        let strip: Surface
        if let e = entries[id], e.key == key {
            strip = e.strip
        } else {
            strip = GradientStrips.draw(key, start: start, end: end, ctm: ctm)
        }
        entries[id] = Entry(key: key, strip: strip, used: true)
        let p = cairo_pattern_create_for_surface(strip.surface)!
        cairo_pattern_set_extend(p, CAIRO_EXTEND_REPEAT)
        cairo_pattern_set_filter(p, CAIRO_FILTER_NEAREST)
        // User space → strip pixels: through the context's matrix to device pixels, then up by the first row.
        var m = ctm
        m.y0 -= Double(key.firstRow)
        cairo_pattern_set_matrix(p, &m)
        return p
    }

    /// The pattern drawn through `ctm`, moved up by the first row, over the whole strip.
    private static func draw(_ key: Key, start: Point, end: Point, ctm: cairo_matrix_t) -> Surface {
        let strip = Surface(width: width, height: key.rows)
        var m = ctm
        m.y0 -= Double(key.firstRow)
        cairo_set_matrix(strip.cr, &m)
        let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)!
        ContentDrawing.addStops(pattern, key.stops)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(strip.cr, pattern)
        cairo_set_operator(strip.cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(strip.cr)
        cairo_pattern_destroy(pattern)
        cairo_surface_flush(strip.surface)
        return strip
    }

    /// Forgets the strips of layers that were not drawn this frame.
    func endFrame() {
        entries = entries.filter { $0.value.used }
        for k in entries.keys { entries[k]!.used = false }
    }
}
