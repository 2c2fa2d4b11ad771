// SPDX-License-Identifier: MIT
/// Reading a shape layer's items ("shapes") into the model.
enum ShapeReader {
    static let maxItems = 100_000
    nonisolated(unsafe) static var count = 0

    static func items(_ list: Node, depth: Int) throws(LottieError) -> [ShapeItem] {
        try items(try list.items(), depth: depth)
    }

    static func items(_ nodes: [Node], depth: Int) throws(LottieError) -> [ShapeItem] {
        guard depth < 64 else { throw (nodes.first ?? Node(.null, path: "$")).fail("shape groups nested more than 64 deep") }
        var out: [ShapeItem] = []
        for n in nodes {
            count += 1
            guard count <= maxItems else { throw n.fail("more than \(maxItems) shape items in the file") }
            try n.requireObject()
            if (n.json["hd"].map { if case .bool(true) = $0 { true } else { false } } ?? false) { continue }
            guard let ty = try n.string("ty") else { throw n.fail("a shape item without a type (\"ty\")") }
            // "d" is a shape's direction (3: reversed); on a stroke it is the dashes.
            let direction = ["sh", "rc", "el"].contains(ty) ? try n.number("d", default: 1, in: 0...3) : 1
            let reversed = direction == 3
            switch ty {
            case "gr":
                let inner = try n.require("it")
                var transform = try TransformReader.read(nil)
                var children: [Node] = []
                for c in try inner.items() {
                    if c.json["ty"]?.string == "tr" { transform = try TransformReader.read(c) } else { children.append(c) }
                }
                let kids = try items(children, depth: depth + 1)
                out.append(.group(items: kids, transform: transform))
            case "sh":
                out.append(.path(try PropertyReader.shape(try n.require("ks")), reversed: reversed))
            case "rc":
                out.append(.rect(position: try PropertyReader.vector(n["p"], default: [0, 0]),
                                 size: try PropertyReader.vector(n["s"], default: [0, 0]),
                                 roundness: try PropertyReader.scalar(n["r"], default: 0), reversed: reversed))
            case "el":
                out.append(.ellipse(position: try PropertyReader.vector(n["p"], default: [0, 0]),
                                    size: try PropertyReader.vector(n["s"], default: [0, 0]), reversed: reversed))
            case "fl":
                out.append(.fill(color: try PropertyReader.vector(n["c"], default: [0, 0, 0, 1]),
                                 opacity: try PropertyReader.scalar(n["o"], default: 100),
                                 evenOdd: try n.number("r", default: 1, in: 0...2) == 2))
            case "st":
                out.append(.stroke(try stroke(n)))
            case "gf":
                out.append(.gradientFill(try GradientReader.read(n), opacity: try PropertyReader.scalar(n["o"], default: 100),
                                         evenOdd: try n.number("r", default: 1, in: 0...2) == 2))
            case "tm":
                out.append(.trim(start: try PropertyReader.scalar(n["s"], default: 0),
                                 end: try PropertyReader.scalar(n["e"], default: 100),
                                 offset: try PropertyReader.scalar(n["o"], default: 0),
                                 individually: try n.number("m", default: 1, in: 0...2) == 2))
            case "sr":
                out.append(.polystar(try PolystarReader.read(n, reversed: try n.number("d", default: 1, in: 0...3) == 3)))
            case "rp":
                out.append(.repeater(try RepeaterReader.read(n)))
            case "rd":
                out.append(.roundCorners(radius: try PropertyReader.scalar(n["r"], default: 0)))
            case "gs":
                out.append(.gradientStroke(try GradientReader.read(n), try stroke(n)))
            case "tr": break
            default:
                let names = ["mm": "merge paths", "tw": "twist", "pb": "pucker/bloat", "zz": "zig zag", "op": "offset path"]
                Warnings.note("shape item '\(names[ty] ?? ty)'", at: n.path)
            }
        }
        return out
    }

    static func stroke(_ n: Node) throws(LottieError) -> Stroke {
        let caps = [1: "butt", 2: "round", 3: "square"], joins = [1: "miter", 2: "round", 3: "bevel"]
        var dashes: [Animated<Double>] = []
        var offset = Animated(constant: 0.0)
        if let d = n["d"] {
            for item in try d.items() {
                switch try item.string("n") {
                case "o": offset = try PropertyReader.scalar(item["v"], default: 0)
                default: dashes.append(try PropertyReader.scalar(item["v"], default: 0))
                }
            }
        }
        return Stroke(color: try PropertyReader.vector(n["c"], default: [0, 0, 0, 1]),
                      opacity: try PropertyReader.scalar(n["o"], default: 100),
                      width: try PropertyReader.scalar(n["w"], default: 1),
                      cap: caps[Int(try n.number("lc", default: 2, in: 1...3))] ?? "round",
                      join: joins[Int(try n.number("lj", default: 2, in: 1...3))] ?? "round",
                      miterLimit: try n.number("ml", default: 4, in: 0...1000),
                      dashes: dashes, dashOffset: offset)
    }
}
