// SPDX-License-Identifier: MIT
import Glibc

/// A 2D affine map, x′ = a·x + c·y + tx, y′ = b·x + d·y + ty (y down), the
/// matrix After Effects and Lottie compose transforms with.
struct Affine: Equatable {
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, tx = 0.0, ty = 0.0

    static let identity = Affine()

    /// `self`, then `o`.
    func then(_ o: Affine) -> Affine {
        Affine(a: a * o.a + b * o.c, b: a * o.b + b * o.d, c: c * o.a + d * o.c, d: c * o.b + d * o.d,
               tx: tx * o.a + ty * o.c + o.tx, ty: tx * o.b + ty * o.d + o.ty)
    }

    func apply(_ p: Vec) -> Vec { Vec(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }
    /// A direction (no translation).
    func applyVector(_ p: Vec) -> Vec { Vec(a * p.x + c * p.y, b * p.x + d * p.y) }

    /// How much the map scales lengths on average (the square root of |det|), for stroke widths.
    var lengthScale: Double { (abs(a * d - b * c)).squareRoot() }

    static func translate(_ x: Double, _ y: Double) -> Affine { Affine(tx: x, ty: y) }
    static func scale(_ x: Double, _ y: Double) -> Affine { Affine(a: x, d: y) }
    /// Clockwise on screen by `degrees` (y down), as After Effects turns.
    static func rotate(_ degrees: Double) -> Affine {
        let r = degrees * .pi / 180
        let cs = cos(r), sn = sin(r)
        return Affine(a: cs, b: sn, c: -sn, d: cs)
    }
}

struct Vec: Equatable {
    var x, y: Double
    init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    /// A point as a Lottie value holds it: its first two numbers, a missing one 0.
    init(_ v: [Double]) { self.init(v.first ?? 0, v.count > 1 ? v[1] : 0) }
    static func + (l: Vec, r: Vec) -> Vec { Vec(l.x + r.x, l.y + r.y) }
    static func - (l: Vec, r: Vec) -> Vec { Vec(l.x - r.x, l.y - r.y) }
    static func * (l: Vec, k: Double) -> Vec { Vec(l.x * k, l.y * k) }
    var length: Double { (x * x + y * y).squareRoot() }
}

/// One cubic Bézier contour as Lottie stores it: vertices with in and out
/// tangents relative to them.
struct Contour: Equatable {
    var vertices: [Vec] = []
    var inTangents: [Vec] = []
    var outTangents: [Vec] = []
    var closed = false

    func transformed(_ m: Affine) -> Contour {
        Contour(vertices: vertices.map(m.apply), inTangents: inTangents.map(m.applyVector),
                outTangents: outTangents.map(m.applyVector), closed: closed)
    }

    /// The cubic segments, each as four absolute points.
    var segments: [[Vec]] {
        let n = vertices.count
        guard n > 1 else { return [] }
        var out: [[Vec]] = []
        for k in 0..<(closed ? n : n - 1) {
            let p0 = vertices[k], p3 = vertices[(k + 1) % n]
            out.append([p0, p0 + outTangents[k], p3 + inTangents[(k + 1) % n], p3])
        }
        return out
    }
}

/// A point on a cubic at parameter t.
func cubicPoint(_ s: [Vec], _ t: Double) -> Vec {
    let u = 1 - t
    return s[0] * (u * u * u) + s[1] * (3 * u * u * t) + s[2] * (3 * u * t * t) + s[3] * (t * t * t)
}

/// Splits a cubic at t, returning the part from t0 to t1 (0 ≤ t0 ≤ t1 ≤ 1).
func cubicPart(_ s: [Vec], _ t0: Double, _ t1: Double) -> [Vec] {
    func split(_ s: [Vec], _ t: Double) -> (left: [Vec], right: [Vec]) {
        let p01 = s[0] + (s[1] - s[0]) * t, p12 = s[1] + (s[2] - s[1]) * t, p23 = s[2] + (s[3] - s[2]) * t
        let a = p01 + (p12 - p01) * t, b = p12 + (p23 - p12) * t
        let m = a + (b - a) * t
        return ([s[0], p01, a, m], [m, b, p23, s[3]])
    }
    let right = split(s, t0).right
    guard t0 < 1 else { return [s[3], s[3], s[3], s[3]] }
    let local = (t1 - t0) / (1 - t0)
    return split(right, min(1, max(0, local))).left
}

/// A cubic's length, by summing chords.
func cubicLength(_ s: [Vec], steps: Int = 24) -> Double {
    var len = 0.0, prev = s[0]
    for k in 1...steps {
        let p = cubicPoint(s, Double(k) / Double(steps))
        len += (p - prev).length
        prev = p
    }
    return len
}

/// The parameter at which a cubic has covered `fraction` of its length.
func cubicParameter(_ s: [Vec], atFraction fraction: Double, steps: Int = 48) -> Double {
    var lengths = [0.0], prev = s[0]
    for k in 1...steps {
        let p = cubicPoint(s, Double(k) / Double(steps))
        lengths.append(lengths[k - 1] + (p - prev).length)
        prev = p
    }
    let total = lengths[steps]
    guard total > 0 else { return fraction }
    let target = fraction * total
    for k in 1...steps where lengths[k] >= target {
        let span = lengths[k] - lengths[k - 1]
        let local = span > 0 ? (target - lengths[k - 1]) / span : 0
        return (Double(k - 1) + local) / Double(steps)
    }
    return 1
}
