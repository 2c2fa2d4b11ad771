// SPDX-License-Identifier: MIT
import CCairo
import CPixels
import FXCore
import Glibc

/// CAGradientLayer's radial gradient (concentric ellipses about `startPoint`,
/// the last colour beyond the outer one; with fxhost's `focalOffset`, the
/// two-circle gradient of RadialFocalRow.swift) drawn by the renderer instead of by
/// pixman, then composited by cairo as an image through the same clip,
/// operator and opacity.
///
/// Why: pixman solves the general two-circle quadratic in doubles for every
/// pixel and works each colour out again from its stops in floats (its
/// `radial_get_scanline` and gradient walker); a frame of large radial fills
/// spent most of its time there. Here each pixel costs a square root and a
/// table read: the colour table holds the ramp at `steps` + 1 evenly spaced
/// values of t, each computed by the rule pixman's walker uses (stops as cairo
/// hands them over, 16-bit colours and 16.16 offsets, interpolated unpremultiplied
/// in floats, then premultiplied and rounded), and pixels past the outer
/// ellipse take the last entry without a square root. A pixel differs from
/// pixman's only where its t falls in another 1/`steps` of the ramp (a level
/// or two where stops are close), and by pixman's 16.16 rounding of the
/// pattern's matrix.
///
/// One per renderer (LinearRamp.swift draws the axial gradient with it): it
/// keeps the scratch pixels the ramp is drawn into and
/// the colour tables used in the last frame (a gradient whose colours do not
/// move reuses its table), neither of which changes what is drawn.
final class RadialRamp {
    /// Entries of the colour table over t in [0, 1] (rlottie keeps 1,024).
    static let steps = 4096
    /// Focal points farther from the centre (in radii) are left to pixman: nearer the ellipse single
    /// precision loses too much of t (lottie-web holds a Lottie highlight at 0.99).
    static let maxFocal = 0.99
    /// Clip boxes larger than this many pixels are left to pixman: no scratch image that large.
    static let maxPixels = 1 << 24

    private var scratchPixels: UnsafeMutableRawPointer?
    private var scratchBytes = 0
    private var tables: [[Double]: (table: [UInt32], used: Bool)] = [:]

    init() {}

    deinit { free(scratchPixels) }

    /// Forgets the tables the frame did not use.
    func endFrame() {
        tables = tables.filter { $0.value.used }
        for k in tables.keys { tables[k]!.used = false }
    }

    /// Paints the gradient with centre `center` and radii `radii` (user space of `cr`) and `stops`
    /// (offset, red, green, blue, alpha each, as `ContentDrawing.stopValues` gives them, in [0, 1])
    /// through `cr`'s clip at `alpha`; `focal`, the focal point in the ellipse's space (the unit circle
    /// about the origin), moves the first colour off the centre (the two-circle rule, `fillFocalRow`).
    /// False when it cannot (a matrix with no inverse, a box too large, a value not finite, a focal
    /// point farther than `maxFocal` from the centre): the caller draws the pattern instead.
    func paint(_ cr: OpaquePointer, center: Point, radii: (x: Double, y: Double), focal: Point = .zero, stops: [Double],
               alpha: Double) -> Bool {
        guard stops.count >= 5, center.x.isFinite, center.y.isFinite, radii.x.isFinite, radii.y.isFinite,
              radii.x > 0, radii.y > 0, focal.x * focal.x + focal.y * focal.y <= RadialRamp.maxFocal * RadialRamp.maxFocal
        else { return false }
        guard let box = deviceBox(cr, pixelLimit: RadialRamp.maxPixels) else { return false }
        guard box.width > 0, box.height > 0 else { return true }  // nothing inside the clip
        let ctm = box.ctm, det = ctm.xx * ctm.yy - ctm.xy * ctm.yx
        let left = box.left, top = box.top, width = box.width, height = box.height

        // The context's matrix inverted: user x = ixx·(dx − x0) + ixy·(dy − y0), likewise y. Device pixel
        // (left + i + ½, top + j + ½) → pattern space (the unit circle): p = pi·i + pj·j + p0, likewise q.
        let ixx = ctm.yy / det, ixy = -ctm.xy / det, iyx = -ctm.yx / det, iyy = ctm.xx / det
        let pi = ixx / radii.x, pj = ixy / radii.x
        let qi = iyx / radii.y, qj = iyy / radii.y
        let dx = Double(left) + 0.5 - ctm.x0, dy = Double(top) + 0.5 - ctm.y0
        let p0 = (ixx * dx + ixy * dy - center.x) / radii.x
        let q0 = (iyx * dx + iyy * dy - center.y) / radii.y
        guard pi.isFinite, pj.isFinite, qi.isFinite, qj.isFinite, p0.isFinite, q0.isFinite else { return false }

        let stride = width * 4
        guard let data = scratch(bytes: stride * height) else { return false }
        let table = colorTable(cached: stops)
        table.withUnsafeBufferPointer { t in
            for j in 0..<height {
                let row = (data + j * stride).assumingMemoryBound(to: UInt32.self)
                if focal == .zero {
                    RadialRamp.fillRow(row, width: width, p: p0 + pj * Double(j), q: q0 + qj * Double(j), dp: pi, dq: qi, table: t)
                } else {
                    RadialRamp.fillFocalRow(row, width: width, p: p0 + pj * Double(j), q: q0 + qj * Double(j), dp: pi, dq: qi,
                                            focal: focal, table: t)
                }
            }
        }
        return composite(cr, data, box, alpha: alpha)
    }

    /// The device pixels a ramp is drawn over: the whole-pixel box of `cr`'s clip, with the
    /// context's matrix and its inverse.
    struct DeviceBox {
        let left, top, width, height: Int
        let ctm, inverse: cairo_matrix_t
        /// The first pixel's centre in device space.
        var dx: Double { Double(left) + 0.5 }
        var dy: Double { Double(top) + 0.5 }
    }

    /// `cr`'s clip box in device pixels, or nil when a ramp cannot be drawn there (a matrix with no
    /// inverse, a box not finite or larger than `pixelLimit` or cairo's largest image); an empty box
    /// when the clip holds nothing.
    func deviceBox(_ cr: OpaquePointer, pixelLimit: Int) -> DeviceBox? {
        var ctm = cairo_matrix_t()
        cairo_get_matrix(cr, &ctm)
        let det = ctm.xx * ctm.yy - ctm.xy * ctm.yx
        guard det.isFinite, det != 0 else { return nil }
        var inverse = cairo_matrix_t()
        inverse.xx = ctm.yy / det
        inverse.xy = -ctm.xy / det
        inverse.yx = -ctm.yx / det
        inverse.yy = ctm.xx / det
        inverse.x0 = -(inverse.xx * ctm.x0 + inverse.xy * ctm.y0)
        inverse.y0 = -(inverse.yx * ctm.x0 + inverse.yy * ctm.y0)
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        cairo_restore(cr)
        guard x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite, abs(x1) < 1e7, abs(y1) < 1e7, abs(x2) < 1e7, abs(y2) < 1e7 else {
            return nil
        }
        let left = Int(x1.rounded(.down)), top = Int(y1.rounded(.down))
        let width = max(0, Int(x2.rounded(.up)) - left), height = max(0, Int(y2.rounded(.up)) - top)
        guard width * height <= pixelLimit, width <= 32767, height <= 32767 else { return nil }  // cairo's largest image
        return DeviceBox(left: left, top: top, width: width, height: height, ctm: ctm, inverse: inverse)
    }

    /// The scratch pixels, at least `bytes` of them, or nil when they cannot be had.
    func scratch(bytes: Int) -> UnsafeMutableRawPointer? {
        if scratchBytes < bytes {
            free(scratchPixels)
            scratchBytes = bytes
            scratchPixels = malloc(bytes)
        }
        if scratchPixels == nil { scratchBytes = 0 }
        return scratchPixels
    }

    /// Composites the ramp drawn in `data` (premultiplied ARGB32 over `box`) through `cr`'s clip,
    /// operator and `alpha`; false when cairo refused the image (nothing drawn).
    func composite(_ cr: OpaquePointer, _ data: UnsafeMutableRawPointer, _ box: DeviceBox, alpha: Double) -> Bool {
        let image: OpaquePointer = cairo_image_surface_create_for_data(data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                                        Int32(box.width), Int32(box.height), Int32(box.width * 4))
        // An image cairo refused would put the context in an error state that stops the frame's later drawing.
        guard cairo_image_surface_get_data(image) != nil else { cairo_surface_destroy(image); return false }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, image, Double(box.left), Double(box.top))
        cairo_paint_with_alpha(cr, alpha)
        cairo_restore(cr)  // the context lets go of the image: its pixels are free for the next ramp
        cairo_surface_destroy(image)
        return true
    }

    func colorTable(cached stops: [Double]) -> [UInt32] {
        if let e = tables[stops] {
            tables[stops]!.used = true
            return e.table
        }
        let t = RadialRamp.colorTable(stops)
        tables[stops] = (t, true)
        return t
    }

    /// The pixels `[first, last)` of a row that may lie inside the unit circle, its pixel i at
    /// (p + dp·i, q + dq·i) (between the roots of |·|² = 1, widened by a pixel): those outside take the
    /// last entry without a square root.
    static func insideSpan(width: Int, p: Double, q: Double, dp: Double, dq: Double) -> (first: Int, last: Int) {
        // t²(i) = a·i² + b·i + c, below 1 between the roots.
        let a = dp * dp + dq * dq, b = 2 * (p * dp + q * dq), c = p * p + q * q - 1
        var first = 0, last = width
        if a > 0 {
            let d = b * b - 4 * a * c
            let r = d > 0 ? d.squareRoot() : 0
            let lo = (-b - r) / (2 * a), hi = (-b + r) / (2 * a)
            if d <= 0 || !(lo < Double(width)) || !(hi >= 0) {
                first = width
            } else {
                first = lo <= 1 ? 0 : Int(lo) - 1
                last = hi >= Double(width) - 2 ? width : Int(hi) + 2
            }
        } else if !(c < 0) {
            first = width
        }
        return (first, max(first, last))
    }

    /// One row: pixel i's t is the length of (p + i·dp, q + i·dq). Only the pixels of `insideSpan` take a
    /// square root; the rest are the last entry.
    private static func fillRow(_ row: UnsafeMutablePointer<UInt32>, width: Int, p: Double, q: Double, dp: Double, dq: Double,
                                table: UnsafeBufferPointer<UInt32>) {
        let outside = table[steps]
        let (first, last) = insideSpan(width: width, p: p, q: q, dp: dp, dq: dq)
        var i = 0
        while i < first { row[i] = outside; i += 1 }
        // Inside, in single precision from the run's first pixel (|u|, |v| stay near 1 there), without branches:
        // t² is held to 1 (the last entry), and adding 1.5·2²³ to t·steps rounds it to an integer in the low bits
        // (CPixels' loop, fxramp.h, four pixels at a time).
        precondition(table.count == steps + 1)
        fx_radial_ramp_run(row, Int32(first), Int32(last), Float(p + dp * Double(first)), Float(q + dq * Double(first)), Float(dp), Float(dq),
                           table.baseAddress, Int32(steps))
        i = last
        while i < width { row[i] = outside; i += 1 }
    }

    /// The ramp's premultiplied ARGB32 pixels at t = k / `steps`, k in 0…`steps`.
    static func colorTable(_ stops: [Double]) -> [UInt32] {
        let walker = Walker(stops)
        return (0...steps).map { walker.pixel(Int64($0) * 65536 / Int64(steps)) }
    }

    /// pixman's gradient walker with PAD extension: the stops as cairo gives them to pixman
    /// (colours as 16-bit integers, offsets as 16.16 fixed point, in offset order), the colour at a
    /// 16.16 position interpolated between its two stops unpremultiplied in single precision, then
    /// premultiplied and rounded.
    struct Walker {
        struct Stop {
            let x: Int64
            let a, r, g, b: Float
        }
        /// With PAD's stops before the first and after the last, at the ends of 32-bit range.
        let stops: [Stop]

        init(_ values: [Double]) {
            var list: [Stop] = []
            for k in stride(from: 0, to: values.count - 4, by: 5) {
                func short(_ d: Double) -> Float { Float(UInt16(max(0, min(1, d)) * 65535 + 0.5)) }
                let offset = Int64((max(0, min(1, values[k])) * 65536).rounded(.toNearestOrEven))
                let stop = Stop(x: offset, a: short(values[k + 4]), r: short(values[k + 1]), g: short(values[k + 2]), b: short(values[k + 3]))
                // cairo keeps stops of equal offset in the order they were added.
                let at = list.firstIndex { $0.x > offset } ?? list.count
                list.insert(stop, at: at)
            }
            let first = list[0], last = list[list.count - 1]
            stops = [Stop(x: Int64(Int32.min), a: first.a, r: first.r, g: first.g, b: first.b)] + list
                + [Stop(x: Int64(Int32.max), a: last.a, r: last.r, g: last.g, b: last.b)]
        }

        func pixel(_ x: Int64) -> UInt32 {
            var n = 1
            while n < stops.count - 1, x >= stops[n].x { n += 1 }
            let l = stops[n - 1], r = stops[n]
            let k: Float = 1 / 257, inv255: Float = 1 / 255
            let la = l.a * k, lr = l.r * k, lg = l.g * k, lb = l.b * k
            let ra = r.a * k, rr = r.r * k, rg = r.g * k, rb = r.b * k
            let lx = Float(l.x) * (1 / 65536 as Float), rx = Float(r.x) * (1 / 65536 as Float)
            let sa, sr, sg, sb, ba, br, bg, bb: Float
            let w = rx - lx
            if (-Float.leastNormalMagnitude < w && w < Float.leastNormalMagnitude) || l.x == Int64(Int32.min) || r.x == Int64(Int32.max) {
                (sa, sr, sg, sb) = (0, 0, 0, 0)
                (ba, br, bg, bb) = ((la + ra) / 510, (lr + rr) / 510, (lg + rg) / 510, (lb + rb) / 510)
            } else {
                let wr = 1 / w
                ba = (la * rx - ra * lx) * wr * inv255
                br = (lr * rx - rr * lx) * wr * inv255
                bg = (lg * rx - rg * lx) * wr * inv255
                bb = (lb * rx - rb * lx) * wr * inv255
                sa = (ra - la) * wr * inv255
                sr = (rr - lr) * wr * inv255
                sg = (rg - lg) * wr * inv255
                sb = (rb - lb) * wr * inv255
            }
            let y = Float(x) * (1 / 65536 as Float)
            let fa = 255 * (sa * y + ba)
            let fr = fa * (sr * y + br), fg = fa * (sg * y + bg), fb = fa * (sb * y + bb)
            func byte(_ f: Float) -> UInt32 { UInt32(truncatingIfNeeded: Int32(max(-1, min(256, f + 0.5)))) & 0xff }
            return byte(fa) << 24 | byte(fr) << 16 | byte(fg) << 8 | byte(fb)
        }
    }
}
