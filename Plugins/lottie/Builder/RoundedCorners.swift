// SPDX-License-Identifier: MIT
/// A shape modifier at one frame, applied in list order to the shapes listed
/// before it in its group (nested groups' too): a trim path, or rounded
/// corners with their radius already in the layer's units.
enum PathModifier {
    case trim(TrimValues)
    case round(radius: Double)

    func apply(to shapes: [Contour]) -> [Contour] {
        switch self {
        case .trim(let t): Trim.apply(t, to: shapes)
        case .round(let r): r > 0 ? shapes.map { RoundedCorners.apply(radius: r, to: $0) } : shapes
        }
    }
}

/// After Effects' "Round Corners" ("ty": "rd") as lottie-web's
/// `RoundCornersModifier` and lottie-ios's `BezierPath.roundCorners` compute
/// it: every sharp vertex (both handles zero) — but the ends of an open
/// outline — becomes two vertices, on its two edges at min(radius, half the
/// edge) from it, joined by a cubic whose handles point back at the old
/// corner with 0.5519 of the distance to it. Smooth vertices stay as they are.
/// (rlottie 0.1 ignores the modifier; later rlottie applies it only to
/// rectangles, as their roundness.)
enum RoundedCorners {
    static let handle = 0.5519

    static func apply(radius: Double, to c: Contour) -> Contour {
        let n = c.vertices.count
        guard n > 1 else { return c }
        var out = Contour(vertices: [], inTangents: [], outTangents: [], closed: c.closed)
        for k in 0..<n {
            let p = c.vertices[k]
            let sharp = c.inTangents[k] == Vec(0, 0) && c.outTangents[k] == Vec(0, 0)
            guard sharp, c.closed || (k > 0 && k < n - 1) else {
                out.vertices.append(p)
                out.inTangents.append(c.inTangents[k])
                out.outTangents.append(c.outTangents[k])
                continue
            }
            let previous = c.vertices[(k + n - 1) % n], next = c.vertices[(k + 1) % n]
            let a = toward(p, previous, radius), b = toward(p, next, radius)
            out.vertices += [a, b]
            out.inTangents += [Vec(0, 0), (p - b) * handle]
            out.outTangents += [(p - a) * handle, Vec(0, 0)]
        }
        return out
    }

    /// The point from `p` towards `q` at min(radius, half the distance).
    static func toward(_ p: Vec, _ q: Vec, _ radius: Double) -> Vec {
        let d = (q - p).length
        guard d > 0 else { return p }
        return p + (q - p) * (min(d / 2, radius) / d)
    }
}
