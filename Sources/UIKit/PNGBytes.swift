// SPDX-License-Identifier: MIT
import FXPluginKit
import Foundation
import Glibc

/// PNG bytes decoded by the host. A host of fx.h 1.4 or newer decodes them
/// in memory (`image_decode_png`), with the same decoder and limits as a PNG
/// file. An older host reads PNG files only (`image_load_png`), and a plugin
/// built against 1.4 still loads in it (docs/ABI.md), so there the bytes are
/// written to a temporary file of this process's own (mkstemp, mode 0600),
/// read, and the file removed whether or not they decoded.
enum PNGBytes {
    static func decode(_ data: Data) throws -> Image {
        if Host.has(\.image_decode_png) { return try Image(png: [UInt8](data)) }
        return try throughTemporaryFile(data)
    }

    /// The pre-1.4 way: `image_load_png` on a temporary file holding `data`.
    static func throughTemporaryFile(_ data: Data) throws -> Image {
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/fxhost-uiimage-XXXXXX.png").utf8CString)
        let fd = mkstemps(&template, 4)
        guard fd >= 0 else { throw PluginError("cannot make a temporary file in \(folder): \(String(cString: strerror(errno)))") }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(path) }
        let written = data.withUnsafeBytes { bytes -> Int in
            var done = 0
            while done < bytes.count {
                let n = write(fd, bytes.baseAddress! + done, bytes.count - done)
                if n <= 0 { if n < 0 && errno == EINTR { continue }; break }
                done += n
            }
            return done
        }
        close(fd)
        guard written == data.count else { throw PluginError("cannot write a temporary file in \(folder): \(String(cString: strerror(errno)))") }
        do {
            return try Image(png: path)
        } catch {
            // The host's message names the temporary file; the bytes are what the caller gave.
            throw PluginError("\(error)".replacingOccurrences(of: path, with: "the data"))
        }
    }
}
