// SPDX-License-Identifier: MIT
import FXCore
import FXHost

/// One word of the command line (with its value), checked and converted once, as the options
/// types of the commands take it.
enum OptionWord {
    case plugin(String)
    case factory(String)
    case keyPathKind(LayerKind)
    case noIsolate, strict, particles, manifest, countFrames, lossless, update, loop, forcePreview
    case frames(FrameSelection)
    case jobs(Int)
    case summary(String)
    case crf(Int)
    case quality(Int)
    case maxSize(Int)
    case timeout(Double)
    case renderTimeout(Double)
    case memoryLimit(Int)
    case size(width: Double, height: Double)
    case fps(Double)
    case end(Double)
    case time(Double)
    case mediaTime(Double)
    case event(time: Double, name: String)
    case sink(SinkKind)
    case sheet(String)
    case scale(Double)
    case background(Background)
    case golden(String)
    case at([Double])
    case tolerance(Int)
    case sheetFrames(SheetRequest.Frames)
    case sheetGrid(columns: Int, rows: Int)
    case out(String)
    /// `studio --listen ADDR:PORT`.
    case listen(String)
    /// `studio --listen-anywhere`: a non-loopback `--listen` is meant.
    case listenAnywhere
    /// `studio --package DIR`: a Swift plugin package, built and rebuilt by the studio.
    case package(String)
    /// A word without `--` after `check`, `join` or `batch`: what the command works on.
    case target(String)
    /// A `--name [value]` word fxhost does not know: the factory's, matched once the plugin is loaded.
    case factoryWord(String)
}

/// The command line read into `OptionWord`s, by the flags `HostOption` names.
struct OptionWords {
    /// What the words ask for. `--help`, `--version`, `--cflags`, `--list` and `--key-paths` change it
    /// wherever they stand (the last wins; `--help` with `--plugin` is the plugin's help).
    private(set) var kind = CommandKind.run
    private(set) var words: [OptionWord] = []

    init(_ args: [String]) throws {
        var i = 0
        var plugin: String?
        var selection = false
        if let first = args.first, let command = ["check": CommandKind.check, "join": .join, "batch": .batch, "studio": .studio,
                                                         "studio-describe": .studioDescribe, "studio-worker": .studioWorker][first] {
            kind = command
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
            func number<N>(_ convert: (String) -> N?, _ accepts: (N) -> Bool, _ why: String) throws -> N {
                let text = try v()
                guard let n = convert(text), accepts(n) else { throw HostError.usage("\(word): '\(text)' \(why)") }
                return n
            }
            switch HostOption(rawValue: word) {
            case .help?, .shortHelp?: kind = plugin == nil ? .help : .pluginHelp
            case .version?: kind = .version
            case .cflags?: kind = .cflags
            case .list?: kind = .list
            case .keyPaths?:
                kind = .keyPaths
                let next = inline ?? (i + 1 < args.count && !args[i + 1].hasPrefix("-") ? args[i + 1] : nil)
                if let next {
                    guard let layerKind = LayerKind.allCases.first(where: { $0.rawValue == next || $0.className == next || "CA" + $0.className == next }) else {
                        throw HostError.usage("--key-paths: '\(next)' is not a layer kind (kinds: \(LayerKind.allCases.map(\.rawValue).joined(separator: ", ")))")
                    }
                    words.append(.keyPathKind(layerKind))
                    if inline == nil { i += 1 }
                }
            case .plugin?:
                let name = try v()
                plugin = name
                words.append(.plugin(name))
                if kind == .help { kind = .pluginHelp }
            case .factory?: words.append(.factory(try v()))
            case .noIsolate?: words.append(.noIsolate)
            case .strict?: words.append(.strict)
            case .particles?: words.append(.particles)
            case .manifest?: words.append(.manifest)
            case .countFrames?: words.append(.countFrames)
            case .frames?, .shard?:
                guard !selection else { throw HostError.usage("--frames and --shard: give one of them, once") }
                selection = true
                words.append(.frames(word == HostOption.frames.rawValue ? try FrameSelection.parseFrames(try v()) : try FrameSelection.parseShard(try v())))
            case .shortJobs?, .jobs?:
                words.append(.jobs(try number({ Int($0) }, { $0 >= 1 && $0 <= 256 }, "is not a number of jobs at a time from 1 to 256")))
            case .summary?: words.append(.summary(try v()))
            case .lossless?: words.append(.lossless)
            case .crf?:
                let crf = OutputFormat.crfBounds, mp4 = SinkKind.mp4.format.crf!.range, webm = SinkKind.webm.format.crf!.range
                words.append(.crf(try number({ Int($0) }, { crf.contains($0) },
                                             "is not a whole number from \(crf.lowerBound) to \(mp4.upperBound) (MP4) or \(webm.upperBound) (WebM); lower is better")))
            case .maxSize?:
                words.append(.maxSize(try number({ Int($0) }, { $0 >= 1 }, "is not a number of bytes above 0 (the largest Lottie file written; default 67108864, 64 MiB)")))
            case .quality?:
                let quality = SinkKind.webp.format.quality!.range
                words.append(.quality(try number({ Int($0) }, { quality.contains($0) },
                                                 "is not a whole number from \(quality.lowerBound) to \(quality.upperBound) (WebP; higher is better)")))
            case .timeout?:
                words.append(.timeout(try number({ Double($0) }, { $0.isFinite && $0 > 0 && $0 <= 86400 }, "is not a number of seconds above 0")))
            case .renderTimeout?:
                words.append(.renderTimeout(try number({ Double($0) }, { $0.isFinite && $0 > 0 && $0 <= 7 * 86400 },
                                                       "is not a number of seconds above 0 (at most a week)")))
            case .memoryLimit?: words.append(.memoryLimit(try MemoryLimit.parse(try v())))
            case .size?:
                let text = try v()
                let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
                let side = Options.maxSide
                guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
                      w >= 1, h >= 1, w <= side, h <= side, w == w.rounded(), h == h.rounded() else {
                    throw HostError.usage("--size: '\(text)' is not WIDTHxHEIGHT with whole numbers from 1 to \(Int(side)) (e.g. --size 640x360)")
                }
                words.append(.size(width: w, height: h))
            case .fps?:
                words.append(.fps(try number({ Double($0) }, { $0.isFinite && $0 > 0 && $0 <= Options.maxFPS },
                                             "is not a number of frames per second above 0 and at most \(Int(Options.maxFPS))")))
            case .end?: words.append(.end(try Options.seconds(try v(), "--end")))
            case .time?: words.append(.time(try Options.seconds(try v(), "--time")))
            case .mediaTime?:
                words.append(.mediaTime(try number({ Double($0) }, { $0.isFinite && $0 >= 0 && $0 <= 1e9 },
                                                   "is not a time in seconds from 0 to 1000000000 (what now() reads at the start; default 0)")))
            case .event?:
                let text = try v()
                guard let colon = text.firstIndex(of: ":"), let t = Double(text[..<colon]), t.isFinite, t >= 0,
                      t <= Options.maxEnd, text.index(after: colon) < text.endIndex else {
                    throw HostError.usage("--event: '\(text)' is not TIME:NAME with a time in seconds from 0 (e.g. --event 1.5:tap)")
                }
                words.append(.event(time: t, name: String(text[text.index(after: colon)...])))
            case .sink?, .format?:
                let s = try v()
                guard let sink = SinkKind(rawValue: s) else {
                    throw HostError.usage("\(word): '\(s)' is not a sink (expected \(OutputFormat.all.map(\.kind.rawValue).joined(separator: ", ")))")
                }
                words.append(.sink(sink))
            case .sheet?:
                let path = try v()
                guard path.hasSuffix(".png") else { throw HostError.usage("--sheet: '\(path)' must be a .png file name") }
                words.append(.sheet(path))
            case .scale?:
                words.append(.scale(try number({ Double($0) }, { $0.isFinite && $0 >= 0.25 && $0 <= 4 }, "is not a number from 0.25 to 4 (2 for 2× output)")))
            case .background?:
                let text = try v()
                guard let color = ColorText.parse(text) else {
                    throw HostError.usage("--background: '\(text)' is not a colour (#rrggbb, #rrggbbaa or a name)")
                }
                words.append(.background(Background(text: text, color: color)))
            case .golden?:
                let path = try v()
                guard !path.isEmpty else { throw HostError.usage("--golden needs a folder (where the snapshots are kept)") }
                words.append(.golden(path))
            case .update?: words.append(.update)
            case .at?: words.append(.at(try Options.timeList(try v(), "--at")))
            case .tolerance?:
                words.append(.tolerance(try number({ Int($0) }, { $0 >= 0 && $0 <= 255 }, "is not a whole number of levels from 0 to 255")))
            case .sheetFrames?:
                let text = try v()
                let most = ContactSheetLimits.maxFrames
                if !text.contains(","), !text.contains("."), let n = Int(text) {
                    guard n >= 1, n <= most else { throw HostError.usage("--sheet-frames: \(n) is not a number of frames from 1 to \(most)") }
                    words.append(.sheetFrames(.count(n)))
                } else {
                    let times = try Options.timeList(text, "--sheet-frames")
                    guard times.count <= most else { throw HostError.usage("--sheet-frames: \(times.count) times; a sheet shows at most \(most)") }
                    words.append(.sheetFrames(.times(times)))
                }
            case .sheetGrid?:
                let text = try v()
                let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
                guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]), c >= 1, r >= 1,
                      c * r <= ContactSheetLimits.maxFrames else {
                    throw HostError.usage("--sheet-grid: '\(text)' is not COLUMNSxROWS with at most \(ContactSheetLimits.maxFrames) cells (e.g. --sheet-grid 4x3)")
                }
                words.append(.sheetGrid(columns: c, rows: r))
            case .loop?: words.append(.loop)
            case .forcePreview?: words.append(.forcePreview)
            case .listen?:
                guard kind == .studio else { throw HostError.usage("--listen goes with fxhost studio") }
                words.append(.listen(try v()))
            case .package?:
                guard kind == .studio else { throw HostError.usage("--package goes with fxhost studio") }
                words.append(.package(try v()))
            case .listenAnywhere?:
                guard kind == .studio else { throw HostError.usage("--listen-anywhere goes with fxhost studio") }
                words.append(.listenAnywhere)
            case .out?, .shortOut?:
                let path = try v()
                guard !path.isEmpty else { throw HostError.usage("--out needs a file name, or - for standard output") }
                words.append(.out(path))
            case nil:
                if [.check, .join, .batch].contains(kind) && !word.hasPrefix("-") {
                    if kind == .batch, case .target(let first)? = words.first(where: { if case .target = $0 { true } else { false } }) {
                        throw HostError.usage("fxhost batch takes one job file (got '\(first)' and '\(word)')")
                    }
                    words.append(.target(word))
                    break
                }
                guard word.hasPrefix("--"), word.count > 2 else {
                    throw HostError.usage("unexpected argument '\(args[i])' (options start with --; fxhost --help lists them)")
                }
                words.append(.factoryWord(args[i]))
                if inline == nil, i + 1 < args.count, !args[i + 1].hasPrefix("--") {
                    i += 1
                    words.append(.factoryWord(args[i]))
                }
            }
            i += 1
        }
    }
}
