// SPDX-License-Identifier: MIT
import FXCore
import FXHost

/// What a command line asks fxhost to do, each with the options that mean something to it.
public enum Command {
    case help
    case version
    case cflags
    case list(ListOptions)
    case keyPaths(LayerKind?)
    case pluginHelp(RunOptions)
    case run(RunOptions)
    case check(CheckOptions)
    case join(JoinOptions)
    case batch(BatchOptions)
    case studio(StudioOptions)
    /// Internal, for the studio: the plugin's schema, events and animations at a time, as JSON.
    case studioDescribe(RunOptions)
    /// Internal, for the studio: the effect built once, then frames at the times asked on standard input.
    case studioWorker(RunOptions)

    /// Reads the command line. The rules between options hold on every command line, whatever the
    /// command (an `--update` without `--golden` is refused even beside `--help`).
    public static func parse(_ args: [String]) throws -> Command {
        let scanned = try OptionWords(args)
        let words = scanned.words
        var run = RunOptions(words, commandLine: args)
        let check = CheckOptions(words)
        try check.checkCombinations(kind: scanned.kind)
        try run.checkCombinations()
        switch scanned.kind {
        case .help: return .help
        case .version: return .version
        case .cflags: return .cflags
        case .list: return .list(ListOptions(plugin: run.plugin, supervision: run.supervision))
        case .keyPaths: return .keyPaths(words.lazy.compactMap { if case .keyPathKind(let k) = $0 { k } else { nil } }.last)
        case .check: return .check(check)
        case .join: return .join(JoinOptions(words))
        case .batch: return .batch(BatchOptions(words))
        case .studio: return .studio(try StudioOptions(words, run: run))
        case .studioDescribe: return .studioDescribe(run)
        case .studioWorker: return .studioWorker(run)
        case .pluginHelp: return .pluginHelp(run)
        case .run:
            // A bad output name fails here, before any plugin loads, unless a contact sheet is asked
            // for (then it is found when the outputs are opened).
            if run.output.sheet == nil { try run.output.resolveKind() }
            try checkPreviewDestination(run.output)
            return .run(run)
        }
    }
}

/// The commands, as the words name them before their options are gathered.
enum CommandKind { case run, help, version, list, pluginHelp, check, cflags, join, batch, keyPaths, studio, studioDescribe, studioWorker }

/// fxhost's limits on option values, and the readers of values that more than one option takes.
public enum Options {
    public static let maxSide = 16384.0
    static let maxFPS = 1000.0
    public static let maxEnd = 3600.0

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
}

/// How many frames a contact sheet may show.
public enum ContactSheetLimits {
    public static let maxFrames = 400
}
