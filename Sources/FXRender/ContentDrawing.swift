// SPDX-License-Identifier: MIT
import CCairo
import CPango
import FXCore
import Glibc

/// Draws a layer's own content in its local coordinates (the context's
/// matrix already maps them to the target).
enum ContentDrawing {
    // MARK: - Background and border

    /// `alpha` is the layer's opacity when it is applied directly (a layer that draws one thing needs no group).
    static func background(_ l: PresentedLayer, _ cr: OpaquePointer, alpha: Double = 1) {
        var c = l.color(.backgroundColor).clamped
        guard c.alpha > 0 else { return }
        c.alpha *= alpha
        CairoPaths.roundedRect(LayerGeometry.bounds(l), radius: LayerGeometry.cornerRadius(l), cr)
        CairoPaths.set(c, cr)
        cairo_fill(cr)
    }

    /// The border lies inside the bounds, above the content and the sublayers, as in Core Animation.
    static func border(_ l: PresentedLayer, _ cr: OpaquePointer) {
        let w = l.number(.borderWidth), c = l.color(.borderColor)
        guard w > 0, c.alpha > 0 else { return }
        let b = LayerGeometry.bounds(l)
        let r = LayerGeometry.cornerRadius(l)
        // Even-odd between the outer rounded rect and the inner one inset by the width.
        var outer = Path(), inner = Path()
        outer.addRoundedRect(b, radius: r)
        let inset = Rect(b.origin.x + w, b.origin.y + w, max(0, b.size.width - 2 * w), max(0, b.size.height - 2 * w))
        inner.addRoundedRect(inset, radius: max(0, r - w))
        cairo_new_path(cr)
        CairoPaths.append(outer, to: cr)
        CairoPaths.append(inner, to: cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        CairoPaths.set(c, cr)
        cairo_fill(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
    }

    // MARK: - Image contents

    /// Whether a layer's image may be drawn outside its bounds: a gravity that shows it at its
    /// own size, larger than the bounds, with nothing clipping it to them.
    static func contentsMayOverflow(_ l: PresentedLayer) -> Bool {
        guard case .image(let img?) = l[.contents], !l.bool(.masksToBounds) else { return false }
        switch l.contentsGravity {
        case .resize, .resizeAspect, .resizeAspectFill: return false
        default:
            let b = LayerGeometry.bounds(l)
            return Double(img.width) > b.size.width || Double(img.height) > b.size.height
        }
    }

    /// With `batch`, a paint pixel for pixel is gathered there (for the caller to flush) instead of done now.
    static func contents(_ l: PresentedLayer, _ cr: OpaquePointer, images: ImageCache, alpha: Double = 1,
                         batch: BandedPaint.Batch? = nil) {
        guard case .image(let img?) = l[.contents], img.width > 0, img.height > 0 else { return }
        let b = LayerGeometry.bounds(l)
        let iw = Double(img.width), ih = Double(img.height)
        let gravity = l.contentsGravity
        let dest = l.contentsRect(width: img.width, height: img.height)
        guard dest.size.width > 0, dest.size.height > 0 else { return }
        cairo_save(cr)
        if gravity == .resizeAspectFill {
            cairo_rectangle(cr, b.origin.x, b.origin.y, b.size.width, b.size.height)
            cairo_clip(cr)
        }
        cairo_translate(cr, dest.origin.x, dest.origin.y)
        cairo_scale(cr, dest.size.width / iw, dest.size.height / ih)
        // Drawn much smaller than its pixels: from a halved copy, stretched to the image's size.
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let k = ImageHalving.halvings(m)
        let surface = images.surface(img, halvings: k)
        let sw = Double(surface.width), sh = Double(surface.height)
        if k > 0 { cairo_scale(cr, iw / sw, ih / sh) }
        cairo_set_source_surface(cr, surface.surface, 0, 0)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_rectangle(cr, 0, 0, sw, sh)
        cairo_clip(cr)
        if let plan = BandedPaint.plan(surface.surface, cr, alpha: alpha, owner: surface) {
            if let batch { batch.add(plan) } else { BandedPaint.run([plan]) }
        } else {
            batch?.flush()
            cairo_paint_with_alpha(cr, alpha)
        }
        cairo_restore(cr)
    }

    // MARK: - Gradients

    /// With `strips`, a gradient that changes only down the frame is drawn from a cached strip (the same pixels);
    /// a radial one is drawn by `ramps` (or a new RadialRamp), another linear one by `ramps` when given (pixman's
    /// pattern without them, the reference the strips are held to), pixman's pattern only where they cannot (a
    /// radial one's focal point near or past its ellipse among them).
    static func gradient(_ l: PresentedLayer, _ cr: OpaquePointer, alpha: Double = 1, strips: GradientStrips? = nil,
                         ramps: RadialRamp? = nil) {
        guard case .colors(let colors) = l[.colors], !colors.isEmpty else { return }
        var locations: [Double] = []
        if case .numbers(let locs) = l[.locations], locs.count == colors.count { locations = locs }
        if locations.isEmpty {
            locations = colors.count == 1 ? [0] : (0..<colors.count).map { Double($0) / Double(colors.count - 1) }
        }
        let b = LayerGeometry.bounds(l)
        let s = l.point(.startPoint), e = l.point(.endPoint)
        let sx = b.origin.x + s.x * b.size.width, sy = b.origin.y + s.y * b.size.height
        let ex = b.origin.x + e.x * b.size.width, ey = b.origin.y + e.y * b.size.height
        cairo_save(cr)
        // CAGradientLayer.h: the gradient fills "the shape of the layer (i.e. including rounded corners)".
        CairoPaths.roundedRect(b, radius: LayerGeometry.cornerRadius(l), cr)
        cairo_clip(cr)
        switch l.gradientType {
        case .radial:
            // startPoint is the centre; endPoint's offset from it gives the ellipse's radii.
            let rx = abs(ex - sx), ry = abs(ey - sy)
            guard rx >= minimumRadius, ry >= minimumRadius else {
                // An ellipse of no size: every point lies past the last location (PAD). Scaling a
                // pattern by 1/r near 0 would put cairo's context in an error state that stops
                // all later drawing of the frame.
                let last = zip(colors, locations).enumerated().max { ($0.1.1, $0.0) < ($1.1.1, $1.0) }!.1.0
                cairo_set_source_rgba(cr, last.red, last.green, last.blue, last.alpha)
                cairo_paint_with_alpha(cr, alpha)
                break
            }
            let values = stopValues(colors, locations)
            // The focal point in the ellipse's space, where the ellipse is the unit circle about the origin.
            let f = l.point(.focalOffset)
            var focal = (f.x * b.size.width / rx, f.y * b.size.height / ry)
            if !focal.0.isFinite || !focal.1.isFinite { focal = (0, 0) }  // would put cairo's context in an error state
            if (ramps ?? RadialRamp()).paint(cr, center: Point(sx, sy), radii: (rx, ry), focal: Point(focal.0, focal.1), stops: values,
                                             alpha: alpha) { break }
            // Two circles, as canvas's createRadialGradient(fx, fy, 0, cx, cy, r) and SVG's fx, fy draw them:
            // t is 0 at the focal point and 1 on the ellipse along each ray from it.
            let pattern = cairo_pattern_create_radial(focal.0, focal.1, 0, 0, 0, 1)!
            addStops(pattern, values)
            var m = cairo_matrix_t()
            cairo_matrix_init(&m, 1 / rx, 0, 0, 1 / ry, -sx / rx, -sy / ry)
            cairo_pattern_set_matrix(pattern, &m)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_set_source(cr, pattern)
            cairo_paint_with_alpha(cr, alpha)
            cairo_pattern_destroy(pattern)
        case .conic:
            conic(cr, center: (sx, sy), toward: (ex, ey), bounds: b, colors: colors.map {
                var c = $0; c.alpha *= alpha; return c
            }, locations: locations)
        default:
            var ctm = cairo_matrix_t()
            cairo_get_matrix(cr, &ctm)
            let pattern: OpaquePointer
            if let strips, let p = strips.pattern(id: l.id, stops: stopValues(colors, locations), start: Point(sx, sy),
                                                  end: Point(ex, ey), box: b, ctm: ctm) {
                pattern = p
            } else if let ramps, ramps.paintLinear(cr, start: Point(sx, sy), end: Point(ex, ey), stops: stopValues(colors, locations),
                                                   alpha: alpha) {
                break
            } else {
                pattern = cairo_pattern_create_linear(sx, sy, ex, ey)!
                stops(pattern, colors, locations)
                cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            }
            cairo_set_source(cr, pattern)
            cairo_paint_with_alpha(cr, alpha)
            cairo_pattern_destroy(pattern)
        }
        cairo_restore(cr)
    }

    /// Radii below this (in points) draw a radial gradient as its last colour.
    static let minimumRadius = 1.0 / 1024

    private static func stops(_ p: OpaquePointer, _ colors: [Color], _ locations: [Double]) {
        addStops(p, stopValues(colors, locations))
    }

    /// Adds colour stops given as `stopValues` gives them.
    static func addStops(_ p: OpaquePointer, _ v: [Double]) {
        for i in stride(from: 0, to: v.count - 4, by: 5) { cairo_pattern_add_color_stop_rgba(p, v[i], v[i + 1], v[i + 2], v[i + 3], v[i + 4]) }
    }

    /// The colour stops as cairo takes them: offset, red, green, blue, alpha for each.
    static func stopValues(_ colors: [Color], _ locations: [Double]) -> [Double] {
        zip(colors, locations).flatMap { c, t in
            let k = c.clamped
            return [max(0, min(1, t)), k.red, k.green, k.blue, k.alpha]
        }
    }

    /// A conic sweep: colours by angle around the centre, from the direction
    /// of the end point, clockwise (y down). One cairo mesh pattern of thin
    /// sectors, each a patch whose colour runs from its first edge's to its
    /// last's: painted at once, so neighbouring sectors leave no anti-aliased
    /// seams for the background to show through.
    private static func conic(_ cr: OpaquePointer, center: (Double, Double), toward: (Double, Double), bounds b: Rect,
                              colors: [Color], locations: [Double]) {
        let start = atan2(toward.1 - center.1, toward.0 - center.0)
        let corners = [(b.minX, b.minY), (b.maxX, b.minY), (b.maxX, b.maxY), (b.minX, b.maxY)]
        let radius = corners.map { hypot($0.0 - center.0, $0.1 - center.1) }.max()! * 1.5 + 1
        let sectors = 720
        let mesh = cairo_pattern_create_mesh()!
        for i in 0..<sectors {
            let t0 = Double(i) / Double(sectors), t1 = Double(i + 1) / Double(sectors)
            let a0 = start + t0 * 2 * .pi, a1 = start + t1 * 2 * .pi
            let c0 = colorAt(t0, colors, locations).clamped, c1 = colorAt(t1, colors, locations).clamped
            cairo_mesh_pattern_begin_patch(mesh)
            cairo_mesh_pattern_move_to(mesh, center.0, center.1)
            cairo_mesh_pattern_line_to(mesh, center.0 + radius * cos(a0), center.1 + radius * sin(a0))
            cairo_mesh_pattern_line_to(mesh, center.0 + radius * cos(a1), center.1 + radius * sin(a1))
            cairo_mesh_pattern_line_to(mesh, center.0, center.1)
            for (corner, c) in [(0, c0), (1, c0), (2, c1), (3, c1)] {
                cairo_mesh_pattern_set_corner_color_rgba(mesh, UInt32(corner), c.red, c.green, c.blue, c.alpha)
            }
            cairo_mesh_pattern_end_patch(mesh)
        }
        cairo_set_source(cr, mesh)
        cairo_paint(cr)
        cairo_pattern_destroy(mesh)
    }

    static func colorAt(_ t: Double, _ colors: [Color], _ locations: [Double]) -> Color {
        if t <= locations[0] { return colors[0] }
        for i in 1..<colors.count where t <= locations[i] {
            let span = locations[i] - locations[i - 1]
            let u = span > 0 ? (t - locations[i - 1]) / span : 1
            let a = colors[i - 1], c = colors[i]
            return Color(red: a.red + (c.red - a.red) * u, green: a.green + (c.green - a.green) * u,
                         blue: a.blue + (c.blue - a.blue) * u, alpha: a.alpha + (c.alpha - a.alpha) * u)
        }
        return colors[colors.count - 1]
    }

    // MARK: - Shapes

    /// Fill, then stroke (with caps, joins, dashes and strokeStart/End), as CAShapeLayer.
    /// `alpha` multiplies the colours: the caller's opacity, when `paintsOnce` says that gives a group's result.
    static func shape(_ l: PresentedLayer, _ cr: OpaquePointer, alpha: Double = 1) {
        guard case .path(let path) = l[.path], !path.isEmpty else { return }
        var fill = l.color(.fillColor)
        fill.alpha *= alpha
        if fill.alpha > 0 {
            CairoPaths.add(path, to: cr)
            cairo_set_fill_rule(cr, l.fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            CairoPaths.set(fill, cr)
            cairo_fill(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        }
        var stroke = l.color(.strokeColor)
        stroke.alpha *= alpha
        guard strokes(l), stroke.alpha > 0 else { return }
        let width = l.number(.lineWidth), s = l.number(.strokeStart), e = l.number(.strokeEnd)
        CairoPaths.add(path, to: cr)
        if s > 0 || e < 1 { StrokeTrim.trim(cr, start: s, end: e) }
        cairo_set_line_width(cr, width)
        switch l.lineCap {
        case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
        case .butt: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        }
        switch l.lineJoin {
        case .round: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
        case .miter: cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        }
        cairo_set_miter_limit(cr, l.number(.miterLimit))
        if case .numbers(let dashes) = l[.lineDashPattern], !dashes.isEmpty, dashes.contains(where: { $0 > 0 }) {
            let positive = dashes.map { max(0, $0) }
            cairo_set_dash(cr, positive, Int32(positive.count), l.number(.lineDashPhase))
        }
        CairoPaths.set(stroke, cr)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
    }

    /// Whether the shape's stroke draws anything.
    static func strokes(_ l: PresentedLayer) -> Bool {
        l.color(.strokeColor).alpha > 0 && l.number(.lineWidth) > 0 && l.number(.strokeEnd) > l.number(.strokeStart)
    }

    /// Whether the shape paints its fill or its stroke but not both. Each is one
    /// coverage mask blended once, so an opacity multiplied into its colour gives
    /// what compositing the shape as a group at that opacity gives (to within a
    /// step of 8-bit rounding), without the group's offscreen pass.
    static func paintsOnce(_ l: PresentedLayer) -> Bool {
        (l.color(.fillColor).alpha > 0) != strokes(l)
    }

    /// The shape's extent in local coordinates, strokes included.
    static func shapeExtent(_ l: PresentedLayer, _ cr: OpaquePointer) -> Rect? {
        guard case .path(let path) = l[.path], !path.isEmpty else { return nil }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        CairoPaths.add(path, to: cr)
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_path_extents(cr, &x0, &y0, &x1, &y1)
        cairo_new_path(cr)
        cairo_restore(cr)
        let pad = l.number(.lineWidth) * max(1, l.number(.miterLimit)) / 2 + 1
        return Rect(x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad)
    }

    // MARK: - Text

    /// A text layer's string laid out once, through the matrix it is measured with, for both its
    /// ink box and its drawing: a layout is shaped when first measured, so a second one made to
    /// draw with would shape the string again, each time its text changes. It is drawn through a
    /// matrix that differs from the measuring one by a translation alone (a raster's origin),
    /// which cairo allows: on setting a context's scaled font, its manual asks that the font's
    /// CTM match the context's "except for some translation".
    final class LaidOutText {
        private let p: fx_pango
        private let layout: OpaquePointer
        /// The x of the layout's left end in the layer's local coordinates.
        private let x: Double

        /// Nil for an empty string, or when pango cannot be loaded.
        init?(_ l: PresentedLayer, measuredThrough cr: OpaquePointer) {
            guard let p = Pango.functions, let (layout, x) = ContentDrawing.textLayout(l, cr, p) else { return nil }
            self.p = p
            self.layout = layout
            self.x = x
        }

        deinit { p.g_object_unref(UnsafeMutableRawPointer(layout)) }

        /// The part of the bounds the text paints: the layout's ink box (pango's, which holds every
        /// glyph's outline) clipped to the bounds, in local coordinates; nil when nothing is painted.
        func extent(_ l: PresentedLayer) -> Rect? {
            let b = LayerGeometry.bounds(l)
            var ink = fx_pango_rectangle(), logical = fx_pango_rectangle()
            p.pango_layout_get_extents(layout, &ink, &logical)
            let unit = Double(Pango.scale)
            let box = Rect(x + Double(ink.x) / unit, b.origin.y + Double(ink.y) / unit, Double(ink.width) / unit, Double(ink.height) / unit)
            let x0 = max(box.minX, b.minX), y0 = max(box.minY, b.minY)
            let x1 = min(box.maxX, b.maxX), y1 = min(box.maxY, b.maxY)
            guard x1 > x0, y1 > y0 else { return nil }
            return Rect(x0, y0, x1 - x0, y1 - y0)
        }

        /// CATextLayer: the string from the top of the bounds, aligned in its width, wrapped or
        /// truncated as asked, clipped to the bounds.
        func draw(_ l: PresentedLayer, _ cr: OpaquePointer) {
            let b = LayerGeometry.bounds(l)
            cairo_save(cr)
            cairo_rectangle(cr, b.origin.x, b.origin.y, b.size.width, b.size.height)
            cairo_clip(cr)
            cairo_move_to(cr, x, b.origin.y)
            CairoPaths.set(l.color(.foregroundColor), cr)
            p.pango_cairo_show_layout(cr, layout)
            cairo_restore(cr)
        }
    }

    /// The layer's text laid out, and the x of its left end: the caller releases the layout
    /// (g_object_unref). Nil for an empty string.
    fileprivate static func textLayout(_ l: PresentedLayer, _ cr: OpaquePointer, _ p: fx_pango) -> (OpaquePointer, Double)? {
        let string = l.string(.string)
        guard !string.isEmpty else { return nil }
        let b = LayerGeometry.bounds(l)
        let layout = p.pango_cairo_create_layout(cr)!
        let options = cairo_font_options_create()!
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        p.pango_cairo_context_set_font_options(p.pango_layout_get_context(layout), options)
        cairo_font_options_destroy(options)
        // Glyphs at their fractional advances, as Core Text places them (pango rounds them to whole pixels by default).
        p.pango_context_set_round_glyph_positions(p.pango_layout_get_context(layout), 0)
        p.pango_layout_context_changed(layout)

        let font = p.pango_font_description_new()!
        p.pango_font_description_set_family(font, fontFamily(l.string(.font)))
        p.pango_font_description_set_absolute_size(font, max(0.1, l.number(.fontSize)) * Double(Pango.scale))
        p.pango_layout_set_font_description(layout, font)
        p.pango_font_description_free(font)
        p.pango_layout_set_text(layout, string, -1)
        TextRunAttributes.apply(l, text: string, to: layout, p)

        let width = Int32(max(1, b.size.width) * Double(Pango.scale))
        let truncation = l.truncationMode
        if l.bool(.isWrapped) {
            p.pango_layout_set_width(layout, width)
            p.pango_layout_set_wrap(layout, Int32(FX_PANGO_WRAP_WORD_CHAR))
        } else if truncation != .none {
            p.pango_layout_set_width(layout, width)
            let ellipsis = switch truncation {
            case .start: FX_PANGO_ELLIPSIZE_START
            case .middle: FX_PANGO_ELLIPSIZE_MIDDLE
            case .end, .none: FX_PANGO_ELLIPSIZE_END
            }
            p.pango_layout_set_ellipsize(layout, Int32(ellipsis))
        }
        let alignment = l.alignmentMode
        var x = b.origin.x
        if p.pango_layout_get_width(layout) > 0 {
            switch alignment {
            case .center: p.pango_layout_set_alignment(layout, Int32(FX_PANGO_ALIGN_CENTER))
            case .right: p.pango_layout_set_alignment(layout, Int32(FX_PANGO_ALIGN_RIGHT))
            case .justified: p.pango_layout_set_justify(layout, 1)
            case .natural, .left: p.pango_layout_set_alignment(layout, Int32(FX_PANGO_ALIGN_LEFT))
            }
        } else {
            // One unwrapped line: align it in the bounds ourselves.
            var ink = fx_pango_rectangle(), logical = fx_pango_rectangle()
            p.pango_layout_get_extents(layout, &ink, &logical)
            let w = Double(logical.width) / Double(Pango.scale)
            if alignment == .center { x += (b.size.width - w) / 2 } else if alignment == .right { x += b.size.width - w }
        }
        return (layout, x)
    }

    /// UIKit names mapped to families fontconfig can match; others pass through
    /// (fontconfig substitutes the closest installed family).
    static func fontFamily(_ name: String) -> String {
        let table: [(String, String)] = [
            ("HelveticaNeue", "Helvetica Neue, Helvetica, DejaVu Sans, Sans"), ("Helvetica", "Helvetica, DejaVu Sans, Sans"),
            ("System", "DejaVu Sans, Sans"), ("", "Sans"),
        ]
        return table.first { $0.0 == name }?.1 ?? name + ", Sans"
    }
}
