// SPDX-License-Identifier: MIT
import CPixels
import Foundation
import Testing

/// CPixels' gradient ramp rows (fxramp.h), SSE2 and one pixel at a time, against the
/// rules the header states written out here in Swift's own arithmetic: the axial row's
/// index `Int(u · steps + 0.5)` of u = t + dt·i held to [0, 1] in doubles; the radial run's
/// √min(u² + v², 1) · steps rounded to nearest (ties to even) in single precision, u and v
/// stepped from the run's first pixel. The table's entries are their own indices, so a row
/// reads back the index each pixel took.
@Suite struct RampRowTests {
    static let steps = 4096
    static let table: [UInt32] = (0...UInt32(steps)).map { $0 }

    struct Random {
        var state: UInt64
        mutating func unit() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    static func linearRule(width: Int, t: Double, dt: Double) -> [UInt32] {
        (0..<width).map { i in UInt32(Int(min(max(t + dt * Double(i), 0), 1) * Double(steps) + 0.5)) }
    }

    static func radialRule(count: Int, u0: Float, v0: Float, du: Float, dv: Float) -> [UInt32] {
        (0..<count).map { i in
            let k = Float(i), u = u0 + du * k, v = v0 + dv * k
            return UInt32((min(u * u + v * v, 1).squareRoot() * Float(steps)).rounded(.toNearestOrEven))
        }
    }

    /// Rows of odd and even widths whose t runs from before 0 to past 1, forwards and backwards, both loops.
    @Test(arguments: [false, true])
    func linearRowsFollowTheRule(portable: Bool) {
        let fill = portable ? fx_linear_ramp_row_portable : fx_linear_ramp_row
        var random = Random(state: portable ? 7 : 8)
        for width in [1, 2, 3, 7, 64, 1281] {
            for _ in 0..<20 {
                let t = random.unit() * 1.6 - 0.3, dt = (random.unit() - 0.5) * 4 / Double(width)
                var row = [UInt32](repeating: .max, count: width)
                row.withUnsafeMutableBufferPointer { r in Self.table.withUnsafeBufferPointer { fill(r.baseAddress, Int32(width), t, dt, $0.baseAddress, Int32(Self.steps)) } }
                #expect(row == Self.linearRule(width: width, t: t, dt: dt), "width \(width), t \(t), dt \(dt)")
            }
        }
    }

    /// Runs inside and across the unit circle (so that min(·, 1) holds some pixels to the last entry), with
    /// pixels before and after the run left as they were, both loops.
    @Test(arguments: [false, true])
    func radialRunsFollowTheRule(portable: Bool) {
        let fill = portable ? fx_radial_ramp_run_portable : fx_radial_ramp_run
        var random = Random(state: portable ? 11 : 12)
        for count in [1, 2, 3, 4, 5, 9, 640, 1283] {
            for _ in 0..<20 {
                let u0 = Float(random.unit() * 2.4 - 1.2), v0 = Float(random.unit() * 2.4 - 1.2)
                let du = Float((random.unit() - 0.5) * 3 / Double(count)), dv = Float((random.unit() - 0.5) * 3 / Double(count))
                let first = 3
                var row = [UInt32](repeating: .max, count: count + 6)
                row.withUnsafeMutableBufferPointer { r in
                    Self.table.withUnsafeBufferPointer { fill(r.baseAddress, Int32(first), Int32(first + count), u0, v0, du, dv, $0.baseAddress, Int32(Self.steps)) }
                }
                #expect(Array(row[first..<(first + count)]) == Self.radialRule(count: count, u0: u0, v0: v0, du: du, dv: dv), "count \(count)")
                #expect(row[0..<first].allSatisfy { $0 == .max } && row[(first + count)...].allSatisfy { $0 == .max }, "outside the run")
            }
        }
    }

    /// The two-circle run (a focal point off the centre, |F| up to 0.99) with its rule written out in
    /// single precision: t = min((F·d + √((F·d)² + |d|²·(1 − |F|²))) · steps / (1 − |F|²), steps), rounded to nearest.
    @Test(arguments: [false, true])
    func focalRunsFollowTheRule(portable: Bool) {
        let fill = portable ? fx_radial_focal_ramp_run_portable : fx_radial_focal_ramp_run
        var random = Random(state: portable ? 21 : 22)
        for count in [1, 3, 4, 7, 640, 1283] {
            for _ in 0..<20 {
                let angle = random.unit() * 2 * .pi, radius = random.unit() * 0.99
                let fx = Float(radius * cos(angle)), fy = Float(radius * sin(angle))
                let kk = Float(1 - radius * radius), scale = Float(Self.steps) / kk, top = Float(Self.steps)
                let u0 = Float(random.unit() * 2.4 - 1.2), v0 = Float(random.unit() * 2.4 - 1.2)
                let du = Float((random.unit() - 0.5) * 3 / Double(count)), dv = Float((random.unit() - 0.5) * 3 / Double(count))
                var row = [UInt32](repeating: .max, count: count + 2)
                row.withUnsafeMutableBufferPointer { r in
                    Self.table.withUnsafeBufferPointer { fill(r.baseAddress, 1, Int32(1 + count), u0, v0, du, dv, fx, fy, kk, $0.baseAddress, Int32(Self.steps)) }
                }
                let want: [UInt32] = (0..<count).map { i in
                    let n = Float(i), u = u0 + du * n, v = v0 + dv * n
                    let fd = fx * u + fy * v, dd = u * u + v * v
                    return UInt32(min((fd + (fd * fd + dd * kk).squareRoot()) * scale, top).rounded(.toNearestOrEven))
                }
                #expect(Array(row[1..<(1 + count)]) == want, "count \(count), focal (\(fx), \(fy))")
                #expect(row[0] == .max && row[count + 1] == .max, "outside the run")
            }
        }
    }
}
