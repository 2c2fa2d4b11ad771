// SPDX-License-Identifier: MIT
import CCairo
import CPixels
import FXCore
import FXParallel

/// Images painted pixel for pixel (an integer offset, no scaling or
/// rotation) over a large area, as a full-frame crossfade paints two photos
/// each frame. Such a paint is planned first (`Plan`), then done on two
/// threads, each taking half the rows. Consecutive paints onto one target can
/// be gathered (`Batch`) and done row by row: each row of the target is read
/// once, has every paint applied while it is in cache, and is written once,
/// where cairo passes over the whole target once per paint. When nothing is
/// resampled pixman composites every pixel on its own, and the row kernels
/// (`fx_over_row`) use pixman's arithmetic, so every pixel gets the bytes the
/// paints done one after another by cairo would give it.
enum BandedPaint {
    /// Below this many pixels one paint by cairo is quicker than starting a thread.
    static let minimumPixels = 150_000

    /// One paint, planned: where the image goes on the target, through which
    /// clip rectangles, with which operator and mask.
    struct Plan: @unchecked Sendable {
        let target: DeviceTarget
        let source: OpaquePointer
        let sourceStride: Int
        let sourceWidth: Int
        let dx, dy: Int
        let op: cairo_operator_t
        let alpha: Double
        let boxes: [DeviceTarget.Box]
        /// Keeps the source alive until the plan is carried out.
        let owner: AnyObject?

        var mask: UInt8 { BandedPaint.mask(alpha) }

        /// OVER at any alpha, or an opaque SOURCE (a copy): what the row kernels do.
        /// Others (SOURCE through a mask blends in a way of cairo's own) are painted by cairo, per band.
        var rowWise: Bool { op == CAIRO_OPERATOR_OVER || (op == CAIRO_OPERATOR_SOURCE && mask == 255) }

        var rows: Range<Int> { boxes.map(\.y0).min()!..<boxes.map(\.y1).max()! }
    }

    /// Plans painting `source` (an ARGB32 image surface) with the current
    /// matrix and clip of `cr`, its origin at user (0, 0), with `alpha`; nil
    /// when the paint is not pixel for pixel onto an ARGB32 image with a
    /// whole-pixel clip, or too small, for the caller to paint it with cairo.
    static func plan(_ source: OpaquePointer, _ cr: OpaquePointer, alpha: Double, owner: AnyObject? = nil) -> Plan? {
        let op = cairo_get_operator(cr)
        guard op == CAIRO_OPERATOR_OVER || op == CAIRO_OPERATOR_SOURCE,
              cairo_surface_get_type(source) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(source) == CAIRO_FORMAT_ARGB32,
              alpha.isFinite, let target = DeviceTarget(cr) else { return nil }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let fx = m.x0 + target.offset.x, fy = m.y0 + target.offset.y
        guard m.xx == 1, m.yy == 1, m.xy == 0, m.yx == 0, fx == fx.rounded(), fy == fy.rounded(),
              abs(fx) < 1e9, abs(fy) < 1e9 else { return nil }
        let dx = Int(fx), dy = Int(fy)
        let sw = Int(cairo_image_surface_get_width(source)), sh = Int(cairo_image_surface_get_height(source))
        // The clip rectangles, each cut to the image's place on the target.
        let boxes = target.clip.compactMap { r -> DeviceTarget.Box? in
            let b = DeviceTarget.Box(x0: max(r.x0, dx), y0: max(r.y0, dy), x1: min(r.x1, dx + sw), y1: min(r.y1, dy + sh))
            return b.x1 > b.x0 && b.y1 > b.y0 ? b : nil
        }
        guard boxes.reduce(0, { $0 + ($1.x1 - $1.x0) * ($1.y1 - $1.y0) }) >= minimumPixels else { return nil }
        let clamped = min(1, max(0, alpha))
        return Plan(target: target, source: source, sourceStride: Int(cairo_image_surface_get_stride(source)),
                    sourceWidth: sw, dx: dx, dy: dy, op: op, alpha: clamped, boxes: boxes, owner: owner)
    }

    /// The 8-bit mask pixman gets from cairo for `alpha` (0…1): the top byte of
    /// cairo's 16-bit colour, `alpha` × 65535 rounded (`_cairo_color_double_to_short`).
    static func mask(_ alpha: Double) -> UInt8 { UInt8(UInt16(alpha * 65535 + 0.5) >> 8) }

    /// Paints as `plan` would (see there); false when it cannot, for the caller to paint with cairo.
    static func paint(_ source: OpaquePointer, _ cr: OpaquePointer, alpha: Double) -> Bool {
        guard let plan = plan(source, cr, alpha: alpha) else { return false }
        run([plan])
        return true
    }

    /// Paints gathered one after another onto one target, done when `flush`
    /// is called. The caller flushes before anything else draws on the target.
    final class Batch {
        private var plans: [Plan] = []

        /// Adds a paint, or does it now (after those gathered) when the row kernels cannot.
        func add(_ plan: Plan) {
            if let first = plans.first, first.target.surface != plan.target.surface { flush() }
            guard plan.rowWise else {
                flush()
                BandedPaint.run([plan])
                return
            }
            plans.append(plan)
        }

        func flush() {
            guard !plans.isEmpty else { return }
            BandedPaint.run(plans)
            plans.removeAll(keepingCapacity: true)
        }
    }

    /// Carries out `plans` (all onto one target, all row-wise, or one alone) on two threads.
    static func run(_ plans: [Plan]) {
        let target = plans[0].target
        for p in plans { cairo_surface_flush(p.source) }
        cairo_surface_flush(target.surface)
        let top = plans.map(\.rows.lowerBound).min()!, bottom = plans.map(\.rows.upperBound).max()!
        let middle = (top + bottom) / 2
        let byCairo = plans.count == 1 && !plans[0].rowWise
        let work = { (rows: Range<Int>) in byCairo ? paintWithCairo(plans[0], rows: rows) : paintRows(plans, rows: rows) }
        let second = ParallelJob { work(middle..<bottom) }
        second.start()
        work(top..<middle)
        second.join()
        cairo_surface_mark_dirty(target.surface)
    }

    /// One clip rectangle of one plan, as the row loop reads it.
    private struct Segment {
        let y0, y1, x0, count: Int
        /// The source pixel that lands on (x0, 0) of the target, were the image extended up.
        let source: UnsafeRawPointer
        let sourceStride: Int
        let copy: Bool
        let mask: UInt8
    }

    /// Rows `rows` of the target, each with every plan applied in order.
    private static func paintRows(_ plans: [Plan], rows: Range<Int>) {
        let data = UnsafeMutableRawPointer(cairo_image_surface_get_data(plans[0].target.surface)!)
        let stride = plans[0].target.stride
        var segments: [Segment] = []
        for p in plans {
            let base = UnsafeRawPointer(cairo_image_surface_get_data(p.source)!)
            for b in p.boxes {
                segments.append(Segment(y0: b.y0, y1: b.y1, x0: b.x0, count: b.x1 - b.x0,
                                        source: base + (b.x0 - p.dx) * 4 - p.dy * p.sourceStride,
                                        sourceStride: p.sourceStride, copy: p.op == CAIRO_OPERATOR_SOURCE, mask: p.mask))
            }
        }
        segments.withUnsafeBufferPointer { list in
            for y in rows {
                let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
                for s in list where s.y0 <= y && y < s.y1 {
                    let from = (s.source + y * s.sourceStride).assumingMemoryBound(to: UInt32.self)
                    if s.copy {
                        (row + s.x0).update(from: from, count: s.count)
                    } else {
                        fx_over_row(row + s.x0, from, Int32(s.count), s.mask)
                    }
                }
            }
        }
    }

    /// Rows `rows` of one plan painted by cairo, through views of those rows of the target and the image.
    private static func paintWithCairo(_ p: Plan, rows: Range<Int>) {
        let data = cairo_image_surface_get_data(p.target.surface)!
        let sourceData = cairo_image_surface_get_data(p.source)!
        for b in p.boxes {
            let y0 = max(b.y0, rows.lowerBound), y1 = min(b.y1, rows.upperBound)
            guard y1 > y0 else { continue }
            let band = cairo_image_surface_create_for_data(data + y0 * p.target.stride, CAIRO_FORMAT_ARGB32,
                                                           Int32(p.target.width), Int32(y1 - y0), Int32(p.target.stride))
            let rowsOfImage = cairo_image_surface_create_for_data(
                sourceData + (y0 - p.dy) * p.sourceStride, CAIRO_FORMAT_ARGB32, Int32(p.sourceWidth), Int32(y1 - y0),
                Int32(p.sourceStride))
            let c = cairo_create(band)!
            cairo_set_operator(c, p.op)
            cairo_rectangle(c, Double(b.x0), 0, Double(b.x1 - b.x0), Double(y1 - y0))
            cairo_clip(c)
            cairo_set_source_surface(c, rowsOfImage, Double(p.dx), 0)
            cairo_paint_with_alpha(c, p.alpha)
            cairo_destroy(c)
            cairo_surface_finish(band)
            cairo_surface_destroy(band)
            cairo_surface_destroy(rowsOfImage)
        }
    }
}
