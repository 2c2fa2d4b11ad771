// SPDX-License-Identifier: MIT
import CCairo
import FXCore

/// `strokeStart` / `strokeEnd`: the part of a path between two fractions of
/// its length, measured along cairo's own flattening of it.
enum StrokeTrim {
    /// Replaces cairo's current path with its portion from `start` to `end` (0…1).
    static func trim(_ cr: OpaquePointer, start: Double, end: Double) {
        let s = max(0, min(1, start)), e = max(0, min(1, end))
        guard let flat = cairo_copy_path_flat(cr) else { return }
        defer { cairo_path_destroy(flat) }
        // Collect the polylines (each subpath) with their lengths.
        var subpaths: [[(Double, Double)]] = []
        var closed: [Bool] = []
        let data = flat.pointee.data!
        var i = 0
        var current: [(Double, Double)] = []
        while i < Int(flat.pointee.num_data) {
            let header = data[i].header
            let pt = (data[i + 1].point.x, data[i + 1].point.y)
            switch header.type {
            case CAIRO_PATH_MOVE_TO:
                if current.count > 1 { subpaths.append(current); closed.append(false) }
                current = [pt]
            case CAIRO_PATH_LINE_TO:
                current.append(pt)
            case CAIRO_PATH_CLOSE_PATH:
                if let first = current.first { current.append(first) }
                if current.count > 1 { subpaths.append(current); closed.append(true) }
                current = current.first.map { [$0] } ?? []
            default: break
            }
            i += Int(header.length)
        }
        if current.count > 1 { subpaths.append(current); closed.append(false) }
        func length(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
            ((b.0 - a.0) * (b.0 - a.0) + (b.1 - a.1) * (b.1 - a.1)).squareRoot()
        }
        let total = subpaths.reduce(0) { acc, sp in acc + zip(sp, sp.dropFirst()).reduce(0) { $0 + length($1.0, $1.1) } }
        cairo_new_path(cr)
        guard total > 0, e > s else { return }
        let from = s * total, to = e * total
        var walked = 0.0
        for sp in subpaths {
            var drawing = false
            for (a, b) in zip(sp, sp.dropFirst()) {
                let l = length(a, b)
                let segStart = walked, segEnd = walked + l
                walked = segEnd
                guard l > 0, segEnd > from, segStart < to else { continue }
                let t0 = max(0, (from - segStart) / l), t1 = min(1, (to - segStart) / l)
                let p0 = (a.0 + (b.0 - a.0) * t0, a.1 + (b.1 - a.1) * t0)
                let p1 = (a.0 + (b.0 - a.0) * t1, a.1 + (b.1 - a.1) * t1)
                if !drawing { cairo_move_to(cr, p0.0, p0.1); drawing = true }
                cairo_line_to(cr, p1.0, p1.1)
            }
        }
    }
}
