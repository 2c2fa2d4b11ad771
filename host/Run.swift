import FXCore
import FXHost
import FXSinks
import Glibc

/// How long a run samples when `--end` is not given.
enum DefaultEnd {
    /// Sampling stops here when something repeats forever.
    static let forInfinite = 5.0
    /// And never goes past this without `--end`, whatever keeps scheduling work.
    static let cap = 60.0
}

func stderrLine(_ s: String) {
    var line = s + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

/// Loads the plugin, builds the factory, samples it and feeds the sink.
func run(_ options: Options) throws {
    var o = options
    guard let pluginName = o.plugin else {
        throw HostError.usage("no plugin given: use --plugin NAME (fxhost --list shows them)")
    }
    let locator = PluginLocator()
    let path = try locator.resolve(pluginName)
    let session = HostSession(pluginName: pluginName, report: { stderrLine("fxhost: warning: \($0)") })
    session.log = { stderrLine("fxhost: \($0)") }
    let info = try PluginLoader.load(path, session: session)
    let factory = try info.factory(named: o.factory)
    if o.mode == .pluginHelp {
        print(Help.plugin(info, selected: factory), terminator: "")
        return
    }
    let arguments = try o.factoryArguments(for: factory)

    // Open the output before any plugin code builds anything: a bad --out costs nothing.
    let sinkName = try o.sink ?? sinkForExtension(o.out)
    let output = try o.out.map { try TextOutput(path: $0) } ?? TextOutput()
    let sink: Sink = sinkName == "jsonl" ? JSONLinesSink(output) : TraceSink(output)

    let stage = Stage(size: Size(o.width, o.height))
    try session.build(factory, arguments: arguments, on: stage)

    let handled = stage.eventNames
    for e in o.events {
        guard handled.contains(e.name) else {
            throw HostError.usage("--event \(e.time):\(e.name): plugin '\(info.name)' handles no event '\(e.name)'" +
                (handled.isEmpty ? " (it handles none)" : " (it handles: \(handled.joined(separator: ", ")))"))
        }
        try stage.schedule(event: e.name, at: e.time)
    }

    if let t = o.time {
        try sink.consume(stage.sample(at: t))
    } else {
        var frame = 0
        while true {
            let t = Double(frame) / o.fps
            let end = o.end ?? naturalEnd(stage)
            if t > end + 1e-9 {
                // The last frame lands exactly on the end.
                if frame > 0, Double(frame - 1) / o.fps < end - 1e-9 { try sink.consume(stage.sample(at: end)) }
                break
            }
            try sink.consume(stage.sample(at: t))
            frame += 1
        }
    }
    try sink.finish()
}

/// When every finite animation and timer is done; at least 5 s when
/// something repeats forever; never more than 60 s.
func naturalEnd(_ stage: Stage) -> Double {
    let (end, infinite) = stage.endOfAnimations()
    return min(DefaultEnd.cap, infinite ? max(end, DefaultEnd.forInfinite) : end)
}

/// The sink an output file's extension asks for.
func sinkForExtension(_ path: String?) throws -> String {
    guard let path, path != "-" else { return "text" }
    let table: [(String, String)] = [(".jsonl", "jsonl"), (".json", "jsonl"), (".txt", "text"), (".trace", "text")]
    if let hit = table.first(where: { path.hasSuffix($0.0) }) { return hit.1 }
    for image in [".png", ".gif", ".y4m"] where path.hasSuffix(image) {
        throw HostError.usage("--out \(path): image output is not available in this build yet; use --sink text or jsonl")
    }
    return "text"
}
