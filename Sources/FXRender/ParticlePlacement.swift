// SPDX-License-Identifier: MIT
import CCairo
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
            if strategy.pixelLoop == .reference || rule == .tintLanes {
                guard let reference = strategy.reference else {
                    preconditionFailure("a strategy asking for the reference pixel loop must give it")
                }
                return reference(me, out, x0, x1, y0, y1, spans, rule)
            }
            drawC(me, out, x0, x1, y0, y1, spans, rule, loop: strategy.pixelLoop)
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
    }
}
