// SPDX-License-Identifier: MIT
/// A transform ("ks" of a layer, "tr" of a group) from the file.
enum TransformReader {
    /// `threeD`: a 3D layer's, a camera's or a layer's turned about x or y, whose rotations about x
    /// and y, orientation and depth are read too (a shape group's rotation about x or y is warned about).
    static func read(_ n: Node?, threeD: Bool = false) throws(LottieError) -> LottieTransform {
        let r = try PropertyReader.scalar(n?["r"] ?? n?["rz"], default: 0)
        if !threeD, let n, n["rx"] != nil || n["ry"] != nil { Warnings.note("3D rotation", at: n.path) }
        var t = LottieTransform(
            anchor: try PropertyReader.vector(n?["a"], default: [0, 0]),
            position: try PropertyReader.vector(n?["p"], default: [0, 0]),
            scale: try PropertyReader.vector(n?["s"], default: [100, 100]),
            rotation: r,
            opacity: try PropertyReader.scalar(n?["o"], default: 100),
            skew: try PropertyReader.scalar(n?["sk"], default: 0),
            skewAxis: try PropertyReader.scalar(n?["sa"], default: 0))
        if threeD { t.depth = try ThreeDReader.depth(n) }
        return t
    }
}

/// A gradient fill or stroke's gradient from the file.
enum GradientReader {
    static func read(_ n: Node) throws(LottieError) -> LottieGradient {
        let g = try n.require("g")
        let count = Int(try g.require("p").number(in: 1...1000))
        var gradient = LottieGradient(colorCount: count, stops: try PropertyReader.vector(try g.require("k"), default: []),
                                      type: Int(try n.number("t", default: 1, in: 1...2)),
                                      start: try PropertyReader.vector(n["s"], default: [0, 0]),
                                      end: try PropertyReader.vector(n["e"], default: [0, 0]))
        // The highlight moves a radial gradient's focal point off its centre (RadialFocus); a linear one has none.
        if gradient.type == 2 {
            gradient.highlightLength = try PropertyReader.scalar(n["h"], default: 0)
            gradient.highlightAngle = try PropertyReader.scalar(n["a"], default: 0)
            if let h = n["h"], gradient.highlightLength.keyframes.contains(where: { $0.value != 0 }), !RadialFocus.hostHasFocalOffset {
                Warnings.note("a radial gradient's highlight (drawn centred: this fxhost has no focalOffset, fx.h 1.6)", at: h.path)
            }
        }
        return gradient
    }
}

/// A polystar ("sr") from the file.
enum PolystarReader {
    static func read(_ n: Node, reversed: Bool) throws(LottieError) -> PolystarShape {
        PolystarShape(isStar: try n.number("sy", default: 1, in: 1...2) == 1,
                      points: try PropertyReader.scalar(n["pt"], default: 5),
                      position: try PropertyReader.vector(n["p"], default: [0, 0]),
                      rotation: try PropertyReader.scalar(n["r"], default: 0),
                      innerRadius: try PropertyReader.scalar(n["ir"], default: 0),
                      outerRadius: try PropertyReader.scalar(n["or"], default: 0),
                      innerRoundness: try PropertyReader.scalar(n["is"], default: 0),
                      outerRoundness: try PropertyReader.scalar(n["os"], default: 0),
                      reversed: reversed)
    }
}

/// A repeater ("rp") from the file.
enum RepeaterReader {
    static func read(_ n: Node) throws(LottieError) -> RepeaterItem {
        let tr = n["tr"]
        return RepeaterItem(copies: try PropertyReader.scalar(n["c"], default: 1),
                            offset: try PropertyReader.scalar(n["o"], default: 0),
                            anchor: try PropertyReader.vector(tr?["a"], default: [0, 0]),
                            position: try PropertyReader.vector(tr?["p"], default: [0, 0]),
                            scale: try PropertyReader.vector(tr?["s"], default: [100, 100]),
                            rotation: try PropertyReader.scalar(tr?["r"], default: 0),
                            startOpacity: try PropertyReader.scalar(tr?["so"], default: 100),
                            endOpacity: try PropertyReader.scalar(tr?["eo"], default: 100),
                            above: try n.number("m", default: 1, in: 1...2) == 2)
    }
}

/// An image asset from the file.
enum ImageAssetReader {
    static func read(_ n: Node) throws(LottieError) -> ImageAsset {
        guard let id = try n.string("id") else { throw n.fail("an asset without an \"id\"") }
        let name = try n.string("p") ?? ""
        return ImageAsset(id: id, width: try n.number("w", default: 0, in: 0...16384), height: try n.number("h", default: 0, in: 0...16384),
                          folder: try n.string("u") ?? "", name: name,
                          embedded: name.hasPrefix("data:"), path: n.path)
    }
}
