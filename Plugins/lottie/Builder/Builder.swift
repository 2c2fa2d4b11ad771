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
        for i in stride(from: layers.count - 1, through: 0, by: -1) {
            let l = layers[i]
            if l.isMatte || l.hidden { continue }
            // A track matte is the layer above the matted one, "td" or not (rlottie and lottie-ios pair them so).
            if i + 1 < layers.count, layers[i + 1].matte != 0 { continue }
            Warnings.layer = l.name
            guard let x = try layerContainer(l, i, layers, frames: frames, size: size, path: path) else { continue }
            if l.matte != 0, i > 0 {
                if let wrapper = try matted(x, l, i, layers, frames: frames, size: size, path: path) {
                    try container.addSublayer(wrapper)
                    continue
                }
                Warnings.layer = l.name
                Warnings.note(["", "", "inverted alpha mattes", "luma mattes", "inverted luma mattes"][min(4, l.matte)]
                              + " (this fxhost has no maskMode, fx.h 1.3)", at: "\(path)[\(i)].tt")
            }
            try container.addSublayer(x)
        }
    }

    /// The layer's transform to its composition at its frame for comp frame `f`, parents applied.
    func worldMatrix(_ l: LottieLayer, _ layers: [LottieLayer], _ f: Double, _ path: String) throws -> Affine {
        var m = l.transform.matrix(at: f)
        var parent = l.parent
        var hops = 0
        while let p = parent {
            hops += 1
            guard hops <= layers.count, let owner = layers.first(where: { $0.index == p }) else {
                if hops > layers.count {
                    throw LottieError(path: path, message: "layer '\(l.name)' has cyclic parenting (its parent chain comes back to itself)")
                }
                Warnings.note("a parent (ind \(p)) that is not in the composition", at: path)
                break
            }
            m = m.then(owner.transform.matrix(at: f))
            parent = owner.parent
        }
        return m
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
        var matrices: [Affine] = [], opacities: [Double] = [], hidden: [Bool] = []
        for f in frames {
            matrices.append(try worldMatrix(l, layers, f, here))
            opacities.append(min(1, max(0, l.transform.opacity.at(f) / 100)))
            hidden.append(!(f >= l.inPoint && f < l.outPoint))
        }
        try playTransform(x, l, layers, frames: frames, matrices: matrices, path: here)
        try playOpacity(x, l, frames: frames, opacities: opacities)
        try timeline.play(x, "hidden", hidden, discrete: true)

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
            guard let inner = comp.assets[id] else {
                throw LottieError(path: here + ".refId", message: "no precomp asset has the id \"\(id)\"")
            }
            guard !precompStack.contains(id) else {
                throw LottieError(path: here + ".refId", message: "precomp \"\(id)\" contains itself (\(precompStack.joined(separator: " → ")) → \(id))")
            }
            guard precompStack.count < Builder.maxPrecompDepth else {
                throw LottieError(path: here + ".refId", message: "precomps nested more than \(Builder.maxPrecompDepth) deep")
            }
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
            guard let asset = comp.images[id] else {
                throw LottieError(path: here + ".refId", message: "no image asset has the id \"\(id)\"")
            }
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
}
