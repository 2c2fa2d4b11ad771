// SPDX-License-Identifier: MIT
import FXHost
import FXImageSinks
import FXRender
import FXSinks

/// The formats fxhost writes, named as `--sink`/`--format` names them. What each one is lives in
/// `OutputFormat.all`.
public enum SinkKind: String, CaseIterable, Sendable {
    case text, jsonl, preview, png, gif, y4m, frames, part
    case mp4, webm, webp
    /// A Lottie file (docs/EXPORT.md); made with the image sinks, though it draws no pixels.
    case lottie

    /// Everything fxhost knows about this format.
    public var format: OutputFormat { OutputFormat.all.first { $0.kind == self }! }
    public var rendersImages: Bool { format.rendersImages }
}

/// One output format, the one place that knows it: the names that ask for it, what `--help`
/// says of it, the encoder options it takes and their ranges, whether it needs a file, whether
/// `fxhost join` writes it, and how its sink is made. Runs, joins, the help and the checks made
/// before any plugin code runs all read it here (docs/OUTPUTS.md).
public struct OutputFormat: Sendable {
    public let kind: SinkKind
    /// Output names ending in one of these ask for the format (`--out x.gif`), lowercase.
    public let extensions: [String]
    /// Its cell in `--help`'s table of `--out` names: how the name looks and what it writes;
    /// nil for a format chosen with `--sink` only.
    public let outHelp: (name: String, meaning: String)?
    /// Its words in `--help`'s list of `--sink` formats.
    public let sinkHelp: String
    /// Whether it is made with the image sinks (it renders frames; the Lottie export too).
    public let rendersImages: Bool
    /// Whether it draws frames (the Lottie export does not).
    public var drawsPixels: Bool { rendersImages && !lottieOptions }
    /// The refusal when it is asked for without a file (nil: standard output takes it).
    public let needsFile: String?
    /// `--crf`'s range and default (MP4 and WebM).
    public let crf: (range: ClosedRange<Int>, default: Int)?
    /// `--quality`'s range and default, and whether `--lossless` is the other choice (WebP).
    public let quality: (range: ClosedRange<Int>, default: Int)?
    /// `--strict` and `--max-size` (Lottie).
    public let lottieOptions: Bool
    /// Whether an animated file of it plays over and over by itself, so that a last frame
    /// showing what the first did would repeat at the seam (docs/timing.md, "Loops").
    public let loopsByItself: Bool
    /// Whether `fxhost join` assembles parts into it.
    public let joins: Bool
    /// Makes its sink from what `SinkMaterials` hands it.
    let makeSink: @Sendable (SinkMaterials) throws -> Sink

    init(_ kind: SinkKind, extensions: [String] = [], out: (String, String)? = nil, sink: String? = nil, rendersImages: Bool = true,
         needsFile: String? = nil, crf: (ClosedRange<Int>, Int)? = nil, quality: (ClosedRange<Int>, Int)? = nil,
         lottieOptions: Bool = false, loopsByItself: Bool = false, joins: Bool = true,
         makeSink: @escaping @Sendable (SinkMaterials) throws -> Sink) {
        self.kind = kind
        self.extensions = extensions
        outHelp = out
        sinkHelp = sink ?? kind.rawValue
        self.rendersImages = rendersImages
        self.needsFile = needsFile
        self.crf = crf.map { (range: $0.0, default: $0.1) }
        self.quality = quality.map { (range: $0.0, default: $0.1) }
        self.lottieOptions = lottieOptions
        self.loopsByItself = loopsByItself
        self.joins = joins && rendersImages && !lottieOptions
        self.makeSink = makeSink
    }

    /// Every format, in the order `--help` lists them.
    public static let all: [OutputFormat] = [
        OutputFormat(.text, extensions: [".txt", ".trace"], out: (".txt", "the trace"), sink: "text (a readable trace, the default)",
                     rendersImages: false) { TraceSink($0.output!) },
        OutputFormat(.jsonl, extensions: [".jsonl", ".json"], out: (".jsonl", "JSON lines"), rendersImages: false) {
            JSONLinesSink($0.output!, listsParticles: $0.particles)
        },
        OutputFormat(.preview, sink: "preview (the frames in the terminal)", joins: false) {
            TerminalPreview(renderer: try $0.renderer(), output: $0.output!)
        },
        OutputFormat(.png, extensions: [".png"], out: (".png", "animated PNG"),
                     needsFile: "png output needs a file: --out NAME.png (standard output cannot take an animated PNG)", loopsByItself: true) {
            try APNGWriter(renderer: try $0.renderer(), output: $0.output!, frameInterval: 1 / $0.target.fps)
        },
        OutputFormat(.gif, extensions: [".gif"], out: (".gif", "animated GIF"), loopsByItself: true) {
            try GIFWriter(renderer: try $0.renderer(), output: $0.output!, frameInterval: 1 / $0.target.fps)
        },
        OutputFormat(.y4m, extensions: [".y4m"], out: (".y4m", "Y4M video")) {
            Y4MWriter(renderer: try $0.renderer(), output: $0.output!, fps: $0.target.fps)
        },
        OutputFormat(.frames, out: ("DIR/ or name-%04d.png", "PNG frames"), needsFile: "frames output needs a folder or a name-%04d.png pattern") { m in
            let frames = try PNGSequenceWriter(renderer: try m.renderer(), target: m.target.out!, publication: RunPublication.current)
            frames.firstIndex = m.target.firstFrame
            return frames
        },
        OutputFormat(.mp4, extensions: [".mp4"], out: (".mp4", "H.264 video"), crf: (VideoWriter.Format.mp4.crfRange, VideoWriter.Format.mp4.defaultCRF)) {
            try VideoWriter(renderer: try $0.renderer(), output: $0.output!, fps: $0.target.fps, format: .mp4, crf: $0.target.encoding.crf)
        },
        OutputFormat(.webm, extensions: [".webm"], out: (".webm", "VP9 video"), crf: (VideoWriter.Format.webm.crfRange, VideoWriter.Format.webm.defaultCRF)) {
            try VideoWriter(renderer: try $0.renderer(), output: $0.output!, fps: $0.target.fps, format: .webm, crf: $0.target.encoding.crf)
        },
        OutputFormat(.webp, extensions: [".webp"], out: (".webp", "animated WebP"), quality: (0...100, WebPWriter.defaultQuality)) { m in
            let e = m.target.encoding
            return try WebPWriter(renderer: try m.renderer(), output: m.output!, frameInterval: 1 / m.target.fps,
                                  quality: e.lossless ? nil : e.quality ?? WebPWriter.defaultQuality)
        },
        OutputFormat(.part, extensions: [".fxpart"], out: (".fxpart", "a shard's frames, lossless, for fxhost join"),
                     needsFile: "a part of a sharded render needs a file: --out NAME.fxpart", joins: false) {
            try FramePartWriter(renderer: try $0.renderer(), output: $0.output!)
        },
        OutputFormat(.lottie, extensions: [".lottie"], out: (".lottie", "a dotLottie archive (--format lottie --out NAME.json: Lottie JSON)"),
                     lottieOptions: true) { m in
            let t = m.target
            return LottieWriter(output: m.output!, width: t.width, height: t.height, fps: t.fps,
                                maxSize: t.encoding.maxSize ?? LottieWriter.defaultMaxSize, strict: t.encoding.strict,
                                archiveName: t.out.flatMap(dotLottieName), note: { stderrLine("fxhost: " + TerminalText.escape($0)) })
        },
    ]

    /// The format an output name asks for by its extension, if one does.
    static func named(_ path: String) -> OutputFormat? {
        let lower = path.lowercased()
        return all.first { $0.extensions.contains { lower.hasSuffix($0) } }
    }

    /// Refuses encoder options this format does not take, or takes in another range; `--crf`
    /// names the ranges of every format that has one.
    func check(_ e: Encoding) throws {
        if !lottieOptions, e.strict || e.maxSize != nil {
            throw HostError.usage("--\(e.strict ? "strict" : "max-size") is for Lottie output (--format lottie, or --out NAME.lottie); this run writes \(kind.rawValue)")
        }
        if let c = e.crf, let crf, !crf.range.contains(c) {
            throw HostError.usage("--crf \(c): \(kind.rawValue) takes \(crf.range.lowerBound) to \(crf.range.upperBound) (default \(crf.default); lower is better)")
        }
        if quality != nil, e.lossless && e.quality != nil { throw HostError.usage("--quality and --lossless: WebP is one or the other; give one") }
        if e.crf != nil, crf == nil {
            throw HostError.usage("--crf sets MP4 and WebM quality; this run writes \(kind.rawValue) (for WebP use --quality or --lossless)")
        }
        if e.quality != nil || e.lossless, quality == nil {
            throw HostError.usage("--\(e.lossless ? "lossless" : "quality") is for WebP; this run writes \(kind.rawValue)\(crf != nil ? " (use --crf)" : "")")
        }
    }

    /// Refuses a destination the format cannot write: standard output where it needs a file, a
    /// frames pattern in a folder that does not exist.
    func check(destination out: String?) throws {
        if let needsFile, out == nil || out == "-" { throw HostError.usage(needsFile) }
        if kind == .frames, let out { try checkFolder(out) }
    }

    /// The widest `--crf` range any format takes (what the option's reader accepts before the
    /// format is known).
    static var crfBounds: ClosedRange<Int> {
        let ranges = all.compactMap { $0.crf?.range }
        return ranges.map(\.lowerBound).min()!...ranges.map(\.upperBound).max()!
    }
}

/// What a format's sink is made from: the target, its output file (opened before any plugin code
/// built anything; nil for PNG frames, which open a file a frame), and the run's one renderer,
/// made once the stage's size is known.
struct SinkMaterials {
    let target: ImageTarget
    let output: OutputFile?
    let particles: Bool
    let renderer: () throws -> Renderer
}

/// The animation id of a dotLottie archive named `path` (`spinner.lottie` holds `spinner`), or nil
/// when the output is not one: its base name, with characters other than letters, digits, `-` and
/// `_` made `_`.
func dotLottieName(_ path: String) -> String? {
    guard path.lowercased().hasSuffix(".lottie") else { return nil }
    let base = String((path.split(separator: "/").last ?? "").dropLast(".lottie".count))
    let safe = String(base.unicodeScalars.map { c -> Character in
        (c.properties.isAlphabetic && c.isASCII) || ("0"..."9").contains(c) || c == "-" || c == "_" ? Character(c) : "_"
    })
    return safe.isEmpty ? "animation" : safe
}
