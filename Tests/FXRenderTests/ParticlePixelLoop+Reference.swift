// SPDX-License-Identifier: MIT
import CPixels
@testable import FXRender

// The Swift pixel loop: the reference the C loops (fxparticles.h) are tested against, given to the
// raster through a test's `Strategy` (`Strategy.withReference`): it draws every particle when the
// strategy asks for `PixelLoop.reference`, and, with `alphaPaths` off, tinted particles from all four
// lanes (`Kind.tintLanes`). Production draws with the C loops only.

extension ParticleRaster.Strategy {
    /// A strategy whose reference loop is the Swift loop below.
    static func withReference(threads: Int = 2, rowSpans: Bool = true, alphaPaths: Bool = true,
                              pixelLoop: ParticleRaster.PixelLoop = .c) -> Self {
        Self(threads: threads, rowSpans: rowSpans, alphaPaths: alphaPaths, pixelLoop: pixelLoop,
             reference: ParticleRaster.Placed.drawReference)
    }
}

extension ParticleRaster.Placed {
    typealias Kind = ParticleRaster.Kind
    typealias Target = ParticleRaster.Target
    typealias Placed = Self

    /// A pixel loop's kind and operator, as a type.
    protocol PixelRule {
        static var kind: Kind { get }
        static var additive: Bool { get }
    }
    enum ColourOver: PixelRule { static var kind: Kind { .colour }; static var additive: Bool { false } }
    enum ColourAdd: PixelRule { static var kind: Kind { .colour }; static var additive: Bool { true } }
    enum GreyOver: PixelRule { static var kind: Kind { .grey }; static var additive: Bool { false } }
    enum GreyAdd: PixelRule { static var kind: Kind { .grey }; static var additive: Bool { true } }
    enum TintOver: PixelRule { static var kind: Kind { .tint }; static var additive: Bool { false } }
    enum TintAdd: PixelRule { static var kind: Kind { .tint }; static var additive: Bool { true } }
    enum TintLanesOver: PixelRule { static var kind: Kind { .tintLanes }; static var additive: Bool { false } }
    enum TintLanesAdd: PixelRule { static var kind: Kind { .tintLanes }; static var additive: Bool { true } }

    /// Whether a loop clamps each sample into the level's border (needed unless the row
    /// spans are known to keep every sample within a texel of the level), as a type.
    protocol SampleBounds { static var clamped: Bool { get } }
    enum Clamped: SampleBounds { static var clamped: Bool { true } }
    enum WithinSpans: SampleBounds { static var clamped: Bool { false } }

    /// `me`'s pixels by the Swift loop, clamped to the level's border unless the row spans bound the samples.
    static func drawReference(_ me: UnsafePointer<Placed>, _ out: Target, _ x0: Int, _ x1: Int, _ y0: Int,
                              _ y1: Int, _ spans: Bool, _ rule: Kind) {
        if spans && me.pointee.spansBound {
            draw(me, out, x0, x1, y0, y1, spans, rule, WithinSpans.self)
        } else {
            draw(me, out, x0, x1, y0, y1, spans, rule, Clamped.self)
        }
    }

    @inline(__always)
    private static func draw<B: SampleBounds>(_ me: UnsafePointer<Placed>, _ out: Target, _ x0: Int, _ x1: Int, _ y0: Int,
                                              _ y1: Int, _ spans: Bool, _ rule: Kind, _ bounds: B.Type) {
        switch (rule, out.additive) {
        case (.colour, false): draw(me, out, x0, x1, y0, y1, spans, ColourOver.self, B.self)
        case (.colour, true): draw(me, out, x0, x1, y0, y1, spans, ColourAdd.self, B.self)
        case (.grey, false): draw(me, out, x0, x1, y0, y1, spans, GreyOver.self, B.self)
        case (.grey, true): draw(me, out, x0, x1, y0, y1, spans, GreyAdd.self, B.self)
        case (.tint, false): draw(me, out, x0, x1, y0, y1, spans, TintOver.self, B.self)
        case (.tint, true): draw(me, out, x0, x1, y0, y1, spans, TintAdd.self, B.self)
        case (.tintLanes, false): draw(me, out, x0, x1, y0, y1, spans, TintLanesOver.self, B.self)
        case (.tintLanes, true): draw(me, out, x0, x1, y0, y1, spans, TintLanesAdd.self, B.self)
        }
    }

    /// Pixels `x0..<x1` × `y0..<y1`, by `rule` and `bounds` (types, so that each pair gets its own loop).
    private static func draw<R: PixelRule, B: SampleBounds>(_ me: UnsafePointer<Placed>, _ out: Target, _ x0: Int,
                                                            _ x1: Int, _ y0: Int, _ y1: Int, _ rowSpans: Bool,
                                                            _ rule: R.Type, _ bounds: B.Type) {
        let kind = R.kind, additive = R.additive
        let c = me.pointee.c, box = me.pointee.box
        let t = UnsafePointer<UInt64>(c.texels!), pairs = me.pointee.alphaPairs, rl = Int(c.row_length)
        let w = Int(c.width), h = Int(c.height)
        let left = (u: c.left_u, v: c.left_v), right = (u: c.right_u, v: c.right_v), slope = (u: c.slope_u, v: c.slope_v)
        let u = Int(c.u), v = Int(c.v), dux = Int(c.dux), dvx = Int(c.dvx)
        let duy = Int(c.duy), dvy = Int(c.dvy)
        let alpha256 = UInt64(c.alpha256), tint = Lanes.spread(c.tint)
        for y in y0..<y1 {
            var xs = x0, xe = x1
            if rowSpans {
                let fy = Double(y)
                let lu = left.u + slope.u * fy, lv = left.v + slope.v * fy
                let ru = right.u + slope.u * fy, rv = right.v + slope.v * fy
                // A margin of 2⁻²⁰ pixel covers rounding; the border makes extra pixels harmless.
                let lo = (lu > lv ? lu : lv) - 1.0 / 1_048_576, hi = (ru < rv ? ru : rv) + 1.0 / 1_048_576
                guard hi > lo, lo < 1e9, hi > -1e9 else { continue }
                let a = Placed.ceiling(lo > -1e9 ? lo : -1e9), b = Placed.ceiling(hi < 1e9 ? hi : 1e9)
                xs = a > x0 ? a : x0; xe = b < x1 ? b : x1
                guard xs < xe else { continue }
            }
            var uf = u &+ duy &* (y &- box.y0) &+ dux &* (xs &- box.x0)
            var vf = v &+ dvy &* (y &- box.y0) &+ dvx &* (xs &- box.x0)
            let row = out.pixels + y * out.stride
            for x in xs..<xe {
                // Samples outside the level are clamped into its border, which reads nothing
                // (within bounding spans none are more than a texel outside).
                var iu = uf >> 32, iv = vf >> 32
                if B.clamped {
                    iu = iu < -2 ? -2 : iu > w ? w : iu
                    iv = iv < -2 ? -2 : iv > h ? h : iv
                } else {
                    assert(iu >= -2 && iu <= w && iv >= -2 && iv <= h, "a sample outside the border")
                }
                let fu = UInt64(truncatingIfNeeded: uf >> 24) & 0xFF, fv = UInt64(truncatingIfNeeded: vf >> 24) & 0xFF
                uf &+= dux; vf &+= dvx
                let at = iv &* rl &+ iu
                let src: UInt64
                if kind == .colour || kind == .tintLanes {
                    let p = t + at
                    let (t00, t10, t01, t11) = (p[0], p[1], p[rl], p[rl &+ 1])
                    // Most of a round sprite's square is clear: nothing to blend there.
                    guard t00 | t10 | t01 | t11 != 0 else { continue }
                    let texel = Lanes.lerp(Lanes.lerp(t00, t10, fu), Lanes.lerp(t01, t11, fu), fv)
                    src = kind == .colour ? Lanes.scale256(texel, alpha256) : Lanes.mul255(tint, Lanes.alpha(texel))
                } else {
                    // The same bilinear sample of the alpha lane alone: both rows at once, then down.
                    let q0 = pairs[at], q1 = pairs[at &+ 1]
                    guard q0 | q1 != 0 else { continue }
                    let across = (q0 &* (256 &- fu) &+ q1 &* fu) >> 8 & 0x0000_00FF_0000_00FF
                    let a = ((across & 0xFF) &* (256 &- fv) &+ (across >> 32) &* fv) >> 8
                    src = kind == .grey ? ((a &* alpha256) >> 8) &* 0x0001_0001_0001_0001 : Lanes.mul255(tint, a)
                }
                guard src != 0 else { continue }
                let dst = Lanes.spread(row[x])
                let blended: UInt64
                if additive {
                    blended = Lanes.add(src, dst)
                } else if kind == .grey {
                    // Grey over anything stays within 255: s + dst·(255 − s)/255 ≤ 255, rounded as pixman does.
                    blended = src &+ Lanes.mul255(dst, 255 &- Lanes.alpha(src))
                } else {
                    blended = Lanes.add(src, Lanes.mul255(dst, 255 &- Lanes.alpha(src)))
                }
                row[x] = Lanes.pack(blended)
            }
        }
    }
}
