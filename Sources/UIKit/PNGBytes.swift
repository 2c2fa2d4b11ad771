// SPDX-License-Identifier: MIT
import FXPluginKit
import Foundation
import Glibc

/// PNG bytes decoded by the host, which reads PNG files only (fx.h
/// `image_load_png`): the bytes are written to a temporary file of this
/// process's own (mkstemp, mode 0600), read, and the file removed whether or
/// not they decoded.
enum PNGBytes {
    static func decode(_ data: Data) throws -> Image {
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
