// SPDX-License-Identifier: MIT
import CSupervisor

extension Isolation {
    /// The supervisor's reading of the records a child sends for the standard output it put in
    /// the shared ring (`fxs_ring_record`, 16 bytes: offset and length in the ring's data).
    ///
    /// The child is not trusted: a record is taken only when it is the next span the child can
    /// have written — at the place where the last one ended (or at 0, where that was the end of
    /// the ring), at least one byte long, and not past the ring's end. Anything else is bytes
    /// that are not fxhost's, and ends the run as tampering; the spans before it are relayed,
    /// nothing after.
    struct RingRecords {
        static let size = MemoryLayout<fxs_ring_record>.size
        let capacity: Int
        /// Where the next span must begin.
        private(set) var position = 0
        private var pending: [UInt8] = []

        init(capacity: Int) { self.capacity = capacity }

        /// Whether bytes of a record are left over, which no whole record leaves.
        var hasPartialRecord: Bool { !pending.isEmpty }

        /// Takes bytes from the data pipe and hands each run of contiguous valid spans to
        /// `relay` (offset, length), which returns false to stop (standard output failed).
        /// False when a record is not valid.
        mutating func take(_ bytes: ArraySlice<UInt8>, relay: (Int, Int) -> Bool) -> Bool {
            pending += bytes
            var start = 0
            var run: (offset: Int, length: Int)?
            var valid = true
            while pending.count - start >= Self.size {
                var record = fxs_ring_record()
                withUnsafeMutableBytes(of: &record) { $0.copyBytes(from: pending[start..<(start + Self.size)]) }
                start += Self.size
                guard let span = check(record) else { valid = false; break }
                if let r = run, r.offset + r.length == span.offset {
                    run = (r.offset, r.length + span.length)
                } else {
                    if let r = run, !relay(r.offset, r.length) { run = nil; break }
                    run = span
                }
            }
            pending.removeSubrange(..<start)
            if let r = run { _ = relay(r.offset, r.length) }
            if !valid { pending.removeAll() }
            return valid
        }

        /// The span a record names, if it is the next one; advances past it.
        mutating func check(_ record: fxs_ring_record) -> (offset: Int, length: Int)? {
            let expected = UInt64(position == capacity ? 0 : position)
            guard record.offset == expected, record.length > 0,
                  record.length <= UInt64(capacity) - record.offset else { return nil }
            position = Int(record.offset + record.length)
            return (Int(record.offset), Int(record.length))
        }
    }
}
