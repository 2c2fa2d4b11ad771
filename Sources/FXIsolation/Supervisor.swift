// SPDX-License-Identifier: MIT
import CSupervisor
import Glibc

extension Isolation {
    /// The pipe the parent's signal handlers (SIGINT, SIGTERM, SIGHUP, SIGCHLD) write to.
    nonisolated(unsafe) static var wake: [Int32] = []
    nonisolated(unsafe) static var warnedUnguarded = false

    /// How long the parent waits for a child whose pipe closed to be seen dead
    /// before it decides that plugin code closed the pipe and goes on without it.
    static let closedChannelGrace = 0.5

    /// The bytes of the shared ring a child's standard output crosses in. Each of its pages costs
    /// a fault the first time the child writes it, every run: a 4 MiB ring's 1,024 faults cost a
    /// four-frame run more than the pipe they replace, where 1 MiB (256 faults; a 2.7 MB frame
    /// in three spans, as it took three fillings of the 1 MiB pipe) costs less (docs/isolation.md).
    static let ringCapacity = 1 << 20

    /// Runs `body` in a child process and watches it. `body` returns the exit
    /// status; plugin code inside it may take at most `timeout` seconds a call.
    /// The parent relays the child's standard output data and its lines for
    /// standard error, and alone decides how the run ended: a run is finished
    /// only when the child said so in sequence, with every phase left, every
    /// data byte it counted received, and exited with the status it announced.
    /// Temporary output files the child reported and did not finish are removed.
    /// SIGINT, SIGTERM or SIGHUP to the parent stops the child, removes its
    /// temporary files and ends the process with status 128 + the signal.
    /// `runTimeout` bounds the whole run (sampling, rendering and encoding included) in seconds.
    /// With `outputs`, the child's output files are opened and written here, at its request
    /// (`outputPipes` in the child): the child holds no descriptor of any of them.
    public static func supervise(timeout: Double, runTimeout: Double = .infinity, outputs: OutputServer? = nil,
                                 _ body: () -> Int32) -> Outcome {
        func inProcess() -> Outcome { Outcome(end: .finished(body())) }
        if wake.isEmpty {
            var w: [Int32] = [0, 0]
            guard fxs_pipe(&w, O_CLOEXEC | O_NONBLOCK) == 0 else { return inProcess() }
            wake = w
            fxs_install_supervisor_signals(w[1])
            // A reader of standard output that goes away is an error to handle, not a death.
            signal(SIGPIPE, SIG_IGN)
            // Helpers the plugin starts are orphaned when the child ends; they come here to be ended and reaped.
            _ = fxs_adopt_orphans()
            // The outputs are open here: not through /proc/PID/fd for another process, the child included.
            _ = fxs_hide_descriptors()
        }
        var control: [Int32] = [0, 0], data: [Int32] = [0, 0]
        guard fxs_pipe(&control, O_CLOEXEC) == 0 else { return inProcess() }
        guard fxs_pipe(&data, O_CLOEXEC) == 0 else {
            close(control[0]); close(control[1])
            return inProcess()
        }
        var requests: [Int32] = [-1, -1], replies: [Int32] = [-1, -1]
        if outputs != nil {
            guard fxs_pipe(&requests, O_CLOEXEC) == 0, fxs_pipe(&replies, O_CLOEXEC) == 0 else {
                for fd in [control[0], control[1], data[0], data[1], requests[0], requests[1]] where fd >= 0 { close(fd) }
                return inProcess()
            }
        }
        // Standard output's bytes cross in shared memory where the ring can be made, through the
        // data pipe otherwise. The child inherits the mapping and the read end of the wake pipe.
        var ring = fxs_ring()
        var ringWake: [Int32] = [-1, -1]
        if fxs_ring_create(&ring, ringCapacity) == 0, fxs_pipe(&ringWake, O_CLOEXEC) != 0 {
            fxs_ring_destroy(&ring)
            ringWake = [-1, -1]
        }
        let nonce = (0..<2).map { _ in String(UInt64.random(in: .min ... .max), radix: 16) }.joined(separator: "-")
        fflush(nil)
        let supervisor = getpid()
        findRuntimeThreadIds()
        let pid = fork()
        if pid == 0 {
            // The runtime's cached thread id is the parent's until cleared (threadids.h): the
            // child's first contended lazy global would spin forever.
            forgetRuntimeThreadIds()
            // A process group of its own, which every process plugin code starts joins, to be ended with the run.
            _ = setpgid(0, 0)
            close(control[0]); close(data[0]); close(wake[0]); close(wake[1])
            if ring.base != nil {
                close(ringWake[1])
                _ = fcntl(ringWake[0], F_SETFL, fcntl(ringWake[0], F_GETFL) | O_NONBLOCK)
                Isolation.ring = ring
            }
            if let outputs {
                close(requests[0]); close(replies[1])
                outputPipes = (requests[1], replies[0], outputs.key)
            }
            becomeChild(control: control[1], data: data[1], ringWake: ringWake[0], nonce: nonce, supervisor: supervisor)
            let status = body()
            fflush(nil)
            note("finished", "\(status) \(dataBytes)")
            _exit(status)
        }
        close(control[1]); close(data[1])
        defer { close(control[0]); close(data[0]) }
        if ring.base != nil { close(ringWake[0]) }
        defer { if ring.base != nil { close(ringWake[1]); fxs_ring_destroy(&ring) } }
        if outputs != nil { close(requests[1]); close(replies[0]) }
        defer { if outputs != nil { close(requests[0]); close(replies[1]) } }
        guard pid > 0 else { return inProcess() }
        // Also here, so that the group exists whichever of the two runs first.
        _ = setpgid(pid, pid)
        // Answers never block the supervisor: plugin code could fill their pipe through /proc/self/fd.
        for fd in [control[0], data[0], requests[0], replies[1], ringWake[1]] where fd >= 0 { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        if ring.base != nil {
            fxs_ring_seal_data(&ring)
        } else {
            fxs_grow_pipe(data[0])
        }
        var records = RingRecords(capacity: ring.capacity)

        var watch = Watch(nonce: nonce)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var controlOpen = true, dataOpen = true, requestsOpen = outputs != nil
        var lostAt: Double?
        var reaped: Int32?
        var verdict: Outcome.End?
        let started = monotonic()

        /// Reads what is there now; false at end of file.
        func drain(_ fd: Int32, _ take: (ArraySlice<UInt8>) -> Bool) -> Bool {
            while true {
                let n = read(fd, &buffer, buffer.count)
                if n > 0 {
                    if !take(buffer[0..<n]) { return true }
                    // A short read took all there was; the next poll says when there is more.
                    if n < buffer.count { return true }
                    continue
                }
                if n == 0 { return false }
                if errno == EINTR { continue }
                return true
            }
        }
        func takeRequests(_ bytes: ArraySlice<UInt8>) -> Bool {
            if !outputs!.take(bytes, reply: replies[1]) { verdict = .tampered; return false }
            return true
        }
        func takeControl(_ bytes: ArraySlice<UInt8>) -> Bool {
            if !watch.take(bytes) { verdict = .tampered; return false }
            return true
        }
        /// Whether standard output takes data spliced from the data pipe (pipes, files, /dev/null do).
        var splicing = true
        /// Moves what the data pipe holds to standard output; false at end of file. Spliced, the
        /// bytes do not pass through this process (the child's frames are megabytes each); where
        /// splicing fails for any reason but a reader gone, the data is read and written instead,
        /// which reports errors as before.
        func relay() -> Bool {
            if ring.base != nil { return drain(data[0], takeRecords) }
            if splicing {
                let n = fxs_splice(data[0], 1, 1 << 20)
                if n > 0 {
                    watch.received += n
                    return true
                }
                if n == 0 { return false }
                if errno == EINTR { return true }
                if errno == EPIPE {
                    verdict = .outputClosed
                    return true
                }
                splicing = false
            }
            return drain(data[0], takeData)
        }
        func takeData(_ bytes: ArraySlice<UInt8>) -> Bool {
            watch.received += bytes.count
            let ok = bytes.withUnsafeBytes { writeAll(1, $0) }
            if !ok {
                verdict = errno == EPIPE ? .outputClosed : .outputFailed(String(cString: strerror(errno)))
                return false
            }
            return true
        }

        /// Checks the child's records of spans of the ring, writes the spans to standard output
        /// from this process's mapping, and gives their room back to the child.
        func takeRecords(_ bytes: ArraySlice<UInt8>) -> Bool {
            if !records.take(bytes, relay: writeSpan) && verdict == nil { verdict = .tampered }
            if verdict == nil { fxs_ring_release(&ring, UInt64(watch.received), ringWake[1]) }
            return verdict == nil
        }
        /// Writes a span of the ring whole. A signal that interrupts a write to a slow reader
        /// is looked at: a stop ends the relay at once, as it ends the run.
        func writeSpan(_ offset: Int, _ length: Int) -> Bool {
            var at = offset, left = length
            while left > 0 {
                let n = write(1, ring.data + at, left)
                if n < 0 && errno != EINTR {
                    verdict = errno == EPIPE ? .outputClosed : .outputFailed(String(cString: strerror(errno)))
                    return false
                }
                if n > 0 {
                    watch.received += n
                    at += n
                    left -= n
                }
                if left > 0, case let stop = fxs_stop_signal(), stop != 0 {
                    verdict = .stopped(stop)
                    return false
                }
            }
            return true
        }

        while reaped == nil && verdict == nil {
            let now = monotonic()
            var waitMs: Int32 = 1000
            let runLeft = runTimeout - (now - started)
            if runLeft <= 0 { verdict = .runTimedOut(runTimeout); break }
            if runLeft < 1 { waitMs = Int32(runLeft * 1000) + 1 }
            if let since = watch.inPluginSince {
                let left = timeout - (now - since)
                if left <= 0 { verdict = .timedOut; break }
                waitMs = min(waitMs, Int32(left * 1000) + 1)
            }
            if let lostAt {
                let left = closedChannelGrace - (now - lostAt)
                if left <= 0 { verdict = .closedChannel; break }
                waitMs = min(waitMs, Int32(left * 1000) + 1)
            }
            var fds = [pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0),
                       pollfd(fd: controlOpen ? control[0] : -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: dataOpen ? data[0] : -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: requestsOpen ? requests[0] : -1, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 4, waitMs)
            let stop = fxs_stop_signal()
            if stop != 0 { verdict = .stopped(stop); break }
            // Ask whether the child ended only when a signal came (SIGCHLD), or on the idle tick.
            var lookForEnd = ready <= 0
            if fds[0].revents != 0 {
                var bytes = [UInt8](repeating: 0, count: 64)
                while read(wake[0], &bytes, bytes.count) > 0 {}
                lookForEnd = true
            }
            if fds[1].revents != 0 && !drain(control[0], takeControl) {
                controlOpen = false
                lookForEnd = true
                if watch.finished == nil { lostAt = monotonic() }
            }
            if verdict != nil { break }
            if fds[2].revents != 0 && !relay() { dataOpen = false }
            if verdict != nil { break }
            if fds[3].revents != 0 && !drain(requests[0], takeRequests) { requestsOpen = false }
            if verdict != nil { break }
            var status: Int32 = 0
            if lookForEnd || lostAt != nil, waitpid(pid, &status, WNOHANG) == pid { reaped = status }
        }
        if reaped == nil {
            if verdict != nil { kill(pid, SIGKILL) }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            reaped = status
        }
        // Every process plugin code started (helpers, daemons that forked twice) ends with the run.
        _ = fxs_end_process_group(pid)
        if verdict == nil {
            // What the child wrote before it ended is in the pipes; a process it forked may hold
            // them open, so read what is there rather than wait for the end of file.
            if controlOpen && !drain(control[0], takeControl), watch.finished == nil, lostAt == nil { lostAt = monotonic() }
            if verdict == nil && dataOpen { _ = drain(data[0], ring.base != nil ? takeRecords : takeData) }
            // A record cut short is not one the child wrote (it writes each whole, atomically).
            if verdict == nil && records.hasPartialRecord { verdict = .tampered }
            if verdict == nil && requestsOpen { _ = drain(requests[0], takeRequests) }
        }

        let status = reaped!
        let signalled = status & 0x7F
        let code = (status >> 8) & 0xFF
        let end: Outcome.End
        if let verdict {
            end = verdict
        } else if let fatal = watch.fatal {
            end = .fatal(fatal)
        } else if signalled != 0 && signalled != 0x7F {
            end = .crashed(signalled)
        } else if let f = watch.finished, f.status == code, watch.stack.isEmpty {
            end = f.bytes == watch.received ? .finished(code) : .closedChannel
        } else if code == lostChannelStatus && lostAt != nil {
            end = .closedChannel
        } else {
            end = .exited(code)
        }
        if case .finished = end {} else {
            for t in watch.temps { unlink(t) }
        }
        // Whatever the child did not commit is not put in place.
        outputs?.abandonAll()
        if case .stopped(let s) = end {
            // Asked to stop: the child is gone and its temporary files with it; end as the signal asks.
            var line = "fxhost: \(Outcome(end: end).failure!)\n"
            line.withUTF8 { _ = writeAll(2, UnsafeRawBufferPointer($0)) }
            exit(128 + s)
        }
        return Outcome(end: end, plugin: watch.plugin, phase: watch.stack.last ?? watch.lastPhase,
                       results: watch.results, guarded: watch.guarded)
    }

    /// In a child supervised with outputs: the pipe for requests, the pipe for answers, the run's key.
    nonisolated(unsafe) static var outputPipes: (requests: Int32, replies: Int32, key: UInt64)?

    /// The parent's view of a child: the protocol's state, kept here and not in the child.
    struct Watch {
        let nonce: [UInt8]
        var expected = 1
        var pending: [UInt8] = []
        var plugin: String?
        var stack: [String] = []
        /// The phase the child was last in, for a child that dies between phases.
        var lastPhase: String?
        var inPluginSince: Double?
        var temps: [String] = []
        var results: [String] = []
        var fatal: String?
        var finished: (status: Int32, bytes: Int)?
        var guarded = false
        var received = 0

        init(nonce: String) { self.nonce = Array(nonce.utf8) }

        /// Takes bytes from the child's pipe; false when they break the protocol.
        mutating func take(_ bytes: ArraySlice<UInt8>) -> Bool {
            pending += bytes
            var start = pending.startIndex
            while let nl = pending[start...].firstIndex(of: 10) {
                let line = Array(pending[start..<nl])
                start = nl + 1
                guard handle(line) else { return false }
            }
            pending.removeSubrange(..<start)
            // A line longer than any fxhost writes is not fxhost's.
            return pending.count < 1 << 20
        }

        mutating func handle(_ line: [UInt8]) -> Bool {
            let parts = line.split(separator: 32, maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, Array(parts[0]) == nonce,
                  let n = Int(String(decoding: parts[1], as: UTF8.self)), n == expected, finished == nil else { return false }
            expected += 1
            let text = Watch.unescape(parts[3])
            switch String(decoding: parts[2], as: UTF8.self) {
            case "guard":
                guarded = text == "on"
                if !guarded && !Isolation.warnedUnguarded {
                    // The fallback says so, once a process: plugin code here can signal fxhost itself.
                    Isolation.warnedUnguarded = true
                    var line = "fxhost: warning: the seccomp guard is not available here (\(text)): plugin code can signal fxhost itself\n"
                    line.withUTF8 { _ = Isolation.writeAll(2, UnsafeRawBufferPointer($0)) }
                }
            case "plugin": plugin = text
            case "enter":
                stack.append(text)
                lastPhase = text
                inPluginSince = Isolation.monotonic()
            case "leave":
                guard !stack.isEmpty else { return false }
                stack.removeLast()
                // Returning to an outer phase restarts the clock on plugin code.
                inPluginSince = stack.isEmpty ? nil : Isolation.monotonic()
                if stack.isEmpty { lastPhase = nil }
            case "temp": temps.append(text)
            case "kept": temps.removeAll { $0 == text }
            case "result": results.append(text)
            case "say":
                var s = text
                s.withUTF8 { _ = Isolation.writeAll(2, UnsafeRawBufferPointer($0)) }
            case "fatal": fatal = text
            case "finished":
                let f = text.split(separator: " ")
                guard f.count == 2, let status = Int32(f[0]), let bytes = Int(f[1]) else { return false }
                finished = (status, bytes)
            default: return false
            }
            return true
        }

        static func unescape(_ bytes: ArraySlice<UInt8>) -> String {
            var out: [UInt8] = []
            var escaping = false
            for b in bytes {
                if escaping {
                    out.append(b == UInt8(ascii: "n") ? 10 : b)
                    escaping = false
                } else if b == UInt8(ascii: "\\") {
                    escaping = true
                } else {
                    out.append(b)
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    static func monotonic() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
