// SPDX-License-Identifier: MIT
import CCairo
import CPixels
import FXCore

/// CAGradientLayer's axial gradient (colours along `startPoint` → `endPoint`,
/// constant across it, the first colour before the start and the last past
/// the end) drawn from the same colour tables as the radial one, then
/// composited by cairo as an image through the same clip, operator and opacity.
///
/// Why: pixman works each pixel's colour out again from the stops in floats
/// (its linear `get_scanline` and gradient walker); a frame of large linear
/// fills spent most of its time there. Here t is affine in the pixel, so a
/// pixel costs a multiply-add, a clamp and a table read. A pixel differs from
/// pixman's only where its t falls in another 1/`steps` of the ramp (a level
/// where stops are close), and by pixman's 16.16 rounding of the pattern's matrix.
extension RadialRamp {
    /// Paints the axial gradient from `start` to `end` (user space of `cr`) with `stops` (offset,
    /// red, green, blue, alpha each, in [0, 1]) through `cr`'s clip at `alpha`. False when it cannot
    /// (start and end too close, a matrix with no inverse, a box too large, a value not finite):
    /// the caller draws the pattern instead.
    func paintLinear(_ cr: OpaquePointer, start: Point, end: Point, stops: [Double], alpha: Double) -> Bool {
        let ax = end.x - start.x, ay = end.y - start.y
        let length2 = ax * ax + ay * ay
        guard stops.count >= 5, start.x.isFinite, start.y.isFinite, length2.isFinite, length2 > 1e-12 else { return false }
        guard let box = deviceBox(cr, pixelLimit: RadialRamp.maxPixels) else { return false }
        guard box.width > 0, box.height > 0 else { return true }  // nothing inside the clip
        // t at a user point u is (u − start)·a / |a|²; u is the inverse matrix applied to a device pixel's
        // centre (left + i + ½, top + j + ½), so t = t0 + ti·i + tj·j.
        let m = box.inverse
        let ti = (m.xx * ax + m.yx * ay) / length2, tj = (m.xy * ax + m.yy * ay) / length2
        let ux = m.xx * box.dx + m.xy * box.dy + m.x0 - start.x, uy = m.yx * box.dx + m.yy * box.dy + m.y0 - start.y
        let t0 = (ux * ax + uy * ay) / length2
        guard ti.isFinite, tj.isFinite, t0.isFinite else { return false }
        guard let data = scratch(bytes: box.width * 4 * box.height) else { return false }
        let table = colorTable(cached: stops)
        let stride = box.width * 4
        table.withUnsafeBufferPointer { t in
            for j in 0..<box.height {
                let row = (data + j * stride).assumingMemoryBound(to: UInt32.self)
                LinearRampRow.fill(row, width: box.width, t: t0 + tj * Double(j), dt: ti, table: t)
            }
        }
        return composite(cr, data, box, alpha: alpha)
    }
}

/// One row of an axial ramp.
enum LinearRampRow {
    /// Pixel i's colour is the table's entry nearest t + i·dt, held to [0, 1] (PAD): CPixels'
    /// loop (fxramp.h), two pixels at a time.
    static func fill(_ row: UnsafeMutablePointer<UInt32>, width: Int, t: Double, dt: Double, table: UnsafeBufferPointer<UInt32>) {
        precondition(table.count == RadialRamp.steps + 1)
        fx_linear_ramp_row(row, Int32(width), t, dt, table.baseAddress, Int32(RadialRamp.steps))
    }
}
