// SPDX-License-Identifier: MIT
import CDeflate

/// A ZIP archive held in memory, read as PKWARE's APPNOTE.TXT describes it:
/// the end of central directory record, then the central directory's file
/// headers, each pointing at a local header and its data. Enough for
/// dotLottie files (docs/LOTTIE.md, ".lottie archives"): entries stored or
/// deflated, on one disk, without ZIP64 or encryption; anything else is
/// refused by name. Every offset and size is checked against the bytes
/// before use, and an entry is inflated with libdeflate into exactly the
/// size the directory declares (at most `maxEntryBytes`), its CRC-32 checked.
struct ZipArchive {
    struct Entry {
        let name: String
        let method: UInt16
        let flags: UInt16
        let crc: UInt32
        let compressedSize: Int
        let size: Int
        let localHeader: Int
    }

    static let maxEntries = 10_000
    static let maxEntryBytes = 64 << 20

    let bytes: [UInt8]
    let entries: [Entry]

    static func isArchive(_ bytes: [UInt8]) -> Bool { bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06]) }

    private static func fail(_ message: String) -> LottieError { LottieError(path: "the zip archive", message: message) }

    init(_ bytes: [UInt8]) throws(LottieError) {
        self.bytes = bytes
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }

        // The end record is the last 22 bytes, unless a comment (at most 65535 bytes) follows it.
        var end = -1
        var at = bytes.count - 22
        while at >= 0 && at >= bytes.count - 22 - 0xFFFF {
            if bytes[at] == 0x50, bytes[at + 1] == 0x4B, bytes[at + 2] == 0x05, bytes[at + 3] == 0x06, at + 22 + u16(at + 20) == bytes.count {
                end = at
                break
            }
            at -= 1
        }
        guard end >= 0 else { throw Self.fail("no end of central directory record (the file is cut short, or not a zip archive)") }
        guard u16(end + 4) == 0, u16(end + 6) == 0 else { throw Self.fail("a multi-disk archive, which is not read") }
        let count = u16(end + 10), size = u32(end + 12), offset = u32(end + 16)
        guard count != 0xFFFF, size != 0xFFFF_FFFF, offset != 0xFFFF_FFFF else {
            throw Self.fail("a ZIP64 archive, which is not read (write it as an ordinary zip)")
        }
        guard count <= Self.maxEntries else { throw Self.fail("\(count) entries; the limit is \(Self.maxEntries)") }
        guard offset <= end, size <= end - offset else { throw Self.fail("the central directory lies outside the file") }

        var entries: [Entry] = []
        var p = offset
        for k in 0..<count {
            guard p + 46 <= offset + size, u32(p) == 0x0201_4B50 else {
                throw Self.fail("central directory entry \(k + 1) of \(count) is damaged")
            }
            let nameLength = u16(p + 28), extraLength = u16(p + 30), commentLength = u16(p + 32)
            let next = p + 46 + nameLength + extraLength + commentLength
            guard next <= offset + size else { throw Self.fail("central directory entry \(k + 1) of \(count) runs past the directory") }
            let compressed = u32(p + 20), plain = u32(p + 24), local = u32(p + 42)
            guard compressed != 0xFFFF_FFFF, plain != 0xFFFF_FFFF, local != 0xFFFF_FFFF else {
                throw Self.fail("a ZIP64 entry, which is not read (write the archive as an ordinary zip)")
            }
            entries.append(Entry(name: String(decoding: bytes[(p + 46)..<(p + 46 + nameLength)], as: UTF8.self),
                                 method: UInt16(u16(p + 10)), flags: UInt16(u16(p + 8)), crc: UInt32(u32(p + 16)),
                                 compressedSize: compressed, size: plain, localHeader: local))
            p = next
        }
        self.entries = entries
    }

    /// The entry named `name` exactly (the first, if repeated).
    func entry(_ name: String) -> Entry? { entries.first { $0.name == name } }

    /// The entry's bytes, inflated and checked.
    func read(_ e: Entry) throws(LottieError) -> [UInt8] {
        func fail(_ m: String) -> LottieError { LottieError(path: e.name, message: m) }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        guard e.flags & 1 == 0 else { throw fail("the entry is encrypted, which is not read") }
        guard e.size <= Self.maxEntryBytes else {
            throw fail("the entry is \(e.size) bytes uncompressed; the limit is \(Self.maxEntryBytes >> 20) MiB")
        }
        let h = e.localHeader
        guard h <= bytes.count - 30, bytes[h] == 0x50, bytes[h + 1] == 0x4B, bytes[h + 2] == 0x03, bytes[h + 3] == 0x04 else {
            throw fail("its local header is missing or damaged")
        }
        let start = h + 30 + u16(h + 26) + u16(h + 28)
        guard start <= bytes.count, e.compressedSize <= bytes.count - start else { throw fail("its data runs past the end of the file") }
        var out = [UInt8](repeating: 0, count: e.size)
        switch e.method {
        case 0:
            guard e.compressedSize == e.size else { throw fail("a stored entry whose two sizes differ") }
            out.withUnsafeMutableBufferPointer { o in
                bytes.withUnsafeBufferPointer { b in
                    guard e.size > 0 else { return }
                    o.baseAddress!.update(from: b.baseAddress! + start, count: e.size)
                }
            }
        case 8:
            guard let inflater = libdeflate_alloc_decompressor() else { throw fail("cannot allocate a decompressor") }
            defer { libdeflate_free_decompressor(inflater) }
            let result = bytes.withUnsafeBufferPointer { b in
                out.withUnsafeMutableBufferPointer { o in
                    // Exactly e.size bytes: a stream that ends early or would run on fails.
                    libdeflate_deflate_decompress(inflater, b.baseAddress! + start, e.compressedSize, o.baseAddress, e.size, nil)
                }
            }
            guard result == LIBDEFLATE_SUCCESS else {
                throw fail(result == LIBDEFLATE_INSUFFICIENT_SPACE || result == LIBDEFLATE_SHORT_OUTPUT
                           ? "its deflated data does not give the \(e.size) bytes the directory declares"
                           : "its deflated data is damaged")
            }
        default:
            throw fail("compression method \(e.method) (only stored and deflated entries are read)")
        }
        let crc = out.withUnsafeBufferPointer { libdeflate_crc32(0, $0.baseAddress, $0.count) }
        guard crc == e.crc else { throw fail("its CRC-32 does not match: the data is damaged") }
        return out
    }
}
