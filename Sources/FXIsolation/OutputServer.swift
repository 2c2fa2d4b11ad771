// SPDX-License-Identifier: MIT
import FXSinks
import Glibc

/// The supervising process's end of `OutputRelay`: it opens, writes, renames
/// and removes a supervised child's outputs with `OutputFile`, as the child
/// would have, and answers on the child's reply pipe. Bytes that are not a
/// record of the run (the wrong key, an unknown operation, an output never
/// opened) break the protocol: the supervisor ends the run as the plugin's doing.
public final class OutputServer {
    public let key: UInt64
    private var files: [UInt32: OutputFile] = [:]
    /// Outputs whose writing failed: their records are dropped until the child abandons them.
    private var failed: Set<UInt32> = []
    private var pending: [UInt8] = []
    /// The write record whose bytes are still arriving: its output and how many are left.
    private var writing: (id: UInt32, left: Int)?

    /// The most bytes the head of an open or patch record may announce (a path, or APNG's frame count).
    static let maxSmallPayload = 1 << 16

    public init(key: UInt64) { self.key = key }

    /// Takes bytes from the child's request pipe, answering on `reply`; false when they are not the run's.
    public func take(_ bytes: ArraySlice<UInt8>, reply: Int32) -> Bool {
        var bytes = bytes
        while !bytes.isEmpty || (writing == nil && pending.count >= OutputRelay.headSize) {
            if let w = writing {
                let n = min(w.left, bytes.count)
                if !failed.contains(w.id), let file = files[w.id] {
                    do {
                        try bytes.prefix(n).withUnsafeBytes { try file.write($0) }
                    } catch {
                        fail(w.id, error, reply)
                    }
                }
                bytes = bytes.dropFirst(n)
                writing = w.left == n ? nil : (w.id, w.left - n)
                continue
            }
            let need = OutputRelay.headSize - pending.count
            if need > 0 {
                pending += bytes.prefix(need)
                bytes = bytes.dropFirst(min(need, bytes.count))
                if pending.count < OutputRelay.headSize { return true }
            }
            let head = pending.withUnsafeBytes { h in
                (key: UInt64(littleEndian: h.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
                 op: OutputRelay.Operation(rawValue: h[8]),
                 id: UInt32(littleEndian: h.loadUnaligned(fromByteOffset: 12, as: UInt32.self)),
                 number: UInt64(littleEndian: h.loadUnaligned(fromByteOffset: 16, as: UInt64.self)),
                 length: UInt64(littleEndian: h.loadUnaligned(fromByteOffset: 24, as: UInt64.self)))
            }
            guard head.key == key, let op = head.op, head.length <= UInt64(Int.max) else { return false }
            let length = Int(head.length)
            if op == .write {
                guard files[head.id] != nil || failed.contains(head.id) else { return false }
                pending.removeAll(keepingCapacity: true)
                writing = (head.id, length)
                if length == 0 { writing = nil }
                continue
            }
            guard length <= OutputServer.maxSmallPayload else { return false }
            if pending.count < OutputRelay.headSize + length {
                let more = OutputRelay.headSize + length - pending.count
                pending += bytes.prefix(more)
                bytes = bytes.dropFirst(min(more, bytes.count))
                if pending.count < OutputRelay.headSize + length { return true }
            }
            let payload = Array(pending[OutputRelay.headSize...])
            pending.removeAll(keepingCapacity: true)
            guard perform(op, head.id, head.number, payload, reply) else { return false }
        }
        return true
    }

    /// One whole record other than a write; false when it names an output that was never opened.
    private func perform(_ op: OutputRelay.Operation, _ id: UInt32, _ number: UInt64, _ payload: [UInt8],
                         _ reply: Int32) -> Bool {
        if op == .open {
            guard files[id] == nil, !failed.contains(id), let zero = payload.firstIndex(of: 0) else { return false }
            let path = String(decoding: payload[..<zero], as: UTF8.self)
            let shown = String(decoding: payload[(zero + 1)...], as: UTF8.self)
            do {
                let file = try OutputFile(path: path, shownAs: shown, publication: .direct)
                files[id] = file
                answer("ok \(id) \(file.isFile ? 1 : 0)", reply)
            } catch {
                failed.insert(id)
                answer("error \(id) \(error)", reply)
            }
            return true
        }
        if failed.contains(id) {
            if op == .abandon { failed.remove(id) } else if op != .flush && op != .write {
                answer("error \(id) the output failed before", reply)
            }
            return true
        }
        guard let file = files[id] else { return false }
        do {
            switch op {
            case .patch: try file.patch(at: Int(clamping: number), payload); answer("ok \(id)", reply)
            case .truncate: try file.truncate(to: Int(clamping: number)); answer("ok \(id)", reply)
            case .flush: try file.commitFlush()
            case .commit:
                files[id] = nil
                try file.commit()
                answer("ok \(id)", reply)
            case .abandon:
                files[id] = nil
                file.abandon()
            case .open, .write: break
            }
        } catch {
            fail(id, error, reply)
        }
        return true
    }

    /// An output that could not be written: removed, and the child told (it throws the message).
    private func fail(_ id: UInt32, _ error: Error, _ reply: Int32) {
        files.removeValue(forKey: id)?.abandon()
        failed.insert(id)
        answer("error \(id) \(error)", reply)
    }

    private func answer(_ line: String, _ reply: Int32) {
        var text = String(line.map { $0 == "\n" ? " " : $0 }) + "\n"
        text.withUTF8 { b in
            var offset = 0
            while offset < b.count {
                let n = write(reply, b.baseAddress! + offset, b.count - offset)
                if n < 0 { if errno == EINTR { continue }; return }
                offset += n
            }
        }
    }

    /// Removes every output that was not committed: after a run that did not end well.
    public func abandonAll() {
        for (_, file) in files { file.abandon() }
        files.removeAll()
    }
}
