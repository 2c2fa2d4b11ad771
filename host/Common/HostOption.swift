// SPDX-License-Identifier: MIT

/// fxhost's own flags, as typed: the one list of them. `OptionWords` reads the command line by
/// switching over it (a flag missing here is no flag), and a plugin parameter may not take the
/// name of one, which would hide it (`parameterNames`). `--duration` is not here: it is a factory's
/// own parameter when the factory has one, and the run's end otherwise (`RunOptions`).
public enum HostOption: String, CaseIterable, Sendable {
    case help = "--help"
    case shortHelp = "-h"
    case version = "--version"
    case cflags = "--cflags"
    case list = "--list"
    case keyPaths = "--key-paths"
    case plugin = "--plugin"
    case factory = "--factory"
    case noIsolate = "--no-isolate"
    case strict = "--strict"
    case particles = "--particles"
    case manifest = "--manifest"
    case countFrames = "--count-frames"
    case frames = "--frames"
    case shard = "--shard"
    case shortJobs = "-j"
    case jobs = "--jobs"
    case summary = "--summary"
    case lossless = "--lossless"
    case crf = "--crf"
    case maxSize = "--max-size"
    case quality = "--quality"
    case timeout = "--timeout"
    case renderTimeout = "--render-timeout"
    case size = "--size"
    case fps = "--fps"
    case end = "--end"
    case time = "--time"
    case mediaTime = "--media-time"
    case event = "--event"
    case sink = "--sink"
    case format = "--format"
    case sheet = "--sheet"
    case scale = "--scale"
    case background = "--background"
    case golden = "--golden"
    case update = "--update"
    case at = "--at"
    case tolerance = "--tolerance"
    case sheetFrames = "--sheet-frames"
    case sheetGrid = "--sheet-grid"
    case loop = "--loop"
    case forcePreview = "--force-preview"
    case listen = "--listen"
    case listenAnywhere = "--listen-anywhere"
    case package = "--package"
    case out = "--out"
    case shortOut = "-o"

    /// The names a plugin parameter may not have: the long flags without their dashes.
    public static let parameterNames = Set(allCases.map(\.rawValue).filter { $0.hasPrefix("--") }.map { String($0.dropFirst(2)) })
}
