// SPDX-License-Identifier: MIT
import Glibc

/// A Lottie transform (a layer's "ks" or a group's "tr").
struct LottieTransform {
    var anchor: Animated<[Double]>
    var position: Animated<[Double]>
    var scale: Animated<[Double]>
    var rotation: Animated<Double>
    var opacity: Animated<Double>
    var skew: Animated<Double>
    var skewAxis: Animated<Double>
    /// A layer's auto-orient (`ao`): turned to follow its position's direction of motion.
    var autoOrient = false

    static func read(_ n: Node?) throws(LottieError) -> LottieTransform {
        let r = try PropertyReader.scalar(n?["r"] ?? n?["rz"], default: 0)
        if let n, n["rx"] != nil || n["ry"] != nil { Warnings.note("3D rotation", at: n.path) }
        return LottieTransform(
            anchor: try PropertyReader.vector(n?["a"], default: [0, 0]),
            position: try PropertyReader.vector(n?["p"], default: [0, 0]),
            scale: try PropertyReader.vector(n?["s"], default: [100, 100]),
            rotation: r,
            opacity: try PropertyReader.scalar(n?["o"], default: 100),
            skew: try PropertyReader.scalar(n?["sk"], default: 0),
            skewAxis: try PropertyReader.scalar(n?["sa"], default: 0))
    }

    /// The map from the content's coordinates to the parent's at frame `f`:
    /// minus the anchor, scale, skew, rotate, plus the position.
    func matrix(at f: Double) -> Affine {
        let a = anchor.at(f), p = position.at(f), s = scale.at(f)
        var m = Affine.translate(-(a.first ?? 0), -(a.count > 1 ? a[1] : 0))
        m = m.then(.scale((s.first ?? 100) / 100, (s.count > 1 ? s[1] : s.first ?? 100) / 100))
        let sk = skew.at(f)
        if sk != 0 {
            let axis = skewAxis.at(f)
            let skewX = Affine(a: 1, b: 0, c: tan(-sk * .pi / 180), d: 1, tx: 0, ty: 0)
            m = m.then(.rotate(axis)).then(skewX).then(.rotate(-axis))
        }
        m = m.then(.rotate(rotation.at(f)))
        if autoOrient { m = m.then(.rotate(orientation(at: f))) }
        return m.then(.translate(p.first ?? 0, p.count > 1 ? p[1] : 0))
    }
}

extension LottieTransform {
    /// The direction of motion at frame `f`, in degrees clockwise from +x, as lottie-web's
    /// TransformProperty measures it for auto-orient: from the position 0.01 frames before to the
    /// position at `f`; before the first keyframe, from it to 0.01 frames after; after the last,
    /// from 0.05 frames before it to it. A position that does not move gives 0.
    func orientation(at f: Double) -> Double {
        let k = position.keyframes
        guard k.count > 1 else { return 0 }
        let first = k[0].time, last = k[k.count - 1].time
        let (from, to): (Double, Double) = f <= first ? (first, first + 0.01) : f >= last ? (last - 0.05, last) : (f - 0.01, f)
        let a = position.at(from), b = position.at(to)
        guard a.count >= 2, b.count >= 2 else { return 0 }
        return atan2(b[1] - a[1], b[0] - a[0]) * 180 / .pi
    }
}

/// One gradient: its stops as the file packs them ("g": {"p": colour count, "k": …}).
struct LottieGradient {
    var colorCount: Int
    var stops: Animated<[Double]>
    /// 1 linear, 2 radial.
    var type: Int
    var start: Animated<[Double]>
    var end: Animated<[Double]>

    static func read(_ n: Node) throws(LottieError) -> LottieGradient {
        let g = try n.require("g")
        let count = Int(try g.require("p").number(in: 1...1000))
        // The highlight moves a radial gradient's focal point off its centre (length `h` percent of
        // the radius, at angle `a`); the engine's radial gradient (CAGradientLayer's) has no focal point.
        if let h = n["h"], let length = try? PropertyReader.scalar(h, default: 0), length.keyframes.contains(where: { $0.value != 0 }),
           try n.number("t", default: 1, in: 1...2) == 2 {
            Warnings.note("a radial gradient's highlight (drawn with the focal point at the centre: the engine's radial gradient has none)", at: h.path)
        }
        return LottieGradient(colorCount: count, stops: try PropertyReader.vector(try g.require("k"), default: []),
                              type: Int(try n.number("t", default: 1, in: 1...2)),
                              start: try PropertyReader.vector(n["s"], default: [0, 0]),
                              end: try PropertyReader.vector(n["e"], default: [0, 0]))
    }

    /// Stops at frame `f`, (location, RGBA), in order of location. Colour and
    /// opacity stops are two ramps with their own locations (as After Effects
    /// and lottie-web draw them): each colour stop takes the opacity ramp's
    /// value at its location and each opacity stop the colour ramp's, so an
    /// opacity stop between two colour stops keeps its place. The count is the
    /// file's colour and opacity stop counts together at every frame.
    func colors(at f: Double) -> [(location: Double, color: [Double])] {
        let v = stops.at(f)
        var colours: [(Double, [Double])] = []
        for k in 0..<colorCount where k * 4 + 3 < v.count {
            colours.append((v[k * 4], [v[k * 4 + 1], v[k * 4 + 2], v[k * 4 + 3]]))
        }
        let alphas = stride(from: colorCount * 4, to: v.count - 1, by: 2).map { (v[$0], v[$0 + 1]) }
        guard !alphas.isEmpty, !colours.isEmpty else { return colours.map { ($0.0, $0.1 + [1]) } }
        /// The ramp's value at `at`; where stops share that location (a hard
        /// step), the first one's (`after` false) or the last one's.
        func ramp<T>(_ stops: [(Double, T)], _ at: Double, after: Bool, _ mix: (T, T, Double) -> T) -> T {
            for k in stops.indices where after ? at < stops[k].0 : at <= stops[k].0 {
                guard k > 0 else { return stops[0].1 }
                let (l0, v0) = stops[k - 1], (l1, v1) = stops[k]
                return l1 > l0 ? mix(v0, v1, (at - l0) / (l1 - l0)) : v1
            }
            return stops[stops.count - 1].1
        }
        func byLocation<T>(_ s: [(Double, T)]) -> [(Double, T)] {
            s.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)
        }
        let c = byLocation(colours), a = byLocation(alphas)
        // At a shared location the colour stops come first and take the opacity
        // arriving there; the opacity stops follow and take the colour leaving it.
        let merged = c.map { ($0.0, $0.1 + [ramp(a, $0.0, after: false) { $0 + ($1 - $0) * $2 }]) }
            + a.map { stop in (stop.0, ramp(c, stop.0, after: true) { x, y, t in zip(x, y).map { $0 + ($1 - $0) * t } } + [stop.1]) }
        return byLocation(merged)
    }
}

/// The shape items a shape layer's "shapes" holds.
indirect enum ShapeItem {
    case group(items: [ShapeItem], transform: LottieTransform)
    case path(Animated<Contour>, reversed: Bool)
    case rect(position: Animated<[Double]>, size: Animated<[Double]>, roundness: Animated<Double>, reversed: Bool)
    case ellipse(position: Animated<[Double]>, size: Animated<[Double]>, reversed: Bool)
    case fill(color: Animated<[Double]>, opacity: Animated<Double>, evenOdd: Bool)
    case stroke(Stroke)
    case gradientFill(LottieGradient, opacity: Animated<Double>, evenOdd: Bool)
    case trim(start: Animated<Double>, end: Animated<Double>, offset: Animated<Double>, individually: Bool)
    case polystar(PolystarShape)
    case repeater(RepeaterItem)
    case roundCorners(radius: Animated<Double>)
    /// A gradient stroke: the stroke's colour is unused, its opacity, width, caps, joins and dashes are.
    case gradientStroke(LottieGradient, Stroke)
}

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

struct Stroke {
    var color: Animated<[Double]>
    var opacity: Animated<Double>
    var width: Animated<Double>
    var cap: String
    var join: String
    var miterLimit: Double
    var dashes: [Animated<Double>]
    var dashOffset: Animated<Double>
}

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
                var transform = try LottieTransform.read(nil)
                var children: [Node] = []
                for c in try inner.items() {
                    if c.json["ty"]?.string == "tr" { transform = try LottieTransform.read(c) } else { children.append(c) }
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
                out.append(.gradientFill(try LottieGradient.read(n), opacity: try PropertyReader.scalar(n["o"], default: 100),
                                         evenOdd: try n.number("r", default: 1, in: 0...2) == 2))
            case "tm":
                out.append(.trim(start: try PropertyReader.scalar(n["s"], default: 0),
                                 end: try PropertyReader.scalar(n["e"], default: 100),
                                 offset: try PropertyReader.scalar(n["o"], default: 0),
                                 individually: try n.number("m", default: 1, in: 0...2) == 2))
            case "sr":
                out.append(.polystar(try PolystarShape.read(n, reversed: try n.number("d", default: 1, in: 0...3) == 3)))
            case "rp":
                out.append(.repeater(try RepeaterItem.read(n)))
            case "rd":
                out.append(.roundCorners(radius: try PropertyReader.scalar(n["r"], default: 0)))
            case "gs":
                out.append(.gradientStroke(try LottieGradient.read(n), try stroke(n)))
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
