// SPDX-License-Identifier: MIT
/// The file's root object, its layers and assets into the model.
enum CompositionReader {
    static let maxLayers = 10_000

    static func read(_ root: Node) throws(LottieError) -> Composition {
        try root.requireObject()
        ShapeReader.count = 0
        try TextReader.readFonts(root["fonts"])
        let w = try root.require("w").number(in: 1...16384), h = try root.require("h").number(in: 1...16384)
        let fr = try root.require("fr").number(in: 0.001...1000)
        let ip = try root.require("ip").number(in: -1e6...1e6), op = try root.require("op").number(in: -1e6...1e6)
        guard op > ip else { throw (try root.require("op")).fail("the out point \(op) is not after the in point \(ip)") }
        var total = 0
        var assets: [String: [LottieLayer]] = [:]
        var images: [String: ImageAsset] = [:]
        if let list = root["assets"] {
            for a in try list.items() {
                try a.requireObject()
                guard let layers = a["layers"] else {
                    if a["p"] != nil { let image = try ImageAssetReader.read(a); images[image.id] = image }
                    continue
                }
                guard let id = try a.string("id") else { throw a.fail("an asset without an \"id\"") }
                assets[id] = try readLayers(layers, total: &total)
            }
        }
        let layers = try readLayers(try root.require("layers"), total: &total)
        var markers: [(String, Double, Double)] = []
        if let list = root["markers"] {
            for m in try list.items() {
                try m.requireObject()
                markers.append((try m.string("cm") ?? "", try m.number("tm", default: 0, in: -1e6...1e6),
                                max(0, try m.number("dr", default: 0, in: -1e6...1e6))))
            }
        }
        return Composition(width: w, height: h, frameRate: fr, inPoint: ip, outPoint: op, layers: layers,
                           assets: assets, markers: markers, images: images)
    }

    static func readLayers(_ list: Node, total: inout Int) throws(LottieError) -> [LottieLayer] {
        var out: [LottieLayer] = []
        for n in try list.items() {
            total += 1
            guard total <= maxLayers else { throw n.fail("more than \(maxLayers) layers in the file") }
            out.append(try layer(n))
        }
        return out
    }

    static func flag(_ n: Node, _ key: String) -> Bool {
        switch n.json[key] {
        case .bool(let b)?: b
        case .number(let v)?: v != 0
        default: false
        }
    }

    static func layer(_ n: Node) throws(LottieError) -> LottieLayer {
        try n.requireObject()
        let name = try n.string("nm") ?? "#\(n.path)"
        Warnings.layer = name
        let ty = Int(try n.require("ty").number(in: 0...100))
        let kind: LottieLayer.Kind
        switch ty {
        case 0: kind = .precomp(try n.string("refId") ?? "")
        case 1:
            let hex = try n.string("sc") ?? "#000000"
            kind = .solid(color: CompositionReader.color(hex: hex) ?? [0, 0, 0, 1],
                          width: try n.number("sw", default: 0, in: 0...16384), height: try n.number("sh", default: 0, in: 0...16384))
        case 3: kind = .null
        case 2: kind = .image(try n.string("refId") ?? "")
        case 4: kind = .shape(try ShapeReader.items(try n.require("shapes"), depth: 0))
        case 5: kind = .text(try TextReader.read(n))
        case 13: kind = .null
        default:
            kind = .unsupported
            Warnings.note([6: "audio layers"][ty] ?? "layer type \(ty)", at: n.path)
        }
        let is3D = flag(n, "ddd") && ty != 13
        if let ef = n["ef"], case .array(let a) = ef.json, !a.isEmpty { Warnings.note("layer effects", at: ef.path) }
        if let bm = n.json["bm"]?.number, bm != 0 { Warnings.note("blend modes", at: n.path + ".bm") }
        var masks: [LottieMask] = []
        if let list = n["masksProperties"] {
            for m in try list.items() {
                try m.requireObject()
                let mode = try m.string("mode") ?? "a"
                masks.append(LottieMask(mode: mode, inverted: flag(m, "inv"), shape: try PropertyReader.shape(m["pt"]),
                                        opacity: try PropertyReader.scalar(m["o"], default: 100),
                                        expansion: try PropertyReader.scalar(m["x"], default: 0)))
            }
        }
        let matte = Int(try n.number("tt", default: 0, in: 0...5))
        let turned = n["ks"].map { $0["rx"] != nil || $0["ry"] != nil } ?? false
        var transform = try TransformReader.read(n["ks"], threeD: is3D || ty == 13 || turned)
        transform.autoOrient = flag(n, "ao")
        var layer = LottieLayer(
            name: name, index: try n["ind"].map { v throws(LottieError) in Int(try v.number(in: -1e9...1e9)) },
            parent: try n["parent"].map { v throws(LottieError) in Int(try v.number(in: -1e9...1e9)) },
            kind: kind, inPoint: try n.number("ip", default: 0, in: -1e6...1e6), outPoint: try n.number("op", default: 1e6, in: -1e6...1e6),
            startTime: try n.number("st", default: 0, in: -1e6...1e6), stretch: try n.number("sr", default: 1, in: 0.001...1000),
            transform: transform, masks: masks, matte: matte, isMatte: flag(n, "td"), hidden: flag(n, "hd"),
            timeRemap: try n["tm"].map { v throws(LottieError) in try PropertyReader.scalar(v, default: 0) },
            precompSize: (try n.number("w", default: 0, in: 0...1e6), try n.number("h", default: 0, in: 0...1e6)))
        layer.is3D = is3D
        if ty == 13 { layer.camera = try ThreeDReader.camera(n) }
        return layer
    }

    /// "#rrggbb" as 0…1 channels.
    static func color(hex: String) -> [Double]? {
        let digits = Array(hex.utf8.drop { $0 == UInt8(ascii: "#") })
        guard digits.count == 6 else { return nil }
        var v: [Double] = []
        for k in stride(from: 0, to: 6, by: 2) {
            guard let byte = UInt8(String(decoding: digits[k..<k + 2], as: UTF8.self), radix: 16) else { return nil }
            v.append(Double(byte) / 255)
        }
        return v + [1]
    }
}
