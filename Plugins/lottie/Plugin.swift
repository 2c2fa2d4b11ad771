import CFX
import FXPluginKit
import Glibc

// lottie — plays a Bodymovin (Lottie) JSON file: the composition's layers,
// shapes and keyframes become fx layers and keyframe animations, through
// fx.h only. docs/LOTTIE.md lists what plays and what is warned about.

/// `build(api, stage, file, marker, range)`.
let build: @convention(c) (UnsafePointer<fx_api>?, fx_layer, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
                           UnsafePointer<CChar>?) -> fx_status = { api, stage, file, marker, range in
    Host.build(api) {
        let path = Descriptor.string(file)
        let shown = path.isEmpty ? "the built-in sample" : path
        do {
            try Player.play(LottieFile.load(path), file: shown, stage: Layer(handle: stage),
                            marker: Descriptor.string(marker), range: Descriptor.string(range))
        } catch let e as LottieError {
            throw PluginError("\(shown): \(e.path): \(e.message)", status: FX_ERR_INPUT)
        }
    }
}

/// What to play of a file, and where.
enum Player {
    static func play(_ document: JSON, file: String, stage: Layer, marker: String, range: String) throws {
        _ = Warnings.take()
        let comp = try Composition.read(Node(document, path: "$"))
        var first = comp.inPoint, last = comp.outPoint
        if !marker.isEmpty {
            guard let m = comp.markers.first(where: { $0.name == marker }) else {
                let names = comp.markers.map { "'\($0.name)'" }.joined(separator: ", ")
                throw LottieError(path: "$.markers", message: "no marker named '\(marker)' (the file has \(names.isEmpty ? "none" : names))")
            }
            first = m.time
            last = m.time + max(1, m.duration)
        }
        if !range.isEmpty {
            let parts = range.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), a.isFinite, b.isFinite, b > a else {
                throw PluginError("--range '\(range)' is not A:B with frame numbers A < B (e.g. --range 0:30)", status: FX_ERR_INPUT)
            }
            first = a
            last = b
        }
        let count = Int((last - first).rounded(.up))
        guard count <= Timeline.maxFrames else {
            throw LottieError(path: "$.op", message: "\(count) frames to play; the plugin plays at most \(Timeline.maxFrames) (choose fewer with --range A:B)")
        }
        let timeline = Timeline(first: first, count: max(1, count), frameRate: comp.frameRate)
        try Host.prefer(size: Size(comp.width, comp.height), naturalEnd: Double(max(1, count)) / comp.frameRate)
        let stageSize = try Host.stageSize()

        // The composition, fitted into the stage (centred, aspect kept) when the user chose another --size.
        let root = try Layer(.plain, name: "composition")
        let k = min(stageSize.width / comp.width, stageSize.height / comp.height)
        try root.set("anchorPoint", Point(0, 0))
        try root.set("bounds", Rect(0, 0, comp.width, comp.height))
        try root.set("position", Point((stageSize.width - comp.width * k) / 2, (stageSize.height - comp.height * k) / 2))
        if k != 1 { try root.set("transform", Transform.scale(k, k)) }
        try root.set("masksToBounds", true)
        try stage.addSublayer(root)

        let frames = (0..<timeline.count).map { first + Double($0) }
        try Builder(comp, timeline).build(comp.layers, into: root, frames: frames, size: (comp.width, comp.height), path: "$.layers")
        for w in Warnings.take() { Host.log(w, warning: true) }
    }
}

/// Reading a file into JSON, within limits.
enum LottieFile {
    static let maxBytes = 64 << 20

    static func load(_ path: String) throws -> JSON {
        let bytes: [UInt8]
        if path.isEmpty {
            bytes = Array(Sample.json.utf8)
        } else {
            bytes = try read(path)
        }
        do {
            return try JSONReader.parse(bytes)
        } catch {
            throw LottieError(path: "line \(error.line), column \(error.column)", message: error.message)
        }
    }

    static func read(_ path: String) throws -> [UInt8] {
        guard let f = fopen(path, "rb") else {
            throw LottieError(path: "$", message: "cannot open the file: \(String(cString: strerror(errno)))")
        }
        defer { fclose(f) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = fread(&chunk, 1, chunk.count, f)
            if n > 0 { out += chunk[..<n] }
            guard out.count <= maxBytes else {
                throw LottieError(path: "$", message: "the file is larger than \(maxBytes >> 20) MiB, the plugin's limit")
            }
            if n < chunk.count { break }
        }
        if ferror(f) != 0 { throw LottieError(path: "$", message: "cannot read the file: \(String(cString: strerror(errno)))") }
        if out.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            throw LottieError(path: "$", message: "this is a zip archive (a .lottie file?); .lottie archives are not read yet: unzip it and give its animations/*.json")
        }
        return out
    }
}

enum Plugin {
    nonisolated(unsafe) static let descriptor = Descriptor.make(
        name: "lottie", version: "0.1.0",
        description: "plays a Lottie (Bodymovin JSON) animation",
        factories: [
            Factory("lottie", help: "play a Lottie file at its own size and length (docs/LOTTIE.md)", parameters: [
                Parameter("file", .file, default: "", help: "the Lottie JSON file (default: a small built-in sample)"),
                Parameter("marker", .string, default: "", help: "play only the file's marker of this name"),
                Parameter("range", .string, default: "", help: "play only the file's frames A to B, end excluded: A:B"),
            ], build: build),
        ])
}

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: UnsafePointer<fx_api>?) -> UnsafePointer<fx_plugin>? {
    Host.entry(api, Plugin.descriptor)
}
