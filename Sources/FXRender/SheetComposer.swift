// SPDX-License-Identifier: MIT
import CCairo
import CPango
import FXCore

/// Pictures made of frames: thumbnails and contact-sheet grids. Drawing is
/// the renderer's business, so the contact-sheet sink only chooses frames.
public enum SheetComposer {
    /// `frame` scaled to `width` pixels wide, aspect kept (unchanged when already narrower).
    public static func thumbnail(_ frame: Frame, width: Int) -> Frame {
        guard width < frame.width, width > 0 else { return frame }
        let height = max(1, Int(pixels: (Double(frame.height) * Double(width) / Double(frame.width)).rounded()))
        let source = Surface(rgba: frame.pixels, width: frame.width, height: frame.height)
        let out = Surface(width: width, height: height)
        cairo_scale(out.cr, Double(width) / Double(frame.width), Double(height) / Double(frame.height))
        cairo_set_source_surface(out.cr, source.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(out.cr), CAIRO_FILTER_BEST)
        cairo_paint(out.cr)
        return Frame(width: width, height: height, pixels: out.rgba(), time: frame.time)
    }

    /// Seconds as a label reads them: up to three decimals, no trailing zeros.
    public static func seconds(_ t: Double) -> String {
        var s = String(Int((t * 1000).rounded()))
        while s.count < 4 { s = "0" + s }
        s.insert(".", at: s.index(s.endIndex, offsetBy: -3))
        while s.last == "0" { s.removeLast() }
        if s.last == "." { s.removeLast() }
        return s
    }

    /// Throws when the labels `grid` draws cannot be drawn (pango cannot be loaded), so that a
    /// run asking for a sheet can fail before it writes anything.
    public static func requireLabels() throws {
        guard Pango.functions != nil else { throw Pango.failure ?? FXError("cannot draw the contact sheet's labels") }
    }

    /// A grid of equally sized cells, `columns` wide, on a dark ground; each
    /// cell shows its frame over a checkerboard (so transparency shows) and its label below.
    /// Throws when the labels cannot be drawn (pango cannot be loaded).
    public static func grid(_ cells: [(frame: Frame, label: String)], columns: Int) throws -> Frame {
        guard let first = cells.first else { return Frame(width: 1, height: 1, pixels: [0, 0, 0, 0], time: 0) }
        let cols = max(1, min(columns, cells.count)), rows = (cells.count + cols - 1) / cols
        let tw = first.frame.width, th = first.frame.height
        let pad = 8, labelHeight = 20
        let sheet = Surface(width: cols * tw + (cols + 1) * pad, height: rows * (th + labelHeight) + (rows + 1) * pad)
        let cr = sheet.cr
        cairo_set_source_rgb(cr, 0.12, 0.12, 0.13)
        cairo_paint(cr)
        for (n, cell) in cells.enumerated() {
            let x = pad + (n % cols) * (tw + pad), y = pad + (n / cols) * (th + labelHeight + pad)
            for cy in stride(from: 0, to: th, by: 8) {
                for cx in stride(from: 0, to: tw, by: 8) {
                    let shade = ((cx / 8) + (cy / 8)) % 2 == 0 ? 0.3 : 0.4
                    cairo_set_source_rgb(cr, shade, shade, shade)
                    cairo_rectangle(cr, Double(x + cx), Double(y + cy), Double(min(8, tw - cx)), Double(min(8, th - cy)))
                    cairo_fill(cr)
                }
            }
            let image = Surface(rgba: cell.frame.pixels, width: cell.frame.width, height: cell.frame.height)
            cairo_set_source_surface(cr, image.surface, Double(x), Double(y))
            cairo_paint(cr)
            guard let p = Pango.functions else { throw Pango.failure ?? FXError("cannot draw the contact sheet's labels") }
            let layout = p.pango_cairo_create_layout(cr)!
            let font = p.pango_font_description_from_string("DejaVu Sans 9")
            p.pango_layout_set_font_description(layout, font)
            p.pango_font_description_free(font)
            p.pango_layout_set_text(layout, cell.label, -1)
            // A label wider than its cell ends in "…" at the cell's edge (the cell is as many
            // points as pixels); the clip holds a cell too narrow for even the ellipsis.
            p.pango_layout_set_width(layout, Int32(clamping: tw * Int(Pango.scale)))
            p.pango_layout_set_ellipsize(layout, Int32(FX_PANGO_ELLIPSIZE_END))
            cairo_save(cr)
            cairo_rectangle(cr, Double(x), Double(y + th), Double(tw), Double(labelHeight))
            cairo_clip(cr)
            cairo_set_source_rgb(cr, 0.85, 0.85, 0.85)
            cairo_move_to(cr, Double(x), Double(y + th + 3))
            p.pango_cairo_show_layout(cr, layout)
            cairo_restore(cr)
            p.g_object_unref(UnsafeMutableRawPointer(layout))
        }
        return Frame(width: sheet.width, height: sheet.height, pixels: sheet.rgba(), time: first.frame.time)
    }
}
