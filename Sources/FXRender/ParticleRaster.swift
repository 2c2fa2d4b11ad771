// SPDX-License-Identifier: MIT
import CCairo
import CPixels
import FXCore
import FXParallel

/// Particles composited straight into an image surface's pixels, bilinear
/// from the mip level nearest their size, with cairo's operators (OVER, or
/// ADD for additive emitters) and pixman's rounding: cairo pays, per paint, a
/// pattern, a clip and (scaling down) a filter kernel, which for thousands
/// of small sprites costs far more than their pixels. Placement and the pixel
/// loops are C (CPixels, fxparticles.h: vectorised with SSE2, and a portable
/// loop giving the same bytes); the tests' Swift loop is their reference.
enum ParticleRaster {
    /// What a cell's particles draw: its image's chain and the drawn part
    /// (`contentsRect`) in the chain's level-0 texels.
    struct Sprite {
        let mips: MipChain
        let source: (x: Double, y: Double, w: Double, h: Double)
    }

    /// A sprite's chain seen through plain pointers, for placing thousands of particles
    /// without reference counting; valid while the `Sprite` it was made from lives.
    struct SpriteView: @unchecked Sendable {
        /// The chain and the drawn part, as `fx_particle_place` reads them.
        let placing: fx_particle_sprite
        let alphaPairs: UnsafeMutablePointer<UInt64>

        init(_ s: Sprite) {
            placing = fx_particle_sprite(
                levels: UnsafePointer(s.mips.levelList.baseAddress!), level_count: Int64(s.mips.levelList.count),
                texels: UnsafePointer(s.mips.texels), quads: UnsafePointer(s.mips.alphaQuads),
                x: s.source.x, y: s.source.y, w: s.source.w, h: s.source.h, grey: s.mips.grey ? 1 : 0)
            alphaPairs = s.mips.alphaPairs
        }
    }

    /// How the work is divided. Every choice gives the same pixels, byte for
    /// byte (each pixel's value is a function of the particle and the pixel
    /// alone): tests draw the same particles both ways and compare.
    struct Strategy {
        /// 1 or 2 threads (two only for many particles).
        var threads = 2
        /// Visit only the pixels of each row whose samples can fall on the
        /// sprite; off, every pixel of each particle's box is visited.
        var rowSpans = true
        /// Draw particles that need only the sprite's alpha (coloured ones, and white ones
        /// of grey sprites) from the alpha alone; off, from all four channels.
        var alphaPaths = true
        /// Which pixel loop draws.
        var pixelLoop = PixelLoop.c
        /// The tests' Swift loop, the reference the C loops are checked against (it lives in the
        /// tests, not here): it draws every particle when `pixelLoop` is `.reference`, and the tinted
        /// ones when `alphaPaths` is off (`Kind.tintLanes`, which no C loop draws). Production's
        /// strategy (the default) has none and asks for neither.
        var reference: ReferenceLoop? = nil
    }

    /// A pixel loop of the caller's: the placed particle, the target, the pixels
    /// `x0..<x1` × `y0..<y1`, whether row spans bound the visit, the kind drawn.
    typealias ReferenceLoop = (UnsafePointer<Placed>, Target, _ x0: Int, _ x1: Int, _ y0: Int, _ y1: Int,
                               _ spans: Bool, _ rule: Kind) -> Void

    enum PixelLoop {
        /// fxhost's C loops (CPixels, fxparticles.h): vectorised where the CPU has SSE2, eight
        /// pixels at a time where it has AVX2.
        case c
        /// The C loops with SSE2 at most, as on CPUs without AVX2.
        case sse2C
        /// The C loops' portable form, as on CPUs without SSE2.
        case portableC
        /// The strategy's `reference` loop.
        case reference
    }

    /// How many particles ahead of the one drawn a band asks for its record.
    static let lookAhead = 4

    /// Bands of rows drawn as one piece of work (32 rows of a 1280-wide target is 160 KiB: cache-sized).
    static let bandHeight = 32

    /// Draws `field` through `cr`'s matrix onto its current target; false when
    /// that is not an ARGB32 image surface clipped to whole-pixel rectangles
    /// (or the operator is neither OVER nor ADD), for the caller to draw with cairo.
    static func draw(_ field: ParticleField, _ cr: OpaquePointer, sprites: [Sprite?], alpha: Double,
                     strategy: Strategy = Strategy()) -> Bool {
        let op = cairo_get_operator(cr)
        guard op == CAIRO_OPERATOR_OVER || op == CAIRO_OPERATOR_ADD, let device = DeviceTarget(cr) else { return false }
        let surface = device.surface, height = device.height
        let (ox, oy) = device.offset
        var ctm = cairo_matrix_t()
        cairo_get_matrix(cr, &ctm)
        let clips = device.clip.map { ($0.x0, $0.y0, $0.x1, $0.y1) }
        guard !clips.isEmpty else { return true }
        // Placed in two halves on two threads when there are many: each half in order.
        var earlier: [Placed] = []
        let later = PlacedList()
        let views = sprites.map { $0.map(SpriteView.init) }
        field.particles.withUnsafeBufferPointer { ps in
            func place(_ range: Range<Int>, into list: inout [Placed]) {
                list = [Placed](unsafeUninitializedCapacity: range.count) { slots, count in
                    for i in range {
                        let p = ps[i]
                        guard p.scale > 0, p.color.alpha > 0, p.cell < views.count, let sprite = views[p.cell],
                              Placed.place(p, sprite, ctm: ctm, offset: (ox, oy), alpha: alpha, into: slots.baseAddress! + count)
                        else { continue }
                        count += 1
                    }
                }
            }
            guard ps.count >= 2_000 && strategy.threads > 1 else { return place(0..<ps.count, into: &earlier) }
            let half = ps.count / 2
            let job = ParallelJob {
                var list: [Placed] = []
                place(half..<ps.count, into: &list)
                later.items = list
            }
            job.start()
            place(0..<half, into: &earlier)
            job.join()
        }
        // Band by band of rows, each band's particles in their order: every pixel sees the
        // same sequence as drawing them one after another, the rows being written stay in
        // cache, and bands, having no pixels in common, are shared between two threads.
        let bands = (height + bandHeight - 1) / bandHeight
        let members = BandMembers(earlier, later.items, bands: bands)
        let count = earlier.count + later.items.count
        cairo_surface_flush(surface)
        let target = Target(pixels: UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!).assumingMemoryBound(to: UInt32.self),
                            stride: Int(cairo_image_surface_get_stride(surface)) / 4, height: height,
                            additive: op == CAIRO_OPERATOR_ADD)
        earlier.withUnsafeBufferPointer { first in
            later.items.withUnsafeBufferPointer { second in
                members.index.withUnsafeBufferPointer { index in
                    members.start.withUnsafeBufferPointer { start in
                        let next = UnsafeMutablePointer<Int64>.allocate(capacity: 1)
                        next.initialize(to: 0)
                        defer { next.deallocate() }
                        let work = Bands(first: first, second: second, index: index, start: start, clips: clips,
                                         target: target, strategy: strategy, next: next)
                        if count >= 2_000 && strategy.threads > 1 {
                            let job = ParallelJob { work.draw() }
                            job.start()
                            work.draw()
                            job.join()
                        } else {
                            work.draw()
                        }
                    }
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return true
    }

    /// Which particles touch each band, in drawing order: band b's are
    /// `index[start[b]..<start[b + 1]]` (one array for all bands, by counting sort).
    struct BandMembers {
        let index: [Int32]
        let start: [Int]

        /// Over `first` then `second`, as one list.
        init(_ first: [Placed], _ second: [Placed], bands: Int) {
            // Each particle's first and last band (none when last < first), read once from the large structs.
            let count = first.count + second.count
            var range = [(Int32, Int32)](repeating: (0, -1), count: count)
            var start = [Int](repeating: 0, count: bands + 1)
            range.withUnsafeMutableBufferPointer { r in
                start.withUnsafeMutableBufferPointer { s in
                    func note(_ q: Placed, _ i: Int) {
                        let b0 = max(0, q.box.y0 / ParticleRaster.bandHeight), b1 = min(bands - 1, (q.box.y1 - 1) / ParticleRaster.bandHeight)
                        guard b0 <= b1 else { return }
                        r[i] = (Int32(b0), Int32(b1))
                        for b in b0...b1 { s[b + 1] += 1 }
                    }
                    for (i, q) in first.enumerated() { note(q, i) }
                    for (i, q) in second.enumerated() { note(q, first.count + i) }
                    for b in 0..<bands { s[b + 1] += s[b] }
                }
            }
            var next = start
            var index = [Int32](repeating: 0, count: start[bands])
            index.withUnsafeMutableBufferPointer { x in
                next.withUnsafeMutableBufferPointer { n in
                    for (i, (b0, b1)) in range.enumerated() where b0 <= b1 {
                        for b in Int(b0)...Int(b1) { x[n[b]] = Int32(i); n[b] += 1 }
                    }
                }
            }
            self.index = index
            self.start = start
        }
    }

    /// The later half's placements, made on the second thread and read after it is joined.
    final class PlacedList: @unchecked Sendable {
        var items: [Placed] = []
    }

    struct Target: @unchecked Sendable {
        let pixels: UnsafeMutablePointer<UInt32>
        let stride: Int
        let height: Int
        let additive: Bool
    }

    /// The bands' work, shared by the threads: each takes the next band not yet taken, so that
    /// neither waits for the other while bands remain.
    struct Bands: @unchecked Sendable {
        /// The particles in drawing order: `first`, then `second`.
        let first: UnsafeBufferPointer<Placed>, second: UnsafeBufferPointer<Placed>
        let index: UnsafeBufferPointer<Int32>
        let start: UnsafeBufferPointer<Int>
        let clips: [(Int, Int, Int, Int)]
        let target: Target
        let strategy: Strategy
        /// The next band to take.
        let next: UnsafeMutablePointer<Int64>

        /// The cache lines a `Placed` can span.
        let placedLines = Int32((MemoryLayout<Placed>.stride + 63) / 64 + 1)

        @inline(__always) func placed(_ j: Int) -> UnsafePointer<Placed> {
            let i = Int(index[j])
            return i < first.count ? first.baseAddress! + i : second.baseAddress! + (i - first.count)
        }

        /// Returns what warming the bands' rows read (for nothing but to keep the reads).
        @discardableResult
        func draw() -> UInt32 {
            var warmth: UInt32 = 0
            while true {
                let b = Int(fx_particle_take(next))
                guard b + 1 < start.count else { break }
                let bandY0 = b * ParticleRaster.bandHeight, bandY1 = min(target.height, bandY0 + ParticleRaster.bandHeight)
                for (cx0, cy0, cx1, cy1) in clips {
                    let y0 = max(cy0, bandY0), y1 = min(cy1, bandY1)
                    guard y1 > y0, start[b] < start[b + 1] else { continue }
                    // The band's rows into cache in one stream: particles then blend at scattered places in it.
                    warmth ^= fx_particle_warm_rows(target.pixels, target.stride, Int64(cx0), Int64(cx1), Int64(y0), Int64(y1))
                    let end = start[b + 1]
                    for j in start[b]..<end {
                        // The records lie wherever their particles were born: the one a few ahead is asked for now.
                        if j + ParticleRaster.lookAhead < end { fx_particle_prefetch(placed(j + ParticleRaster.lookAhead), placedLines) }
                        Placed.draw(placed(j), into: target, rows: y0..<y1, columns: cx0..<cx1, strategy: strategy)
                    }
                }
            }
            return warmth
        }
    }
}
