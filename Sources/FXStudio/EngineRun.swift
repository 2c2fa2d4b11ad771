// SPDX-License-Identifier: MIT
import CMicroHTTPD
import FXToolbox
import Glibc

/// One fxhost run for the studio: the executable started with words, its standard output and
/// messages gathered, within a deadline. Every frame, sample and description is such a run, so
/// plugin code runs in the supervised child of an ordinary fxhost (docs/isolation.md) and the
/// studio's frames are by construction those of `fxhost … --time T --out f.png`.
public struct EngineRun: Sendable {
    /// How a run ended.
    public enum End: Sendable, Equatable {
        case exited(Int32)
        case killed(Int32)
        /// Past the deadline: killed by the studio.
        case overran
        case notStarted(String)

        /// How the process `pid` ended, once it has (waits for it).
        init(waitingFor pid: pid_t) {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            self = (status & 0x7f) == 0 ? .exited((status >> 8) & 0xff) : .killed(status & 0x7f)
        }
    }

    public let end: End
    public let output: [UInt8]
    /// fxhost's messages (standard error), at most `maxMessages` bytes.
    public let messages: String

    /// The most standard output kept (a PNG of the largest stage fxhost draws fits).
    static let maxOutput = 512 << 20
    static let maxMessages = 64 << 10

    public var succeeded: Bool { end == .exited(0) }

    /// fxhost's warnings (`fxhost: warning: …`) and the plugin's (`fxhost: NAME: warning: …`, as a
    /// plugin's log lines come), without `fxhost: ` nor fxhost's own `warning: `.
    public var warnings: [String] {
        lines(after: "fxhost: ").filter { $0.containsText("warning: ") }.map { $0.hasPrefix("warning: ") ? String($0.dropFirst(9)) : $0 }
    }

    /// What went wrong, in one line: fxhost's last error, or how the process ended.
    public var failure: String? {
        switch end {
        case .exited(0): return nil
        case .exited(let status):
            return lines(after: "fxhost: error: ").last ?? "fxhost exited with status \(status)"
        case .killed(let signal): return "fxhost was killed by signal \(signal)"
        case .overran: return "fxhost did not finish in time and was stopped"
        case .notStarted(let why): return why
        }
    }

    /// HTTP's word for the failure: 400 for a usage error (fxhost's status 2), 500 otherwise.
    public var failureStatus: UInt32 { end == .exited(2) ? 400 : 500 }

    private func lines(after prefix: String) -> [String] {
        messages.split(separator: "\n").filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }

    /// Runs `executable words`, in a process group of its own (so that it and its supervised
    /// child are stopped together), killed when it passes `seconds`.
    public static func run(_ executable: String, _ words: [String], seconds: Double) -> EngineRun {
        let started: Spawned
        switch Spawned.start(executable, words, input: false) {
        case .success(let s): started = s
        case .failure(let why): return failed(why.message)
        }
        let pid = started.pid, out = started.output, err = started.messages
        defer { Running.shared.finished(pid) }
        var output: [UInt8] = [], messages: [UInt8] = []
        let deadline = now() + seconds
        var open = [out, err]
        var overran = false
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while !open.isEmpty {
            let left = deadline - now()
            if left <= 0 { overran = true; break }
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&fds, nfds_t(fds.count), Int32(min(left, 1) * 1000) + 1)
            if ready < 0 && errno == EINTR { continue }
            for f in fds where f.revents != 0 {
                let n = read(f.fd, &buffer, buffer.count)
                if n <= 0 {
                    if n < 0 && errno == EINTR { continue }
                    open.removeAll { $0 == f.fd }
                    close(f.fd)
                    continue
                }
                if f.fd == out {
                    if output.count + n <= maxOutput { output += buffer[0..<n] } else { overran = true }
                } else if messages.count + n <= maxMessages {
                    messages += buffer[0..<n]
                }
            }
            if overran { break }
        }
        for fd in open { close(fd) }
        if overran { kill(-pid, SIGKILL) }
        let end = overran ? .overran : End(waitingFor: pid)
        return EngineRun(end: end, output: output, messages: String(decoding: messages, as: UTF8.self))
    }

    static func failed(_ why: String) -> EngineRun { EngineRun(end: .notStarted(why), output: [], messages: "") }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// The process groups of the runs in flight, so that the studio stops them when it stops.
final class Running: @unchecked Sendable {
    static let shared = Running()
    private var lock = pthread_mutex_t()
    private var groups: Set<pid_t> = []
    private var stopping = false

    init() { pthread_mutex_init(&lock, nil) }

    /// Starts a run with `spawn` unless the studio is stopping; its pid, or nil.
    func start(_ spawn: () -> pid_t?) -> pid_t? {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        guard !stopping, let pid = spawn() else { return nil }
        groups.insert(pid)
        return pid
    }

    func finished(_ pid: pid_t) {
        pthread_mutex_lock(&lock)
        groups.remove(pid)
        pthread_mutex_unlock(&lock)
    }

    /// Kills every run in flight and refuses new ones.
    func stopAll() {
        pthread_mutex_lock(&lock)
        stopping = true
        for pid in groups { kill(-pid, SIGKILL) }
        pthread_mutex_unlock(&lock)
    }
}
