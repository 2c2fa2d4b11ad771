import FXCore
import FXHost

/// The command line, split into fxhost's own options and the factory's
/// parameters (kept as raw words until the plugin says what they are).
public struct Options {
    public enum Mode { case run, help, version, list, pluginHelp, check, cflags, join, batch, keyPaths }
    public var mode = Mode.run
    public var plugin: String?
    public var factory: String?
    public var width = 400.0, height = 300.0
    /// Whether `--size` was given: a plugin's preferred size (fx.h 1.2) applies only when not.
    public var sizeGiven = false
    public var fps = 30.0
    public var end: Double?
    public var time: Double?
    /// `--media-time T0`: what now() (CACurrentMediaTime()) reads at the start of the run.
    public var mediaTime = 0.0
    /// `--key-paths [KIND]`: the layer kind whose key paths to list (nil: every kind).
    public var keyPathKind: LayerKind?
    public var events: [(time: Double, name: String)] = []
    public var sink: String?
    public var out: String?
    public var sheet: String?
    public var scale = 1.0
    public var background: String?
    /// Plugin code runs in a child process unless --no-isolate.
    public var isolate = true
    /// Seconds one call into plugin code may take.
    public var timeout = 10.0
    /// Seconds the whole run may take (`--render-timeout`): a plugin's few calls can ask for hours of rendering.
    public var renderTimeout = 3600.0
    /// `fxhost check` arguments.
    public var checkTargets: [String] = []
    /// `fxhost check --strict`: a failed host call fails the factory even when the plugin handled it.
    public var strict = false
    /// JSON lines list every particle of an emitter, not only their count and bounds.
    public var particles = false
    /// `--frames A:B` or `--shard I/N`: write only those frames of the run.
    public var frames: FrameSelection?
    /// The index in the whole run of the first frame written (set once the selection is resolved).
    public var firstFrame = 0
    /// `--manifest`: write OUT.manifest.json beside the output once it is in place.
    public var manifest = false
    /// Internal: sample the whole run without writing and print its frame count (for --shard).
    var countFrames = false
    /// `fxhost join OUT PARTS…` and `fxhost batch JOBS [-j N]`: their words.
    public var joinOut: String?
    public var joinParts: [String] = []
    public var batchFile: String?
    public var jobs = 1
    public var summary: String?
    /// The command line as given, for manifests.
    public var words: [String] = []
    /// `--crf N`: the constant-quality level of MP4 and WebM (lower is better).
    public var crf: Int?
    /// `--quality Q`: lossy WebP at quality 0–100.
    public var quality: Int?
    /// `--lossless`: lossless WebP.
    public var lossless = false
    /// `--name value` words not recognised as fxhost options, in order.
    public var factoryWords: [String] = []
    /// `fxhost check --golden DIR`: compare every factory with its snapshot recorded in DIR.
    public var golden: String?
    /// `--update` (with --golden): record the snapshots again instead of comparing.
    public var update = false
    /// `--at T,T,…` (with --golden): the instants a snapshot records (default: spread over the natural end).
    public var goldenTimes: [Double]?
    /// `--tolerance N` (with --golden): levels of 255 a channel may move before its pixel counts as changed.
    public var tolerance = 2
    /// `--sheet-frames N`: how many frames the contact sheet keeps (default 12).
    public var sheetFrames: Int?
    /// `--sheet-frames T,T,…`: the instants the contact sheet shows instead.
    public var sheetTimes: [Double]?
    /// `--sheet-grid CxR`: the contact sheet's columns and rows (default 4 columns).
    public var sheetGrid: (columns: Int, rows: Int)?
    /// `--loop`: sample one whole period, end-exclusive, so an animated image loops without a repeated frame.
    public var loop = false

    public static let maxSide = 16384.0
    static let maxFPS = 1000.0
    public static let maxEnd = 3600.0

    static func parse(_ args: [String]) throws -> Options {
        var o = Options()
        o.words = args
        var i = 0
        if args.first == "check" {
            o.mode = .check
            i = 1
        } else if args.first == "join" {
            o.mode = .join
            i = 1
        } else if args.first == "batch" {
            o.mode = .batch
            i = 1
        }
        func value(_ option: String) throws -> String {
            i += 1
            guard i < args.count else { throw HostError.usage("\(option) needs a value (fxhost --help)") }
            return args[i]
        }
        while i < args.count {
            var word = args[i]
            var inline: String?
            if word.hasPrefix("--"), let eq = word.firstIndex(of: "=") {
                inline = String(word[word.index(after: eq)...])
                word = String(word[..<eq])
            }
            func v() throws -> String {
                if let inline { return inline }
                return try value(word)
            }
            switch word {
            case "--help", "-h": o.mode = o.plugin == nil ? .help : .pluginHelp
            case "--version": o.mode = .version
            case "--cflags": o.mode = .cflags
            case "--list": o.mode = .list
            case "--key-paths":
                o.mode = .keyPaths
                let next = inline ?? (i + 1 < args.count && !args[i + 1].hasPrefix("-") ? args[i + 1] : nil)
                if let next {
                    guard let kind = LayerKind.allCases.first(where: { $0.rawValue == next || $0.className == next || "CA" + $0.className == next }) else {
                        throw HostError.usage("--key-paths: '\(next)' is not a layer kind (kinds: \(LayerKind.allCases.map(\.rawValue).joined(separator: ", ")))")
                    }
                    o.keyPathKind = kind
                    if inline == nil { i += 1 }
                }
            case "--plugin":
                o.plugin = try v()
                if o.mode == .help { o.mode = .pluginHelp }
            case "--factory": o.factory = try v()
            case "--no-isolate": o.isolate = false
            case "--strict": o.strict = true
            case "--particles": o.particles = true
            case "--manifest": o.manifest = true
            case "--count-frames": o.countFrames = true
            case "--frames":
                guard o.frames == nil else { throw HostError.usage("--frames and --shard: give one of them, once") }
                o.frames = try FrameSelection.parseFrames(try v())
            case "--shard":
                guard o.frames == nil else { throw HostError.usage("--frames and --shard: give one of them, once") }
                o.frames = try FrameSelection.parseShard(try v())
            case "-j", "--jobs":
                let text = try v()
                guard let n = Int(text), n >= 1, n <= 256 else {
                    throw HostError.usage("\(word): '\(text)' is not a number of jobs at a time from 1 to 256")
                }
                o.jobs = n
            case "--summary": o.summary = try v()
            case "--lossless": o.lossless = true
            case "--crf":
                let text = try v()
                guard let n = Int(text), (0...63).contains(n) else {
                    throw HostError.usage("--crf: '\(text)' is not a whole number from 0 to 51 (MP4) or 63 (WebM); lower is better")
                }
                o.crf = n
            case "--quality":
                let text = try v()
                guard let n = Int(text), (0...100).contains(n) else {
                    throw HostError.usage("--quality: '\(text)' is not a whole number from 0 to 100 (WebP; higher is better)")
                }
                o.quality = n
            case "--timeout":
                let text = try v()
                guard let t = Double(text), t.isFinite, t > 0, t <= 86400 else {
                    throw HostError.usage("--timeout: '\(text)' is not a number of seconds above 0")
                }
                o.timeout = t
            case "--render-timeout":
                let text = try v()
                guard let t = Double(text), t.isFinite, t > 0, t <= 7 * 86400 else {
                    throw HostError.usage("--render-timeout: '\(text)' is not a number of seconds above 0 (at most a week)")
                }
                o.renderTimeout = t
            case "--size":
                let text = try v()
                let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
                guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
                      w >= 1, h >= 1, w <= maxSide, h <= maxSide, w == w.rounded(), h == h.rounded() else {
                    throw HostError.usage("--size: '\(text)' is not WIDTHxHEIGHT with whole numbers from 1 to \(Int(maxSide)) (e.g. --size 640x360)")
                }
                o.width = w; o.height = h
                o.sizeGiven = true
            case "--fps":
                let text = try v()
                guard let f = Double(text), f.isFinite, f > 0, f <= maxFPS else {
                    throw HostError.usage("--fps: '\(text)' is not a number of frames per second above 0 and at most \(Int(maxFPS))")
                }
                o.fps = f
            case "--end":
                o.end = try seconds(try v(), "--end")
            case "--time":
                o.time = try seconds(try v(), "--time")
            case "--media-time":
                let text = try v()
                guard let t = Double(text), t.isFinite, t >= 0, t <= 1e9 else {
                    throw HostError.usage("--media-time: '\(text)' is not a time in seconds from 0 to 1000000000 (what now() reads at the start; default 0)")
                }
                o.mediaTime = t
            case "--event":
                let text = try v()
                guard let colon = text.firstIndex(of: ":"), let t = Double(text[..<colon]), t.isFinite, t >= 0,
                      t <= maxEnd, text.index(after: colon) < text.endIndex else {
                    throw HostError.usage("--event: '\(text)' is not TIME:NAME with a time in seconds from 0 (e.g. --event 1.5:tap)")
                }
                o.events.append((t, String(text[text.index(after: colon)...])))
            case "--sink", "--format":
                let s = try v()
                guard SinkKind(rawValue: s) != nil else {
                    throw HostError.usage("\(word): '\(s)' is not a sink (expected \(SinkKind.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                o.sink = s
            case "--sheet":
                let path = try v()
                guard path.hasSuffix(".png") else { throw HostError.usage("--sheet: '\(path)' must be a .png file name") }
                o.sheet = path
            case "--scale":
                let text = try v()
                guard let f = Double(text), f.isFinite, f >= 0.25, f <= 4 else {
                    throw HostError.usage("--scale: '\(text)' is not a number from 0.25 to 4 (2 for 2× output)")
                }
                o.scale = f
            case "--background":
                let text = try v()
                guard ColorText.parse(text) != nil else {
                    throw HostError.usage("--background: '\(text)' is not a colour (#rrggbb, #rrggbbaa or a name)")
                }
                o.background = text
            case "--golden":
                let path = try v()
                guard !path.isEmpty else { throw HostError.usage("--golden needs a folder (where the snapshots are kept)") }
                o.golden = path
            case "--update": o.update = true
            case "--at": o.goldenTimes = try timeList(try v(), "--at")
            case "--tolerance":
                let text = try v()
                guard let n = Int(text), n >= 0, n <= 255 else {
                    throw HostError.usage("--tolerance: '\(text)' is not a whole number of levels from 0 to 255")
                }
                o.tolerance = n
            case "--sheet-frames":
                let text = try v()
                if !text.contains(","), !text.contains("."), let n = Int(text) {
                    guard n >= 1, n <= ContactSheetLimits.maxFrames else {
                        throw HostError.usage("--sheet-frames: \(n) is not a number of frames from 1 to \(ContactSheetLimits.maxFrames)")
                    }
                    o.sheetFrames = n
                } else {
                    o.sheetTimes = try timeList(text, "--sheet-frames")
                    guard o.sheetTimes!.count <= ContactSheetLimits.maxFrames else {
                        throw HostError.usage("--sheet-frames: \(o.sheetTimes!.count) times; a sheet shows at most \(ContactSheetLimits.maxFrames)")
                    }
                }
            case "--sheet-grid":
                let text = try v()
                let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
                guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]), c >= 1, r >= 1,
                      c * r <= ContactSheetLimits.maxFrames else {
                    throw HostError.usage("--sheet-grid: '\(text)' is not COLUMNSxROWS with at most \(ContactSheetLimits.maxFrames) cells (e.g. --sheet-grid 4x3)")
                }
                o.sheetGrid = (c, r)
            case "--loop": o.loop = true
            case "--out", "-o":
                let path = try v()
                guard !path.isEmpty else { throw HostError.usage("--out needs a file name, or - for standard output") }
                o.out = path
            default:
                if o.mode == .check && !word.hasPrefix("-") {
                    o.checkTargets.append(word)
                    break
                }
                if o.mode == .join && !word.hasPrefix("-") {
                    if o.joinOut == nil { o.joinOut = word } else { o.joinParts.append(word) }
                    break
                }
                if o.mode == .batch && !word.hasPrefix("-") {
                    guard o.batchFile == nil else { throw HostError.usage("fxhost batch takes one job file (got '\(o.batchFile!)' and '\(word)')") }
                    o.batchFile = word
                    break
                }
                guard word.hasPrefix("--"), word.count > 2 else {
                    throw HostError.usage("unexpected argument '\(args[i])' (options start with --; fxhost --help lists them)")
                }
                o.factoryWords.append(args[i])
                if inline == nil, i + 1 < args.count, !args[i + 1].hasPrefix("--") {
                    i += 1
                    o.factoryWords.append(args[i])
                }
            }
            i += 1
        }
        try o.checkCombinations()
        return o
    }

    /// Options that mean something only beside another one.
    func checkCombinations() throws {
        if golden == nil {
            for (given, name) in [(update, "--update"), (goldenTimes != nil, "--at"), (tolerance != 2, "--tolerance")] where given {
                throw HostError.usage("\(name) goes with fxhost check --golden DIR")
            }
        } else if mode != .check {
            throw HostError.usage("--golden goes with fxhost check: fxhost check --golden DIR [--update] PLUGIN…")
        }
        if sheet == nil, sheetFrames != nil || sheetTimes != nil || sheetGrid != nil {
            throw HostError.usage("--sheet-frames and --sheet-grid go with --sheet FILE.png")
        }
        if let grid = sheetGrid {
            let n = sheetFrames ?? sheetTimes?.count ?? 0
            guard n <= grid.columns * grid.rows else {
                throw HostError.usage("--sheet-frames: \(n) frames do not fit a --sheet-grid of \(grid.columns)x\(grid.rows)")
            }
        }
        if loop && time != nil { throw HostError.usage("--loop samples a period; it does not go with --time") }
        if manifest && (out == nil || out == "-") {
            throw HostError.usage("--manifest is written beside an output file: give --out FILE")
        }
        if loop && end == nil && frames != nil {
            throw HostError.usage("--loop without --end finds its own period; give --end T to split a loop into --frames or --shard")
        }
    }

    /// `T,T,…`: seconds, each from 0 to the longest run, sorted and without repeats.
    static func timeList(_ text: String, _ option: String) throws -> [Double] {
        let times = try text.split(separator: ",", omittingEmptySubsequences: false).map {
            try seconds(String($0).trimmingSpaces, option)
        }
        guard !times.isEmpty, zip(times, times.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw HostError.usage("\(option): '\(text)' is not a list of increasing times in seconds (e.g. \(option) 0,0.5,1)")
        }
        return times
    }

    static func seconds(_ text: String, _ option: String) throws -> Double {
        guard let t = Double(text), t.isFinite, t >= 0, t <= maxEnd else {
            throw HostError.usage("\(option): '\(text)' is not a time in seconds from 0 to \(Int(maxEnd))")
        }
        return t
    }

    /// Matches the factory's words against its parameters. A bool parameter
    /// given without a value means true. `--duration` is fxhost's `--end`
    /// unless the factory declares a parameter of that name.
    mutating func factoryArguments(for factory: FactoryInfo) throws -> [ArgumentValue] {
        let given = try givenArguments(for: factory)
        return try factory.parameters.map { p in
            try ArgumentValue.parse(given[p.name] ?? p.defaultText, for: p)
        }
    }

    /// Every parameter of the factory with the text it gets (given, or its default), in declaration order.
    mutating func argumentTexts(for factory: FactoryInfo) throws -> [(String, String)] {
        let given = try givenArguments(for: factory)
        return factory.parameters.map { ($0.name, given[$0.name] ?? $0.defaultText) }
    }

    /// The factory's words matched to its parameters, checked but not yet converted.
    private mutating func givenArguments(for factory: FactoryInfo) throws -> [String: String] {
        var given: [String: String] = [:]
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
                    end = try Options.seconds(text, "--duration")
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
        return given
    }
}

/// How many frames a contact sheet may show.
public enum ContactSheetLimits {
    public static let maxFrames = 400
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
