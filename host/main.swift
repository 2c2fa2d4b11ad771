import FXHost
import FXSinks
import Glibc

// fxhost: argument parsing and wiring; the work is in FXHost, FXCore and FXSinks.

func listPlugins() -> Int32 {
    let files = PluginLocator().all()
    if files.isEmpty {
        stderrLine("fxhost: no plugins found (set FX_PLUGIN_PATH, or build them with swift build)")
        return 1
    }
    var failed = false
    for (i, path) in files.enumerated() {
        let session = HostSession(pluginName: path, report: { stderrLine("fxhost: warning: \($0)") })
        do {
            let info = try PluginLoader.load(path, session: session)
            print((i > 0 ? "\n" : "") + Help.plugin(info), terminator: "")
        } catch {
            failed = true
            stderrLine("fxhost: error: \(error)")
        }
    }
    return failed ? 1 : 0
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    let options = try Options.parse(arguments)
    switch options.mode {
    case .help: print(Help.usage, terminator: "")
    case .version: print(Help.version)
    case .list: exit(listPlugins())
    case .run, .pluginHelp: try run(options)
    }
} catch let e as HostError {
    stderrLine("fxhost: error: \(e.message)")
    exit(e.exitCode)
} catch let e as OutputError {
    stderrLine("fxhost: error: \(e.message)")
    exit(2)
} catch {
    stderrLine("fxhost: error: \(error)")
    exit(1)
}
