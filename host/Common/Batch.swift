// SPDX-License-Identifier: MIT
import FXHost
import FXSinks
import FXToolbox
import Glibc

/// `fxhost batch JOBS.jsonl [-j N] [--shard I/N] [--summary FILE]`: many
/// renders from a file of jobs, one JSON object a line —
///
///     {"plugin": "cube", "parameters": {"text": "Paris"}, "options": {"size": "320x240", "end": 1}, "out": "paris.png"}
///
/// (also "factory"). Each job is an fxhost run of its own (isolated as any
/// run), N at a time. A job whose output is there with its manifest — same
/// command, same plugin file — is skipped, so a batch that was stopped
/// resumes where it was. `--shard I/N` takes every N-th job from the I-th
/// (counted from 0), so one job file spreads over a job array.
func batch(_ o: BatchOptions) -> Int32 {
    var jobs: [BatchJob] = []
    let loaded = reporting {
        guard let file = o.file else {
            throw HostError.usage("fxhost batch needs a job file: fxhost batch JOBS.jsonl [-j N] (one JSON object a line)")
        }
        jobs = try BatchJob.load(file)
        if case .shard(let i, let n)? = o.selection {
            jobs = jobs.enumerated().filter { $0.offset % n == i }.map(\.element)
        } else if o.selection != nil {
            throw HostError.usage("fxhost batch takes --shard I/N (every N-th job), not --frames")
        }
    }
    if loaded != 0 { return loaded }
    BatchRun.installSignalHandlers()

    var hashes: [String: String] = [:]
    var outcomes = [BatchJob.Outcome?](repeating: nil, count: jobs.count)
    var pending: [Int] = []
    for (i, job) in jobs.enumerated() {
        if job.isDone(hashes: &hashes) { outcomes[i] = .skipped } else { pending.append(i) }
    }
    let progress = BatchProgress(total: jobs.count)
    progress.show(outcomes)
    var running: [pid_t: (index: Int, log: UnsafeMutablePointer<FILE>)] = [:]
    while (!pending.isEmpty || !running.isEmpty) && BatchRun.stopSignal == 0 {
        while running.count < o.jobs, !pending.isEmpty {
            let i = pending.removeFirst()
            do {
                let (pid, log) = try BatchRun.start(jobs[i].words)
                running[pid] = (i, log)
            } catch {
                outcomes[i] = .failed("\(error)")
            }
        }
        var status: Int32 = 0
        let pid = waitpid(-1, &status, 0)
        if pid < 0 { continue }  // a signal: the loop looks at stopSignal
        guard let (i, log) = running.removeValue(forKey: pid) else { continue }
        outcomes[i] = BatchRun.outcome(status: status, log: log)
        fclose(log)
        progress.show(outcomes)
    }
    if BatchRun.stopSignal != 0 {
        // Stopped: the jobs in flight are told to stop too (each removes its temporary files).
        for pid in running.keys { kill(pid, SIGTERM) }
        for (pid, job) in running {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            fclose(job.log)
        }
        progress.finish()
        stderrLine("fxhost: batch stopped by a signal; run it again to resume (finished jobs are kept and skipped)")
        return 128 + BatchRun.stopSignal
    }
    progress.finish()
    return BatchSummary(jobs: jobs, outcomes: outcomes.map { $0 ?? .failed("not run") }).report(to: o.summary)
}

/// One line of a job file, as fxhost words.
struct BatchJob {
    enum Outcome: Equatable { case done, skipped, failed(String) }

    let line: Int
    let plugin: String
    let out: String
    /// The fxhost words of the run (with --manifest).
    let words: [String]

    /// fxhost options a job may set; the rest are the factory's business or the batch's.
    static let allowedOptions: Set<String> = ["size", "fps", "end", "duration", "time", "scale", "background", "event", "sink", "format",
                                              "timeout", "render-timeout", "memory-limit", "sheet", "particles", "frames", "shard"]

    static func load(_ file: String) throws -> [BatchJob] {
        guard let text = readText(file) else {
            throw HostError.usage("cannot read the job file '\(file)': \(String(cString: strerror(errno)))")
        }
        return try parse(text, file: file)
    }

    /// The jobs of a job file's text; `file` names it in messages.
    static func parse(_ text: String, file: String) throws -> [BatchJob] {
        var jobs: [BatchJob] = []
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingSpaces
            if line.isEmpty { continue }
            let place = "\(file):\(n + 1)"
            let json: JSON
            do { json = try JSON.parse(String(line)) } catch {
                throw HostError.usage("\(place): not a JSON object (\(error))")
            }
            jobs.append(try BatchJob(json, line: n + 1, place: place))
        }
        guard !jobs.isEmpty else { throw HostError.usage("the job file '\(file)' holds no jobs (one JSON object a line)") }
        return jobs
    }

    init(_ json: JSON, line: Int, place: String) throws {
        guard case .object(let members) = json else { throw HostError.usage("\(place): a job is a JSON object") }
        for (key, _) in members where !["plugin", "factory", "parameters", "options", "out"].contains(key) {
            throw HostError.usage("\(place): unknown key '\(key)' (a job has plugin, factory, parameters, options, out)")
        }
        guard let plugin = json["plugin"]?.string, !plugin.isEmpty else { throw HostError.usage("\(place): \"plugin\" is missing") }
        guard let out = json["out"]?.string, !out.isEmpty, out != "-" else {
            throw HostError.usage("\(place): \"out\" is missing (each job writes a file)")
        }
        var words = ["--plugin", plugin]
        if let f = json["factory"] {
            guard let name = f.string else { throw HostError.usage("\(place): \"factory\" must be a string") }
            words += ["--factory", name]
        }
        for (section, allowed) in [("parameters", nil), ("options", BatchJob.allowedOptions)] as [(String, Set<String>?)] {
            guard let value = json[section] else { continue }
            guard case .object(let pairs) = value else { throw HostError.usage("\(place): \"\(section)\" must be an object") }
            for (name, v) in pairs {
                if let allowed, !allowed.contains(name) {
                    throw HostError.usage("\(place): '\(name)' is not an option a job can set (\(allowed.sorted().joined(separator: ", ")))")
                }
                words += try BatchJob.words(name, v, place: place)
            }
        }
        self.line = line
        self.plugin = plugin
        self.out = out
        self.words = words + ["--out", out, "--manifest"]
    }

    static func words(_ name: String, _ value: JSON, place: String) throws -> [String] {
        switch value {
        case .string(let s): return ["--\(name)", s]
        case .number: return ["--\(name)", value.text]
        case .bool(let b): return ["--\(name)", b ? "true" : "false"]
        case .array(let items): return try items.flatMap { try words(name, $0, place: place) }
        case .null, .object: throw HostError.usage("\(place): '\(name)' must be a string, number, bool or a list of them")
        }
    }

    /// Whether the output is in place with the manifest this job would write.
    func isDone(hashes: inout [String: String]) -> Bool {
        guard let manifest = try? RenderManifest.read(beside: out), manifest.command == RenderManifest.command(words),
              access(out, F_OK) == 0 || out.contains("%") || out.hasSuffix("/"),
              let path = try? PluginLocator().resolve(plugin) else { return false }
        if hashes[path] == nil { hashes[path] = SHA256.file(path) ?? "" }
        return manifest.render["pluginSHA256"]?.string == hashes[path]
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" || c == "\r" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" || c == "\r" { s.removeLast() }
        return s
    }
}
