import CPangoCairo
import CPixels
import Glibc  // libm only
import FXCore

extension ParticleRaster {
    /// A particle ready to draw: the map from device pixels to its mip level's
    /// texels, its device box, the spans of rows its sprite can reach, and how
    /// its colour applies.
    ///
    /// Each pixel's sample is an integer function of the pixel (fixed point,
    /// 32 fractional bits, from the box's corner), never of where a row's
    /// visit starts, and samples outside the level read its transparent
    /// border: so a pixel's value does not depend on which pixels around it
    /// are visited, and skipping those that cannot reach a texel changes nothing.
    /// Which pixel loop draws a particle. All read the same bilinear sample; `grey` and
    /// `tint` read only its alpha, which is all they use (`tintLanes` is `tint` reading
    /// all four lanes, kept to show that the two agree).
    enum Kind {
        /// A white particle: the sprite's colour × the particle's alpha.
        case colour
        /// A white particle of a grey sprite (`MipChain.grey`).
        case grey
        /// A coloured particle: its colour × the sprite's alpha.
        case tint
        case tintLanes
    }

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

    struct Placed {
        /// The sample at the centre of the box's top-left pixel, in level texels less half a
        /// texel (so that the whole part names the top-left bilinear texel), and its steps
        /// per pixel across (`dux`, `dvx`) and down (`duy`, `dvy`), all × 2³² (rounded toward zero).
        let u, v, dux, dvx, duy, dvy: Int
        /// Pixel x of row y can sample the level only if
        /// max(left.u + slope.u·y, left.v + slope.v·y) ≤ x < min(right.u + slope.u·y, right.v + slope.v·y):
        /// where the top-left sample is inside −1 ≤ u < width, −1 ≤ v < height.
        let left: (u: Double, v: Double), right: (u: Double, v: Double), slope: (u: Double, v: Double)
        /// Both samples change along a row (by more than 1/1000 and less than 2¹⁶ texels a pixel), so
        /// the spans bound them on both sides: every sample in a span is within a tenth of a texel of
        /// −1 ≤ u < width, −1 ≤ v < height, and reads inside the border without clamping.
        let spansBound: Bool
        let box: (x0: Int, y0: Int, x1: Int, y1: Int)
        /// The level's top-left texel (inside the border), its size and row length.
        let texels: UnsafeMutablePointer<UInt64>, alphaPairs: UnsafeMutablePointer<UInt64>
        let alphaQuads: UnsafeMutablePointer<UInt32>
        let width, height, rowLength: Int
        let white: Bool
        let kind: Kind
        /// White particles: the alpha as 0…256. Others: the colour premultiplied by it.
        let alpha256: UInt64
        let tint: UInt64

        init?(_ p: Particle, _ sprite: SpriteView, ctm: cairo_matrix_t, offset: (Double, Double), alpha: Double) {
            let (sx, sy, w, h) = sprite.source
            guard w > 0, h > 0 else { return nil }
            // translate(x, y) · rotate · scale · translate(−w/2, −h/2), then the CTM and the device offset.
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
            // Device → texels of the drawn part; the level follows the texel step per pixel.
            let ia = d / det, ib = -b / det, ic = -cc / det, id = a / det
            let step = max((ia * ia + ib * ib).squareRoot(), (ic * ic + id * id).squareRoot())
            let level = min(sprite.levels.count - 1, step >= 2 ? Int(step.exponent) : 0)
            let lv = sprite.levels[level]
            let f = 1 / Double(1 << level)
            // Bilinear reads reach a texel of the level beyond the quad's edge.
            let reach = Double(1 << level) * max((a * a + b * b).squareRoot(), (cc * cc + d * d).squareRoot())
            guard reach < 1e9 else { return nil }
            box = (-Placed.ceiling(reach - bx0), -Placed.ceiling(reach - by0), Placed.ceiling(bx1 + reach), Placed.ceiling(by1 + reach))
            width = lv.width; height = lv.height; rowLength = lv.width + 4
            texels = sprite.texels + lv.offset + 2 * rowLength + 2
            alphaPairs = sprite.alphaPairs + lv.offset + 2 * rowLength + 2
            alphaQuads = sprite.alphaQuads + lv.offset + 2 * rowLength + 2
            // The sample at device pixel (x, y) is (u0 + dx.u·x + dy.u·y, v0 + dx.v·x + dy.v·y).
            let dx = (u: ia * f, v: ib * f), dy = (u: ic * f, v: id * f)
            let u0 = (ia * (0.5 - tx) + ic * (0.5 - ty) + sx) * f - 0.5
            let v0 = (ib * (0.5 - tx) + id * (0.5 - ty) + sy) * f - 0.5
            let corner = (u: u0 + dx.u * Double(box.x0) + dy.u * Double(box.y0), v: v0 + dx.v * Double(box.x0) + dy.v * Double(box.y0))
            // Every sample in the box stays far inside the fixed-point range.
            let span = (x: Double(box.x1 - box.x0), y: Double(box.y1 - box.y0))
            func bounded(_ o: Double, _ sx: Double, _ sy: Double) -> Bool {
                abs(sx) < 1e6 && abs(sy) < 1e6 && abs(o) + abs(sx) * span.x + abs(sy) * span.y < 1e9
            }
            guard bounded(corner.u, dx.u, dy.u), bounded(corner.v, dx.v, dy.v) else { return nil }
            let one = 4_294_967_296.0
            u = Int(corner.u * one); v = Int(corner.v * one)
            dux = Int(dx.u * one); dvx = Int(dx.v * one)
            duy = Int(dy.u * one); dvy = Int(dy.v * one)
            let eu = Placed.edges(u0, dx.u, dy.u, Double(lv.width)), ev = Placed.edges(v0, dx.v, dy.v, Double(lv.height))
            left = (eu.left, ev.left); right = (eu.right, ev.right); slope = (eu.slope, ev.slope)
            spansBound = abs(dx.u) > 1e-3 && abs(dx.v) > 1e-3 && abs(dx.u) < 65536 && abs(dx.v) < 65536
            let pa = min(1, max(0, p.color.alpha * alpha))
            white = p.color.red == 1 && p.color.green == 1 && p.color.blue == 1
            kind = !white ? .tint : sprite.grey ? .grey : .colour
            alpha256 = UInt64((pa * 256).rounded())
            tint = white ? 0 : Lanes.spread(ParticleRaster.packed(p.color, pa))
        }

        /// For a sample s = s0 + sx·x + sy·y: the pixels x of row y with −1 ≤ s < size are
        /// left + slope·y ≤ x < right + slope·y (every x when s hardly changes along a row).
        private static func edges(_ s0: Double, _ sx: Double, _ sy: Double, _ size: Double)
            -> (left: Double, right: Double, slope: Double) {
            guard abs(sx) > 1e-3 else { return (-1e9, 1e9, 0) }
            let a = (-1 - s0) / sx, b = (size - s0) / sx
            return sx > 0 ? (a, b, -sy / sx) : (b, a, -sy / sx)
        }

        /// ⌈x⌉ for |x| < 2·10⁹, without a call into libm (⌊x⌋ is −⌈−x⌉).
        @inline(__always) static func ceiling(_ x: Double) -> Int {
            let i = Int(x)
            return Double(i) < x ? i + 1 : i
        }

        /// Draws `me`'s pixels in `rows` × `columns` (through a pointer: the struct is large, and not copied).
        static func draw(_ me: UnsafePointer<Placed>, into out: Target, rows: Range<Int>, columns: Range<Int>,
                         strategy: Strategy) {
            let box = me.pointee.box, white = me.pointee.white, kind = me.pointee.kind
            let x0 = columns.lowerBound > box.x0 ? columns.lowerBound : box.x0
            let x1 = columns.upperBound < box.x1 ? columns.upperBound : box.x1
            let y0 = rows.lowerBound > box.y0 ? rows.lowerBound : box.y0
            let y1 = rows.upperBound < box.y1 ? rows.upperBound : box.y1
            guard x1 > x0, y1 > y0 else { return }
            let spans = strategy.rowSpans
            let rule: Kind = strategy.alphaPaths ? kind : white ? .colour : .tintLanes
            if strategy.pixelLoop != .swift && rule != .tintLanes {
                return drawC(me, out, x0, x1, y0, y1, spans, rule, portable: strategy.pixelLoop == .portableC)
            }
            if spans && me.pointee.spansBound {
                draw(me, out, x0, x1, y0, y1, spans, rule, WithinSpans.self)
            } else {
                draw(me, out, x0, x1, y0, y1, spans, rule, Clamped.self)
            }
        }

        /// The same pixels by the C loops (fxparticles.h), which compute them by the same rules.
        private static func drawC(_ me: UnsafePointer<Placed>, _ out: Target, _ x0: Int, _ x1: Int, _ y0: Int, _ y1: Int,
                                  _ spans: Bool, _ rule: Kind, portable: Bool) {
            let q = me.pointee
            var c = fx_particle(
                u: Int64(q.u), v: Int64(q.v), dux: Int64(q.dux), dvx: Int64(q.dvx), duy: Int64(q.duy), dvy: Int64(q.dvy),
                box_x0: Int64(q.box.x0), box_y0: Int64(q.box.y0),
                left_u: q.left.u, left_v: q.left.v, right_u: q.right.u, right_v: q.right.v, slope_u: q.slope.u, slope_v: q.slope.v,
                quads: UnsafePointer(q.alphaQuads), texels: UnsafePointer(q.texels),
                row_length: Int64(q.rowLength), width: Int64(q.width), height: Int64(q.height),
                alpha256: UInt32(q.alpha256), tint: Lanes.pack(q.tint))
            let kind = rule == .grey ? FX_PARTICLE_GREY : rule == .tint ? FX_PARTICLE_TINT : FX_PARTICLE_COLOUR
            var flags: Int32 = out.additive ? FX_PARTICLE_ADD : 0
            if spans { flags |= FX_PARTICLE_SPANS }
            if !(spans && q.spansBound) { flags |= FX_PARTICLE_CLAMP }
            if portable { flags |= FX_PARTICLE_PORTABLE }
            fx_particle_draw(&c, kind, flags, out.pixels, out.stride, Int64(x0), Int64(x1), Int64(y0), Int64(y1))
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
            let t = me.pointee.texels, pairs = me.pointee.alphaPairs, rl = me.pointee.rowLength
            let w = me.pointee.width, h = me.pointee.height
            let left = me.pointee.left, right = me.pointee.right, slope = me.pointee.slope
            let u = me.pointee.u, v = me.pointee.v, dux = me.pointee.dux, dvx = me.pointee.dvx
            let duy = me.pointee.duy, dvy = me.pointee.dvy, box = me.pointee.box
            let alpha256 = me.pointee.alpha256, tint = me.pointee.tint
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
}
