// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import TestSupport

/// Plugins from Fixtures/rogue.c, which go after fxhost's data stream, its
/// supervisor and its outputs, and fxhost runs that the test can signal.
enum Rogue {
    /// The rogue plugin of one case, compiled into `dir`.
    static func plugin(_ kase: Int, in dir: String) throws -> String {
        try Harness.compilePlugin(Harness.fixture("rogue.c"), into: dir, name: "rogue\(kase).so",
                                  defines: ["CASE=\(kase)", "_GNU_SOURCE"])
    }

    /// Case 21's plugin, forging the standard output ring's record `record` (offset, length).
    static func plugin(_ kase: Int, in dir: String, record: (UInt64, UInt64)) throws -> String {
        try Harness.compilePlugin(Harness.fixture("rogue.c"), into: dir, name: "rogue\(kase)-\(record.0)-\(record.1).so",
                                  defines: ["CASE=\(kase)", "_GNU_SOURCE", "RECORD_OFFSET=\(record.0)ULL", "RECORD_LENGTH=\(record.1)ULL"])
    }

    /// A run of the rogue plugin with a short text run: frames at 0, 0.1 and 0.2 s.
    static let shortRun = ["--end", "0.2", "--fps", "10"]

    /// Seconds a body takes on the wall clock.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = Date()
        try body()
        return Date().timeIntervalSince(start)
    }

    /// The names of fxhost's temporary files left in `dir`.
    static func temporaries(in dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasPrefix(".fxhost-") }
    }

    /// Whether this machine let fxhost install its seccomp guard (it says so on standard error when not).
    static func unguarded(_ stderr: String) -> Bool { stderr.contains("seccomp guard is not available") }
}

/// fxhost started in the background, to be signalled while it runs.
final class BackgroundRun {
    /// The signals the tests send to fxhost; each starts at its default action in the child.
    static let sentSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    let pid: pid_t
    let stdoutPath: String, stderrPath: String

    /// Starts fxhost, its output files in `dir`; `newGroup` makes it the leader of a process group of its own,
    /// so that a signal can go to the whole group as a terminal's Ctrl-C does.
    init(_ arguments: [String], in dir: String, newGroup: Bool = false) throws {
        stdoutPath = dir + "/bg.out"
        stderrPath = dir + "/bg.err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Test threads may block signals, and a spawned program inherits the mask: start with none blocked.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        // The signals the tests send start at their default action, as under a terminal: a test runner started
        // in the background of a non-interactive shell inherits SIGINT ignored (and nohup SIGHUP), and fxhost,
        // as programs do, leaves a signal ignored at start ignored (docs/isolation.md).
        var sent = sigset_t()
        sigemptyset(&sent)
        for signal in BackgroundRun.sentSignals { sigaddset(&sent, signal) }
        posix_spawnattr_setsigdefault(&attributes, &sent)
        var flags = Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        if newGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= Int16(POSIX_SPAWN_SETPGROUP)
        }
        posix_spawnattr_setflags(&attributes, flags)
        let env = ProcessInfo.processInfo.environment.filter { $0.key != "FX_PLUGIN_PATH" }.map { "\($0.key)=\($0.value)" }
        let argv = ([Harness.fxhost] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let r = posix_spawn(&child, Harness.fxhost, &actions, &attributes, argv, envp)
        guard r == 0 else { throw Harness.CompileError(message: "posix_spawn: \(String(cString: strerror(r)))") }
        pid = child
    }

    /// Waits for the end; the exit status, or 128 + the signal that killed it.
    func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        return signal != 0 ? 128 + signal : (status >> 8) & 0xFF
    }

    var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// Waits until the file at `path` says `text` or `limit` seconds pass.
    static func waitFor(_ text: String, in path: String, limit: Double = 20) -> Bool {
        let end = Date().addingTimeInterval(limit)
        while Date() < end {
            if let s = try? String(contentsOfFile: path, encoding: .utf8), s.contains(text) { return true }
            usleep(20_000)
        }
        return false
    }
}
