// SPDX-License-Identifier: MIT
import CCairo
import FXCore
import Glibc
import Testing
@testable import FXRender

/// Particles drawn straight into the target's pixels, checked against the
/// image's own pixels and against cairo drawing the same sprites itself.
@Suite struct ParticleRasterTests {
    /// A premultiplied RGBA image of `n`×`n` pixels from a function of (x, y).
    func image(_ n: Int, _ f: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> FXCore.Image {
        var px: [UInt8] = []
        for y in 0..<n { for x in 0..<n { let c = f(x, y); px += [c.0, c.1, c.2, c.3] } }
        return FXCore.Image(width: n, height: n, pixels: px, label: "test")
    }

    /// An emitter at `at` whose cells each give one particle, still, at t = 0.5 (born at 0):
    /// cell i sits `offsets[i]` from the emitter (its acceleration is 8 × the offset: ½·a·0.5²).
    func stage(_ size: Size, at: Point, cells: [(EmitterCell, Point)], additive: Bool = false) throws -> Stage {
        let stage = Stage(size: size)
        let e = stage.makeLayer(.emitter, name: "e")
        try e.setFrame(Rect(0, 0, size.width, size.height))
        try e.set(.emitterPosition, .point(at))
        if additive { try e.set(.renderMode, .string("additive")) }
        for (c, offset) in cells {
            var c = c
            c[.birthRate] = 1; c[.lifetime] = 10
            c[.xAcceleration] = 8 * offset.x; c[.yAcceleration] = 8 * offset.y
            try e.addEmitterCell(c)
        }
        try stage.root.addSublayer(e)
        return stage
    }

    func cell(_ name: String, _ img: FXCore.Image, scale: Double = 1, spin: Double = 0, color: Color = .white) throws -> EmitterCell {
        var c = EmitterCell(name: name)
        try c.set("contents", .image(img))
        c[.scale] = scale
        c[.spin] = spin
        c.color = color
        return c
    }

    @Test func anUnscaledUnturnedParticleOnThePixelGridIsItsImage() throws {
        // Centred on (20, 12): a 4×4 image covers pixels 18…21 × 10…13 exactly.
        let img = image(4) { x, y in
            let a = UInt8(60 * (x + 1)), v = UInt8(min(255, Int(a) * (y + 1) / 4))
            return (v, a / 2, 0, a)
        }
        let s = try stage(Size(40, 24), at: Point(20, 12), cells: [(try cell("c", img), .zero)])
        let frame = try render(s, at: 0.5)
        for y in 0..<24 {
            for x in 0..<40 {
                let inside = (18..<22).contains(x) && (10..<14).contains(y)
                let expected = inside ? Array(img.pixels[((y - 10) * 4 + x - 18) * 4..<((y - 10) * 4 + x - 18) * 4 + 4]).map(Int.init)
                    : [0, 0, 0, 0]
                #expect(rgba(frame, x, y) == expected, "(\(x), \(y))")
            }
        }
    }

    /// Turned, enlarged and tinted sprites, overlapping and crossing a band of
    /// rows, over an opaque background: as cairo draws them with a bilinear filter.
    @Test func turnedScaledAndTintedParticlesMatchCairo() throws {
        let ring = image(8) { x, y in
            let d = (Double(x) - 3.5) * (Double(x) - 3.5) + (Double(y) - 3.5) * (Double(y) - 3.5)
            let a = UInt8(max(0, min(255, 255 - abs(d - 9) * 30)))
            return (a, UInt8(Int(a) * 3 / 4), UInt8(Int(a) / 3), a)
        }
        let square = image(6) { _, _ in (255, 255, 255, 255) }
        let cells = [
            (try cell("a", ring, scale: 3, spin: 1.4), Point(0, 0)),
            (try cell("b", square, scale: 2.5, spin: -0.6, color: Color(red: 0.2, green: 0.6, blue: 1, alpha: 0.7)), Point(9, 5)),
            (try cell("c", ring, scale: 1.7, spin: 3), Point(-14, 6)),
        ]
        let s = try stage(Size(80, 60), at: Point(40.3, 29.6), cells: cells)
        try s.root.set(.backgroundColor, .color(Color(red: 0.1, green: 0.3, blue: 0.2)))
        let snap = try s.sample(at: 0.5)
        let frame = Renderer(stageSize: s.size).render(snap)
        let particles = snap.layer(named: "e")!.particles!
        #expect(particles.particles.count == 3)
        let ref = reference(80, 60) { cr in
            cairo_set_source_rgb(cr, 0.1, 0.3, 0.2)
            cairo_paint(cr)
            for p in particles.particles {
                let img = particles.cells[p.cell].contents!
                let surface = Surface(rgba: img.pixels, width: img.width, height: img.height)
                let w = Double(img.width)
                cairo_save(cr)
                cairo_translate(cr, p.x, p.y)
                cairo_rotate(cr, p.rotation)
                cairo_scale(cr, p.scale, p.scale)
                cairo_translate(cr, -w / 2, -w / 2)
                if p.color == .white {
                    cairo_set_source_surface(cr, surface.surface, 0, 0)
                    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
                    cairo_paint(cr)
                } else {
                    cairo_set_source_rgba(cr, p.color.red, p.color.green, p.color.blue, p.color.alpha)
                    let mask = cairo_pattern_create_for_surface(surface.surface)!
                    cairo_pattern_set_filter(mask, CAIRO_FILTER_BILINEAR)
                    cairo_mask(cr, mask)
                    cairo_pattern_destroy(mask)
                }
                cairo_restore(cr)
            }
        }
        // Pixman weighs bilinear samples in 7 bits, this in 8: a few levels apart at most.
        let d = difference(frame.pixels, ref, threshold: 3)
        #expect(d.max <= 3, "\(d)")
        // Something was drawn where each particle is.
        for p in particles.particles {
            #expect(rgba(frame, Int(p.x), Int(p.y)) != [26, 77, 51, 255], "particle at (\(p.x), \(p.y))")
        }
    }

    @Test func aHalfSizeParticleCoversAQuarterOfTheArea() throws {
        // 16×16 opaque white at scale ½ covers 8×8 pixels: the sum of alpha is 64 × 255,
        // and wholly covered pixels are exactly white, whatever the filter.
        let s = try stage(Size(40, 40), at: Point(20, 20), cells: [(try cell("c", image(16) { _, _ in (255, 255, 255, 255) },
                                                                             scale: 0.5), .zero)])
        let frame = try render(s, at: 0.5)
        var total = 0
        for y in 0..<40 { for x in 0..<40 { total += rgba(frame, x, y)[3] } }
        #expect(abs(total - 64 * 255) <= 255, "coverage \(total)")
        for y in 17..<23 { for x in 17..<23 { #expect(rgba(frame, x, y) == [255, 255, 255, 255], "(\(x), \(y))") } }
    }

    @Test func additiveParticlesAddTheirLightAndSaturate() throws {
        // Two opaque 4×4 squares of (200, 100, 0) premultiplied, on the pixel grid, half overlapping.
        let img = image(4) { _, _ in (200, 100, 0, 255) }
        let s = try stage(Size(20, 10), at: Point(8, 5), cells: [(try cell("a", img), .zero), (try cell("b", img), Point(2, 0))],
                          additive: true)
        let frame = try render(s, at: 0.5)
        #expect(rgba(frame, 6, 4) == [200, 100, 0, 255])
        #expect(rgba(frame, 9, 4) == [255, 200, 0, 255])
        #expect(rgba(frame, 11, 4) == [200, 100, 0, 255])
        #expect(rgba(frame, 12, 4) == [0, 0, 0, 0])
    }
}
