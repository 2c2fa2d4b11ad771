import CPangoCairo
import FXCore

/// An image painted pixel for pixel (an integer offset, no scaling or
/// rotation) over a large area, as a full-frame crossfade paints two photos
/// each frame: the rows are split between two threads, each painting with
/// cairo through views of its own rows of the target and of the image. When
/// nothing is resampled pixman composites every pixel on its own, so each
/// pixel gets the bytes a single paint would give it; the work, bound by
/// memory and arithmetic rather than setup, takes half the time.
enum BandedPaint {
    /// Below this many pixels one paint is quicker than starting a thread.
    static let minimumPixels = 150_000

    /// Paints `source` (an ARGB32 image surface) with the current matrix and
    /// clip of `cr`, its origin at user (0, 0), with `alpha`; false when the
    /// paint is not pixel for pixel onto an ARGB32 image with a whole-pixel
    /// clip, or too small, for the caller to paint it with cairo.
    static func paint(_ source: OpaquePointer, _ cr: OpaquePointer, alpha: Double) -> Bool {
        let op = cairo_get_operator(cr)
        guard op == CAIRO_OPERATOR_OVER || op == CAIRO_OPERATOR_SOURCE,
              cairo_surface_get_type(source) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(source) == CAIRO_FORMAT_ARGB32,
              let target = DeviceTarget(cr) else { return false }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let fx = m.x0 + target.offset.x, fy = m.y0 + target.offset.y
        guard m.xx == 1, m.yy == 1, m.xy == 0, m.yx == 0, fx == fx.rounded(), fy == fy.rounded(),
              abs(fx) < 1e9, abs(fy) < 1e9 else { return false }
        let dx = Int(fx), dy = Int(fy)
        let sw = Int(cairo_image_surface_get_width(source)), sh = Int(cairo_image_surface_get_height(source))
        // The clip rectangles, each cut to the image's place on the target.
        let boxes = target.clip.compactMap { r -> DeviceTarget.Box? in
            let b = DeviceTarget.Box(x0: max(r.x0, dx), y0: max(r.y0, dy), x1: min(r.x1, dx + sw), y1: min(r.y1, dy + sh))
            return b.x1 > b.x0 && b.y1 > b.y0 ? b : nil
        }
        guard boxes.reduce(0, { $0 + ($1.x1 - $1.x0) * ($1.y1 - $1.y0) }) >= minimumPixels else { return false }
        cairo_surface_flush(source)
        cairo_surface_flush(target.surface)
        let job = Job(target: target, source: source, sourceStride: Int(cairo_image_surface_get_stride(source)),
                      sourceWidth: sw, dx: dx, dy: dy, op: op, alpha: alpha, boxes: boxes)
        let top = boxes.map(\.y0).min()!, bottom = boxes.map(\.y1).max()!
        let middle = (top + bottom) / 2
        let second = ParallelJob { job.paint(rows: middle..<bottom) }
        second.start()
        job.paint(rows: top..<middle)
        second.join()
        cairo_surface_mark_dirty(target.surface)
        return true
    }

    /// One paint's work, for either thread: cairo objects made per band, none shared.
    private struct Job: @unchecked Sendable {
        let target: DeviceTarget
        let source: OpaquePointer
        let sourceStride: Int
        let sourceWidth: Int
        let dx, dy: Int
        let op: cairo_operator_t
        let alpha: Double
        let boxes: [DeviceTarget.Box]

        func paint(rows: Range<Int>) {
            let data = cairo_image_surface_get_data(target.surface)!
            let sourceData = cairo_image_surface_get_data(source)!
            for b in boxes {
                let y0 = max(b.y0, rows.lowerBound), y1 = min(b.y1, rows.upperBound)
                guard y1 > y0 else { continue }
                let band = cairo_image_surface_create_for_data(data + y0 * target.stride, CAIRO_FORMAT_ARGB32,
                                                               Int32(target.width), Int32(y1 - y0), Int32(target.stride))
                let rowsOfImage = cairo_image_surface_create_for_data(
                    sourceData + (y0 - dy) * sourceStride, CAIRO_FORMAT_ARGB32, Int32(sourceWidth), Int32(y1 - y0),
                    Int32(sourceStride))
                let c = cairo_create(band)!
                cairo_set_operator(c, op)
                cairo_rectangle(c, Double(b.x0), 0, Double(b.x1 - b.x0), Double(y1 - y0))
                cairo_clip(c)
                cairo_set_source_surface(c, rowsOfImage, Double(dx), 0)
                cairo_paint_with_alpha(c, alpha)
                cairo_destroy(c)
                cairo_surface_finish(band)
                cairo_surface_destroy(band)
                cairo_surface_destroy(rowsOfImage)
            }
        }
    }
}

/// What a cairo context draws into, in device pixels: its image surface (the
/// group's, inside `cairo_push_group`), that surface's device offset, and the
/// clip as whole-pixel rectangles. Nil when the target is not an ARGB32 image
/// or the clip has fractional (anti-aliased) edges: cairo draws those itself.
struct DeviceTarget: @unchecked Sendable {
    struct Box { let x0, y0, x1, y1: Int }
    let surface: OpaquePointer
    let width, height, stride: Int
    let offset: (x: Double, y: Double)
    let clip: [Box]

    init?(_ cr: OpaquePointer) {
        guard let s = cairo_get_group_target(cr), cairo_surface_get_type(s) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(s) == CAIRO_FORMAT_ARGB32 else { return nil }
        surface = s
        width = Int(cairo_image_surface_get_width(s)); height = Int(cairo_image_surface_get_height(s))
        stride = Int(cairo_image_surface_get_stride(s))
        var ox = 0.0, oy = 0.0
        cairo_surface_get_device_offset(s, &ox, &oy)
        offset = (ox, oy)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        let list = cairo_copy_clip_rectangle_list(cr)
        cairo_restore(cr)
        guard let list else { return nil }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS else { return nil }
        var boxes: [Box] = []
        for i in 0..<Int(list.pointee.num_rectangles) {
            let r = list.pointee.rectangles[i]
            guard r.x == r.x.rounded(), r.y == r.y.rounded(), r.width == r.width.rounded(), r.height == r.height.rounded(),
                  abs(r.x) < 1e9, abs(r.y) < 1e9, r.width < 1e9, r.height < 1e9 else { return nil }
            let b = Box(x0: max(0, Int(r.x + ox)), y0: max(0, Int(r.y + oy)),
                        x1: min(width, Int(r.x + r.width + ox)), y1: min(height, Int(r.y + r.height + oy)))
            if b.x1 > b.x0 && b.y1 > b.y0 { boxes.append(b) }
        }
        clip = boxes
    }
}
