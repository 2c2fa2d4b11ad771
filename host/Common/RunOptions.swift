// SPDX-License-Identifier: MIT
import FXCore
import FXHost

/// A run's options: the plugin and factory, the stage and its clock, the outputs, and the
/// factory's parameters (kept as raw words until the plugin says what they are).
public struct RunOptions {
    public var plugin: String?
    public var factory: String?
    public var stage = StageOptions()
    public var output = OutputOptions()
    public var supervision = Supervision()
    /// `--loop`: sample one whole period, end-exclusive, so an animated image loops without a repeated frame.
    public var loop = false
    /// Internal: sample the whole run without writing and print its frame count (for --shard).
    var countFrames = false
    /// `--name value` words not recognised as fxhost options, in order.
    public var factoryWords: [String] = []
    /// The command line as given, for manifests.
    public var words: [String] = []

    init(_ options: [OptionWord], commandLine: [String]) {
        words = commandLine
        for word in options {
            switch word {
            case .plugin(let name): plugin = name
            case .factory(let name): factory = name
            case .loop: loop = true
            case .countFrames: countFrames = true
            case .factoryWord(let w): factoryWords.append(w)
            default: break
            }
        }
        stage = StageOptions(options)
        output = OutputOptions(options)
        supervision = Supervision(options)
    }

    /// Options that mean something only beside another one.
    func checkCombinations() throws {
        if output.sheet == nil, !output.sheetWords.isEmpty {
            throw HostError.usage("--sheet-frames and --sheet-grid go with --sheet FILE.png")
        }
        try output.sheet?.check()
        if loop && stage.time != nil { throw HostError.usage("--loop samples a period; it does not go with --time") }
        if output.forcePreview && output.sink != .preview { throw HostError.usage("--force-preview goes with --sink preview") }
        if output.manifest && (output.out == nil || output.out == "-") {
            throw HostError.usage("--manifest is written beside an output file: give --out FILE")
        }
        if loop && stage.end == nil && output.frames != nil {
            throw HostError.usage("--loop without --end finds its own period; give --end T to split a loop into --frames or --shard")
        }
    }

    /// The factory's words matched against its parameters (a bool parameter given without a value
    /// means true), with the run's end when they say `--duration`: that is fxhost's `--end` unless
    /// the factory declares a parameter of that name, and it wins over `--end`.
    func factoryArguments(for factory: FactoryInfo) throws -> (values: [ArgumentValue], duration: Double?) {
        let (given, duration) = try givenArguments(for: factory)
        return (try factory.parameters.map { p in try ArgumentValue.parse(given[p.name] ?? p.defaultText, for: p) }, duration)
    }

    /// Every parameter of the factory with the text it gets (given, or its default), in declaration order.
    func argumentTexts(for factory: FactoryInfo) throws -> [(String, String)] {
        let given = try givenArguments(for: factory).given
        return factory.parameters.map { ($0.name, given[$0.name] ?? $0.defaultText) }
    }

    /// The factory's words matched to its parameters, checked but not yet converted.
    private func givenArguments(for factory: FactoryInfo) throws -> (given: [String: String], duration: Double?) {
        var given: [String: String] = [:]
        var duration: Double?
        var i = 0
        let words = factoryWords
        while i < words.count {
            var word = String(words[i].dropFirst(2))
            var inline: String?
            if let eq = word.firstIndex(of: "=") {
                inline = String(word[word.index(after: eq)...])
                word = String(word[..<eq])
            }
            guard let p = factory.parameters.first(where: { $0.name == word }) else {
                if word == "duration" {
                    let text = inline ?? (i + 1 < words.count ? words[i + 1] : "")
                    if inline == nil { i += 1 }
                    duration = try Options.seconds(text, "--duration")
                    i += 1
                    continue
                }
                let known = factory.parameters.map { "--\($0.name)" }
                throw HostError.usage("unknown option '--\(word)' for factory '\(factory.name)'" +
                    (known.isEmpty ? " (it takes no parameters)" : " (its parameters: \(known.joined(separator: ", ")); fxhost --help lists fxhost's own)"))
            }
            let text: String
            if let inline {
                text = inline
            } else if p.type == .bool && (i + 1 >= words.count || words[i + 1].hasPrefix("--")) {
                text = "true"
            } else {
                guard i + 1 < words.count else { throw HostError.usage("--\(word) needs a value (expected \(p.expectation))") }
                i += 1
                text = words[i]
            }
            guard given[word] == nil else { throw HostError.usage("--\(word) is given twice") }
            given[word] = text
            i += 1
        }
        return (given, duration)
    }
}

/// The stage and its simulated clock: size, frame rate, how long, and what happens when.
public struct StageOptions {
    public var width = 400.0, height = 300.0
    /// Whether `--size` was given: a plugin's preferred size (fx.h 1.2) applies only when not.
    public var sizeGiven = false
    public var fps = 30.0
    public var end: Double?
    public var time: Double?
    /// `--media-time T0`: what now() (CACurrentMediaTime()) reads at the start of the run.
    public var mediaTime = 0.0
    public var events: [(time: Double, name: String)] = []

    init() {}

    init(_ words: [OptionWord]) {
        for word in words {
            switch word {
            case .size(let w, let h): (width, height, sizeGiven) = (w, h, true)
            case .fps(let f): fps = f
            case .end(let t): end = t
            case .time(let t): time = t
            case .mediaTime(let t): mediaTime = t
            case .event(let t, let name): events.append((t, name))
            default: break
            }
        }
    }
}

/// Where a run's output goes and in what form.
public struct OutputOptions {
    /// `--sink` or `--format`, when given.
    public var sink: SinkKind?
    /// The format written: the one given, or the one the output's name asks for (`resolveKind`).
    public private(set) var kind = SinkKind.text
    public var out: String?
    /// `--frames A:B` or `--shard I/N`: write only those frames of the run.
    public var frames: FrameSelection?
    /// `--manifest`: write OUT.manifest.json beside the output once it is in place.
    public var manifest = false
    /// JSON lines list every particle of an emitter, not only their count and bounds.
    public var particles = false
    /// `--force-preview`: `--sink preview` writes its escapes even where they reach no terminal.
    public var forcePreview = false
    public var scale = 1.0
    public var background: Background?
    public var encoding = Encoding()
    public var sheet: SheetRequest?
    /// `--sheet-frames` or `--sheet-grid` given (they need `--sheet`).
    fileprivate var sheetWords: [OptionWord] = []

    init() {}

    init(_ words: [OptionWord]) {
        var sheetPath: String?
        for word in words {
            switch word {
            case .sink(let k): sink = k
            case .out(let path): out = path
            case .frames(let f): frames = f
            case .manifest: manifest = true
            case .particles: particles = true
            case .forcePreview: forcePreview = true
            case .scale(let s): scale = s
            case .background(let b): background = b
            case .sheet(let path): sheetPath = path
            case .sheetFrames, .sheetGrid: sheetWords.append(word)
            default: break
            }
        }
        encoding = Encoding(words)
        sheet = sheetPath.map { SheetRequest(path: $0, words: sheetWords) }
    }

    /// Settles `kind` from `--sink` or the output's name (again, when it was settled: the same answer).
    mutating func resolveKind() throws {
        kind = try sink ?? kindForOut(out)
    }

    /// Settles the format and refuses, before any plugin code runs, what it cannot write: a
    /// destination, an encoder option, a frame larger than fxhost renders at the given size.
    mutating func checkBeforeTheRun(_ stage: StageOptions) throws {
        try resolveKind()
        let format = kind.format
        try format.check(destination: out)
        try format.check(encoding)
        if format.drawsPixels || sheet != nil { try imageTarget(stage, firstFrame: 0).checkPixelSize() }
    }

    /// What the sinks of a run on `stage` draw and where.
    func imageTarget(_ stage: StageOptions, firstFrame: Int) -> ImageTarget {
        ImageTarget(kind: kind, out: out, width: stage.width, height: stage.height, scale: scale,
                    fps: stage.fps, background: background?.color ?? .clear, encoding: encoding,
                    firstFrame: firstFrame, sheet: sheet)
    }
}

/// The colour behind the effect: as given (a manifest keeps the words) and as read.
public struct Background {
    public let text: String
    public let color: Color

    /// A background a manifest names; a name fxhost does not read is no colour (clear).
    public init(manifestText text: String) {
        self.text = text
        color = ColorText.parse(text) ?? .clear
    }

    init(text: String, color: Color) {
        self.text = text
        self.color = color
    }
}

/// How lossy encoders encode: `--crf N` for MP4 and WebM, `--quality Q` or `--lossless` for WebP.
public struct Encoding {
    public var crf: Int?
    public var quality: Int?
    public var lossless = false
    /// Lottie: `--strict` refuses what Lottie cannot hold instead of leaving it out with a warning.
    public var strict = false
    /// Lottie: `--max-size BYTES`, the largest file written.
    public var maxSize: Int?

    init() {}

    init(_ words: [OptionWord]) {
        for word in words {
            switch word {
            case .crf(let n): crf = n
            case .quality(let q): quality = q
            case .lossless: lossless = true
            case .strict: strict = true
            case .maxSize(let n): maxSize = n
            default: break
            }
        }
    }
}

/// `--sheet FILE.png` with `--sheet-frames` and `--sheet-grid`.
public struct SheetRequest {
    public enum Frames {
        case count(Int)
        case times([Double])
    }
    public var path: String
    /// `--sheet-frames N`: how many frames the contact sheet keeps (default 12).
    public var count: Int?
    /// `--sheet-frames T,T,…`: the instants the contact sheet shows instead (these win over a count).
    public var times: [Double]?
    /// `--sheet-grid CxR`: the contact sheet's columns and rows (default 4 columns).
    public var grid: (columns: Int, rows: Int)?

    init(path: String, words: [OptionWord]) {
        self.path = path
        for word in words {
            switch word {
            case .sheetFrames(.count(let n)): count = n
            case .sheetFrames(.times(let t)): times = t
            case .sheetGrid(let c, let r): grid = (c, r)
            default: break
            }
        }
    }

    func check() throws {
        guard let grid else { return }
        let n = count ?? times?.count ?? 0
        guard n <= grid.columns * grid.rows else {
            throw HostError.usage("--sheet-frames: \(n) frames do not fit a --sheet-grid of \(grid.columns)x\(grid.rows)")
        }
    }
}

/// How plugin code is run: in a supervised child (unless `--no-isolate`), within time limits.
public struct Supervision {
    public var isolate = true
    /// Seconds one call into plugin code may take.
    public var timeout = 10.0
    /// Seconds the whole run may take (`--render-timeout`): a plugin's few calls can ask for hours of rendering.
    public var renderTimeout = 3600.0
    /// Bytes the run may use (`--memory-limit`); nil: the machine's limit (`MemoryLimit`).
    public var memoryLimit: Int?

    init() {}

    init(_ words: [OptionWord]) {
        for word in words {
            switch word {
            case .noIsolate: isolate = false
            case .timeout(let t): timeout = t
            case .renderTimeout(let t): renderTimeout = t
            case .memoryLimit(let n): memoryLimit = n
            default: break
            }
        }
    }
}
