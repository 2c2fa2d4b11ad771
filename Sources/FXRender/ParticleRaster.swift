import CPangoCairo
import Glibc  // libm only
import FXCore

/// A particle image prepared for drawing many small copies: the drawn part
/// of it and its halvings (a mipmap chain, each level the 2×2 box average of
/// the one above, rounded), so that a copy drawn smaller than the image
/// samples a level about its own size instead of skipping texels. Each level
/// has a border of two transparent texels, so bilinear reads at and just past
/// the edges need no tests, and each texel is spread to four 16-bit lanes (`Lanes`).
final class MipChain {
    struct Level {
        /// Texels, without the border.
        let width: Int, height: Int
        /// Where the level's top-left border texel is in `texels`; rows are `width + 4` long.
        let offset: Int
    }
    let levels: [Level]
    let texels: UnsafeMutablePointer<UInt64>

    /// The chain of `image`'s pixels `x0..<x1` × `y0..<y1`.
    init(_ image: FXCore.Image, x0: Int, y0: Int, x1: Int, y1: Int) {
        var top = [UInt32](repeating: 0, count: (x1 - x0) * (y1 - y0))
        image.pixels.withUnsafeBufferPointer { src in
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let j = (y * image.width + x) * 4
                    top[(y - y0) * (x1 - x0) + x - x0] =
                        UInt32(src[j + 3]) << 24 | UInt32(src[j]) << 16 | UInt32(src[j + 1]) << 8 | UInt32(src[j + 2])
                }
            }
        }
        var plain = [(x1 - x0, y1 - y0, top)]
        while let (w, h, px) = plain.last, w > 1 || h > 1, plain.count < 12 {
            let nw = (w + 1) / 2, nh = (h + 1) / 2
            var next = [UInt32](repeating: 0, count: nw * nh)
            for y in 0..<nh {
                for x in 0..<nw {
                    var sum: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
                    for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] where 2 * x + dx < w && 2 * y + dy < h {
                        let v = px[(2 * y + dy) * w + 2 * x + dx]
                        sum.0 += v >> 24; sum.1 += v >> 16 & 0xFF; sum.2 += v >> 8 & 0xFF; sum.3 += v & 0xFF
                    }
                    next[y * nw + x] = ((sum.0 + 2) / 4) << 24 | ((sum.1 + 2) / 4) << 16 | ((sum.2 + 2) / 4) << 8 | (sum.3 + 2) / 4
                }
            }
            plain.append((nw, nh, next))
        }
        var levels: [Level] = []
        var total = 0
        for (w, h, _) in plain {
            levels.append(Level(width: w, height: h, offset: total))
            total += (w + 4) * (h + 4)
        }
        let texels = UnsafeMutablePointer<UInt64>.allocate(capacity: total)
        texels.initialize(repeating: 0, count: total)
        for (level, (w, _, px)) in zip(levels, plain) {
            for (i, v) in px.enumerated() { texels[level.offset + (i / w + 2) * (w + 4) + i % w + 2] = Lanes.spread(v) }
        }
        self.levels = levels
        self.texels = texels
    }

    deinit { texels.deallocate() }
}

/// Four 8-bit channels held in the low bytes of four 16-bit lanes of a
/// 64-bit word (A, G, R, B from the top), so that one multiply scales all
/// four without carries between them.
enum Lanes {
    static let mask: UInt64 = 0x00FF_00FF_00FF_00FF

    /// cairo's ARGB32 word → lanes.
    @inline(__always) static func spread(_ p: UInt32) -> UInt64 {
        let x = UInt64(p)
        return (x & 0x00FF_00FF) | (x & 0xFF00_FF00) << 24
    }

    /// Lanes → cairo's ARGB32 word.
    @inline(__always) static func pack(_ x: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: (x & 0x00FF_00FF) | (x >> 24 & 0xFF00_FF00))
    }

    @inline(__always) static func alpha(_ x: UInt64) -> UInt64 { x >> 48 }

    /// (a·(256 − w) + b·w) / 256 per channel, w in 0…255.
    @inline(__always) static func lerp(_ a: UInt64, _ b: UInt64, _ w: UInt64) -> UInt64 {
        (a &* (256 &- w) &+ b &* w) >> 8 & mask
    }

    /// x · a / 256 per channel, a in 0…256.
    @inline(__always) static func scale256(_ x: UInt64, _ a: UInt64) -> UInt64 { (x &* a) >> 8 & mask }

    /// x · a / 255 per channel, rounded as pixman rounds, a in 0…255.
    @inline(__always) static func mul255(_ x: UInt64, _ a: UInt64) -> UInt64 {
        let t = x &* a &+ 0x0080_0080_0080_0080
        return (t &+ (t >> 8 & mask)) >> 8 & mask
    }

    /// a + b per channel, saturating at 255.
    @inline(__always) static func add(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let s = a &+ b
        let over = s & 0x0100_0100_0100_0100
        return (s | (over &- (over >> 8))) & mask
    }
}

/// Particles composited straight into an image surface's pixels, bilinear
/// from the mip level nearest their size, with cairo's operators (OVER, or
/// ADD for additive emitters) and pixman's rounding: cairo pays, per paint, a
/// pattern, a clip and (scaling down) a filter kernel, which for thousands
/// of small sprites costs far more than their pixels.
enum ParticleRaster {
    /// What a cell's particles draw: its image's chain and the drawn part
    /// (`contentsRect`) in the chain's level-0 texels.
    struct Sprite {
        let mips: MipChain
        let source: (x: Double, y: Double, w: Double, h: Double)
    }

    /// Bands of rows drawn as one piece of work (32 rows of a 1280-wide target is 160 KiB: cache-sized).
    static let bandHeight = 32

    /// Draws `field` through `cr`'s matrix onto its current target; false when
    /// that is not an ARGB32 image surface clipped to whole-pixel rectangles
    /// (or the operator is neither OVER nor ADD), for the caller to draw with cairo.
    static func draw(_ field: ParticleField, _ cr: OpaquePointer, sprites: [Sprite?], alpha: Double) -> Bool {
        let surface = cairo_get_group_target(cr)
        guard cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32 else { return false }
        let op = cairo_get_operator(cr)
        guard op == CAIRO_OPERATOR_OVER || op == CAIRO_OPERATOR_ADD else { return false }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        var ox = 0.0, oy = 0.0
        cairo_surface_get_device_offset(surface, &ox, &oy)
        var ctm = cairo_matrix_t()
        cairo_get_matrix(cr, &ctm)
        guard let clips = deviceClip(cr, offset: (ox, oy), width: width, height: height) else { return false }
        guard !clips.isEmpty else { return true }
        var placed: [Placed] = []
        placed.reserveCapacity(field.particles.count)
        for p in field.particles {
            guard p.scale > 0, p.color.alpha > 0, p.cell < sprites.count, let sprite = sprites[p.cell],
                  let one = Placed(p, sprite, ctm: ctm, offset: (ox, oy), alpha: alpha) else { continue }
            placed.append(one)
        }
        // Band by band of rows, each band's particles in their order: every pixel sees the
        // same sequence as drawing them one after another, the rows being written stay in
        // cache, and bands, having no pixels in common, are shared between two threads.
        let bands = (height + bandHeight - 1) / bandHeight
        var members = [[Int32]](repeating: [], count: bands)
        for (i, q) in placed.enumerated() {
            let b0 = max(0, q.box.y0 / bandHeight), b1 = min(bands - 1, (q.box.y1 - 1) / bandHeight)
            guard b0 <= b1 else { continue }
            for b in b0...b1 { members[b].append(Int32(i)) }
        }
        cairo_surface_flush(surface)
        let target = Target(pixels: UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!).assumingMemoryBound(to: UInt32.self),
                            stride: Int(cairo_image_surface_get_stride(surface)) / 4, height: height,
                            additive: op == CAIRO_OPERATOR_ADD)
        placed.withUnsafeBufferPointer { all in
            members.withUnsafeBufferPointer { lists in
                let work = Bands(all: all, lists: lists, clips: clips, target: target)
                if placed.count >= 2_000 {
                    let second = ParallelJob { work.draw(parity: 1) }
                    second.start()
                    work.draw(parity: 0)
                    second.join()
                } else {
                    work.draw(parity: 0)
                    work.draw(parity: 1)
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return true
    }

    /// The clip as device-pixel rectangles, or nil when it is not whole-pixel rectangles.
    private static func deviceClip(_ cr: OpaquePointer, offset: (Double, Double), width: Int, height: Int)
        -> [(Int, Int, Int, Int)]? {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        let list = cairo_copy_clip_rectangle_list(cr)
        cairo_restore(cr)
        guard let list else { return nil }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS else { return nil }
        var clips: [(Int, Int, Int, Int)] = []
        for i in 0..<Int(list.pointee.num_rectangles) {
            let r = list.pointee.rectangles[i]
            // Cairo anti-aliases fractional clip edges; those are left to it.
            guard r.x == r.x.rounded(), r.y == r.y.rounded(), r.width == r.width.rounded(), r.height == r.height.rounded(),
                  abs(r.x) < 1e9, abs(r.y) < 1e9, r.width < 1e9, r.height < 1e9 else { return nil }
            let x0 = max(0, Int(r.x + offset.0)), y0 = max(0, Int(r.y + offset.1))
            let x1 = min(width, Int(r.x + r.width + offset.0)), y1 = min(height, Int(r.y + r.height + offset.1))
            if x1 > x0 && y1 > y0 { clips.append((x0, y0, x1, y1)) }
        }
        return clips
    }

    struct Target: @unchecked Sendable {
        let pixels: UnsafeMutablePointer<UInt32>
        let stride: Int
        let height: Int
        let additive: Bool
    }

    /// The bands' work, for either thread: even bands or odd ones.
    struct Bands: @unchecked Sendable {
        let all: UnsafeBufferPointer<Placed>
        let lists: UnsafeBufferPointer<[Int32]>
        let clips: [(Int, Int, Int, Int)]
        let target: Target

        func draw(parity: Int) {
            var b = parity
            while b < lists.count {
                let bandY0 = b * ParticleRaster.bandHeight, bandY1 = min(target.height, bandY0 + ParticleRaster.bandHeight)
                for (cx0, cy0, cx1, cy1) in clips {
                    let y0 = max(cy0, bandY0), y1 = min(cy1, bandY1)
                    guard y1 > y0 else { continue }
                    lists[b].withUnsafeBufferPointer { list in
                        for i in list {
                            all[Int(i)].draw(into: target, rows: y0..<y1, columns: cx0..<cx1)
                        }
                    }
                }
                b += 2
            }
        }
    }

    /// A particle ready to draw: the map from device pixels to its mip level's
    /// texels, its device box and how its colour applies.
    struct Placed {
        /// Device pixel centre (x + ½, y + ½) → level texel, less half a texel (so that the
        /// whole part names the top-left bilinear sample): u = u0 + dux·x + duy·y, v likewise.
        let u0, v0, dux, dvx, duy, dvy: Double
        let box: (x0: Int, y0: Int, x1: Int, y1: Int)
        /// The level's top-left texel (inside the border), its size and row length.
        let texels: UnsafeMutablePointer<UInt64>
        let width, height, rowLength: Int
        let white: Bool
        /// White particles: the alpha as 0…256. Others: the colour premultiplied by it.
        let alpha256: UInt64
        let tint: UInt64

        init?(_ p: Particle, _ sprite: Sprite, ctm: cairo_matrix_t, offset: (Double, Double), alpha: Double) {
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
            let level = min(sprite.mips.levels.count - 1, step >= 2 ? Int(log2(step)) : 0)
            let lv = sprite.mips.levels[level]
            let f = 1 / Double(1 << level)
            // Bilinear reads reach a texel of the level beyond the quad's edge.
            let reach = Double(1 << level) * max((a * a + b * b).squareRoot(), (cc * cc + d * d).squareRoot())
            box = (Int((bx0 - reach).rounded(.down)), Int((by0 - reach).rounded(.down)),
                   Int((bx1 + reach).rounded(.up)), Int((by1 + reach).rounded(.up)))
            width = lv.width; height = lv.height; rowLength = lv.width + 4
            texels = sprite.mips.texels + lv.offset + 2 * rowLength + 2
            dux = ia * f; dvx = ib * f; duy = ic * f; dvy = id * f
            u0 = (ia * (0.5 - tx) + ic * (0.5 - ty) + sx) * f - 0.5
            v0 = (ib * (0.5 - tx) + id * (0.5 - ty) + sy) * f - 0.5
            let pa = min(1, max(0, p.color.alpha * alpha))
            white = p.color.red == 1 && p.color.green == 1 && p.color.blue == 1
            alpha256 = UInt64((pa * 256).rounded())
            tint = white ? 0 : Lanes.spread(ParticleRaster.packed(p.color, pa))
        }

        /// The pixels `x` of a row where `lo ≤ start + step·x < hi`, within `xs`.
        @inline(__always) private static func span(_ start: Double, _ step: Double, _ lo: Double, _ hi: Double,
                                                   _ xs: Range<Int>) -> Range<Int> {
            var a = Double(xs.lowerBound), b = Double(xs.upperBound)
            if abs(step) < 1e-12 {
                guard start >= lo, start < hi else { return xs.lowerBound..<xs.lowerBound }
            } else if step > 0 {
                a = max(a, ((lo - start) / step).rounded(.up)); b = min(b, ((hi - start) / step).rounded(.up))
            } else {
                a = max(a, ((hi - start) / step).rounded(.down) + 1); b = min(b, ((lo - start) / step).rounded(.down) + 1)
            }
            guard a < b else { return xs.lowerBound..<xs.lowerBound }
            return Int(a)..<Int(b)
        }

        func draw(into out: Target, rows: Range<Int>, columns: Range<Int>) {
            let x0 = max(columns.lowerBound, box.x0), x1 = min(columns.upperBound, box.x1)
            let y0 = max(rows.lowerBound, box.y0), y1 = min(rows.upperBound, box.y1)
            guard x1 > x0, y1 > y0 else { return }
            let t = texels, rl = rowLength
            let w = width, h = height
            let du = Int((dux * 65536).rounded()), dv = Int((dvx * 65536).rounded())
            for y in y0..<y1 {
                let fy = Double(y)
                let ur = u0 + duy * fy, vr = v0 + dvy * fy
                // Where the top-left sample is inside the bordered level: −1 ≤ u < width, likewise v.
                let xu = Placed.span(ur, dux, -1, Double(w), x0..<x1)
                let xs = Placed.span(vr, dvx, -1, Double(h), xu)
                guard !xs.isEmpty else { continue }
                let fx = Double(xs.lowerBound)
                var uf = Int(((ur + dux * fx) * 65536).rounded(.down)), vf = Int(((vr + dvx * fx) * 65536).rounded(.down))
                let row = out.pixels + y * out.stride
                for x in xs {
                    // Rounding can step just past the span's ends: clamped into the border, those read nothing.
                    let iu = min(w, max(-2, uf >> 16)), iv = min(h, max(-2, vf >> 16))
                    let fu = UInt64(truncatingIfNeeded: uf >> 8 & 0xFF), fv = UInt64(truncatingIfNeeded: vf >> 8 & 0xFF)
                    uf &+= du; vf &+= dv
                    let p = t + (iv &* rl &+ iu)
                    let (t00, t10, t01, t11) = (p[0], p[1], p[rl], p[rl &+ 1])
                    // Most of a round sprite's square is clear: nothing to blend there.
                    guard t00 | t10 | t01 | t11 != 0 else { continue }
                    let texel = Lanes.lerp(Lanes.lerp(t00, t10, fu), Lanes.lerp(t01, t11, fu), fv)
                    let src = white ? Lanes.scale256(texel, alpha256) : Lanes.mul255(tint, Lanes.alpha(texel))
                    guard src != 0 else { continue }
                    let dst = Lanes.spread(row[x])
                    let under = out.additive ? dst : Lanes.mul255(dst, 255 &- Lanes.alpha(src))
                    row[x] = Lanes.pack(Lanes.add(src, under))
                }
            }
        }
    }

    /// A colour at alpha `a`, premultiplied, as an ARGB32 word.
    static func packed(_ c: Color, _ a: Double) -> UInt32 {
        func ch(_ v: Double) -> UInt32 { UInt32((min(1, max(0, v)) * 255).rounded()) }
        let al = min(1, max(0, a))
        return ch(al) << 24 | ch(c.red * al) << 16 | ch(c.green * al) << 8 | ch(c.blue * al)
    }
}
