// SPDX-License-Identifier: MIT
@testable import FXIsolation
import Testing

/// The supervisor's check of the records a child sends for the spans of standard output it put
/// in the shared ring: 16 bytes each, the span's offset then its length (native byte order).
/// Expected spans are worked out by hand from the ring's rule: each span begins where the last
/// ended, or at 0 where that was the ring's end.
@Suite struct RingRecordsTests {
    static func bytes(_ records: [(UInt64, UInt64)]) -> ArraySlice<UInt8> {
        var out: [UInt8] = []
        for (offset, length) in records {
            withUnsafeBytes(of: offset) { out += $0 }
            withUnsafeBytes(of: length) { out += $0 }
        }
        return out[...]
    }

    /// Takes `records` into a fresh check of a 100-byte ring; the spans relayed, and whether all were valid.
    static func take(_ records: [(UInt64, UInt64)]) -> (spans: [[Int]], valid: Bool) {
        var check = Isolation.RingRecords(capacity: 100)
        var spans: [[Int]] = []
        let valid = check.take(bytes(records)) { spans.append([$0, $1]); return true }
        return (spans, valid)
    }

    @Test func contiguousSpansGoOutAsOneWriteAndWrapAtTheEnd() {
        // 0–30, 30–80 and 80–100 meet: one write of 0–100; then 0–10 after the wrap.
        let r = Self.take([(0, 30), (30, 50), (80, 20), (0, 10)])
        #expect(r.valid)
        #expect(r.spans == [[0, 100], [0, 10]])
    }

    @Test func aRecordCutAcrossTwoReadsIsTakenWhole() {
        var check = Isolation.RingRecords(capacity: 100)
        var spans: [[Int]] = []
        let all = Self.bytes([(0, 42)])
        #expect(check.take(all.prefix(7)) { spans.append([$0, $1]); return true })
        #expect(spans.isEmpty && check.hasPartialRecord)
        #expect(check.take(all.dropFirst(7)) { spans.append([$0, $1]); return true })
        #expect(spans == [[0, 42]] && !check.hasPartialRecord)
    }

    /// After 0–30, the next span must begin at 30, hold a byte, and end by 100.
    @Test(arguments: [
        (UInt64(31), UInt64(1)),            // not where the last span ended
        (UInt64(0), UInt64(5)),             // back to the start before the end was reached
        (UInt64(30), UInt64(0)),            // empty
        (UInt64(30), UInt64(71)),           // one byte past the end
        (UInt64(30), UInt64.max - 29),      // offset + length overflows to 0
        (UInt64(130), UInt64(1)),           // outside the ring
    ])
    func aBadRecordStopsTheRelayAfterTheValidSpans(_ offset: UInt64, _ length: UInt64) {
        let r = Self.take([(0, 30), (offset, length), (30, 10)])
        #expect(!r.valid)
        #expect(r.spans == [[0, 30]], "\(r.spans)")
    }

    @Test func theLastByteOfTheRingIsASpan() {
        let r = Self.take([(0, 99), (99, 1), (0, 100)])
        #expect(r.valid && r.spans == [[0, 100], [0, 100]])
    }

    @Test func aFailedWriteStopsWithoutCallingItTampering() {
        var check = Isolation.RingRecords(capacity: 100)
        var calls = 0
        let valid = check.take(Self.bytes([(0, 100), (0, 10)])) { _, _ in calls += 1; return false }
        #expect(valid && calls == 1)
    }
}
