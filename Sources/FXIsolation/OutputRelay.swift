// SPDX-License-Identifier: MIT
import FXSinks
import Glibc
import Synchronization

/// A supervised child's outputs, opened and written by the supervising
/// process: the child holds no descriptor of any output, only a pipe to the
/// supervisor (`OutputServer` at the other end) and one back for its answers,
/// so plugin code that writes into every descriptor it can find, or through
/// `/proc/self/fd`, finds no output to corrupt (docs/isolation.md, Outputs).
///
/// Each request is a record: the run's key, an operation, the output's number,
/// two numbers and, for some, bytes. Opening and committing wait for the
/// supervisor's answer, so that errors (a missing folder, a full disk, a
/// rename refused) are thrown where they were before; a write the supervisor
/// could not make is answered when it fails and thrown by the output's next
/// call. Calls from several threads (encoders on a second thread) are serialised.
public final class OutputRelay: RemoteOutputs {
    /// The operations, as the first byte after the key.
    enum Operation: UInt8 {
        case open = 0x6F, write = 0x77, patch = 0x70, truncate = 0x74, flush = 0x66, commit = 0x63, abandon = 0x78
    }

    /// Bytes in a record's head: key, operation (and three spare), output number, two numbers.
    static let headSize = 32

    let requests: Int32
    let replies: Int32
    let key: UInt64
    /// The process that may send: a copy a plugin fork()ed that returns into fxhost's code ends instead.
    let owner: pid_t

    struct State {
        var next: UInt32 = 1
        var pending: [UInt8] = []
        /// Failures the supervisor reported for outputs that have not heard of them yet.
        var failures: [UInt32: String] = [:]
    }
    let state = Mutex(State())

    /// `requests` goes to the supervisor, `replies` comes back from it; `key` is the run's.
    public init(requests: Int32, replies: Int32, key: UInt64) {
        self.requests = requests; self.replies = replies; self.key = key
        owner = getpid()
        _ = fcntl(replies, F_SETFL, fcntl(replies, F_GETFL) | O_NONBLOCK)
    }

    /// Opens `path` (absolute) in the supervisor, messages naming it `shown`: the output's
    /// number, and whether it is a file written under a temporary name (not a stream).
    public func open(_ path: String, shown: String) throws -> (id: UInt32, isFile: Bool) {
        try state.withLock { s in
            let id = s.next
            s.next += 1
            let name = Array(path.utf8) + [0] + Array(shown.utf8)
            try name.withUnsafeBytes { try send(.open, id, 0, [$0], &s) }
            let reply = try answer(id, &s)
            return (id, reply == "1")
        }
    }

    public func write(_ id: UInt32, _ chunks: [UnsafeRawBufferPointer]) throws {
        try state.withLock { s in
            try raise(id, &s)
            try send(.write, id, 0, chunks, &s)
        }
    }

    public func patch(_ id: UInt32, at offset: Int, _ bytes: [UInt8]) throws {
        try state.withLock { s in
            try raise(id, &s)
            try bytes.withUnsafeBytes { try send(.patch, id, UInt64(offset), [$0], &s) }
            _ = try answer(id, &s)
        }
    }

    public func truncate(_ id: UInt32, to length: Int) throws {
        try state.withLock { s in
            try raise(id, &s)
            try send(.truncate, id, UInt64(length), [], &s)
            _ = try answer(id, &s)
        }
    }

    public func flush(_ id: UInt32) throws {
        try state.withLock { s in
            try raise(id, &s)
            try send(.flush, id, 0, [], &s)
        }
    }

    public func commit(_ id: UInt32) throws {
        try state.withLock { s in
            try raise(id, &s)
            try send(.commit, id, 0, [], &s)
            _ = try answer(id, &s)
        }
    }

    public func abandon(_ id: UInt32) {
        state.withLock { s in
            s.failures[id] = nil
            try? send(.abandon, id, 0, [], &s)
        }
    }

    /// One record: the head, then `payload` (its length is the head's second number).
    private func send(_ op: Operation, _ id: UInt32, _ number: UInt64, _ payload: [UnsafeRawBufferPointer],
                      _ s: inout State) throws {
        guard getpid() == owner else { _exit(0) }
        var head = [UInt8](repeating: 0, count: OutputRelay.headSize)
        let length = UInt64(payload.reduce(0) { $0 + $1.count })
        head.withUnsafeMutableBytes { h in
            h.storeBytes(of: key.littleEndian, toByteOffset: 0, as: UInt64.self)
            h[8] = op.rawValue
            h.storeBytes(of: id.littleEndian, toByteOffset: 12, as: UInt32.self)
            h.storeBytes(of: number.littleEndian, toByteOffset: 16, as: UInt64.self)
            h.storeBytes(of: length.littleEndian, toByteOffset: 24, as: UInt64.self)
        }
        try head.withUnsafeBytes { h in
            for part in [h] + payload where !part.isEmpty {
                var offset = 0
                while offset < part.count {
                    let n = Glibc.write(requests, part.baseAddress! + offset, part.count - offset)
                    if n < 0 {
                        if errno == EINTR { continue }
                        throw OutputError("cannot write an output: the pipe to fxhost's supervisor failed (\(String(cString: strerror(errno))))")
                    }
                    offset += n
                }
            }
        }
    }

    /// Throws the failure the supervisor reported for output `id`, if it did; reads what it said so far.
    private func raise(_ id: UInt32, _ s: inout State) throws {
        while let line = try nextLine(&s, wait: false) { try take(line, &s) }
        if let failure = s.failures.removeValue(forKey: id) { throw OutputError(failure) }
    }

    /// Waits for the supervisor's answer about output `id`: what follows "ok", or the failure thrown.
    private func answer(_ id: UInt32, _ s: inout State) throws -> String {
        while true {
            if let failure = s.failures.removeValue(forKey: id) { throw OutputError(failure) }
            guard let line = try nextLine(&s, wait: true) else { continue }
            if let said = try take(line, &s), said.id == id { return said.text }
        }
    }

    /// An answer line: "ok ID [TEXT]" is returned; "error ID MESSAGE" is kept for output ID.
    @discardableResult
    private func take(_ line: String, _ s: inout State) throws -> (id: UInt32, text: String)? {
        let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, let id = UInt32(parts[1]) else {
            throw OutputError("cannot write an output: fxhost's supervisor answered '\(line)'")
        }
        let text = parts.count > 2 ? String(parts[2]) : ""
        if parts[0] == "error" {
            s.failures[id] = text
            return nil
        }
        return (id, text)
    }

    /// The next whole line from the supervisor; nil when none is there yet (or, waiting, after a wake-up).
    private func nextLine(_ s: inout State, wait: Bool) throws -> String? {
        while true {
            if let nl = s.pending.firstIndex(of: 10) {
                let line = String(decoding: s.pending[..<nl], as: UTF8.self)
                s.pending.removeSubrange(...nl)
                return line
            }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = read(replies, &buffer, buffer.count)
            if n > 0 { s.pending += buffer[..<n]; continue }
            if n == 0 { throw OutputError("cannot write an output: fxhost's supervisor is gone") }
            if errno == EINTR { continue }
            guard errno == EAGAIN, wait else {
                if errno == EAGAIN { return nil }
                throw OutputError("cannot write an output: \(String(cString: strerror(errno)))")
            }
            var p = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            _ = poll(&p, 1, -1)
        }
    }
}
