// SPDX-License-Identifier: MIT
import FXCore

/// One subpath as a Lottie shape (`{"c","v","i","o"}`): vertices, and each
/// vertex's in and out tangents relative to it. Quadratic curves are raised to
/// cubic ones (the same curve); a closing segment back to the start is Lottie's `c`.
struct LottiePath: Equatable {
    var vertices: [Point] = []
    var inTangents: [Point] = []
    var outTangents: [Point] = []
    var closed = false

    /// The subpaths of `path`, in order; a lone move draws nothing and is left out.
    static func subpaths(of path: Path) -> [LottiePath] {
        var out: [LottiePath] = []
        var current = LottiePath()
        var start: Point?
        func finish() {
            if current.vertices.count > 1 { out.append(current) }
            current = LottiePath()
        }
        func begin(at p: Point) {
            current.vertices = [p]; current.inTangents = [.zero]; current.outTangents = [.zero]
        }
        func continuing() {
            if current.vertices.isEmpty, let start { begin(at: start) }
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                finish()
                begin(at: p)
                start = p
            case .line(let p):
                continuing()
                current.vertices.append(p); current.inTangents.append(.zero); current.outTangents.append(.zero)
            case .quad(let c, let p):
                continuing()
                let from = current.vertices[current.vertices.count - 1]
                let c1 = Point(from.x + (c.x - from.x) * 2 / 3, from.y + (c.y - from.y) * 2 / 3)
                let c2 = Point(p.x + (c.x - p.x) * 2 / 3, p.y + (c.y - p.y) * 2 / 3)
                current.curve(c1, c2, p)
            case .cubic(let c1, let c2, let p):
                continuing()
                current.curve(c1, c2, p)
            case .close:
                guard !current.vertices.isEmpty else { continue }
                current.closed = true
                let n = current.vertices.count
                if n > 1, current.vertices[n - 1] == current.vertices[0] {
                    current.inTangents[0] = current.inTangents[n - 1]
                    current.vertices.removeLast(); current.inTangents.removeLast(); current.outTangents.removeLast()
                }
                if current.vertices.count > 1 { out.append(current) }
                current = LottiePath()
            }
        }
        finish()
        return out
    }

    private mutating func curve(_ c1: Point, _ c2: Point, _ p: Point) {
        let last = vertices.count - 1
        outTangents[last] = Point(c1.x - vertices[last].x, c1.y - vertices[last].y)
        vertices.append(p)
        inTangents.append(Point(c2.x - p.x, c2.y - p.y))
        outTangents.append(.zero)
    }

    /// The path through `m`.
    func mapped(_ m: PlaneAffine) -> LottiePath {
        LottiePath(vertices: vertices.map(m.apply), inTangents: inTangents.map(m.applyLinear),
                   outTangents: outTangents.map(m.applyLinear), closed: closed)
    }

    /// A rounded rectangle as the renderer draws one (`Path.addRoundedRect`).
    static func roundedRect(_ r: Rect, radius: Double) -> LottiePath {
        var p = Path()
        if radius > 0 { p.addRoundedRect(r, radius: radius) } else { p.addRect(r) }
        return subpaths(of: p).first ?? LottiePath()
    }

    /// The numbers a keyframe fit compares: vertices, then in and out tangents, then 1 for a
    /// closed path or 0 (equal wherever `structure` is).
    var numbers: [Double] {
        var out: [Double] = []
        out.reserveCapacity(vertices.count * 6 + 1)
        for list in [vertices, inTangents, outTangents] { for p in list { out.append(p.x); out.append(p.y) } }
        out.append(closed ? 1 : 0)
        return out
    }

    /// What must agree for two paths to be interpolated: the vertex count and closedness.
    var structure: Int { vertices.count * 2 + (closed ? 1 : 0) }

    /// The Lottie shape object of the path `numbers` describes.
    static func json(numbers: [Double]) -> String {
        let n = (numbers.count - 1) / 6
        func list(_ part: Int) -> String {
            "[" + (0..<n).map { k in
                "[" + LottieJSON.number(numbers[part * n * 2 + k * 2]) + "," + LottieJSON.number(numbers[part * n * 2 + k * 2 + 1]) + "]"
            }.joined(separator: ",") + "]"
        }
        return "{\"c\":\(numbers[numbers.count - 1] == 1 ? "true" : "false"),\"v\":" + list(0) + ",\"i\":" + list(1) + ",\"o\":" + list(2) + "}"
    }
}
