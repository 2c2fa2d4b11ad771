// SPDX-License-Identifier: MIT
import FXPluginKit

/// Builds fx layers for a composition: each Lottie layer becomes a container
/// whose transform maps its content to the composition (parents included),
/// holding one shape or gradient layer per paint; precomps nest containers
/// that clip to their size; masks and alpha mattes become Core Animation masks.
final class Builder {
    let comp: Composition
    let timeline: Timeline
    /// Precomps being built, outermost first, to refuse a precomp that contains itself.
    private var precompStack: [String] = []
    static let maxPrecompDepth = 32

    /// What one file may make the plugin build: layers counted once per use
    /// (a precomp used ten times builds its layers ten times, so a small file
    /// of nested precomps could ask for billions), and work — for each layer
    /// built, its played frames times what each frame computes and hands to
    /// the host (3 for its transform, opacity and visibility, 1 for each shape
    /// item, and its outlines' vertices times the paints that draw them).
    /// A unit is about one path element (56 bytes) of data copied by the host:
    /// at 20 million, a file under the limit ran into the host's 512 MiB limit
    /// on plugin data (exit 1) after 1.5 GB of memory; at 4 million it cannot.
    static let maxLayers = 10_000
    static let maxWork = 4_000_000
    private var layersBuilt = 0
    private var work = 0

    /// Refuses, before anything is built, a file whose precomps would build
    /// more than `maxLayers` layers, or that contain themselves.
    func checkExpansion(_ layers: [LottieLayer], path: String) throws(LottieError) {
        var memo: [String: Int] = [:]
        var stack: [String] = []
        func count(_ layers: [LottieLayer], _ path: String) throws(LottieError) -> Int {
            var total = 0
            for (i, l) in layers.enumerated() {
                total += 1
                if case .precomp(let id) = l.kind, comp.assets[id] != nil {
                    let here = "\(path)[\(i)].refId"
                    guard !stack.contains(id) else {
                        throw LottieError(path: here, message: "precomp \"\(id)\" contains itself (\(stack.joined(separator: " → ")) → \(id))")
                    }
                    guard stack.count < Builder.maxPrecompDepth else {
                        throw LottieError(path: here, message: "precomps nested more than \(Builder.maxPrecompDepth) deep")
                    }
                    if let known = memo[id] {
                        total += known
                    } else {
                        stack.append(id)
                        let inner = try count(comp.assets[id]!, "$.assets[\"\(id)\"].layers")
                        stack.removeLast()
                        memo[id] = inner
                        total += inner
                    }
                }
                // Past the limit the exact number does not matter, and must not overflow.
                total = min(total, Builder.maxLayers + 1)
            }
            return total
        }
        guard try count(layers, path) <= Builder.maxLayers else {
            throw LottieError(path: path, message: "more than \(Builder.maxLayers) layers once each use of a precomp is counted; the plugin builds at most \(Builder.maxLayers) layers")
        }
    }

    func spend(_ units: Int, frames: Int, at path: String) throws(LottieError) {
        let (cost, over) = units.multipliedReportingOverflow(by: max(1, frames))
        work += over ? Int.max / 2 : cost
        guard work <= Builder.maxWork else {
            throw LottieError(path: path, message: "building the file takes more than \(Builder.maxWork) units of work (layers × frames × shape vertices and paints), the plugin's limit: play fewer frames with --range A:B, or simplify the file")
        }
    }

    init(_ comp: Composition, _ timeline: Timeline) {
        self.comp = comp
        self.timeline = timeline
    }

    /// Builds `layers` into `container`; `frames[j]` is this composition's frame at played frame j.
    func build(_ layers: [LottieLayer], into container: Layer, frames: [Double], size: (Double, Double), path: String) throws {
        var drawn: [(layer: Layer, index: Int)] = []
        for i in stride(from: layers.count - 1, through: 0, by: -1) {
            let l = layers[i]
            if l.isMatte || l.hidden { continue }
            // A track matte is the layer above the matted one, "td" or not (rlottie and lottie-ios pair them so).
            if i + 1 < layers.count, layers[i + 1].matte != 0 { continue }
            Warnings.layer = l.name
            guard let x = try layerContainer(l, i, layers, frames: frames, size: size, path: path) else { continue }
            if l.matte != 0, i > 0 {
                if let wrapper = try matted(x, l, i, layers, frames: frames, size: size, path: path) {
                    drawn.append((wrapper, i))
                    continue
                }
                Warnings.layer = l.name
                Warnings.note(["", "", "inverted alpha mattes", "luma mattes", "inverted luma mattes"][min(4, l.matte)]
                              + " (this fxhost has no maskMode, fx.h 1.3)", at: "\(path)[\(i)].tt")
            }
            drawn.append((x, i))
        }
        try orderByDepth(drawn, layers, frames: frames, size: size, path: path)
        for d in drawn { try container.addSublayer(d.layer) }
    }

    /// The layer's transform to its composition at its frame for comp frame `f`, parents applied.
    func worldMatrix(_ l: LottieLayer, _ layers: [LottieLayer], _ f: Double, _ path: String) throws -> Affine {
        var m = l.transform.matrix(at: f)
        for owner in try parents(of: l, in: layers, path) { m = m.then(owner.transform.matrix(at: f)) }
        return m
    }

    /// The layer's parents, nearest first; a parent missing from the composition ends the chain (warned).
    func parents(of l: LottieLayer, in layers: [LottieLayer], _ path: String) throws -> [LottieLayer] {
        var chain: [LottieLayer] = []
        var parent = l.parent
        while let p = parent {
            guard chain.count < layers.count, let owner = layers.first(where: { $0.index == p }) else {
                if chain.count >= layers.count {
                    throw LottieError(path: path, message: "layer '\(l.name)' has cyclic parenting (its parent chain comes back to itself)")
                }
                Warnings.note("a parent (ind \(p)) that is not in the composition", at: path)
                break
            }
            chain.append(owner)
            parent = owner.parent
        }
        return chain
    }

    func layerContainer(_ l: LottieLayer, _ i: Int, _ layers: [LottieLayer], frames: [Double],
                        size: (Double, Double), path: String) throws -> Layer? {
        let here = "\(path)[\(i)]"
        if case .null = l.kind { return nil }
        if case .unsupported = l.kind { return nil }
        layersBuilt += 1
        guard layersBuilt <= Builder.maxLayers else {
            throw LottieError(path: here, message: "more than \(Builder.maxLayers) layers once each use of a precomp is counted; the plugin builds at most \(Builder.maxLayers) layers")
        }
        var units = 3 + MaskBuilder.cost(l.masks)
        if case .shape(let items) = l.kind { units += ShapeItem.cost(items) }
        try spend(units, frames: frames.count, at: here)
        let x = try Layer.plain(l.name, size)
        // A 3D layer's transform (its parents' and the camera's in it) is baked per frame: see "What is baked" in docs/LOTTIE.md.
        let threeD = l.is3D || l.transform.depth != nil
        var matrices: [Affine] = [], depthMatrices: [Transform] = [], opacities: [Double] = [], hidden: [Bool] = []
        for f in frames {
            if threeD {
                depthMatrices.append(try transform3D(l, layers, size: size, at: f, here))
            } else {
                matrices.append(try worldMatrix(l, layers, f, here))
            }
            opacities.append(min(1, max(0, l.transform.opacity.at(f) / 100)))
            hidden.append(!(f >= l.inPoint && f < l.outPoint))
        }
        if threeD {
            try timeline.play(x, "transform", depthMatrices)
        } else {
            try playTransform(x, l, layers, frames: frames, matrices: matrices, path: here)
        }
        try playOpacity(x, l, frames: frames, opacities: opacities)
        try timeline.play(x, "hidden", hidden, discrete: true)
        // Out of its time range at every played frame: nothing of it is ever drawn, so its content,
        // masks and (for a precomp) inner layers are not built. Its own references are still checked,
        // so that whether a file is refused does not hang on the played range.
        if !hidden.contains(false) {
            try checkReference(l, at: here)
            return x
        }

        switch l.kind {
        case .shape(let items):
            try ShapeContent(timeline).build(items, into: x, frames: frames)
        case .solid(let color, let w, let h):
            let s = try Layer(.shape, name: l.name + " solid")
            let p = try PathMaker.path([PaintLayout.rect([w / 2, h / 2], [w, h], 0)])
            try s.set("path", p)
            try s.set("fillColor", Color(red: color[0], green: color[1], blue: color[2], alpha: 1))
            try x.addSublayer(s)
        case .precomp(let id):
            try checkReference(l, at: here)
            let inner = comp.assets[id]!
            let w = l.precompSize.0 > 0 ? l.precompSize.0 : comp.width, h = l.precompSize.1 > 0 ? l.precompSize.1 : comp.height
            let clip = try Layer.plain(l.name + " content", (w, h))
            try clip.set("masksToBounds", true)
            try x.addSublayer(clip)
            let innerFrames = frames.map { f -> Double in
                l.timeRemap.map { $0.at(f) * comp.frameRate } ?? l.innerFrame(f)
            }
            precompStack.append(id)
            defer { precompStack.removeLast() }
            try build(inner, into: clip, frames: innerFrames, size: (w, h), path: "$.assets[\"\(id)\"].layers")
            Warnings.layer = l.name
        case .image(let id):
            try checkReference(l, at: here)
            let asset = comp.images[id]!
            if let image = try ImageAssets.image(asset) {
                // The picture drawn at the asset's size from the layer's origin, as rlottie and lottie-ios draw it.
                let size = (asset.width > 0 ? asset.width : Double(image.width), asset.height > 0 ? asset.height : Double(image.height))
                let picture = try Layer.plain(l.name + " image", size)
                try picture.set("contents", image)
                try x.addSublayer(picture)
            }
        case .text(let document):
            try TextContent.build(document, into: x, name: l.name, at: here + ".t")
        case .null, .unsupported: break
        }
        if !l.masks.isEmpty { try MaskBuilder(timeline).apply(l.masks, to: x, frames: frames, size: size, path: here) }
        return x
    }

    /// Refuses a precomp layer whose asset is missing, contains itself or nests too deep, and an image
    /// layer whose asset is missing, naming the layer's `refId` in the file.
    private func checkReference(_ l: LottieLayer, at here: String) throws {
        switch l.kind {
        case .precomp(let id):
            guard comp.assets[id] != nil else {
                throw LottieError(path: here + ".refId", message: "no precomp asset has the id \"\(id)\"")
            }
            guard !precompStack.contains(id) else {
                throw LottieError(path: here + ".refId", message: "precomp \"\(id)\" contains itself (\(precompStack.joined(separator: " → ")) → \(id))")
            }
            guard precompStack.count < Builder.maxPrecompDepth else {
                throw LottieError(path: here + ".refId", message: "precomps nested more than \(Builder.maxPrecompDepth) deep")
            }
        case .image(let id):
            guard comp.images[id] != nil else {
                throw LottieError(path: here + ".refId", message: "no image asset has the id \"\(id)\"")
            }
        default: break
        }
    }
}

/// The paints of a shape layer as fx layers, one per paint, animated by planned keyframes (`KeyframePlan`).
struct ShapeContent {
    let timeline: Timeline
    /// The layer's paints at any frame and which of them is being built; nil: bake every played frame.
    var source: (PaintSource, Int)?
    init(_ timeline: Timeline) { self.timeline = timeline }

    func build(_ items: [ShapeItem], into x: Layer, frames: [Double]) throws {
        let perFrame = frames.map { PaintLayout.paints(items, at: $0) }
        guard let first = perFrame.first else { return }
        let source = PaintSource(frames: frames, items: items)
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
        // The focal point's offset from the centre, only where a highlight moves it (fx.h 1.6).
        func focal(_ p: Paint) -> Point { Point((p.focal.x - p.start.x) / w, (p.focal.y - p.start.y) / h) }
        if radial, RadialFocus.hostHasFocalOffset, paints.contains(where: { $0.focal != $0.start }) {
            try play(g, "focalOffset", paints, vector: { point(focal($0)) }, value: focal) {
                try timeline.play(g, "focalOffset", paints.map(focal))
            }
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
