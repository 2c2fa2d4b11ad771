// SPDX-License-Identifier: MIT
import FXHost
import FXSinks
import Glibc

/// Starting and reaping the fxhost runs of a batch, and its signal handling.
enum BatchRun {
    /// The signal that asked the batch to stop (0: none).
    nonisolated(unsafe) static var stopSignal: Int32 = 0

    /// SIGINT, SIGTERM and SIGHUP stop the batch: without SA_RESTART, so that
    /// a wait for a job returns and the loop can stop the jobs in flight.
    static func installSignalHandlers() {
        for s in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { BatchRun.stopSignal = $0 }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(s, &action, nil)
        }
    }

    /// Starts `fxhost WORDS`, its stderr into a temporary file.
    static func start(_ words: [String]) throws -> (pid_t, UnsafeMutablePointer<FILE>) {
        let exe = (PluginLocator.executableFolder() ?? ".") + "/fxhost"
        guard let log = tmpfile() else { throw HostError.usage("cannot make a temporary file: \(String(cString: strerror(errno)))") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fileno(log), 2)
        let argv = ([exe] + words).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let rc = posix_spawn(&pid, exe, &actions, nil, argv, environ)
        guard rc == 0 else {
            fclose(log)
            throw HostError.usage("cannot start \(exe): \(String(cString: strerror(rc)))")
        }
        return (pid, log)
    }

    /// What a finished job's status and messages say.
    static func outcome(status: Int32, log: UnsafeMutablePointer<FILE>) -> BatchJob.Outcome {
        if status == 0 { return .done }
        let lines = wholeText(log).split(separator: "\n")
        if let error = lines.last(where: { $0.hasPrefix("fxhost: error: ") }) {
            return .failed(String(error.dropFirst("fxhost: error: ".count)))
        }
        let exited = (status & 0x7f) == 0
        return .failed(exited ? "fxhost exited with status \((status >> 8) & 0xff)" : "fxhost was killed by signal \(status & 0x7f)")
    }
}

/// A progress bar on stderr, on a terminal only: jobs finished of all.
final class BatchProgress {
    private let enabled = isatty(2) != 0
    private let total: Int
    private var shown = false

    init(total: Int) { self.total = total }

    func show(_ outcomes: [BatchJob.Outcome?]) {
        guard enabled else { return }
        let finished = outcomes.compactMap { $0 }
        let failed = finished.filter { if case .failed = $0 { return true } else { return false } }.count
        let fraction = total > 0 ? Double(finished.count) / Double(total) : 1
        let filled = Int(fraction * 30)
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: 30 - filled)
        stderrLine("\r\u{1B}[2K[\(bar)] \(finished.count)/\(total) jobs\(failed > 0 ? ", \(failed) failed" : "")", newline: false)
        shown = true
    }

    func finish() {
        if shown { stderrLine("\r\u{1B}[2K", newline: false) }
    }
}

/// The end of a batch: counts and each failure on stderr, and with
/// `--summary FILE` one JSON object a job ({"line", "out", "status", "error"}).
struct BatchSummary {
    let jobs: [BatchJob]
    let outcomes: [BatchJob.Outcome]

    func report(to file: String?) -> Int32 {
        let done = outcomes.filter { $0 == .done }.count, skipped = outcomes.filter { $0 == .skipped }.count
        let failed = outcomes.count - done - skipped
        stderrLine("fxhost: batch: \(jobs.count) job\(jobs.count == 1 ? "" : "s"): \(done) done, \(skipped) skipped, \(failed) failed")
        for (job, outcome) in zip(jobs, outcomes) {
            if case .failed(let why) = outcome { stderrLine("fxhost: batch: line \(job.line) (\(job.out)) failed: \(why)") }
        }
        if let file {
            let written = reporting {
                let out = try OutputFile(path: file, publication: RunPublication.current)
                for (job, outcome) in zip(jobs, outcomes) {
                    var members: [(key: String, value: JSON)] = [("line", .number(Double(job.line))), ("out", .string(job.out))]
                    switch outcome {
                    case .done: members.append(("status", .string("done")))
                    case .skipped: members.append(("status", .string("skipped")))
                    case .failed(let why): members += [("status", .string("failed")), ("error", .string(why))]
                    }
                    try out.write(JSON.object(members).text + "\n")
                }
                try out.commit()
            }
            if written != 0 { return written }
        }
        return failed > 0 ? 1 : 0
    }
}
