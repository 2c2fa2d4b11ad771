// SPDX-License-Identifier: MIT
import CCairo

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
