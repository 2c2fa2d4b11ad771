// SPDX-License-Identifier: MIT
import CCairo
import FXCore

/// FXCore paths and shapes as cairo paths.
enum CairoPaths {
    /// Replaces the current path with `p`.
    static func add(_ p: Path, to cr: OpaquePointer) {
        cairo_new_path(cr)
        append(p, to: cr)
    }

    /// Adds `p` to the current path.
    static func append(_ p: Path, to cr: OpaquePointer) {
        for e in p.elements {
            switch e {
            case .move(let a): cairo_move_to(cr, a.x, a.y)
            case .line(let a): cairo_line_to(cr, a.x, a.y)
            case .quad(let c, let a):
                // Quadratic as cubic: control points two thirds of the way to c.
                var x0 = 0.0, y0 = 0.0
                cairo_get_current_point(cr, &x0, &y0)
                cairo_curve_to(cr, x0 + 2 / 3 * (c.x - x0), y0 + 2 / 3 * (c.y - y0),
                               a.x + 2 / 3 * (c.x - a.x), a.y + 2 / 3 * (c.y - a.y), a.x, a.y)
            case .cubic(let c1, let c2, let a): cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, a.x, a.y)
            case .close: cairo_close_path(cr)
            }
        }
    }

    /// A rectangle with circular corners (the same curve as `Path.addRoundedRect`).
    static func roundedRect(_ r: Rect, radius: Double, _ cr: OpaquePointer) {
        var p = Path()
        p.addRoundedRect(r, radius: radius)
        add(p, to: cr)
    }

    static func set(_ c: Color, _ cr: OpaquePointer) {
        let k = c.clamped
        cairo_set_source_rgba(cr, k.red, k.green, k.blue, k.alpha)
    }

    static func matrix(_ h: Homography) -> cairo_matrix_t {
        cairo_matrix_t(xx: h.m.0, yx: h.m.1, xy: h.m.3, yy: h.m.4, x0: h.m.6, y0: h.m.7)
    }
}
