// SPDX-License-Identifier: MIT
import CCairo
import FXCore
import Testing
@testable import FXRender

/// A gradient drawn from a cached strip (`GradientStrips`) against the same
/// gradient drawn by cairo directly, through the same map, clip and opacity:
/// the bytes must be the same, on the first frame and on the frames that reuse
/// the strip.
@Suite struct GradientStripTests {
    /// A vertical gradient layer (three stops, translucent ones among them), laid out in a
    /// 200 × 150 stage, as presented.
    static func gradientLayer(cornerRadius: Double, start: Point, end: Point) throws -> PresentedLayer {
        let stage = Stage(size: Size(200, 150))
        let g = stage.makeLayer(.gradient, name: "sky")
        try g.setFrame(Rect(10.3, 7.6, 150.5, 120.25))
        try g.set(.colors, .colors([Color(red: 0.27, green: 0.6, blue: 0.89), Color(red: 0.9, green: 0.2, blue: 0.1, alpha: 0.4),
                                    Color(red: 0.68, green: 0.86, blue: 0.98)]))
        try g.set(.locations, .numbers([0, 0.3, 1]))
        try g.set(.startPoint, .point(start))
        try g.set(.endPoint, .point(end))
        try g.set(.cornerRadius, .number(cornerRadius))
        try stage.root.addSublayer(g)
        return try stage.sample(at: 0).layers[1]
    }

    /// `layer` drawn through `matrix` onto a patterned backdrop, inside `clips` (device rectangles,
    /// fractional ones included), with or without the strips.
    static func drawn(_ layer: PresentedLayer, _ matrix: cairo_matrix_t, alpha: Double, clips: [(Double, Double, Double, Double)],
                      strips: GradientStrips?) -> [UInt8] {
        let out = Surface(width: 300, height: 260)
        for i in 0..<10 {
            cairo_set_source_rgba(out.cr, 0.1 * Double(i), 0.5, 1 - 0.1 * Double(i), 0.7)
            cairo_rectangle(out.cr, Double(i * 30), 0, 15, 260)
            cairo_fill(out.cr)
        }
        for c in clips { cairo_rectangle(out.cr, c.0, c.1, c.2, c.3) }
        if !clips.isEmpty { cairo_clip(out.cr) }
        var m = matrix
        cairo_set_matrix(out.cr, &m)
        ContentDrawing.gradient(layer, out.cr, alpha: alpha, strips: strips)
        return out.rgba()
    }

    @Test(arguments: [0.0, 9.5])
    func aStripGivesTheBytesOfDrawingDirectly(cornerRadius: Double) throws {
        let vertical = try Self.gradientLayer(cornerRadius: cornerRadius, start: Point(0.5, 0), end: Point(0.5, 1))
        let strips = GradientStrips()
        var m = cairo_matrix_t()
        // Whole and fractional offsets, enlarged, shrunk and flipped maps, several frames in a row.
        let maps: [(Double, Double, Double, Double)] = [(1, 1, 0, 0), (1.268, 1.268, 37.18, 3.4), (1.268, 1.268, 41.93, 3.4),
                                                        (0.75, 1.6, 12.5, -20.3), (1, -1, 5, 250.7)]
        let clipSets: [[(Double, Double, Double, Double)]] = [[], [(20, 10, 100, 60), (150, 120, 90, 100)], [(30.4, 22.7, 180.3, 150.9)]]
        for (xx, yy, x0, y0) in maps {
            cairo_matrix_init(&m, xx, 0, 0, yy, x0, y0)
            for clips in clipSets {
                for alpha in [1.0, 0.55] {
                    let direct = Self.drawn(vertical, m, alpha: alpha, clips: clips, strips: nil)
                    for frame in 0..<2 {
                        let cached = Self.drawn(vertical, m, alpha: alpha, clips: clips, strips: strips)
                        // Arrays compared whole (the standard library's loop, optimized); bytes counted only on a failure.
                        #expect(cached == direct, "map \((xx, yy, x0, y0)), clips \(clips), alpha \(alpha), frame \(frame): \(zip(cached, direct).filter { $0 != $1 }.count) bytes differ")
                        strips.endFrame()
                    }
                }
            }
        }
    }

    /// A strip is a shortcut only where the colour is the same along each row: a slanted
    /// gradient, or a rotated map, is drawn directly (and so still right).
    @Test func onlyGradientsThatChangeDownTheFrameUseAStrip() throws {
        let strips = GradientStrips()
        var m = cairo_matrix_t()
        cairo_matrix_init(&m, 1, 0, 0, 1, 0, 0)
        let stops = [0.0, 1, 0, 0, 1, 1, 0, 0, 1, 1]
        let box = Rect(0, 0, 100, 100)
        #expect(strips.pattern(id: 1, stops: stops, start: Point(50, 0), end: Point(50, 100), box: box, ctm: m).map {
            cairo_pattern_destroy($0); return true } == true)
        #expect(strips.pattern(id: 2, stops: stops, start: Point(0, 0), end: Point(100, 100), box: box, ctm: m) == nil)
        cairo_matrix_init(&m, 0.8, 0.6, -0.6, 0.8, 0, 0)
        #expect(strips.pattern(id: 3, stops: stops, start: Point(50, 0), end: Point(50, 100), box: box, ctm: m) == nil)
        // Through the renderer, a rotated vertical gradient still matches cairo's own drawing.
        let layer = try Self.gradientLayer(cornerRadius: 0, start: Point(0.5, 0), end: Point(0.5, 1))
        cairo_matrix_init(&m, 0.8, 0.6, -0.6, 0.8, 120, 10)
        #expect(Self.drawn(layer, m, alpha: 1, clips: [], strips: strips) == Self.drawn(layer, m, alpha: 1, clips: [], strips: nil))
    }
}
