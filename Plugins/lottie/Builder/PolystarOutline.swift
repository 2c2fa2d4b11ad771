// SPDX-License-Identifier: MIT
import Glibc

/// A polystar's outline at a frame, as the builder draws it.
extension PolystarShape {
    /// More points than this are drawn as this many (rlottie's bound too).
    static let maxPoints = 1024.0

    /// The most vertices the outline has at any keyframe, for the work bound.
    var maxVertices: Int {
        let most = points.keyframes.reduce(0.0) { max($0, $1.value, $1.end ?? 0) }
        return Int(min(PolystarShape.maxPoints, max(0, most)).rounded(.up)) * 2 + 1
    }

    func contour(at f: Double) -> Contour {
        let p = position.at(f)
        let centre = Vec(p)
        let n = min(PolystarShape.maxPoints, points.at(f))
        guard n.isFinite, n >= 1 else { return Contour() }
        let c = isStar
            ? PolystarShape.star(points: n, outer: outerRadius.at(f), inner: innerRadius.at(f),
                                 outerRoundness: outerRoundness.at(f) / 100, innerRoundness: innerRoundness.at(f) / 100,
                                 rotation: rotation.at(f))
            : PolystarShape.polygon(points: floor(n), radius: outerRadius.at(f), roundness: outerRoundness.at(f) / 100,
                                    rotation: rotation.at(f))
        return PaintLayout.orient(c.transformed(.translate(centre.x, centre.y)), reversed)
    }

    /// A point at `radius` in direction `angle` (radians, clockwise on screen from +x).
    static func polar(_ radius: Double, _ angle: Double) -> Vec { Vec(radius * cos(angle), radius * sin(angle)) }

    /// The handle at `point` (a vertex of the star, about the origin), perpendicular to its radius and
    /// pointing back along the outline: length `size`.
    static func backHandle(_ point: Vec, _ size: Double) -> Vec {
        let theta = atan2(point.y, point.x) - .pi / 2
        return Vec(cos(theta), sin(theta)) * size
    }

    /// The star about the origin. Roundness (0…1) turns each vertex into a smooth one whose handles are
    /// perpendicular to its radius, of length radius × roundness × 0.47829 / 0.28 / points
    /// (rlottie's `POLYSTAR_MAGIC_NUMBER` over the point count; lottie-ios uses 0.47829 × radius
    /// for every point count). A fractional point count adds a partial point, as both draw it; its
    /// handles are shortened by the fraction on its first and last segment only, as lottie-ios does.
    static func star(points: Double, outer: Double, inner: Double, outerRoundness: Double, innerRoundness: Double,
                     rotation: Double) -> Contour {
        var angle = (rotation - 90) * .pi / 180
        let perPoint = 2 * .pi / points, halfPerPoint = perPoint / 2
        let partial = points - floor(points)
        var partialRadius = 0.0
        var vertex: Vec
        if partial != 0 {
            angle += halfPerPoint * (1 - partial)
            partialRadius = inner + partial * (outer - inner)
            vertex = polar(partialRadius, angle)
            angle += perPoint * partial / 2
        } else {
            vertex = polar(outer, angle)
            angle += halfPerPoint
        }
        let rounded = outerRoundness != 0 || innerRoundness != 0
        var c = Contour(vertices: [vertex], inTangents: [Vec(0, 0)], outTangents: [Vec(0, 0)], closed: true)
        var toOuter = false
        let count = Int(ceil(points)) * 2
        for i in 0..<count {
            var radius = toOuter ? outer : inner
            var step = halfPerPoint
            if partialRadius != 0, i == count - 2 { step = perPoint * partial / 2 }
            if partialRadius != 0, i == count - 1 { radius = partialRadius }
            let previous = vertex
            vertex = polar(radius, angle)
            var inHandle = Vec(0, 0)
            if rounded {
                // The segment runs from an outer point to an inner one, or back.
                let fromRadius = toOuter ? inner : outer, fromRoundness = toOuter ? innerRoundness : outerRoundness
                let toRadius = toOuter ? outer : inner, toRoundness = toOuter ? outerRoundness : innerRoundness
                var out = backHandle(previous, fromRadius * fromRoundness * 0.47829 / 0.28 / points)
                var back = backHandle(vertex, toRadius * toRoundness * 0.47829 / 0.28 / points)
                if partial != 0, i == 0 { out = out * partial }
                if partial != 0, i == count - 1 { back = back * partial }
                c.outTangents[c.outTangents.count - 1] = out * -1
                inHandle = back
            }
            if i == count - 1, (vertex - c.vertices[0]).length < 1e-9 {
                // Back at the first vertex: the closing segment ends there.
                c.inTangents[0] = inHandle
            } else {
                c.vertices.append(vertex)
                c.inTangents.append(inHandle)
                c.outTangents.append(Vec(0, 0))
            }
            angle += step
            toOuter.toggle()
        }
        return c
    }

    /// The regular polygon about the origin; roundness (0…1) gives each vertex handles perpendicular to
    /// its radius of length radius × roundness × 0.25 (lottie-ios's and rlottie's constant).
    static func polygon(points: Double, radius: Double, roundness: Double, rotation: Double) -> Contour {
        let n = Int(points)
        guard n >= 1 else { return Contour() }
        let start = (rotation - 90) * .pi / 180, perPoint = 2 * .pi / Double(n)
        let vertices = (0..<n).map { polar(radius, start + perPoint * Double($0)) }
        let size = radius * roundness * 0.25
        return Contour(vertices: vertices,
                       inTangents: vertices.map { roundness == 0 ? Vec(0, 0) : backHandle($0, size) },
                       outTangents: vertices.map { roundness == 0 ? Vec(0, 0) : backHandle($0, size) * -1 },
                       closed: true)
    }
}
