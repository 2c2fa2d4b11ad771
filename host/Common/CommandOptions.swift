// SPDX-License-Identifier: MIT
import FXHost

/// `fxhost --list [--plugin NAME]`.
public struct ListOptions {
    public var plugin: String?
    public var supervision: Supervision
}

/// `fxhost check [PLUGIN…] [--strict] [--golden DIR [--update] [--at T,…] [--tolerance N]]`.
public struct CheckOptions {
    /// The plugins named (none: every plugin found).
    public var targets: [String] = []
    /// `--strict`: a failed host call fails the factory even when the plugin handled it.
    public var strict = false
    public var golden: GoldenOptions?
    public var supervision = Supervision()
    /// `--update`, `--at` or `--tolerance` given (they need `--golden`).
    private var goldenWords: [String] = []

    init(_ words: [OptionWord]) {
        var folder: String?
        var golden = GoldenOptions(folder: "")
        for word in words {
            switch word {
            case .target(let name): targets.append(name)
            case .strict: strict = true
            case .golden(let path): folder = path
            case .update: golden.update = true
            case .at(let times): golden.times = times
            case .tolerance(let n): golden.tolerance = n
            default: break
            }
        }
        for (given, name) in [(golden.update, "--update"), (golden.times != nil, "--at"), (golden.tolerance != 2, "--tolerance")] where given {
            goldenWords.append(name)
        }
        if let folder {
            golden.folder = folder
            self.golden = golden
        }
        supervision = Supervision(words)
    }

    /// `--golden` goes with `check`, and its companions with `--golden`.
    func checkCombinations(kind: CommandKind) throws {
        if golden == nil, let name = goldenWords.first {
            throw HostError.usage("\(name) goes with fxhost check --golden DIR")
        } else if golden != nil && kind != .check && kind != .studio {
            throw HostError.usage("--golden goes with fxhost check: fxhost check --golden DIR [--update] PLUGIN…")
        }
    }
}

/// `fxhost check --golden DIR`: compare every factory with its snapshot recorded in DIR.
public struct GoldenOptions {
    public var folder: String
    /// `--update`: record the snapshots again instead of comparing.
    public var update = false
    /// `--at T,T,…`: the instants a snapshot records (default: spread over the natural end).
    public var times: [Double]?
    /// `--tolerance N`: levels of 255 a channel may move before its pixel counts as changed.
    public var tolerance = 2
}

/// `fxhost join OUT PART… [--sink KIND] [--crf N | --quality Q | --lossless]`.
public struct JoinOptions {
    public var out: String?
    public var parts: [String] = []
    public var sink: SinkKind?
    public var encoding: Encoding
    /// The size and frame rate the parts' manifests fall back on when they do not say.
    public var stage: StageOptions

    init(_ words: [OptionWord]) {
        for word in words {
            switch word {
            case .target(let path): if out == nil { out = path } else { parts.append(path) }
            case .sink(let k): sink = k
            default: break
            }
        }
        encoding = Encoding(words)
        stage = StageOptions(words)
    }

}

/// `fxhost batch JOBS.jsonl [-j N] [--shard I/N] [--summary FILE]`.
public struct BatchOptions {
    public var file: String?
    /// `-j N`: jobs at a time.
    public var jobs = 1
    /// `--shard I/N` (or a `--frames`, which batch refuses).
    public var selection: FrameSelection?
    /// `--summary FILE`: one JSON object a job.
    public var summary: String?

    init(_ words: [OptionWord]) {
        for word in words {
            switch word {
            case .target(let path): file = path
            case .jobs(let n): jobs = n
            case .frames(let f): selection = f
            case .summary(let path): summary = path
            default: break
            }
        }
    }
}
