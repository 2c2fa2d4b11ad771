import Glibc

/// Running plugin code in a child process, so that a plugin that crashes,
/// hangs or calls exit() costs one error line, not the host.
///
/// The child runs the whole job (load, build, sample, write outputs) and
/// tells the parent, over a pipe, what it is doing: which plugin, which
/// phase of plugin code ("building factory 'cube'", "did-stop callback … at
/// t = 0.8"), and which temporary output files exist. The parent enforces
/// the time limit on plugin code, and if the child dies it names the plugin,
/// the phase and the signal, and removes any partial output.
public enum Isolation {
    /// The pipe to the parent, in an isolated child; -1 otherwise.
    nonisolated(unsafe) static var channel: Int32 = -1
    /// How deep in plugin calls the child is (callbacks nest).
    nonisolated(unsafe) static var depth = 0
    nonisolated(unsafe) static var phases: [String] = []

    /// Tells the parent something (a no-op when not isolated).
    public static func note(_ kind: String, _ text: String) {
        guard channel >= 0 else { return }
        var line = kind + " " + text.map { $0 == "\n" ? " " : $0 }.reduce(into: "") { $0.append($1) } + "\n"
        line.withUTF8 { buf in
            var offset = 0
            while offset < buf.count {
                let n = write(channel, buf.baseAddress! + offset, buf.count - offset)
                if n <= 0 { if errno == EINTR { continue }; return }
                offset += n
            }
        }
    }

    static func enter(_ phase: String) {
        depth += 1
        phases.append(phase)
        note("phase", phase)
    }

    static func leave() {
        depth -= 1
        phases.removeLast()
        if let outer = phases.last { note("phase", outer) } else { note("idle", "") }
    }

    /// How a supervised child ended.
    public struct Outcome: Sendable {
        public enum End: Sendable, Equatable {
            /// The child finished and exited with this status.
            case finished(Int32)
            /// A signal killed it (a crash, or abort()).
            case crashed(Int32)
            /// It exited without finishing: something called exit() with this status.
            case exited(Int32)
            /// Plugin code ran longer than the limit; the child was killed.
            case timedOut
        }
        public let end: End
        /// The plugin the child was working with, when it said.
        public let plugin: String?
        /// The phase of plugin code it was in when it ended, if any.
        public let phase: String?
        /// Lines the child reported with `note("result", …)`.
        public let results: [String]

        /// The one-line message for an abnormal end, naming the plugin, the cause and the phase.
        public var failure: String? {
            let who = plugin.map { "plugin '\($0)'" } ?? "the plugin"
            let during = phase.map { " during \($0)" } ?? " outside plugin code"
            switch end {
            case .finished: return nil
            case .crashed(let s): return "\(who) crashed (\(Isolation.signalName(s)))\(during)"
            case .exited(let code): return "\(who) ended the process with exit(\(code))\(during)"
            case .timedOut: return "\(who) did not return within the time limit\(during) (--timeout SECONDS to change it)"
            }
        }
    }

    public static func signalName(_ s: Int32) -> String {
        switch s {
        case SIGSEGV: "SIGSEGV, a segmentation fault"
        case SIGBUS: "SIGBUS, a bus error"
        case SIGILL: "SIGILL, an illegal instruction"
        case SIGFPE: "SIGFPE, an arithmetic error"
        case SIGABRT: "SIGABRT, abort() was called"
        case SIGKILL: "SIGKILL"
        case SIGTERM: "SIGTERM"
        default: "signal \(s)"
        }
    }

    /// Runs `body` in a child process and watches it. `body` returns the exit
    /// status; plugin code inside it may take at most `timeout` seconds a call.
    /// Temporary output files the child reported and did not finish are removed.
    public static func supervise(timeout: Double, _ body: () -> Int32) -> Outcome {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return Outcome(end: .finished(body()), plugin: nil, phase: nil, results: []) }
        fflush(nil)
        let pid = fork()
        if pid == 0 {
            close(fds[0])
            channel = fds[1]
            // A crash must end the child with its signal, for the parent to name,
            // not run the Swift runtime's backtracer.
            for s in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] { signal(s, SIG_DFL) }
            let status = body()
            note("finished", String(status))
            fflush(nil)
            _exit(status)
        }
        close(fds[1])
        guard pid > 0 else {
            close(fds[0])
            return Outcome(end: .finished(body()), plugin: nil, phase: nil, results: [])
        }
        var plugin: String?, phase: String?, results: [String] = [], temps: [String] = []
        var finished: Int32?
        var inPluginSince: Double? = nil
        var pending = ""
        var buffer = [UInt8](repeating: 0, count: 4096)
        var timedOut = false
        func handle(_ line: Substring) {
            let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            let kind = parts.first.map(String.init) ?? "", text = parts.count > 1 ? String(parts[1]) : ""
            switch kind {
            case "plugin": plugin = text
            case "phase": phase = text; inPluginSince = inPluginSince ?? monotonic()
            case "idle": phase = nil; inPluginSince = nil
            case "temp": temps.append(text)
            case "kept": temps.removeAll { $0 == text }
            case "result": results.append(text)
            case "finished": finished = Int32(text)
            default: break
            }
        }
        while true {
            var waitMs: Int32 = -1
            if let since = inPluginSince {
                let left = timeout - (monotonic() - since)
                if left <= 0 { kill(pid, SIGKILL); timedOut = true; break }
                waitMs = Int32(min(left * 1000 + 1, 1_000_000))
            }
            var p = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
            let r = poll(&p, 1, waitMs)
            if r < 0 { if errno == EINTR { continue }; break }
            if r == 0 { continue }
            let n = read(fds[0], &buffer, buffer.count)
            if n < 0 { if errno == EINTR { continue }; break }
            if n == 0 { break }
            pending += String(decoding: buffer[0..<n], as: UTF8.self)
            while let nl = pending.firstIndex(of: "\n") {
                let line = pending[..<nl]
                handle(line)
                // A new phase restarts the clock on plugin code.
                if line.hasPrefix("phase ") { inPluginSince = monotonic() }
                pending = String(pending[pending.index(after: nl)...])
            }
        }
        close(fds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let end: Outcome.End
        let signalled = status & 0x7F
        if timedOut {
            end = .timedOut
        } else if signalled != 0 && signalled != 0x7F {
            end = .crashed(signalled)
        } else {
            let code = (status >> 8) & 0xFF
            end = finished != nil ? .finished(code) : .exited(code)
        }
        if case .finished = end {} else {
            for t in temps { unlink(t) }
        }
        return Outcome(end: end, plugin: plugin, phase: phase, results: results)
    }

    static func monotonic() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
