// SPDX-License-Identifier: MIT
/// The builder's bound on the work a shape layer's items cost.
extension ShapeItem {
    /// What a frame of these items costs to lay out, as an upper bound: each
    /// item once, and every outline's vertices once per paint that may draw
    /// them (a paint draws what is listed before it in its group, nested
    /// groups included). A repeater multiplies what is listed before it.
    static func cost(_ items: [ShapeItem]) -> Int {
        let cap = Int.max / 16
        func add(_ a: Int, _ b: Int) -> Int { min(cap, a + b) }
        func mul(_ a: Int, _ b: Int) -> Int {
            let (m, over) = a.multipliedReportingOverflow(by: b)
            return over ? cap : min(cap, m)
        }
        /// (items, vertices, vertices drawn) of one group's list.
        func walk(_ items: [ShapeItem]) -> (count: Int, vertices: Int, drawn: Int) {
            var count = 0, vertices = 0, drawn = 0, paints = 0
            for item in items {
                count = add(count, 1)
                switch item {
                case .group(let inner, _):
                    let c = walk(inner)
                    count = add(count, c.count); vertices = add(vertices, c.vertices); drawn = add(drawn, c.drawn)
                case .path(let shape, _): vertices = add(vertices, shape.keyframes.reduce(0) { max($0, $1.value.vertices.count) })
                case .rect, .ellipse: vertices = add(vertices, 4)
                case .polystar(let star): vertices = add(vertices, star.maxVertices)
                case .fill, .stroke, .gradientFill, .gradientStroke: paints += 1
                case .trim, .roundCorners: break
                case .repeater(let r):
                    // Each copy holds everything before it, its paints drawing its outlines.
                    let k = max(1, r.maxCount)
                    drawn = mul(k, add(drawn, mul(vertices, paints)))
                    count = mul(k, count); vertices = mul(k, vertices); paints = 0
                }
            }
            return (count, vertices, add(drawn, mul(vertices, paints)))
        }
        let c = walk(items)
        return add(c.count, max(c.drawn, c.vertices))
    }
}
