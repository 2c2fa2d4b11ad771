// SPDX-License-Identifier: MIT
import CCairo
import FXCore
import Testing
@testable import FXRender

/// The rasteriser's shortcuts — visiting only the pixels of a row that can
/// reach the sprite, reading only the alpha where that is all a particle
/// uses, two threads, the C pixel loops (vector and portable) — against its
/// plain form: every pixel of every box, all four channels, one thread, the
/// Swift loop. They must agree byte for byte.
@Suite struct ParticleFastPathTests {
    /// Thousands of particles from a rectangle, turned, scaled from tiny to
    /// large, white and tinted, with spread alpha, over a half-transparent background.
    func field(contents: FXCore.Image, additive: Bool, tinted: Bool) throws -> ParticleField {
        let stage = Stage(size: Size(320, 200))
        let e = stage.makeLayer(.emitter, name: "e")
        try e.setFrame(Rect(0, 0, 320, 200))
        try e.set(.emitterShape, .string("rectangle"))
        try e.set(.emitterPosition, .point(Point(160, 100)))
        try e.set(.emitterSize, .size(Size(360, 240)))
        try e.set(.seed, .number(7))
        if additive { try e.set(.renderMode, .string("additive")) }
        var c = EmitterCell(name: "c")
        try c.set("contents", .image(contents))
        c[.birthRate] = 1500; c[.lifetime] = 2
        c[.velocity] = 30; c[.emissionRange] = 2 * Double.pi
        c[.scale] = 0.9; c[.scaleRange] = 0.85
        c[.spinRange] = 4
        c[.alphaRange] = 0.5
        if tinted { c.color = Color(red: 0.9, green: 0.5, blue: 0.2, alpha: 0.8); c[.redRange] = 0.3 }
        try e.addEmitterCell(c)
        try stage.root.addSublayer(e)
        return try #require(stage.sample(at: 2.5).layer(named: "e")?.particles)
    }

    func draw(_ field: ParticleField, _ strategy: ParticleRaster.Strategy) -> [UInt8] {
        let images = ImageCache()
        let sprites = field.cells.map { c -> ParticleRaster.Sprite? in
            guard let img = c.contents else { return nil }
            return ParticleRaster.Sprite(mips: images.mips(img, x0: 0, y0: 0, x1: img.width, y1: img.height),
                                         source: (0, 0, Double(img.width), Double(img.height)))
        }
        let target = Surface(width: 320, height: 200)
        cairo_set_source_rgba(target.cr, 0.2, 0.3, 0.5, 0.6)
        cairo_paint(target.cr)
        if field.additive { cairo_set_operator(target.cr, CAIRO_OPERATOR_ADD) }
        cairo_set_source_rgba(target.cr, 0, 0, 0, 1)
        #expect(ParticleRaster.draw(field, target.cr, sprites: sprites, alpha: 0.9, strategy: strategy))
        return target.rgba()
    }

    func image(_ n: Int, _ f: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> FXCore.Image {
        var px: [UInt8] = []
        for y in 0..<n { for x in 0..<n { let c = f(x, y); px += [c.0, c.1, c.2, c.3] } }
        return FXCore.Image(width: n, height: n, pixels: px, label: "test")
    }

    /// A soft grey disc (red = green = blue = alpha) and a coloured ring.
    var sprites: [FXCore.Image] {
        let disc = image(16) { x, y in
            let d = ((Double(x) - 7.5) * (Double(x) - 7.5) + (Double(y) - 7.5) * (Double(y) - 7.5)).squareRoot() / 8
            let a = UInt8((max(0, min(1, (1 - d) * 2.5)) * 255).rounded())
            return (a, a, a, a)
        }
        let ring = image(12) { x, y in
            let d = (Double(x) - 5.5) * (Double(x) - 5.5) + (Double(y) - 5.5) * (Double(y) - 5.5)
            let a = UInt8(max(0, min(255, 255 - abs(d - 16) * 20)))
            return (a, UInt8(Int(a) / 2), UInt8(Int(a) / 5), a)
        }
        return [disc, ring]
    }

    @Test(arguments: [false, true], [false, true])
    func shortcutsChangeNoPixel(additive: Bool, tinted: Bool) throws {
        for sprite in sprites {
            let f = try field(contents: sprite, additive: additive, tinted: tinted)
            #expect(f.particles.count > 2_000)
            let plain = draw(f, .withReference(threads: 1, rowSpans: false, alphaPaths: false, pixelLoop: .reference))
            #expect(plain.contains { $0 != 0 })
            for loop in [ParticleRaster.PixelLoop.c, .sse2C, .portableC, .reference] {
                let fast = draw(f, .withReference(pixelLoop: loop))
                let differing = plain == fast ? 0 : zip(plain, fast).filter { $0 != $1 }.count
                #expect(differing == 0, "\(differing) bytes differ (sprite \(sprite.width)×\(sprite.height), \(loop))")
            }
        }
    }

    @Test func theGreyDiscIsGreyAndTheRingIsNot() {
        #expect(MipChain(sprites[0], x0: 0, y0: 0, x1: 16, y1: 16).grey)
        #expect(!MipChain(sprites[1], x0: 0, y0: 0, x1: 12, y1: 12).grey)
    }
}
