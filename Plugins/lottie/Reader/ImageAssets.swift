// SPDX-License-Identifier: MIT
import FXPluginKit
import Glibc

/// Where a file's image assets are, and the images already handed to the host
/// (each asset is decoded once, however many layers show it).
enum ImageAssets {
    enum Source {
        /// The built-in sample or a fuzzed input: no folder to look in.
        case none
        /// The folder of the Lottie JSON file.
        case folder(String)
        /// A .lottie archive: images are its entries.
        case archive(ZipArchive)
    }

    nonisolated(unsafe) static var source = Source.none
    nonisolated(unsafe) private static var loaded: [String: Image] = [:]
    nonisolated(unsafe) private static var pixelsLoaded = 0

    /// All images of a file together: 64 megapixels (256 MB of RGBA handed
    /// to the host, half the host's 512 MiB limit on data from a plugin).
    static let maxTotalPixels = 64 << 20
    /// fxhost keeps at most 1,000 images a run (docs/isolation.md).
    static let maxImages = 1000
    /// An image file beside the Lottie file or in its archive: at most 16 MiB, as an embedded one (the JSON string limit).
    static let maxFileBytes = 16 << 20

    static func reset(_ s: Source) {
        source = s
        loaded = [:]
        pixelsLoaded = 0
    }

    /// The asset's image, decoded by the host; nil (with a warning) for a JPEG or a WebP image,
    /// which fxhost does not decode: a file holding them is valid, so the rest of it plays.
    static func image(_ asset: ImageAsset) throws -> Image? {
        if let known = loaded[asset.id] { return known }
        let here = asset.path + ".p"
        guard loaded.count < maxImages else {
            throw LottieError(path: here, message: "more than \(maxImages) images in the file, the host's limit")
        }
        let (bytes, what) = try read(asset, at: here)
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            Warnings.note("JPEG images", at: here)
            return nil
        }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            Warnings.note("WebP images", at: here)
            return nil
        }
        // Decoded by the host (fx.h 1.4), which refuses a damaged, cut-short or oversized PNG from its header.
        let image: Image
        do {
            image = try Image(png: bytes)
        } catch {
            throw LottieError(path: here, message: "\(what): \(error.message)")
        }
        pixelsLoaded += image.width * image.height
        guard pixelsLoaded <= maxTotalPixels else {
            throw LottieError(path: here, message: "the file's images hold more than \(maxTotalPixels >> 20) megapixels together, the plugin's limit")
        }
        loaded[asset.id] = image
        return image
    }

    /// The image's bytes and how messages name it.
    static func read(_ asset: ImageAsset, at here: String) throws(LottieError) -> ([UInt8], String) {
        if asset.embedded {
            return (try embedded(asset.name, at: here), "the embedded image")
        }
        let relative = asset.folder + asset.name
        guard !asset.name.isEmpty else { throw LottieError(path: here, message: "the image asset names no file") }
        switch source {
        case .none:
            throw LottieError(path: here, message: "the image '\(relative)' is not embedded, and there is no folder to look for it in")
        case .archive(let zip):
            let trimmed = String(relative.drop { $0 == "/" })
            for name in [trimmed, "i/" + asset.name, "images/" + asset.name] {
                if let e = zip.entry(name) {
                    guard e.size <= maxFileBytes else {
                        throw LottieError(path: here, message: "the image '\(name)' in the archive is \(e.size >> 20) MiB; the plugin reads images of at most \(maxFileBytes >> 20) MiB")
                    }
                    return (try zip.read(e), "the image '\(name)' in the archive")
                }
            }
            throw LottieError(path: here, message: "the image '\(relative)' is not in the archive (looked for \(trimmed), i/\(asset.name) and images/\(asset.name))")
        case .folder(let folder):
            return (try file(relative, in: folder, at: here), "the image '\(relative)'")
        }
    }

    /// A file named relative to `folder`, refused when it is absolute or resolves
    /// (through `..` or symbolic links) to a place outside the folder.
    static func file(_ relative: String, in folder: String, at here: String) throws(LottieError) -> [UInt8] {
        guard !relative.hasPrefix("/") else {
            throw LottieError(path: here, message: "the image '\(relative)' is an absolute path; images are read only from the Lottie file's folder")
        }
        guard let base = realpath(folder, nil) else {
            throw LottieError(path: here, message: "cannot resolve the Lottie file's folder '\(folder)'")
        }
        let root = String(cString: base)
        free(base)
        guard let resolved = realpath(folder + "/" + relative, nil) else {
            throw LottieError(path: here, message: "the image '\(relative)' is not beside the file (\(String(cString: strerror(errno))))")
        }
        let full = String(cString: resolved)
        free(resolved)
        guard full.hasPrefix(root == "/" ? "/" : root + "/") else {
            throw LottieError(path: here, message: "the image '\(relative)' lies outside the Lottie file's folder; images are read only from there")
        }
        guard let f = fopen(full, "rb") else {
            throw LottieError(path: here, message: "cannot open the image '\(relative)': \(String(cString: strerror(errno)))")
        }
        defer { fclose(f) }
        var st = stat()
        guard fstat(fileno(f), &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
            throw LottieError(path: here, message: "the image '\(relative)' is not a regular file")
        }
        guard st.st_size <= maxFileBytes else {
            throw LottieError(path: here, message: "the image '\(relative)' is \(st.st_size >> 20) MiB; the plugin reads images of at most \(maxFileBytes >> 20) MiB")
        }
        var bytes = [UInt8](repeating: 0, count: Int(st.st_size))
        guard fread(&bytes, 1, bytes.count, f) == bytes.count else {
            throw LottieError(path: here, message: "cannot read the image '\(relative)'")
        }
        return bytes
    }

    /// A data URI's bytes (RFC 2397): `data:[media type][;base64],DATA`, base64 as RFC 4648 writes it.
    static func embedded(_ uri: String, at here: String) throws(LottieError) -> [UInt8] {
        guard uri.hasPrefix("data:"), let comma = uri.utf8.firstIndex(of: UInt8(ascii: ",")) else {
            throw LottieError(path: here, message: "the embedded image is not a data URI (data:image/png;base64,…)")
        }
        let header = String(uri[uri.index(uri.startIndex, offsetBy: 5)..<comma])
        guard header.hasSuffix(";base64") else {
            throw LottieError(path: here, message: "the embedded image's data URI is not base64 (data:image/png;base64,…)")
        }
        var table = [UInt8](repeating: 255, count: 256)
        for (i, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() { table[Int(c)] = UInt8(i) }
        // Over the string's UTF-8 bytes in place: an image's base64 is tens of kilobytes, which
        // the string's UTF-8 view would walk one index at a time.
        var text = uri
        let start = uri.utf8.distance(from: uri.utf8.startIndex, to: comma) + 1
        var bad: (byte: UInt8, at: Int)?
        var padding = 0
        let out: [UInt8] = text.withUTF8 { utf8 in
            var out = [UInt8]()
            out.reserveCapacity((utf8.count - start) * 3 / 4)
            var bits = 0, count = 0
            for (i, c) in utf8[start...].enumerated() {
                if c == UInt8(ascii: "=") { padding += 1; continue }
                if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { continue }
                let v = table[Int(c)]
                guard v != 255, padding == 0 else { bad = (c, i + 1); break }
                bits = bits << 6 | Int(v)
                count += 6
                if count >= 8 {
                    count -= 8
                    out.append(UInt8((bits >> count) & 0xFF))
                }
                bits &= (1 << count) - 1
            }
            return out
        }
        if let (c, at) = bad {
            if table[Int(c)] != 255 {
                throw LottieError(path: here, message: "the embedded image's base64 goes on after its '=' padding (at character \(at) of its data)")
            }
            // The byte itself only when it prints as one ASCII character: it comes from the file.
            let shown = (0x21...0x7E).contains(c) && c != UInt8(ascii: "'") ? "'\(Character(Unicode.Scalar(c)))'" : "byte \(c)"
            throw LottieError(path: here, message: "the embedded image's base64 holds \(shown) at character \(at) of its data, which is not base64")
        }
        guard padding <= 2 else { throw LottieError(path: here, message: "the embedded image's base64 ends with more than two '='") }
        return out
    }
}
