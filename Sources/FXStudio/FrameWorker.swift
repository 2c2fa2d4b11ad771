// SPDX-License-Identifier: MIT
import Glibc

/// One `fxhost studio-worker` process: the effect of one view built once in its supervised child,
/// answering frame requests over its standard input and output (docs/STUDIO.md, "How it draws").
/// One request at a time: the studio hands it out (`WorkerPool`).
final class FrameWorker {
    /// The run words it was started with: a view with other words needs another worker.
    let words: [String]
    let started: Double
    private let process: Spawned
    private var inputOpen = true
    /// What it has said on standard error: the last `maxMessages` bytes, and every warning line once.
    private var messages: [UInt8] = []
    private var pendingLine: [UInt8] = []
    private(set) var warnings: [String] = []
    /// Bytes of standard output read past the last answer (there should be none).
    private var output: [UInt8] = []
    private var scratch = [UInt8](repeating: 0, count: 1 << 20)
    /// The earliest time it draws without building again (when its stage's clock last changed the
    /// tree: `Stage.unchangedSince`), as its last answer said; 0 before its first.
    private(set) var from = 0.0
    /// Whether `from` has stopped moving: nothing on its stage can call plugin code any more, so any
    /// later time is drawn in any order.
    private(set) var settled = false

    static let maxMessages = 64 << 10
    /// fcntl's F_SETPIPE_SZ (Linux), which Glibc's module leaves out.
    static let setPipeSize: Int32 = 1031
    static let maxWarnings = 100

    struct Frame {
        let width: Int
        let height: Int
        let bytes: [UInt8]
    }

    /// A frame, or how the worker ended (it is gone then: the next request needs a new one).
    enum Answer {
        case frame(Frame)
        case failed(EngineRun)
    }

    private init(words: [String], process: Spawned) {
        self.words = words
        self.process = process
        started = EngineRun.now()
        for fd in [process.input, process.output, process.messages] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        // A frame of 1280×720 is 3.7 MB: a pipe of 1 MB takes it in four fillings, not 57.
        _ = fcntl(process.output, FrameWorker.setPipeSize, 1 << 20)
    }

    static func start(_ executable: String, _ words: [String]) -> Result<FrameWorker, Spawned.Failure> {
        Spawned.start(executable, ["studio-worker"] + words, input: true).map { FrameWorker(words: words, process: $0) }
    }

    /// The frame at `t`, within `seconds` (past them the worker is killed: `.overran`).
    func frame(_ t: Double, _ format: String, seconds: Double) -> Answer {
        let deadline = EngineRun.now() + seconds
        let request = Array("frame \(StudioView.number(t)) \(format)\n".utf8)
        guard send(request, until: deadline) else { return .failed(end(overran: EngineRun.now() >= deadline)) }
        // The header: `frame WIDTH HEIGHT LENGTH FROM SETTLED`.
        var header: [UInt8] = []
        while true {
            if let newline = output.firstIndex(of: 10) {
                header = Array(output[..<newline])
                output.removeSubrange(...newline)
                break
            }
            guard output.count <= 256, read(until: deadline) else { return .failed(end(overran: EngineRun.now() >= deadline)) }
        }
        let fields = String(decoding: header, as: UTF8.self).split(separator: " ")
        guard fields.count == 6, fields[0] == "frame", let width = Int(fields[1]), let height = Int(fields[2]),
              let length = Int(fields[3]), width > 0, height > 0, length >= 0, length <= EngineRun.maxOutput,
              let from = Double(fields[4]), from.isFinite, fields[5] == "0" || fields[5] == "1" else {
            return .failed(end(overran: false, why: "fxhost's studio worker answered something else than a frame"))
        }
        self.from = from
        settled = fields[5] == "1"
        output.reserveCapacity(length)
        while output.count < length {
            guard read(until: deadline) else { return .failed(end(overran: EngineRun.now() >= deadline)) }
        }
        var bytes = output
        if bytes.count > length {
            output = Array(bytes[length...])
            bytes.removeSubrange(length...)
        } else {
            output = []
        }
        // A warning said while drawing was written to standard error before the answer's bytes.
        drainMessages()
        return .frame(Frame(width: width, height: height, bytes: bytes))
    }

    /// Asks it to build again now, unanswered (`rewind`), so that its next frame may be at any time
    /// without waiting for a build; false when it cannot be asked (its next frame will fail).
    func rewind() -> Bool {
        let request = Array("rewind\n".utf8)
        let n = request.withUnsafeBytes { write(process.input, $0.baseAddress, $0.count) }
        guard n == request.count else { return false }
        from = 0
        settled = false
        return true
    }

    /// Ends the worker: standard input closed (it finishes as a run does, its child with it), then
    /// stopped if it has not gone within a second; reaped on a thread of its own.
    func stop() {
        if inputOpen { close(process.input); inputOpen = false }
        close(process.output)
        close(process.messages)
        let pid = process.pid
        var thread = pthread_t()
        let box = UnsafeMutablePointer<pid_t>.allocate(capacity: 1)
        box.initialize(to: pid)
        let made = pthread_create(&thread, nil, { raw in
            let pointer = raw!.assumingMemoryBound(to: pid_t.self)
            let pid = pointer.pointee
            pointer.deallocate()
            FrameWorker.reap(pid)
            return nil
        }, box)
        if made == 0 { pthread_detach(thread) } else { box.deallocate(); FrameWorker.reap(pid) }
    }

    private static func reap(_ pid: pid_t) {
        var status: Int32 = 0
        for (wait, signal) in [(1.0, SIGTERM), (1.0, SIGKILL)] {
            let until = EngineRun.now() + wait
            while EngineRun.now() < until {
                if waitpid(pid, &status, WNOHANG) == pid { Running.shared.finished(pid); return }
                usleep(10_000)
            }
            kill(-pid, signal)
        }
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        Running.shared.finished(pid)
    }

    /// The worker has ended or must: everything it said, and how it ended.
    private func end(overran: Bool, why: String? = nil) -> EngineRun {
        if inputOpen { close(process.input); inputOpen = false }
        if overran || why != nil { kill(-process.pid, SIGKILL) }
        // What it says on its way out: up to its end of file, or a second.
        let until = EngineRun.now() + 1
        while EngineRun.now() < until {
            var p = pollfd(fd: process.messages, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 100) >= 0 || errno == EINTR else { break }
            if p.revents != 0 && !drainMessages() { break }
        }
        close(process.output)
        close(process.messages)
        let ended = EngineRun.End(waitingFor: process.pid)
        Running.shared.finished(process.pid)
        let said = String(decoding: messages, as: UTF8.self)
        if let why { return EngineRun(end: .notStarted(why), output: [], messages: said) }
        return EngineRun(end: overran ? .overran : ended, output: [], messages: said)
    }

    private func send(_ bytes: [UInt8], until deadline: Double) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(process.input, $0.baseAddress, $0.count) }
            if n > 0 { offset += n; continue }
            guard n < 0, errno == EAGAIN || errno == EINTR else { return false }
            guard wait(for: process.input, events: POLLOUT, until: deadline) else { return false }
        }
        return true
    }

    /// Reads what standard output and error hold (waiting until one has something); false when
    /// standard output ended or the deadline passed.
    private func read(until deadline: Double) -> Bool {
        let left = deadline - EngineRun.now()
        guard left > 0 else { return false }
        var fds = [pollfd(fd: process.output, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: process.messages, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&fds, 2, Int32(min(left, 1) * 1000) + 1)
        if ready < 0 { return errno == EINTR }
        if fds[1].revents != 0 { drainMessages() }
        guard fds[0].revents != 0 else { return true }
        let n = Glibc.read(process.output, &scratch, scratch.count)
        if n > 0 { output += scratch[0..<n] }
        if n < 0 { return errno == EAGAIN || errno == EINTR }
        return n > 0
    }

    /// Takes what standard error holds now; false at its end.
    @discardableResult
    private func drainMessages() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 1 << 14)
        while true {
            let n = Glibc.read(process.messages, &buffer, buffer.count)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return n < 0 }
            messages += buffer[0..<n]
            if messages.count > FrameWorker.maxMessages { messages.removeFirst(messages.count - FrameWorker.maxMessages) }
            pendingLine += buffer[0..<n]
            while let newline = pendingLine.firstIndex(of: 10) {
                let line = String(decoding: pendingLine[..<newline], as: UTF8.self)
                pendingLine.removeSubrange(...newline)
                for w in EngineRun(end: .exited(0), output: [], messages: line).warnings where !warnings.contains(w) && warnings.count < FrameWorker.maxWarnings {
                    warnings.append(w)
                }
            }
        }
    }

    private func wait(for fd: Int32, events: Int32, until deadline: Double) -> Bool {
        let left = deadline - EngineRun.now()
        guard left > 0 else { return false }
        var p = pollfd(fd: fd, events: Int16(events), revents: 0)
        return poll(&p, 1, Int32(min(left, 1) * 1000) + 1) >= 0 || errno == EINTR
    }
}
