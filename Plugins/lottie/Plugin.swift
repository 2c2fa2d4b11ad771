// SPDX-License-Identifier: MIT
import CFX
import FXPluginKit
import FXToolbox
import Glibc

// lottie — plays a Bodymovin (Lottie) JSON file: the composition's layers,
// shapes and keyframes become fx layers and keyframe animations, through
// fx.h only. docs/LOTTIE.md lists what plays and what is warned about.
//
// Rooms, as rlottie keeps model, parser and renderer apart: Model/ holds the
// file's data and nothing else (no parsing, no evaluating); Reader/ turns JSON
// (and .lottie archives, image files) into the model; Builder/ samples the
// model at frames and makes the host's layers and animations; Geometry/ is the
// 2D maths both use. This file is the entry and the order of the three.

/// `build(api, stage, file, marker, range, animation)`.
let build: @convention(c) (UnsafePointer<fx_api>?, fx_layer, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
                           UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> fx_status = { api, stage, file, marker, range, animation in
    Host.build(api) {
        let path = Descriptor.string(file)
        var shown = path.isEmpty ? "the built-in sample" : path
        do {
            let (bytes, label) = try LottieFile.load(path, animation: Descriptor.string(animation))
            shown = label
            try Player.play(LottieFile.parse(bytes), file: shown, stage: Layer(handle: stage),
                            marker: Descriptor.string(marker), range: Descriptor.string(range))
        } catch let e as LottieError {
            // On one line whatever the file holds: names and keys quoted from it keep no control character.
            throw PluginError(TerminalText.escape("\(shown): \(e.path): \(e.message)"), status: FX_ERR_INPUT)
        }
    }
}

/// What to play of a file, and where.
enum Player {
    /// Whether the document has a text layer (`ty` 5), in its main composition or a precomp's.
    static func holdsText(_ document: JSON) -> Bool {
        func text(_ layers: JSON?) -> Bool {
            guard case .array(let list)? = layers else { return false }
            return list.contains { $0["ty"] == .number(5) }
        }
        guard !text(document["layers"]) else { return true }
        guard case .array(let assets)? = document["assets"] else { return false }
        return assets.contains { text($0["layers"]) }
    }

    static func play(_ document: JSON, file: String, stage: Layer, marker: String, range: String) throws {
        _ = Warnings.take()
        // The host starts loading what text needs (pango's libraries, fontconfig's configuration:
        // milliseconds) at the first text layer a plugin makes, beside the rest of the build: a file
        // with a text layer makes one as soon as it is parsed, not when the build reaches its text.
        if holdsText(document) { _ = try Layer(.text, name: "text ahead") }
        let comp = try CompositionReader.read(Node(document, path: "$"))
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
        let builder = Builder(comp, timeline)
        try builder.checkExpansion(comp.layers, path: "$.layers")
        try builder.build(comp.layers, into: root, frames: frames, size: (comp.width, comp.height), path: "$.layers")
        for w in Warnings.take() { Host.log(w, warning: true) }
    }
}

/// Reading a file into JSON, within limits.
enum LottieFile {
    static let maxBytes = 64 << 20

    /// The JSON text to play and how messages name it: the file, or for a
    /// .lottie archive the file and the animation's entry in it.
    static func load(_ path: String, animation: String = "") throws -> ([UInt8], String) {
        var bytes: [UInt8]
        var label = path.isEmpty ? "the built-in sample" : path
        if path.isEmpty {
            bytes = Array(Sample.json.utf8)
        } else {
            bytes = try read(path)
        }
        if ZipArchive.isArchive(bytes) {
            let (json, entry) = try DotLottie.animation(in: bytes, id: animation)
            ImageAssets.reset(.archive(try ZipArchive(bytes)))
            bytes = json
            label = "\(path) (\(entry))"
        } else if !animation.isEmpty {
            throw LottieError(path: "$", message: "--animation chooses an animation of a .lottie archive, and this is not one")
        } else {
            let slash = path.lastIndex(of: "/")
            ImageAssets.reset(path.isEmpty ? .none : .folder(slash.map { String(path[...$0]) } ?? "."))
        }
        return (bytes, label)
    }

    static func parse(_ bytes: [UInt8]) throws -> JSON {
        do {
            return try JSONReader.parse(bytes)
        } catch {
            let place = "line \(error.line), column \(error.column)"
            throw LottieError(path: error.valuePath.map { "\($0) (\(place))" } ?? place, message: error.message)
        }
    }

    static func read(_ path: String) throws -> [UInt8] {
        guard let f = fopen(path, "rb") else {
            throw LottieError(path: "$", message: "cannot open the file: \(String(cString: strerror(errno)))")
        }
        defer { fclose(f) }
        // A regular file's size is known before reading: one too large is refused without reading it.
        var st = stat()
        if fstat(fileno(f), &st) != 0 { st = stat() }
        if (st.st_mode & S_IFMT) == S_IFREG, st.st_size > maxBytes {
            throw LottieError(path: "$", message: "the file is \(st.st_size >> 20) MiB, larger than the plugin's limit of \(maxBytes >> 20) MiB")
        }
        var out: [UInt8] = []
        // A regular file is read in one piece of its size (and one byte more, to see the end).
        let isRegular = (st.st_mode & S_IFMT) == S_IFREG
        var chunk = [UInt8](repeating: 0, count: isRegular ? Int(st.st_size) + 1 : 1 << 16)
        while true {
            let n = fread(&chunk, 1, chunk.count, f)
            if n > 0 { out += chunk[..<n] }
            guard out.count <= maxBytes else {
                throw LottieError(path: "$", message: "the file is larger than \(maxBytes >> 20) MiB, the plugin's limit")
            }
            if n < chunk.count { break }
        }
        if ferror(f) != 0 { throw LottieError(path: "$", message: "cannot read the file: \(String(cString: strerror(errno)))") }
        return out
    }
}

enum Plugin {
    nonisolated(unsafe) static let descriptor = Descriptor.make(
        name: "lottie", version: "0.1.0",
        description: "plays a Lottie (Bodymovin JSON) animation or .lottie archive",
        factories: [
            Factory("lottie", help: "play a Lottie file at its own size and length (docs/LOTTIE.md)", parameters: [
                Parameter("file", .file, default: "", help: "the Lottie JSON file or .lottie archive (default: a small built-in sample)"),
                Parameter("marker", .string, default: "", help: "play only the file's marker of this name"),
                Parameter("range", .string, default: "", help: "play only the file's frames A to B, end excluded: A:B"),
                Parameter("animation", .string, default: "", help: "for a .lottie archive: the id of the animation to play (default: the archive's initial one)"),
            ], build: build),
        ])
}

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: UnsafePointer<fx_api>?) -> UnsafePointer<fx_plugin>? {
    Host.entry(api, Plugin.descriptor)
}
