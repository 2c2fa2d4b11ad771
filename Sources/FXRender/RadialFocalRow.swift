// SPDX-License-Identifier: MIT
import CPixels
import FXCore

extension RadialRamp {
    /// One row of a radial gradient whose focal point F (in the ellipse's space, |F| ≤ `maxFocal`) is
    /// off its centre: the two-circle rule of cairo's radial pattern and canvas's
    /// createRadialGradient(fx, fy, 0, cx, cy, r). The circles F·(1 − t) of radius t pass through a
    /// point at d from F where |d + t·F| = t, whose larger root is
    /// t = (F·d + √((F·d)² + |d|²·(1 − |F|²))) / (1 − |F|²): one square root a pixel, as for a centred
    /// gradient, and no cancellation where F·d ≥ 0. Pixels outside the ellipse take the last entry.
    static func fillFocalRow(_ row: UnsafeMutablePointer<UInt32>, width: Int, p: Double, q: Double, dp: Double, dq: Double,
                             focal: Point, table: UnsafeBufferPointer<UInt32>) {
        let outside = table[steps]
        let (first, last) = insideSpan(width: width, p: p, q: q, dp: dp, dq: dq)
        var i = 0
        while i < first { row[i] = outside; i += 1 }
        // d = (u, v) from the focal point, in single precision from the run's first pixel.
        let u0 = Float(p - focal.x + dp * Double(first)), v0 = Float(q - focal.y + dq * Double(first))
        let du = Float(dp), dv = Float(dq)
        let fx = Float(focal.x), fy = Float(focal.y)
        let k = Float(1 - (focal.x * focal.x + focal.y * focal.y))
        // CPixels' loop (fxramp.h), four pixels at a time.
        precondition(table.count == steps + 1)
        fx_radial_focal_ramp_run(row, Int32(first), Int32(last), u0, v0, du, dv, fx, fy, k, table.baseAddress, Int32(steps))
        i = last
        while i < width { row[i] = outside; i += 1 }
    }
}
