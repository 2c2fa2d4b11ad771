// SPDX-License-Identifier: MIT
import CCairo
import CPango
import FXCore
import Testing
@testable import FXRender

/// A text layer is rasterised only where pango says its ink is (`ContentCache`), not over its
/// whole bounds. The reference here is the text drawn by pango straight into the whole frame,
/// clipped to the bounds, with the settings a CATextLayer is drawn with (no hinting, fractional
/// glyph positions, grey antialiasing): cutting a glyph's overhang, a descender or an accent
/// would show as a difference. The layers sit on whole device pixels, at scales the renderer
/// rasterises at (powers of √2: `ContentCache`), so that the raster is copied, not resampled.
@Suite struct TextInkTests {
    struct Case {
        let string: String
        let size: Double
        let frame: Rect
        let scale: Double
        var alignment = "left"
        var wrapped = false
        var truncation = "none"
    }

    static let cases: [Case] = [
        Case(string: "Ágjpqy|ÅÉ ƒ", size: 24, frame: Rect(10, 8, 220, 50), scale: 1),
        Case(string: "Ágjpqy|ÅÉ ƒ", size: 24, frame: Rect(25, 50, 200, 40), scale: 4),
        Case(string: "Luminosity", size: 15, frame: Rect(0, 0, 100, 30), scale: 2, alignment: "center"),
        Case(string: "WAVY ÿ", size: 31, frame: Rect(5, 5, 150, 60), scale: 1, alignment: "right"),
        Case(string: "a line wrapped onto the next ones, jag", size: 18, frame: Rect(4, 4, 120, 90), scale: 2, wrapped: true),
        Case(string: "truncated in the middle of a long line", size: 18, frame: Rect(4, 4, 140, 30), scale: 1, truncation: "middle"),
        // Bounds smaller than the glyphs: the clip, not the ink, decides.
        Case(string: "Clipped", size: 40, frame: Rect(10, 10, 60, 20), scale: 1),
    ]

    @Test(arguments: cases.indices) func inkRasterIsTheTextDrawnWhole(_ index: Int) throws {
        let c = TextInkTests.cases[index]
        let width = 250.0, height = 125.0  // whole pixels at every scale below
        let stage = Stage(size: Size(width, height))
        try TextInkTests.addLayer(c, to: stage)
        let drawn = Renderer(stageSize: stage.size, scale: c.scale).render(try stage.sample(at: 0))

        let w = Int((width * c.scale).rounded(.up)), h = Int((height * c.scale).rounded(.up))
        let expected = reference(w, h) { cr in TextInkTests.pangoText(c, cr) }
        #expect(drawn.width == w && drawn.height == h)
        let d = difference(drawn.pixels, expected, threshold: 0)
        #expect(d.max == 0, "\(c.string) at \(c.scale)×: \(d)")
        #expect(expected.contains { $0 > 200 }, "the reference draws text")
    }

    /// A white text layer of DejaVu Sans for `c`, added to the stage's root.
    static func addLayer(_ c: Case, to stage: Stage) throws {
        let l = stage.makeLayer(.text, name: "text")
        try l.setFrame(c.frame)
        try l.set(.string, .string(c.string))
        try l.set(.font, .string("DejaVu Sans"))
        try l.set(.fontSize, .number(c.size))
        try l.set(.foregroundColor, .color(.white))
        try l.set(.alignmentMode, .string(c.alignment))
        try l.set(.isWrapped, .bool(c.wrapped))
        try l.set(.truncationMode, .string(c.truncation))
        try stage.root.addSublayer(l)
    }

    /// The text as pango draws it with cairo, into the frame's surface, from the layer's bounds.
    static func pangoText(_ c: Case, _ cr: OpaquePointer) {
        let p = fx_pango_load()!.pointee
        cairo_scale(cr, c.scale, c.scale)
        cairo_translate(cr, c.frame.origin.x, c.frame.origin.y)
        cairo_rectangle(cr, 0, 0, c.frame.size.width, c.frame.size.height)
        cairo_clip(cr)
        let layout = p.pango_cairo_create_layout(cr)!
        defer { p.g_object_unref(UnsafeMutableRawPointer(layout)) }
        let options = cairo_font_options_create()!
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        p.pango_cairo_context_set_font_options(p.pango_layout_get_context(layout), options)
        cairo_font_options_destroy(options)
        p.pango_context_set_round_glyph_positions(p.pango_layout_get_context(layout), 0)
        p.pango_layout_context_changed(layout)
        let font = p.pango_font_description_new()!
        p.pango_font_description_set_family(font, "DejaVu Sans, Sans")
        p.pango_font_description_set_absolute_size(font, c.size * 1024)
        p.pango_layout_set_font_description(layout, font)
        p.pango_font_description_free(font)
        p.pango_layout_set_text(layout, c.string, -1)
        var x = 0.0
        if c.wrapped || c.truncation != "none" {
            p.pango_layout_set_width(layout, Int32(c.frame.size.width * 1024))
            if c.wrapped { p.pango_layout_set_wrap(layout, Int32(FX_PANGO_WRAP_WORD_CHAR)) }
            if c.truncation == "middle" { p.pango_layout_set_ellipsize(layout, Int32(FX_PANGO_ELLIPSIZE_MIDDLE)) }
            p.pango_layout_set_alignment(layout, Int32(FX_PANGO_ALIGN_LEFT))
        } else {
            var ink = fx_pango_rectangle(), logical = fx_pango_rectangle()
            p.pango_layout_get_extents(layout, &ink, &logical)
            let lw = Double(logical.width) / 1024
            if c.alignment == "center" { x = (c.frame.size.width - lw) / 2 } else if c.alignment == "right" { x = c.frame.size.width - lw }
        }
        cairo_move_to(cr, x, 0)
        cairo_set_source_rgba(cr, 1, 1, 1, 1)
        p.pango_cairo_show_layout(cr, layout)
    }
}
