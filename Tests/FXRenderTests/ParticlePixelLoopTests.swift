// SPDX-License-Identifier: MIT
import CCairo
import CPixels
@testable import FXCore
import Testing
@testable import FXRender

/// The C pixel loops (fxparticles.h: AVX2 where the CPU has it, SSE2, and the
/// portable loop) against the Swift loop, particle by particle: every kind
/// (grey, colour, tint) × OVER and ADD × clamped samples and samples within
/// the row spans, at many scales (so several mip levels), rotations and
/// fractional positions, clipped at odd columns and rows so that spans end
/// anywhere within a group of pixels, over a noisy background. And one case
/// worked out by hand from pixman's rule.
@Suite struct ParticlePixelLoopTests {
    static let width = 37, height = 29

    func image(_ w: Int, _ h: Int, _ f: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> FXCore.Image {
        var px: [UInt8] = []
        for y in 0..<h { for x in 0..<w { let c = f(x, y); px += [c.0, c.1, c.2, c.3] } }
        return FXCore.Image(width: w, height: h, pixels: px, label: "test")
    }

    /// A grey soft disc (the grey kind), a coloured ring and an odd-sized coloured block with a hole.
    var sprites: [FXCore.Image] {
        let disc = image(16, 16) { x, y in
            let d = ((Double(x) - 7.5) * (Double(x) - 7.5) + (Double(y) - 7.5) * (Double(y) - 7.5)).squareRoot() / 8
            let a = UInt8((max(0, min(1, (1 - d) * 2.5)) * 255).rounded())
            return (a, a, a, a)
        }
        let ring = image(12, 12) { x, y in
            let d = (Double(x) - 5.5) * (Double(x) - 5.5) + (Double(y) - 5.5) * (Double(y) - 5.5)
            let a = UInt8(max(0, min(255, 255 - abs(d - 16) * 20)))
            return (a, UInt8(Int(a) / 2), UInt8(Int(a) / 5), a)
        }
        let block = image(13, 7) { x, y in
            guard !(x == 6 && y == 3) else { return (0, 0, 0, 0) }
            let a = UInt8(120 + (x * 11 + y * 17) % 136)
            return (UInt8(Int(a) * x / 13), a, UInt8(Int(a) * y / 7), a)
        }
        return [disc, ring, block]
    }

    /// Premultiplied noise, the same every run.
    func background() -> [UInt32] {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<(Self.width * Self.height)).map { _ in
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let r = UInt32(truncatingIfNeeded: seed >> 33)
            let a = r & 0xFF
            func ch(_ v: UInt32) -> UInt32 { a == 0 ? 0 : v % (a + 1) }
            return a << 24 | ch(r >> 8 & 0xFF) << 16 | ch(r >> 16 & 0xFF) << 8 | ch(r >> 24)
        }
    }

    func draw(_ placed: ParticleRaster.Placed, on start: [UInt32], additive: Bool, rows: Range<Int>, columns: Range<Int>,
              _ strategy: ParticleRaster.Strategy) -> [UInt32] {
        var pixels = start
        pixels.withUnsafeMutableBufferPointer { buffer in
            let target = ParticleRaster.Target(pixels: buffer.baseAddress!, stride: Self.width, height: Self.height,
                                               additive: additive)
            withUnsafePointer(to: placed) { me in
                ParticleRaster.Placed.draw(me, into: target, rows: rows, columns: columns, strategy: strategy)
            }
        }
        return pixels
    }

    /// Particles of every size from a fifth of a texel a pixel to three pixels a texel, turned or not, off the pixel grid.
    var particles: [Particle] {
        var list: [Particle] = []
        let colours = [Color(white: 1, alpha: 0.93), Color(red: 0.9, green: 0.4, blue: 0.15, alpha: 0.7), Color(white: 1, alpha: 0.31)]
        for (i, scale) in [0.2, 0.33, 0.5, 0.77, 1, 1.6, 3].enumerated() {
            for (j, rotation) in [0, 0.3, Double.pi / 2, 2.1, -0.7].enumerated() {
                let x = 3.3 + Double((i * 5 + j * 7) % 31) + 0.37 * Double(j)
                let y = 2.7 + Double((i * 3 + j * 11) % 24) + 0.21 * Double(i)
                let color = colours[(i + j) % colours.count]
                list.append(Particle(x: x, y: y, z: 0, scale: scale, rotation: rotation, color: color, cell: 0, birth: 0))
            }
        }
        return list
    }

    @Test(arguments: [false, true])
    func theCLoopsDrawTheSwiftLoopsPixels(additive: Bool) throws {
        #if arch(x86_64)
        #expect(fx_particle_vectorised() == 1, "SSE2 is baseline on x86_64: the vector loop must be the one tested")
        #endif
        let start = background()
        var kinds: Set<String> = []
        var changed = 0, compared = 0
        for contents in sprites {
            // The view's pointers are the chain's: it lives to the end of the loop's body.
            let mips = MipChain(contents, x0: 0, y0: 0, x1: contents.width, y1: contents.height)
            defer { withExtendedLifetime(mips) {} }
            let sprite = ParticleRaster.SpriteView(ParticleRaster.Sprite(
                mips: mips, source: (0, 0, Double(contents.width), Double(contents.height))))
            var identity = cairo_matrix_t()
            cairo_matrix_init_identity(&identity)
            for p in particles {
                let placed = try #require(ParticleRaster.Placed(p, sprite, ctm: identity, offset: (0, 0), alpha: 0.95))
                kinds.insert("\(placed.kind) \(placed.spansBound ? "within spans" : "clamped")")
                for (rows, columns) in [(0..<Self.height, 0..<Self.width), (5..<22, 3..<30), (1..<28, 8..<9), (7..<8, 1..<36)] {
                    for rowSpans in [true, false] {
                        for alphaPaths in [true, false] {
                            func loop(_ l: ParticleRaster.PixelLoop) -> [UInt32] {
                                draw(placed, on: start, additive: additive, rows: rows, columns: columns,
                                     .withReference(threads: 1, rowSpans: rowSpans, alphaPaths: alphaPaths, pixelLoop: l))
                            }
                            let swift = loop(.reference), vector = loop(.c), sse2 = loop(.sse2C), portable = loop(.portableC)
                            changed += swift.indices.reduce(0) { $0 + (swift[$1] != start[$1] ? 1 : 0) }
                            compared += 1
                            let what = "\(placed.kind), scale \(p.scale), rotation \(p.rotation), rows \(rows), columns \(columns), "
                                + "spans \(rowSpans), alpha paths \(alphaPaths)"
                            #expect(vector == swift, "vector loop: \(zip(vector, swift).filter { $0 != $1 }.count) pixels differ (\(what))")
                            #expect(sse2 == swift, "SSE2 loop: \(zip(sse2, swift).filter { $0 != $1 }.count) pixels differ (\(what))")
                            #expect(portable == swift, "portable loop: \(zip(portable, swift).filter { $0 != $1 }.count) pixels differ (\(what))")
                        }
                    }
                }
            }
        }
        #expect(changed > compared * 5, "the particles must draw something")
        #expect(kinds.isSuperset(of: ["grey within spans", "grey clamped", "colour within spans", "colour clamped",
                                      "tint within spans", "tint clamped"]), "\(kinds)")
    }

    /// A uniform grey sprite at scale 1 on the pixel grid samples its own alpha at every pixel it covers;
    /// each such pixel is then pixman's OVER (d' = s + MUL(d, 255 − s)) or saturating ADD, worked here per channel.
    @Test(arguments: [false, true], [false, true])
    func aUniformSpriteBlendsByPixmansRule(additive: Bool, tinted: Bool) throws {
        let a = 200
        let contents = image(4, 4) { _, _ in (UInt8(a), UInt8(a), UInt8(a), UInt8(a)) }
        let mips = MipChain(contents, x0: 0, y0: 0, x1: 4, y1: 4)
        defer { withExtendedLifetime(mips) {} }
        let sprite = ParticleRaster.SpriteView(ParticleRaster.Sprite(mips: mips, source: (0, 0, 4, 4)))
        var identity = cairo_matrix_t()
        cairo_matrix_init_identity(&identity)
        let colour = tinted ? Color(red: 1, green: 0.5, blue: 0.2, alpha: 0.8) : Color(white: 1, alpha: 1)
        let p = Particle(x: 10, y: 10, z: 0, scale: 1, rotation: 0, color: colour, cell: 0, birth: 0)
        let placed = try #require(ParticleRaster.Placed(p, sprite, ctm: identity, offset: (0, 0), alpha: 1))
        let start = background()
        func mul(_ x: Int, _ y: Int) -> Int { let t = x * y + 0x80; return (t + (t >> 8)) >> 8 }
        // Premultiplied tint: alpha 0.8 → 204; red 204, green 0.4 → 102, blue 0.16 → 40.8 → 41 (B, G, R, A order below).
        let src: [Int] = tinted ? [41, 102, 204, 204].map { mul($0, a) } : [a, a, a, a]
        for loop in [ParticleRaster.PixelLoop.c, .sse2C, .portableC, .reference] {
            let out = draw(placed, on: start, additive: additive, rows: 0..<Self.height, columns: 0..<Self.width,
                           .withReference(threads: 1, pixelLoop: loop))
            for y in 0..<Self.height {
                for x in 0..<Self.width {
                    let d = start[y * Self.width + x]
                    guard (8..<12).contains(x), (8..<12).contains(y) else {
                        #expect(out[y * Self.width + x] == d, "\(loop): pixel \(x), \(y) is outside the particle")
                        continue
                    }
                    let dst = (0..<4).map { Int(d >> (8 * UInt32($0)) & 0xFF) }
                    let blended = (0..<4).map { c in min(255, src[c] + (additive ? dst[c] : mul(dst[c], 255 - src[3]))) }
                    let expected = blended.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
                    #expect(out[y * Self.width + x] == expected, "\(loop): pixel \(x), \(y)")
                }
            }
        }
    }
}
