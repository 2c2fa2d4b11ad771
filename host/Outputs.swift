import FXCore
import FXHost
import FXRender
import FXSinks

/// The formats fxhost writes.
enum SinkKind: String, CaseIterable {
    case text, jsonl, preview, png, gif, y4m, frames

    var rendersImages: Bool { ![.text, .jsonl].contains(self) }
}

/// Biggest image fxhost renders, in pixels (width × height × scale²), and most frames in one run.
enum OutputLimits {
    static let maxPixels = 8192 * 8192
    static let maxSide = 16384
    static let maxFrames = 100_000
}

/// Chooses and opens the sinks for the options: the main one, and a contact sheet if asked.
func makeSinks(_ o: Options) throws -> [Sink] {
    let kind = try o.sink.flatMap(SinkKind.init(rawValue:)) ?? kindForOut(o.out)
    var renderer: Renderer?
    func render() throws -> Renderer {
        if let renderer { return renderer }
        let w = Int((o.width * o.scale).rounded()), h = Int((o.height * o.scale).rounded())
        guard w <= OutputLimits.maxSide, h <= OutputLimits.maxSide, w * h <= OutputLimits.maxPixels else {
            throw HostError.usage("--size \(Int(o.width))x\(Int(o.height)) at --scale \(o.scale) makes \(w)×\(h) pixels; the limit is \(OutputLimits.maxPixels) pixels (\(OutputLimits.maxSide) a side)")
        }
        let bg = o.background.flatMap(ColorText.parse) ?? .clear
        let r = Renderer(stageSize: Size(o.width, o.height), scale: o.scale, background: bg)
        renderer = r
        return r
    }
    let interval = 1 / o.fps
    var sinks: [Sink] = []
    switch kind {
    case .text: sinks.append(TraceSink(try output(o.out)))
    case .jsonl: sinks.append(JSONLinesSink(try output(o.out)))
    case .preview: sinks.append(TerminalPreview(renderer: try render(), output: try output(o.out)))
    case .png:
        guard let path = o.out, path != "-" else {
            throw HostError.usage("png output needs a file: --out NAME.png (standard output cannot take an animated PNG)")
        }
        sinks.append(try APNGWriter(renderer: try render(), output: try output(path), frameInterval: interval))
    case .gif: sinks.append(GIFWriter(renderer: try render(), output: try output(o.out), frameInterval: interval))
    case .y4m: sinks.append(Y4MWriter(renderer: try render(), output: try output(o.out), fps: o.fps))
    case .frames:
        guard let path = o.out, path != "-" else { throw HostError.usage("frames output needs a folder or a name-%04d.png pattern") }
        try checkFolder(path)
        sinks.append(try PNGSequenceWriter(renderer: try render(), target: path))
    }
    if let sheet = o.sheet {
        sinks.append(ContactSheet(renderer: try render(), output: try output(sheet)))
    }
    return sinks
}

private func output(_ path: String?) throws -> OutputFile {
    guard let path else { return OutputFile() }
    return try OutputFile(path: path)
}

/// The format an output name asks for.
func kindForOut(_ path: String?) throws -> SinkKind {
    guard let path, path != "-" else { return .text }
    if path.contains("%") || path.hasSuffix("/") || isDirectory(path) { return .frames }
    let table: [(String, SinkKind)] = [(".jsonl", .jsonl), (".json", .jsonl), (".txt", .text), (".trace", .text),
                                       (".png", .png), (".gif", .gif), (".y4m", .y4m)]
    if let hit = table.first(where: { path.lowercased().hasSuffix($0.0) }) { return hit.1 }
    // A name with some other extension is more likely a mistake than a wish for a text trace.
    let name = path.split(separator: "/").last.map(String.init) ?? path
    if let dot = name.lastIndex(of: "."), dot != name.startIndex {
        throw HostError.usage("--out \(path): fxhost does not write '\(name[dot...])' files (it writes \(table.map(\.0).joined(separator: ", ")), a folder/ or name-%04d.png; or choose with --sink)")
    }
    return .text
}
