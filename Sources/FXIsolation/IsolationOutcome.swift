// SPDX-License-Identifier: MIT
import Glibc

extension Isolation {
    /// How a supervised child ended.
    public struct Outcome: Sendable {
        public enum End: Sendable, Equatable {
            /// The child finished and exited with this status.
            case finished(Int32)
            /// A signal killed it (a crash, abort(), or SIGPIPE in plugin code).
            case crashed(Int32)
            /// It exited without finishing: something called exit() with this status.
            case exited(Int32)
            /// Plugin code ran longer than the limit; the child was killed.
            case timedOut
            /// The whole run took longer than its limit (`--render-timeout`, in seconds); the child was killed.
            case runTimedOut(Double)
            /// Plugin code closed or replaced the child's pipes to the parent.
            case closedChannel
            /// Bytes that are not fxhost's reached the parent's pipe; the child was killed.
            case tampered
            /// The child reported a condition it cannot go on from (plugin code that jumped over fxhost).
            case fatal(String)
            /// The parent's standard output stopped taking data (`| head`); the child was stopped.
            case outputClosed
            /// Writing the parent's standard output failed with this reason.
            case outputFailed(String)
            /// The parent was asked to stop (SIGINT, SIGTERM, SIGHUP); the child was stopped.
            case stopped(Int32)
        }
        public let end: End
        /// The plugin the child was working with, when it said.
        public let plugin: String?
        /// The phase of plugin code it was in when it ended, if any.
        public let phase: String?
        /// Lines the child reported with `note("result", …)`.
        public let results: [String]
        /// Whether the child ran with the seccomp filter that keeps it from signalling the parent.
        public let guarded: Bool

        init(end: End, plugin: String? = nil, phase: String? = nil, results: [String] = [], guarded: Bool = false) {
            self.end = end; self.plugin = plugin; self.phase = phase; self.results = results; self.guarded = guarded
        }

        /// The one-line message for an abnormal end, naming the plugin, the cause and the phase.
        public var failure: String? {
            let who = plugin.map { "plugin '\($0)'" } ?? "the plugin"
            let during = phase.map { " during \($0)" } ?? " outside plugin code"
            switch end {
            case .finished: return nil
            case .crashed(let s) where phase == nil: return Isolation.hostCrash(s, plugin: plugin)
            case .crashed(let s): return "\(who) crashed (\(Isolation.signalName(s)))\(during)"
            case .exited(let code): return "\(who) ended the process with exit(\(code))\(during)"
            case .timedOut: return "\(who) did not return within the time limit\(during) (--timeout SECONDS to change it)"
            case .runTimedOut(let limit):
                let seconds = limit == limit.rounded() ? String(Int(limit)) : String(limit)
                return "the run did not end within the render time limit of \(seconds) s and was stopped\(during); no output file was put in place (--render-timeout SECONDS to change it)"
            case .closedChannel:
                return "\(who) closed or replaced descriptors it did not open (fxhost's pipes to its supervisor)\(during); a plugin must leave other descriptors alone"
            case .tampered: return "\(who) wrote into fxhost's private pipe to its supervisor\(during); the run was stopped"
            case .fatal(let message): return "\(who): \(message)"
            case .outputClosed: return "standard output was closed before the run ended"
            case .outputFailed(let why): return "cannot write standard output: \(why)"
            case .stopped(let s): return "stopped by \(Isolation.signalName(s)) before the run ended; no output file was put in place"
            }
        }
    }

    /// A child that died of a signal while no plugin code was being called died in fxhost's own
    /// work (sampling, drawing, encoding), not the plugin's: most often memory ran out, and
    /// Swift's runtime aborts on a failed allocation (SIGABRT or SIGTRAP/SIGILL after "failed to
    /// allocate"), or the kernel's out-of-memory killer sends SIGKILL. Threads plugin code left
    /// running could be the cause too, which the line does not rule out.
    public static func hostCrash(_ s: Int32, plugin: String?) -> String {
        let plugin = plugin.map { " with plugin '\($0)'" } ?? ""
        let cause = s == SIGKILL ? "killed (SIGKILL, most likely by the kernel's out-of-memory killer)"
            : "stopped (\(signalName(s)))"
        return "fxhost was \(cause) in its own work\(plugin), while no plugin code was being called; if memory ran out, give --memory-limit BYTES below what the machine allows, and frames that would not fit are refused instead"
    }

    public static func signalName(_ s: Int32) -> String {
        switch s {
        case SIGSEGV: "SIGSEGV, a segmentation fault"
        case SIGBUS: "SIGBUS, a bus error"
        case SIGILL: "SIGILL, an illegal instruction"
        case SIGFPE: "SIGFPE, an arithmetic error"
        case SIGTRAP: "SIGTRAP, a trap"
        case SIGABRT: "SIGABRT, abort() was called"
        case SIGPIPE: "SIGPIPE, it wrote to a pipe that nobody reads"
        case SIGKILL: "SIGKILL"
        case SIGTERM: "SIGTERM"
        case SIGINT: "SIGINT"
        case SIGHUP: "SIGHUP"
        case SIGSYS: "SIGSYS, a forbidden system call"
        default: "signal \(s)"
        }
    }
}
