import FXHost
import FXSinks
import Glibc

/// Like `isolated`, and also returns what `body` said through `say`: in a
/// supervised child that goes to the parent as a result line; with
/// --no-isolate it is kept here.
func isolatedSaying(_ o: Options, _ body: (_ say: @escaping (String) -> Void) throws -> Void) -> (status: Int32, said: [String]) {
    nonisolated(unsafe) var said: [String] = []
    guard o.isolate else { return (reporting { try body { said.append($0) } }, said) }
    OutputFile.temporaryFiles = { path, made in Isolation.note(made ? "temp" : "kept", path) }
    let outcome = Isolation.supervise(timeout: o.timeout) { reporting { try body { Isolation.note("result", $0) } } }
    if case .finished(let status) = outcome.end { return (status, outcome.results) }
    if case .crashed(SIGPIPE) = outcome.end {
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
    }
    stderrLine("fxhost: error: \(outcome.failure!)")
    return (1, outcome.results)
}

/// Warns, on stderr, about plugin files that share a name: files hidden by
/// one of the same file name in an earlier folder, and plugins that declare
/// the same name (`declared`: each file's declared name, in the order found).
/// Hidden files are told of only when `hidden` (a listing of every plugin found).
public func warnAboutSameNames(_ locator: PluginLocator, declared: [(name: String, file: String)], hidden: Bool = true) {
    for h in hidden ? locator.hidden() : [] {
        stderrLine("fxhost: warning: \(h.hidden) is hidden by \(h.by), found first under the same file name (rename or remove one)")
    }
    for w in PluginLocator.sameNameWarnings(declared) { stderrLine("fxhost: warning: " + w) }
}
