import CPangoCairo
import CPixels
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
        /// What the pixel loops read (fxparticles.h): the sample at the centre of the box's top-left
        /// pixel in level texels less half a texel (so that the whole part names the top-left bilinear
        /// texel) and its steps a pixel across and down, all × 2³² (rounded toward zero); the row spans;
        /// the level's top-left texel (inside the border), its size and row length; the alpha (0…256)
        /// of white particles, the premultiplied colour of others.
        ///
        /// Pixel x of row y can sample the level only if
        /// max(left_u + slope_u·y, left_v + slope_v·y) ≤ x < min(right_u + slope_u·y, right_v + slope_v·y):
        /// where the top-left sample is inside −1 ≤ u < width, −1 ≤ v < height.
        let c: fx_particle
        let box: (x0: Int, y0: Int, x1: Int, y1: Int)
        /// Both samples change along a row (by more than 1/1000 and less than 2¹⁶ texels a pixel), so
        /// the spans bound them on both sides: every sample in a span is within a tenth of a texel of
        /// −1 ≤ u < width, −1 ≤ v < height, and reads inside the border without clamping.
        let spansBound: Bool
        let white: Bool
        let kind: Kind
        /// The level's top-left texel in the chain's alpha pairs, for the Swift loop.
        let alphaPairs: UnsafeMutablePointer<UInt64>

        /// Placed by `fx_particle_place`: the sprite's drawn part centred on the particle, scaled,
        /// turned, through `ctm` and the device offset, from the mip level nearest its texels a pixel.
        init?(_ p: Particle, _ sprite: SpriteView, ctm: cairo_matrix_t, offset: (Double, Double), alpha: Double) {
            var placed = fx_particle(), where_ = fx_particle_box()
            guard Placed.place(p, sprite, ctm: ctm, offset: offset, alpha: alpha, &placed, &where_) else { return nil }
            self.init(placed, where_, sprite)
        }

        private init(_ placed: fx_particle, _ where_: fx_particle_box, _ sprite: SpriteView) {
            c = placed
            box = (Int(where_.x0), Int(where_.y0), Int(where_.x1), Int(where_.y1))
            spansBound = where_.spans_bound != 0
            white = where_.white != 0
            kind = Placed.kind(where_)
            alphaPairs = sprite.alphaPairs + Int(where_.origin)
        }

        private static func kind(_ where_: fx_particle_box) -> Kind {
            where_.kind == FX_PARTICLE_TINT ? .tint : where_.kind == FX_PARTICLE_GREY ? .grey : .colour
        }

        /// The same, made where `slot` points (uninitialised or not: a placement every frame for
        /// every particle, not copied from one place to another on the way); false when the
        /// particle draws nothing.
        static func place(_ p: Particle, _ sprite: SpriteView, ctm: cairo_matrix_t, offset: (Double, Double), alpha: Double,
                          into slot: UnsafeMutablePointer<Placed>) -> Bool {
            let raw = UnsafeMutableRawPointer(slot)
            func at<T>(_ field: PartialKeyPath<Placed>, _: T.Type) -> UnsafeMutableRawPointer {
                raw.advanced(by: MemoryLayout<Placed>.offset(of: field)!)
            }
            var where_ = fx_particle_box()
            guard place(p, sprite, ctm: ctm, offset: offset, alpha: alpha,
                        at(\Placed.c, fx_particle.self).assumingMemoryBound(to: fx_particle.self), &where_) else { return false }
            at(\Placed.box, Int.self).storeBytes(of: (Int(where_.x0), Int(where_.y0), Int(where_.x1), Int(where_.y1)),
                                                 as: (x0: Int, y0: Int, x1: Int, y1: Int).self)
            at(\Placed.spansBound, Bool.self).storeBytes(of: where_.spans_bound != 0, as: Bool.self)
            at(\Placed.white, Bool.self).storeBytes(of: where_.white != 0, as: Bool.self)
            at(\Placed.kind, Kind.self).storeBytes(of: kind(where_), as: Kind.self)
            at(\Placed.alphaPairs, Int.self).storeBytes(of: sprite.alphaPairs + Int(where_.origin),
                                                         as: UnsafeMutablePointer<UInt64>.self)
            return true
        }

        private static func place(_ p: Particle, _ sprite: SpriteView, ctm: cairo_matrix_t, offset: (Double, Double),
                                  alpha: Double, _ out: UnsafeMutablePointer<fx_particle>,
                                  _ where_: UnsafeMutablePointer<fx_particle_box>) -> Bool {
            var input = fx_particle_input(
                x: p.x, y: p.y, scale: p.scale, rotation: p.rotation,
                red: p.color.red, green: p.color.green, blue: p.color.blue, alpha: p.color.alpha,
                xx: ctm.xx, yx: ctm.yx, xy: ctm.xy, yy: ctm.yy, x0: ctm.x0, y0: ctm.y0,
                offset_x: offset.0, offset_y: offset.1, opacity: alpha)
            return withUnsafePointer(to: sprite.placing) { fx_particle_place(&input, $0, out, where_) != 0 }
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
                return drawC(me, out, x0, x1, y0, y1, spans, rule, loop: strategy.pixelLoop)
            }
            if spans && me.pointee.spansBound {
                draw(me, out, x0, x1, y0, y1, spans, rule, WithinSpans.self)
            } else {
                draw(me, out, x0, x1, y0, y1, spans, rule, Clamped.self)
            }
        }

        /// The same pixels by the C loops (fxparticles.h), which compute them by the same rules.
        private static func drawC(_ me: UnsafePointer<Placed>, _ out: Target, _ x0: Int, _ x1: Int, _ y0: Int, _ y1: Int,
                                  _ spans: Bool, _ rule: Kind, loop: PixelLoop) {
            let q = UnsafeRawPointer(me).advanced(by: MemoryLayout<Placed>.offset(of: \Placed.c)!)
                .assumingMemoryBound(to: fx_particle.self)
            let kind = rule == .grey ? FX_PARTICLE_GREY : rule == .tint ? FX_PARTICLE_TINT : FX_PARTICLE_COLOUR
            var flags: Int32 = out.additive ? FX_PARTICLE_ADD : 0
            if spans { flags |= FX_PARTICLE_SPANS }
            if !(spans && me.pointee.spansBound) { flags |= FX_PARTICLE_CLAMP }
            if loop == .portableC { flags |= FX_PARTICLE_PORTABLE }
            if loop == .sse2C { flags |= FX_PARTICLE_SSE2 }
            fx_particle_draw(q, kind, flags, out.pixels, out.stride, Int64(x0), Int64(x1), Int64(y0), Int64(y1))
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
}
