// SPDX-License-Identifier: MIT
import FXHost
import FXSinks
import FXToolbox
import Glibc

/// What a sharded or batch render writes beside its output (`OUT.manifest.json`):
/// which render it is — plugin, its version and file hash, factory, every
/// argument, size, fps, end, events — and which of its frames the output
/// holds. `fxhost join` checks that parts come from one render and fit
/// together; `fxhost batch` skips a job whose output carries its manifest.
struct RenderManifest {
    /// The fields that make two outputs parts of one render.
    var render: JSON
    /// Frames [from, to) of `total`; nil for an output of the whole run.
    var frames: Range<Int>?
    var total: Int?
    /// The output's file name (no folder) and the fxhost words that made it.
    var output: String
    var command: [String]
    /// The part holds, after its frames, the run's last sample exactly at its end (which
    /// outputs other than video take: APNG, GIF, PNG frames).
    var endSample = false
    /// The run's last sample shows what its first did (an animated PNG or GIF of a run without
    /// --end leaves it out, so the loop has no repeated frame).
    var lastRepeatsFirst = false

    static let suffix = ".manifest.json"

    init(_ o: RunOptions, info: PluginInfo, factory: FactoryInfo, pluginPath: String, frames: Range<Int>?, total: Int?) throws {
        let arguments = try o.argumentTexts(for: factory)
        var members: [(key: String, value: JSON)] = [
            ("plugin", .string(info.name)), ("pluginVersion", .string(info.version)),
            ("pluginSHA256", .string(SHA256.file(pluginPath) ?? "")), ("factory", .string(factory.name)),
            ("arguments", .object(arguments.map { ($0.0, .string($0.1)) })),
            ("size", .array([.number(o.stage.width), .number(o.stage.height)])), ("scale", .number(o.output.scale)),
            ("fps", .number(o.stage.fps)), ("end", o.stage.end.map { .number($0) } ?? .null),
            ("events", .array(o.stage.events.map { .string("\($0.time):\($0.name)") })),
            ("background", o.output.background.map { .string($0.text) } ?? .null),
        ]
        members.append(("fxhost", .string(Help.version)))
        render = .object(members)
        self.frames = frames
        self.total = total
        output = PluginLocator.fileName(o.output.out ?? "")
        command = RenderManifest.command(o.words)
    }

    init(json: JSON, file: String) throws {
        guard let render = json["render"], case .object = render, let output = json["output"]?.string,
              case .array(let words)? = json["command"] else {
            throw HostError.usage("'\(file)' is not a manifest fxhost wrote (render, output and command are missing)")
        }
        self.render = render
        self.output = output
        command = words.compactMap(\.string)
        total = RenderManifest.count(json["total"])
        endSample = json["endSample"] == .bool(true)
        lastRepeatsFirst = json["lastRepeatsFirst"] == .bool(true)
        if case .array(let r)? = json["frames"], r.count == 2, let a = RenderManifest.count(r[0]), let b = RenderManifest.count(r[1]), a <= b {
            frames = a..<b
        }
    }

    /// A frame index or count: a whole number from 0 to 2^31 (a manifest's numbers are read, not trusted).
    private static func count(_ value: JSON?) -> Int? {
        guard let n = value?.number, n >= 0, n <= Double(Int32.max), n == n.rounded() else { return nil }
        return Int(n)
    }

    /// The command words that make the render: all but `--manifest`, which only asks for this file.
    static func command(_ words: [String]) -> [String] { words.filter { $0 != "--manifest" } }

    var json: JSON {
        .object([
            ("render", render),
            ("frames", frames.map { .array([.number(Double($0.lowerBound)), .number(Double($0.upperBound))]) } ?? .null),
            ("total", total.map { .number(Double($0)) } ?? .null),
            ("endSample", .bool(endSample)), ("lastRepeatsFirst", .bool(lastRepeatsFirst)),
            ("output", .string(output)),
            ("command", .array(command.map { .string($0) })),
        ])
    }

    /// Writes `OUT.manifest.json` (after the output itself is in place, so a
    /// manifest never vouches for an output that is not there).
    func write(beside out: String) throws {
        let file = try OutputFile(path: RenderManifest.path(for: out, frames: frames), publication: RunPublication.current)
        try file.write(json.text + "\n")
        try file.commit()
    }

    /// `OUT.manifest.json`; for PNG frames, `frames.manifest.json` in their folder, or
    /// `frames-A-B.manifest.json` for a shard's frames A to B − 1 (shards share the folder).
    static func path(for out: String, frames: Range<Int>? = nil) -> String {
        if out.contains("%") || out.hasSuffix("/") || isDirectory(out) {
            let folder = out.hasSuffix("/") ? String(out.dropLast()) : (out.contains("%") ? (out.lastIndex(of: "/").map { String(out[..<$0]) } ?? ".") : out)
            return folder + "/frames" + (frames.map { "-\($0.lowerBound)-\($0.upperBound)" } ?? "") + suffix
        }
        return out + suffix
    }

    static func read(beside out: String) throws -> RenderManifest {
        let path = RenderManifest.path(for: out)
        guard let text = readText(path) else {
            throw HostError.usage("'\(out)' has no manifest '\(path)' beside it (parts are written with --shard or --frames and --manifest)")
        }
        do {
            return try RenderManifest(json: try JSON.parse(text), file: path)
        } catch let e as JSONSyntaxError {
            throw HostError.usage("'\(path)' is not valid JSON: \(e.description)")
        }
    }
}

func readText(_ path: String) -> String? { readFile(path).map { String(decoding: $0, as: UTF8.self) } }
