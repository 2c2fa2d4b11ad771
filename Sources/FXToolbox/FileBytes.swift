// SPDX-License-Identifier: MIT
#if canImport(Glibc)
import Glibc
#endif

/// A whole file's bytes, or nil when it cannot be read or holds more than `limit` bytes: the one
/// reader of small files (manifests, golden snapshots, the studio's frames) for host and plugins.
public func readFile(_ path: String, limit: Int = Int.max) -> [UInt8]? {
    guard let f = fopen(path, "rb") else { return nil }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = fread(&buffer, 1, buffer.count, f)
        bytes += buffer[0..<n]
        if bytes.count > limit { return nil }
        if n < buffer.count { break }
    }
    return ferror(f) == 0 ? bytes : nil
}
