// SPDX-License-Identifier: MIT
import CCairo
import CPixels
@testable import FXCore
import Foundation
import Testing
@testable import FXRender

/// Placement in C (`fx_particle_place`) against the same rules written again
/// here in Swift, as fxhost placed particles before the placement moved to C:
/// every field must be the same, bit for bit, for particles of every size,
/// turn and colour, through plain, scaled, turned and skewed matrices, and the
/// same particles must be refused.
@Suite struct ParticlePlacementTests {
    struct Expected: Equatable {
        var u = 0, v = 0, dux = 0, dvx = 0, duy = 0, dvy = 0
        var left = [Double](), right = [Double](), slope = [Double]()
        var box = [Int](), origin = 0, width = 0, height = 0
        var spansBound = false, white = false, grey = false, alpha256 = 0, tint: UInt32 = 0
    }

    /// The placement rules in Swift: the sprite's part (sx, sy, w, h) centred on the particle, scaled,
    /// turned, through `ctm` and the offset; the level from the texel step a pixel; the box the bilinear
    /// reads reach; samples in fixed point at the box's corner; the row edges; the colour.
    func expected(_ p: Particle, levels: [MipChain.Level], source: (Double, Double, Double, Double), grey: Bool,
                  ctm: cairo_matrix_t, offset: (Double, Double), alpha: Double) -> Expected? {
        func ceiling(_ x: Double) -> Int { let i = Int(x); return Double(i) < x ? i + 1 : i }
        func edges(_ s0: Double, _ sx: Double, _ sy: Double, _ size: Double) -> (Double, Double, Double) {
            guard abs(sx) > 1e-3 else { return (-1e9, 1e9, 0) }
            let a = (-1 - s0) / sx, b = (size - s0) / sx
            return sx > 0 ? (a, b, -sy / sx) : (b, a, -sy / sx)
        }
        let (sx, sy, w, h) = source
        guard w > 0, h > 0 else { return nil }
        let c = cos(p.rotation) * p.scale, s = sin(p.rotation) * p.scale
        let a = ctm.xx * c + ctm.xy * s, b = ctm.yx * c + ctm.yy * s
        let cc = -ctm.xx * s + ctm.xy * c, d = -ctm.yx * s + ctm.yy * c
        let tx = ctm.xx * p.x + ctm.xy * p.y + ctm.x0 + offset.0 - (a * w / 2 + cc * h / 2)
        let ty = ctm.yx * p.x + ctm.yy * p.y + ctm.y0 + offset.1 - (b * w / 2 + d * h / 2)
        let det = a * d - b * cc
        guard det.isFinite, abs(det) > 1e-12 else { return nil }
        let xs = (tx, tx + a * w, tx + cc * h, tx + a * w + cc * h)
        let ys = (ty, ty + b * w, ty + d * h, ty + b * w + d * h)
        let bx0 = min(min(xs.0, xs.1), min(xs.2, xs.3)), bx1 = max(max(xs.0, xs.1), max(xs.2, xs.3))
        let by0 = min(min(ys.0, ys.1), min(ys.2, ys.3)), by1 = max(max(ys.0, ys.1), max(ys.2, ys.3))
        guard bx0 > -1e9, by0 > -1e9, bx1 < 1e9, by1 < 1e9 else { return nil }
        let ia = d / det, ib = -b / det, ic = -cc / det, id = a / det
        let step = max((ia * ia + ib * ib).squareRoot(), (ic * ic + id * id).squareRoot())
        let level = min(levels.count - 1, step >= 2 ? Int(step.exponent) : 0)
        let lv = levels[level]
        let f = 1 / Double(1 << level)
        let reach = Double(1 << level) * max((a * a + b * b).squareRoot(), (cc * cc + d * d).squareRoot())
        guard reach < 1e9 else { return nil }
        var e = Expected()
        e.box = [-ceiling(reach - bx0), -ceiling(reach - by0), ceiling(bx1 + reach), ceiling(by1 + reach)]
        e.width = lv.width; e.height = lv.height
        e.origin = lv.offset + 2 * (lv.width + 4) + 2
        let dx = (u: ia * f, v: ib * f), dy = (u: ic * f, v: id * f)
        let u0 = (ia * (0.5 - tx) + ic * (0.5 - ty) + sx) * f - 0.5
        let v0 = (ib * (0.5 - tx) + id * (0.5 - ty) + sy) * f - 0.5
        let corner = (u: u0 + dx.u * Double(e.box[0]) + dy.u * Double(e.box[1]), v: v0 + dx.v * Double(e.box[0]) + dy.v * Double(e.box[1]))
        let span = (x: Double(e.box[2] - e.box[0]), y: Double(e.box[3] - e.box[1]))
        func bounded(_ o: Double, _ sx: Double, _ sy: Double) -> Bool {
            abs(sx) < 1e6 && abs(sy) < 1e6 && abs(o) + abs(sx) * span.x + abs(sy) * span.y < 1e9
        }
        guard bounded(corner.u, dx.u, dy.u), bounded(corner.v, dx.v, dy.v) else { return nil }
        let one = 4_294_967_296.0
        e.u = Int(corner.u * one); e.v = Int(corner.v * one)
        e.dux = Int(dx.u * one); e.dvx = Int(dx.v * one)
        e.duy = Int(dy.u * one); e.dvy = Int(dy.v * one)
        let eu = edges(u0, dx.u, dy.u, Double(lv.width)), ev = edges(v0, dx.v, dy.v, Double(lv.height))
        e.left = [eu.0, ev.0]; e.right = [eu.1, ev.1]; e.slope = [eu.2, ev.2]
        e.spansBound = abs(dx.u) > 1e-3 && abs(dx.v) > 1e-3 && abs(dx.u) < 65536 && abs(dx.v) < 65536
        let pa = min(1, max(0, p.color.alpha * alpha))
        e.white = p.color.red == 1 && p.color.green == 1 && p.color.blue == 1
        e.grey = e.white && grey
        e.alpha256 = Int((pa * 256).rounded())
        func ch(_ v: Double) -> UInt32 { UInt32((min(1, max(0, v)) * 255).rounded()) }
        e.tint = e.white ? 0 : ch(pa) << 24 | ch(p.color.red * pa) << 16 | ch(p.color.green * pa) << 8 | ch(p.color.blue * pa)
        return e
    }

    func found(_ q: ParticleRaster.Placed, _ mips: MipChain) -> Expected {
        let c = q.c
        var e = Expected()
        e.u = Int(c.u); e.v = Int(c.v); e.dux = Int(c.dux); e.dvx = Int(c.dvx); e.duy = Int(c.duy); e.dvy = Int(c.dvy)
        e.left = [c.left_u, c.left_v]; e.right = [c.right_u, c.right_v]; e.slope = [c.slope_u, c.slope_v]
        e.box = [q.box.x0, q.box.y0, q.box.x1, q.box.y1]
        e.origin = UnsafePointer(mips.alphaQuads).distance(to: c.quads!)
        #expect(UnsafePointer(mips.texels).distance(to: c.texels!) == e.origin)
        #expect(UnsafePointer(mips.alphaPairs).distance(to: q.alphaPairs) == e.origin)
        #expect(Int(c.box_x0) == q.box.x0 && Int(c.box_y0) == q.box.y0)
        #expect(Int(c.row_length) == Int(c.width) + 4)
        e.width = Int(c.width); e.height = Int(c.height)
        e.spansBound = q.spansBound; e.white = q.white; e.grey = q.kind == .grey
        #expect(q.kind == (q.white ? (mips.grey ? .grey : .colour) : .tint))
        e.alpha256 = Int(c.alpha256); e.tint = c.tint
        return e
    }

    @Test func cPlacesAsTheSwiftRulesDo() throws {
        var seed: UInt64 = 12_345
        func random() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        let pixels: [UInt8] = (0..<(37 * 23 * 4)).map { (i: Int) -> UInt8 in UInt8(i % 7 * 30) }
        let contents = FXCore.Image(width: 37, height: 23, pixels: pixels, label: "t")
        let mips = MipChain(contents, x0: 0, y0: 0, x1: 37, y1: 23)
        var matrices: [cairo_matrix_t] = []
        let coefficients: [(Double, Double, Double, Double, Double, Double)] = [
            (1, 0, 0, 1, 0, 0), (2, 0, 0, 2, 10.5, -3.25), (0.6, 0.8, -0.8, 0.6, 100, 40), (1, 0.3, -0.5, 0.7, -20.1, 7.7), (1, 0, 0, -1, 0, 720),
        ]
        for (xx, yx, xy, yy, x0, y0) in coefficients {
            matrices.append(cairo_matrix_t(xx: xx, yx: yx, xy: xy, yy: yy, x0: x0, y0: y0))
        }
        let sources: [(Double, Double, Double, Double)] = [(0, 0, 37, 23), (3.5, 2.25, 20.7, 11.1), (0, 0, 0, 5)]
        var placed = 0, refused = 0, bound = 0, levelsUsed: Set<Int> = []
        for source in sources {
            let sprite = ParticleRaster.SpriteView(ParticleRaster.Sprite(mips: mips, source: source))
            for ctm in matrices {
                for i in 0..<400 {
                    let scale = i % 50 == 0 ? 1e7 : i % 17 == 0 ? 1e-9 : exp(random() * 8 - 5)  // ~0.007 to ~20
                    let rotation = i % 5 == 0 ? 0 : i % 7 == 0 ? Double.pi / 2 : random() * 40 - 20
                    let white = i % 3 != 0
                    let color = Color(red: white ? 1 : random() * 1.2, green: white ? 1 : random(), blue: white ? 1 : random(),
                                      alpha: random() * 1.3 - 0.1)
                    let p = Particle(x: random() * 1400 - 60, y: random() * 800 - 40, z: 0, scale: scale, rotation: rotation,
                                     color: color, cell: 0, birth: 0)
                    let offset = (Double(i % 3) * 0.5, -Double(i % 4))
                    let alpha = i % 11 == 0 ? 1 : random()
                    let want = expected(p, levels: mips.levels, source: source, grey: mips.grey, ctm: ctm, offset: offset, alpha: alpha)
                    let got = ParticleRaster.Placed(p, sprite, ctm: ctm, offset: offset, alpha: alpha)
                    #expect((want == nil) == (got == nil), "particle \(i): placed by one and not the other")
                    guard let want, let got else { refused += 1; continue }
                    placed += 1
                    if got.spansBound { bound += 1 }
                    levelsUsed.insert(mips.levels.firstIndex { $0.width == Int(got.c.width) } ?? -1)
                    #expect(found(got, mips) == want, "particle \(i), scale \(scale), rotation \(rotation)")
                }
            }
        }
        withExtendedLifetime(mips) {}
        #expect(placed > 2_000 && refused > 400 && bound > 1_000 && bound < placed)
        #expect(levelsUsed.count >= 5, "\(levelsUsed)")
    }

    /// Halves round away from zero, as C's `round` does: an alpha of 257/512 is 128.5 of 256,
    /// so 129; a red of 0.5 at alpha 1 is 127.5 of 255, so 128 (alpha 255, green and blue 0).
    @Test func halvesRoundUp() throws {
        let contents = FXCore.Image(width: 4, height: 4, pixels: [UInt8](repeating: 200, count: 64), label: "t")
        let mips = MipChain(contents, x0: 0, y0: 0, x1: 4, y1: 4)
        defer { withExtendedLifetime(mips) {} }
        let sprite = ParticleRaster.SpriteView(ParticleRaster.Sprite(mips: mips, source: (0, 0, 4, 4)))
        var identity = cairo_matrix_t()
        cairo_matrix_init_identity(&identity)
        let white = Particle(x: 10, y: 10, z: 0, scale: 1, rotation: 0, color: Color(white: 1, alpha: 257.0 / 512), cell: 0, birth: 0)
        let placedWhite = try #require(ParticleRaster.Placed(white, sprite, ctm: identity, offset: (0, 0), alpha: 1))
        #expect(placedWhite.c.alpha256 == 129)
        let red = Particle(x: 10, y: 10, z: 0, scale: 1, rotation: 0, color: Color(red: 0.5, green: 0, blue: 0, alpha: 1),
                           cell: 0, birth: 0)
        let placedRed = try #require(ParticleRaster.Placed(red, sprite, ctm: identity, offset: (0, 0), alpha: 1))
        #expect(placedRed.c.tint == 0xFF80_0000)
    }
}
