// SPDX-License-Identifier: MIT
import FXPluginKit

/// The paints of a shape layer as fx layers, one per paint, animated frame by frame.
struct ShapeContent {
    let timeline: Timeline
    /// The layer's paints at any frame and which of them is being built; nil: bake every played frame.
    var source: (PaintSource, Int)?
    init(_ timeline: Timeline) { self.timeline = timeline }

    func build(_ items: [ShapeItem], into x: Layer, frames: [Double]) throws {
        let perFrame = frames.map { PaintLayout.paints(items, at: $0) }
        guard let first = perFrame.first else { return }
        let source = PaintSource(frames: frames, drivers: Drivers.all(in: items), items: items)
        // Back to front: the first paint is the bottom one.
        for k in 0..<first.count {
            var paints = perFrame.map { $0[k] }
            var into = x
            var planned: ShapeContent = self
            planned.source = (source, k)
            if case .fill = paints[0].style {} else if let local = GroupSpace.local(paints) {
                into = try GroupSpace.container(local.spaces, timeline)
                try x.addSublayer(into)
                paints = local.paints
                planned.source = nil
            }
            switch paints[0].style {
            case .fill, .stroke: try into.addSublayer(try planned.shape(paints))
            case .gradient(let type), .gradientStroke(let type, _, _, _): try into.addSublayer(try planned.gradient(paints, radial: type == 2))
            }
        }
    }

    /// Plays `keyPath` of `layer` from paint values: planned keyframes when the paint's values at
    /// any frame are known (`source`), else one key per played frame (`baked`).
    func play(_ layer: Layer, _ keyPath: String, _ paints: [Paint], vector: (Paint) -> [Double],
              value: (Paint) throws -> any ValueConvertible,
              interpolable: ([Double], [Double]) -> Bool = { _, _ in true }, baked: () throws -> Void) throws {
        guard let (source, k) = source,
              let plan = KeyframePlan.make(frames: source.frames, drivers: source.drivers, played: paints.map(vector),
                                           at: { vector(source.paints(at: $0)[k]) }, interpolable: interpolable) else {
            return try baked()
        }
        try timeline.play(layer, keyPath, plan) { key in
            try value(key.played.map { paints[$0] } ?? source.paints(at: key.frame)[k])
        }
    }

    func color(_ c: [Double]) -> Color { Color(red: c[0], green: c[1], blue: c[2], alpha: c[3]) }

    func playPaths(_ layer: Layer, _ contours: [[Contour]], offset: Vec = Vec(0, 0)) throws(PluginError) {
        let changes = contours.contains { $0 != contours[0] }
        let moved = offset == Vec(0, 0) ? contours : contours.map { $0.map { $0.transformed(.translate(-offset.x, -offset.y)) } }
        // Paths are made only for the frames that become keyframes (see Timeline.play).
        let kept = changes ? Timeline.runEnds(contours, equal: ==) : [0]
        var paths = [any ValueConvertible](repeating: try PathMaker.path(moved[0]), count: moved.count)
        for k in kept.dropFirst() { paths[k] = try PathMaker.path(moved[k]) }
        try timeline.play(layer, "path", paths, changes: changes, kept: changes ? kept : nil)
    }

    /// A paint's outline, planned.
    func playPaths(_ layer: Layer, _ paints: [Paint], offset: Vec = Vec(0, 0)) throws {
        // An outline that never changes needs no plan (nor its numbers at every frame).
        if paints.allSatisfy({ $0.contours == paints[0].contours }) {
            return try playPaths(layer, paints.map(\.contours), offset: offset)
        }
        func moved(_ c: [Contour]) -> [Contour] {
            offset == Vec(0, 0) ? c : c.map { $0.transformed(.translate(-offset.x, -offset.y)) }
        }
        try play(layer, "path", paints, vector: { PathMaker.vector(moved($0.contours)) },
                 value: { try PathMaker.path(moved($0.contours)) }, interpolable: PathMaker.sameElements) {
            try playPaths(layer, paints.map(\.contours), offset: offset)
        }
    }

    func shape(_ paints: [Paint]) throws -> Layer {
        let s = try Layer(.shape, name: "paint")
        try playPaths(s, paints)
        try s.set("fillRule", paints[0].evenOdd ? "evenOdd" : "nonZero")
        switch paints[0].style {
        case .stroke(let cap, let join, let miter):
            try s.set("fillColor", Color.clear)
            try play(s, "strokeColor", paints, vector: \.color, value: { color($0.color) }) {
                try timeline.play(s, "strokeColor", paints.map { color($0.color) })
            }
            try strokeStyle(s, paints, cap: cap, join: join, miter: miter)
        default:
            try play(s, "fillColor", paints, vector: \.color, value: { color($0.color) }) {
                try timeline.play(s, "fillColor", paints.map { color($0.color) })
            }
        }
        return s
    }

    /// A CAGradientLayer over a square holding every frame's outline, masked by the outline.
    /// A stroke's width, cap, join, miter limit and dashes, on a stroke's layer or a gradient stroke's mask.
    func strokeStyle(_ layer: Layer, _ paints: [Paint], cap: String, join: String, miter: Double) throws {
        try play(layer, "lineWidth", paints, vector: { [$0.width] }, value: \.width) {
            try timeline.play(layer, "lineWidth", paints.map(\.width))
        }
        try layer.set("lineCap", cap)
        try layer.set("lineJoin", join)
        try layer.set("miterLimit", miter)
        if !paints[0].dashes.isEmpty {
            try play(layer, "lineDashPattern", paints, vector: \.dashes, value: \.dashes) {
                try timeline.play(layer, "lineDashPattern", paints.map(\.dashes))
            }
            try play(layer, "lineDashPhase", paints, vector: { [$0.dashPhase] }, value: \.dashPhase) {
                try timeline.play(layer, "lineDashPhase", paints.map(\.dashPhase))
            }
        }
    }

    func gradient(_ paints: [Paint], radial: Bool) throws -> Layer {
        var lo = Vec(.infinity, .infinity), hi = Vec(-.infinity, -.infinity)
        for p in paints {
            for c in p.contours {
                for v in c.vertices + zip(c.vertices, c.outTangents).map({ $0 + $1 }) + zip(c.vertices, c.inTangents).map({ $0 + $1 }) {
                    lo = Vec(min(lo.x, v.x), min(lo.y, v.y)); hi = Vec(max(hi.x, v.x), max(hi.y, v.y))
                }
            }
        }
        if !lo.x.isFinite { lo = Vec(0, 0); hi = Vec(1, 1) }
        let reach = GradientStroke.reach(paints)
        lo = lo - Vec(1 + reach, 1 + reach); hi = hi + Vec(1 + reach, 1 + reach)
        // A square: a CAGradientLayer's start and end points are in its unit square, so its
        // lines of equal colour are perpendicular on screen only when the layer is square.
        let w = max(hi.x - lo.x, hi.y - lo.y), h = w
        let g = try Layer(.gradient, name: "gradient")
        try g.set("anchorPoint", Point(0, 0))
        try g.set("bounds", Rect(0, 0, w, h))
        try g.set("position", Point(lo.x, lo.y))
        try g.set("type", radial ? "radial" : "axial")
        func unit(_ v: Vec) -> Point { Point((v.x - lo.x) / w, (v.y - lo.y) / h) }
        func colors(_ p: Paint) -> Colors { Colors(p.stops.map { color($0.color) }) }
        try play(g, "colors", paints, vector: { $0.stops.flatMap(\.color) }, value: colors) {
            try timeline.play(g, "colors", paints.map(colors),
                              changes: paints.contains { p in !p.stops.elementsEqual(paints[0].stops) { $0.location == $1.location && $0.color == $1.color } })
        }
        try play(g, "locations", paints, vector: { $0.stops.map(\.location) }, value: { $0.stops.map(\.location) }) {
            try timeline.play(g, "locations", paints.map { $0.stops.map(\.location) })
        }
        func point(_ p: Point) -> [Double] { [p.x, p.y] }
        func end(_ p: Paint) -> Point {
            guard radial else { return unit(p.end) }
            let r = (p.end - p.start).length
            return Point((p.start.x + r - lo.x) / w, (p.start.y + r - lo.y) / h)
        }
        try play(g, "startPoint", paints, vector: { point(unit($0.start)) }, value: { unit($0.start) }) {
            try timeline.play(g, "startPoint", paints.map { unit($0.start) })
        }
        try play(g, "endPoint", paints, vector: { point(end($0)) }, value: end) {
            try timeline.play(g, "endPoint", paints.map(end))
        }
        try play(g, "opacity", paints, vector: { [$0.color[3]] }, value: { $0.color[3] }) {
            try timeline.play(g, "opacity", paints.map { $0.color[3] })
        }
        let mask = try Layer(.shape, name: "gradient outline")
        try playPaths(mask, paints, offset: lo)
        try mask.set("fillRule", paints[0].evenOdd ? "evenOdd" : "nonZero")
        if case .gradientStroke(_, let cap, let join, let miter) = paints[0].style {
            try mask.set("fillColor", Color.clear)
            try mask.set("strokeColor", Color.black)
            try strokeStyle(mask, paints, cap: cap, join: join, miter: miter)
        } else {
            try mask.set("fillColor", Color.black)
        }
        try g.setMask(mask)
        return g
    }
}
