// SPDX-License-Identifier: MIT
import FXCore
import FXHost
import FXSinks

/// The formats fxhost writes.
public enum SinkKind: String, CaseIterable, Sendable {
    case text, jsonl, preview, png, gif, y4m, frames, part
    case mp4, webm, webp
    /// A Lottie file (docs/EXPORT.md); made with the image sinks, though it draws no pixels.
    case lottie

    public var rendersImages: Bool { ![.text, .jsonl].contains(self) }
}

/// Biggest image fxhost renders, in pixels (width × height × scale²), and most frames in one run.
public enum OutputLimits {
    public static let maxPixels = 8192 * 8192
    public static let maxSide = 16384
    public static let maxFrames = 100_000

    /// The frame size in pixels of a stage of `width`×`height` points at `scale`, as the renderer
    /// makes it (at least one pixel a side), or nil past the limits.
    public static func pixelSize(width: Double, height: Double, scale: Double) -> (width: Int, height: Int)? {
        let w = (width * scale).rounded(), h = (height * scale).rounded()
        guard w.isFinite, h.isFinite, w <= Double(maxSide), h <= Double(maxSide), w * h <= Double(maxPixels) else { return nil }
        return (max(1, Int(w)), max(1, Int(h)))
    }
}

/// What the image sinks of a run or a join draw and where: the frame, its rate and background,
/// the output and its encoding, and the contact sheet.
public struct ImageTarget {
    public var kind: SinkKind
    public var out: String?
    public var width: Double, height: Double
    public var scale: Double
    public var fps: Double
    public var background: Color
    public var encoding: Encoding
    /// The index in the whole run of the first frame written (frames outputs number their files by it).
    public var firstFrame = 0
    public var sheet: SheetRequest?
}

/// Opens the sinks of a run: text sinks here, image ones (and the contact sheet) through `pixels`.
func makeSinks(_ target: ImageTarget, particles: Bool, pixels: Pixels) throws -> [Sink] {
    var sinks: [Sink] = []
    if target.kind != .lottie, target.encoding.strict || target.encoding.maxSize != nil {
        throw HostError.usage("--\(target.encoding.strict ? "strict" : "max-size") is for Lottie output (--format lottie, or --out NAME.lottie); this run writes \(target.kind.rawValue)")
    }
    switch target.kind {
    case .text: sinks.append(TraceSink(try output(target.out)))
    case .jsonl: sinks.append(JSONLinesSink(try output(target.out), listsParticles: particles))
    default: break
    }
    if target.kind.rendersImages || target.sheet != nil {
        sinks += try pixels.sinks(target)
    }
    return sinks
}

/// The output for a path (nil: standard output), named in messages as the user gave it.
public func output(_ path: String?) throws -> OutputFile {
    guard let path else { return OutputFile(publication: RunPublication.current) }
    return try OutputFile(path: path, shownAs: OutputNames.given[path], publication: RunPublication.current)
}

/// Output paths as the user gave them, by the absolute path they were resolved to.
enum OutputNames {
    nonisolated(unsafe) static var given: [String: String] = [:]

    /// `path` made absolute now, before plugin code can change the current folder.
    static func resolve(_ path: String) -> String {
        let absolute = OutputFile.absolute(path)
        given[absolute] = path
        return absolute
    }
}

/// The format an output name asks for.
public func kindForOut(_ path: String?) throws -> SinkKind {
    guard let path, path != "-" else { return .text }
    if path.contains("%") || path.hasSuffix("/") || isDirectory(path) { return .frames }
    let table: [(String, SinkKind)] = [(".jsonl", .jsonl), (".json", .jsonl), (".txt", .text), (".trace", .text),
                                       (".png", .png), (".gif", .gif), (".y4m", .y4m), (".fxpart", .part),
                                       (".mp4", .mp4), (".webm", .webm), (".webp", .webp), (".lottie", .lottie)]
    if let hit = table.first(where: { path.lowercased().hasSuffix($0.0) }) { return hit.1 }
    // A name with some other extension is more likely a mistake than a wish for a text trace.
    let name = path.split(separator: "/").last.map(String.init) ?? path
    if let dot = name.lastIndex(of: "."), dot != name.startIndex {
        throw HostError.usage("--out \(path): fxhost does not write '\(name[dot...])' files (it writes \(table.map(\.0).joined(separator: ", ")), a folder/ or name-%04d.png; or choose with --sink)")
    }
    return .text
}
