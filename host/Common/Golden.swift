// SPDX-License-Identifier: MIT
import FXCore
import FXHost
import FXIsolation
import FXImageSinks
import FXPNG
import FXRender
import FXSinks
import Glibc

/// `fxhost check --golden DIR`: each factory's look and motion, recorded once
/// (`--update`) and compared on every later run.
///
/// A factory's snapshot is the folder `DIR/PLUGIN/FACTORY/` holding
/// `samples.jsonl` (the JSON lines at the chosen instants, docs/jsonl.md) and
/// `frame-N.png` (the frame at the Nth instant), built with its defaults on
/// the 320×240 stage `check` uses. A comparison that finds differences leaves
/// `samples.actual.jsonl`, `frame-N.actual.png` and `frame-N.diff.png` beside
/// them; one that finds none removes them.
enum Golden {
    /// How many instants a snapshot records by default, spread from 0 to the natural end.
    static let defaultInstants = 5
    /// Most difference lines shown under a FAIL; the count says how many more there were.
    static let shownDifferences = 8

    /// Results in a child that are detail lines for the parent to print under the factory's line.
    static let detailPrefix = "detail: "

    /// The instants a new snapshot records: `--at`, or 0 to the natural end in equal steps.
    static func instants(_ o: GoldenOptions, naturalEnd end: Double) -> [Double] {
        if let chosen = o.times { return chosen }
        guard end > 0 else { return [0] }
        return (0..<defaultInstants).map { end * Double($0) / Double(defaultInstants - 1) }
    }

    static func folder(_ o: GoldenOptions, plugin: String, factory: String) -> String {
        func safe(_ s: String) -> String { s.map { $0 == "/" ? "_" : $0 }.reduce(into: "") { $0.append($1) } }
        return o.folder + "/" + safe(plugin) + "/" + safe(factory)
    }

    /// In a child, with the factory built on `stage`: records or compares its
    /// snapshot. Returns the PASS detail; throws the FAIL summary (details noted first).
    /// `naturalEnd` finds the end a new snapshot's instants spread over (`checkedEnd`).
    static func run(_ o: GoldenOptions, plugin: PluginInfo, factory: FactoryInfo, stage: Stage,
                    naturalEnd: () throws -> Double) throws -> String {
        let entry = folder(o, plugin: plugin.name, factory: factory.name)
        let samplesFile = entry + "/samples.jsonl"
        var times: [Double]
        var golden: [JSON] = []
        if o.update {
            times = instants(o, naturalEnd: try naturalEnd())
            try makeFolders(entry)
        } else {
            guard let text = readText(samplesFile) else {
                throw HostError.plugin("no golden snapshot in \(entry): record one with fxhost check --golden \(o.folder) --update \(PluginLocator.fileName(plugin.path))")
            }
            golden = try GoldenSamples.read(text, file: samplesFile)
            times = golden.compactMap { $0["t"]?.number }
            if let chosen = o.times, chosen != times {
                throw HostError.plugin("the golden snapshot in \(entry) has the instants \(list(times)), --at asks for \(list(chosen)): record it again with --update")
            }
        }

        if let failure = Renderer.libraryFailure { throw failure }
        let renderer = Renderer(stageSize: stage.size)
        let jsonFile = o.update ? samplesFile : entry + "/samples.actual.jsonl"
        let jsonOut = try OutputFile(path: jsonFile, publication: RunPublication.current)
        let json = JSONLinesSink(jsonOut)
        var frames: [[UInt8]] = []
        for t in times {
            let snapshot = try stage.sample(at: t)
            try json.consume(snapshot)
            frames.append(PNGFile.bytes(try renderer.renderWithinBudget(snapshot)))
        }
        try json.finish()

        if o.update {
            for (i, png) in frames.enumerated() { try write(png, to: entry + "/frame-\(i).png") }
            removeLeftovers(entry, framesKept: frames.count)
            return "recorded \(times.count) instant\(times.count == 1 ? "" : "s") (\(list(times)) s) in \(entry)"
        }

        var differences: [String] = []
        guard let actualText = readText(jsonFile) else { throw HostError.plugin("cannot read back \(jsonFile)") }
        let actual = actualText.split(separator: "\n").compactMap { JSON.parsed(String($0)) }
        differences += SampleDifferences.between(golden: golden, actual: actual)
        var changedFrames = 0
        for (i, png) in frames.enumerated() {
            let at = "frame \(i) (t = \(ValueFormat.fixed(times[i])))"
            let goldenFile = entry + "/frame-\(i).png", actualFile = entry + "/frame-\(i).actual.png"
            let diffFile = entry + "/frame-\(i).diff.png"
            unlink(actualFile)
            unlink(diffFile)
            guard let goldenImage = try? PNGDecoder.decode(path: goldenFile) else {
                differences.append("\(at): no readable golden frame \(goldenFile)")
                changedFrames += 1
                try write(png, to: actualFile)
                continue
            }
            let actualImage = try PNGDecoder.decode(png, label: actualFile)
            guard goldenImage.width == actualImage.width, goldenImage.height == actualImage.height else {
                differences.append("\(at): \(actualImage.width)×\(actualImage.height) pixels, the golden frame is \(goldenImage.width)×\(goldenImage.height)")
                changedFrames += 1
                try write(png, to: actualFile)
                continue
            }
            let d = FrameDifference(golden: goldenImage, actual: actualImage, tolerance: o.tolerance)
            guard d.changed > 0 else { continue }
            changedFrames += 1
            try write(png, to: actualFile)
            try write(PNGFile.bytes(d.picture), to: diffFile)
            differences.append("\(at): \(d.changed) pixel\(d.changed == 1 ? "" : "s") differ by more than \(o.tolerance) (at most \(d.largest) of 255); diff image \(diffFile)")
        }
        if differences.isEmpty {
            unlink(jsonFile)
            return "matches the golden snapshot in \(entry) (\(times.count) instant\(times.count == 1 ? "" : "s"), JSON lines and frames)"
        }
        for line in differences.prefix(shownDifferences) { Isolation.note("result", detailPrefix + line) }
        if differences.count > shownDifferences {
            Isolation.note("result", detailPrefix + "… and \(differences.count - shownDifferences) more (diff \(samplesFile) \(jsonFile))")
        }
        let what = changedFrames == 0 ? "" : ", \(changedFrames) of \(frames.count) frames changed"
        throw HostError.plugin("differs from the golden snapshot in \(entry): \(differences.count) difference\(differences.count == 1 ? "" : "s")\(what) (fxhost check --golden \(o.folder) --update records the new look)")
    }

    static func list(_ times: [Double]) -> String { times.map { SampleDifferences.short($0) }.joined(separator: ", ") }

    static func write(_ bytes: [UInt8], to path: String) throws {
        let out = try OutputFile(path: path, publication: RunPublication.current)
        try out.write(bytes)
        try out.commit()
    }

    /// Removes what a comparison left behind and frames beyond the recorded instants.
    static func removeLeftovers(_ entry: String, framesKept: Int) {
        guard let dir = opendir(entry) else { return }
        var names: [String] = []
        while let e = readdir(dir) {
            names.append(withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        closedir(dir)
        for name in names {
            let isLeftover = name.hasSuffix(".actual.png") || name.hasSuffix(".diff.png") || name == "samples.actual.jsonl"
            var isExtraFrame = false
            if name.hasPrefix("frame-"), name.hasSuffix(".png"), let n = Int(name.dropFirst(6).dropLast(4)) { isExtraFrame = n >= framesKept }
            if isLeftover || isExtraFrame { unlink(entry + "/" + name) }
        }
    }

    /// `mkdir -p`.
    static func makeFolders(_ path: String) throws {
        var built = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            built += "/" + part
            if mkdir(built, 0o755) != 0 && errno != EEXIST {
                throw HostError.usage("cannot make the folder '\(built)' for golden snapshots: \(String(cString: strerror(errno)))")
            }
        }
        guard isFolder(path) else { throw HostError.usage("'\(path)' is not a folder; golden snapshots need one") }
    }

    static func isFolder(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }
}
