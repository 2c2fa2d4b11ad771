// SPDX-License-Identifier: MIT
import FXCore
import FXHost
import FXIsolation
import FXSinks
import Glibc

// The fxhost command line: argument parsing and wiring; the work is in FXHost, FXCore and the sinks.

/// Every plugin found, each described from its own child process; with
/// `--plugin NAME`, that plugin alone.
func listPlugins(_ o: ListOptions) -> Int32 {
    var files = PluginLocator().all()
    if let name = o.plugin {
        var found = ""
        let status = reporting { found = try PluginLocator().resolve(name) }
        guard status == 0 else { return status }
        files = [found]
    }
    if files.isEmpty {
        stderrLine("fxhost: no plugins found (set FX_PLUGIN_PATH, or build them with swift build)")
        return 1
    }
    var failed = false
    var declared: [(name: String, file: String)] = []
    for (i, path) in files.enumerated() {
        let (status, said) = isolatedSaying(o.supervision) { say in
            let session = HostSession(pluginName: path, report: { stderrLine("fxhost: warning: " + TerminalText.escape($0)) })
            let info = try PluginLoader.load(path, session: session, hostOptions: HostOption.parameterNames)
            try standardOutput((i > 0 ? "\n" : "") + Help.plugin(info))
            say(info.name)
        }
        if status != 0 { failed = true }
        if let name = said.last { declared.append((name, path)) }
    }
    warnAboutSameNames(PluginLocator(), declared: declared)
    return failed ? 1 : 0
}

/// Every key path of `kind` (or of every kind): one line each with its type, its default, whether
/// Core Animation animates it, and the class that has it (docs/KEYPATHS.md is this output).
func keyPathTable(_ kind: LayerKind?) -> String {
    let entries = KeyPathCatalog.entries(for: kind)
    let rows = [["KEY PATH", "TYPE", "DEFAULT", "ANIMATABLE", "CLASS"]] + entries.map { e in
        [e.keyPath, e.type.rawValue, ValueFormat.text(e.defaultValue), e.animatable ? "yes" : "no",
         e.kind == .layer ? "CALayer (every kind)" : "CA" + e.kind.className]
    }
    var widths = [Int](repeating: 0, count: 5)
    for r in rows { for c in 0..<5 { widths[c] = max(widths[c], r[c].count) } }
    var text = ""
    for r in rows {
        var line = ""
        for c in 0..<4 { line += r[c] + String(repeating: " ", count: widths[c] - r[c].count + 2) }
        text += line + r[4] + "\n"
    }
    return text
}

/// Where fx.h is, as a canonical path: installed in `../include/fxhost`
/// beside the binary (scripts/install.sh, the Debian package), or the source
/// tree the binary was built in (`swift build` puts it under .build/).
func headerFolder() -> String? {
    guard var dir = PluginLocator.executableFolder() else { return nil }
    func canonical(_ path: String) -> String {
        guard let p = realpath(path, nil) else { return path }
        defer { free(p) }
        return String(cString: p)
    }
    if access(dir + "/../include/fxhost/fx.h", R_OK) == 0 { return canonical(dir + "/../include/fxhost") }
    for _ in 0..<6 {
        if access(dir + "/Sources/CFX/include/fx.h", R_OK) == 0 { return dir + "/Sources/CFX/include" }
        guard let slash = dir.lastIndex(of: "/"), slash > dir.startIndex else { break }
        dir = String(dir[..<slash])
    }
    return nil
}

/// Runs `body`, printing its error as one line (or, `quietly`, reporting it
/// to the supervising parent); returns the exit status.
public func reporting(quietly: Bool = false, _ body: () throws -> Void) -> Int32 {
    func fail(_ message: String, _ status: Int32) -> Int32 {
        if quietly { Isolation.note("result", message) } else { stderrLine("fxhost: error: " + TerminalText.escape(message)) }
        return status
    }
    do {
        try body()
        return 0
    } catch let e as HostError {
        return fail(e.message, e.exitCode)
    } catch let e as OutputError {
        return fail(e.message, 2)
    } catch {
        return fail("\(error)", 1)
    }
}

/// Runs `body` in a supervised child (unless --no-isolate); a crash, hang or
/// exit() in plugin code becomes one error line and status 1.
public func isolated(_ o: Supervision, _ body: () throws -> Void) -> Int32 {
    isolatedSaying(o) { _ in try body() }.status
}

/// `isolated`, for a body that tells its parent short results with `say`
/// (a plugin's declared name): they come back in order beside the status.
func isolatedSaying(_ o: Supervision, _ body: (_ say: @escaping (String) -> Void) throws -> Void) -> (status: Int32, said: [String]) {
    nonisolated(unsafe) var said: [String] = []
    guard o.isolate else { return (reporting { try body { said.append($0) } }, said) }
    // Output files are opened and written in this process, at the child's request: plugin code holds no descriptor of them.
    let outcome = Isolation.superviseWithOutputs(timeout: o.timeout, runTimeout: o.renderTimeout) { publication in
        RunPublication.bind(publication) { reporting { try body { Isolation.note("result", $0) } } }
    }
    switch outcome.end {
    case .finished(let status): return (status, outcome.results)
    case .outputClosed:
        // Whoever read the output stopped reading (`| head`): end quietly, as any command would.
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
        return (1, outcome.results)
    case .outputFailed:
        stderrLine("fxhost: error: " + TerminalText.escape(outcome.failure!))
        return (2, outcome.results)
    default:
        stderrLine("fxhost: error: " + TerminalText.escape(outcome.failure!))
        return (1, outcome.results)
    }
}

/// The whole command line.
public func fxhostMain() -> Never {
    Isolation.findRuntimeThreadIdsAhead()
    // Arguments must be UTF-8: Swift would quietly repair them, so check the raw bytes first.
    for i in 1..<Int(CommandLine.argc) {
        guard let raw = CommandLine.unsafeArgv[i] else { continue }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw))
        if String(validating: bytes, as: UTF8.self) == nil {
            stderrLine("fxhost: error: argument \(i) is not valid UTF-8 text (check the shell's encoding or the script that built it)")
            exit(2)
        }
    }

    let arguments = Array(CommandLine.arguments.dropFirst())
    var parsed: Command?
    let status = reporting { parsed = try Command.parse(arguments) }
    guard status == 0, let command = parsed else { exit(status) }
    switch command {
    case .help: print(Help.usage, terminator: "")
    case .version: print(Help.version)
    case .cflags:
        guard let folder = headerFolder() else {
            stderrLine("fxhost: error: cannot find fx.h: looked in ../include/fxhost beside this fxhost (where scripts/install.sh puts it) and in a source tree around it; install fxhost, or pass -I with the folder of fx.h")
            exit(1)
        }
        print("-I\(folder)")
    case .list(let o): exit(listPlugins(o))
    case .keyPaths(let kind): print(keyPathTable(kind), terminator: "")
    case .check(let o):
        exit(check(o))
    case .join(let o):
        exit(reporting { try join(o) })
    case .batch(let o):
        exit(batch(o))
    case .studio(let o):
        exit(studio(o))
    case .studioDescribe(let o):
        exit(isolated(o.supervision) { try studioDescribe(o) })
    case .studioWorker(let o):
        exit(studioWorker(o))
    case .pluginHelp(let o):
        exit(isolated(o.supervision) { try pluginHelp(o) })
    case .run(let o):
        exit(isolated(o.supervision) { try run(o) })
    }
    exit(0)
}
