// SPDX-License-Identifier: MIT
import CPixels
import CPNG
import FXCore
import Glibc

/// Reads PNG files into premultiplied RGBA: plain 8-bit RGB and RGBA files (most photos and
/// screenshots) through `PlainPNG`, every other kind, and every damaged file, with libpng's
/// simplified API. Both give the same pixels for the files the first takes.
public enum PNGDecoder {
    public struct Failure: Error, CustomStringConvertible {
        /// What was wrong, for the status a caller answers with.
        public enum Kind: Sendable {
            /// The file is missing or cannot be read.
            case unreadable
            /// The bytes are not a PNG image, or a damaged or cut-short one.
            case damaged
            /// More bytes or pixels than the limits allow.
            case tooLarge
        }

        public let message: String
        public let kind: Kind
        public var description: String { message }

        init(message: String, kind: Kind = .damaged) {
            self.message = message
            self.kind = kind
        }
    }

    /// The width and height an image's header declares (its first chunk, IHDR, as PNG requires),
    /// read without decoding: nil when the bytes do not start that way, which decoding then reports.
    public static func declaredSize(_ raw: UnsafeRawBufferPointer) -> (width: Int, height: Int)? {
        let start: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82]
        guard raw.count >= 24, raw.prefix(16).elementsEqual(start) else { return nil }
        func u32(_ at: Int) -> Int { Int(raw[at]) << 24 | Int(raw[at + 1]) << 16 | Int(raw[at + 2]) << 8 | Int(raw[at + 3]) }
        return (u32(16), u32(20))
    }

    /// Decodes `path`. Refuses files larger than `maxBytes` and images wider or
    /// taller than `maxSide` before decoding their pixels.
    public static func decode(path: String, maxBytes: Int = 64 << 20, maxSide: Int = 8192) throws -> Image {
        var st = stat()
        guard stat(path, &st) == 0 else { throw Failure(message: "'\(path)' does not exist", kind: .unreadable) }
        guard (st.st_mode & S_IFMT) == S_IFREG else { throw Failure(message: "'\(path)' is not a regular file", kind: .unreadable) }
        guard Int(st.st_size) <= maxBytes else {
            throw Failure(message: "'\(path)' is \(st.st_size) bytes; images may be at most \(maxBytes) bytes", kind: .tooLarge)
        }
        guard let f = fopen(path, "rb") else {
            throw Failure(message: "'\(path)' cannot be read (\(String(cString: strerror(errno))))", kind: .unreadable)
        }
        defer { fclose(f) }
        var bytes = [UInt8](repeating: 0, count: Int(st.st_size))
        guard bytes.isEmpty || fread(&bytes, 1, bytes.count, f) == bytes.count else {
            throw Failure(message: "'\(path)' could not be read whole", kind: .unreadable)
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        do {
            return try decode(bytes, label: name, maxSide: maxSide)
        } catch let e as Failure {
            throw Failure(message: "'\(path)' \(e.message)", kind: e.kind)
        }
    }

    /// Decodes PNG bytes. Errors read as the rest of a sentence about the
    /// file: "is not a readable PNG file (…)".
    public static func decode(_ bytes: [UInt8], label: String, maxSide: Int = 8192) throws -> Image {
        // libpng reads the memory until the image is finished: one borrow covers both steps.
        try bytes.withUnsafeBytes { raw in try decode(raw, label: label, maxSide: maxSide) }
    }

    /// Decodes PNG bytes in place (for bytes the caller holds, such as a plugin's memory during a host call).
    public static func decode(_ raw: UnsafeRawBufferPointer, label: String, maxSide: Int) throws -> Image {
        if let (w, h, pixels) = PlainPNG.decode(raw, maxSide: maxSide) { return Image(width: w, height: h, pixels: pixels, label: label) }
        if DeepInterlacedPNG.needed(raw) {
            let png: DeepInterlacedPNG
            do { png = try DeepInterlacedPNG(Array(raw), maxSide: maxSide) } catch {
                throw Failure(message: error.message, kind: error.tooLarge ? .tooLarge : .damaged)
            }
            var pixels = png.rgba
            premultiply(&pixels)
            return Image(width: png.width, height: png.height, pixels: pixels, label: label)
        }
        return try decodeWithLibpng(raw, label: label, maxSide: maxSide)
    }

    static func decodeWithLibpng(_ raw: UnsafeRawBufferPointer, label: String, maxSide: Int) throws -> Image {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        func message() -> String { withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) } }
        guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
            let why = message()
            png_image_free(&image)
            throw Failure(message: "is not a readable PNG file (\(why.isEmpty ? "no PNG signature" : why))")
        }
        guard Int(image.width) <= maxSide, Int(image.height) <= maxSide, image.width > 0, image.height > 0 else {
            png_image_free(&image)
            throw Failure(message: "is \(image.width)×\(image.height) pixels; images may be at most \(maxSide) on a side", kind: .tooLarge)
        }
        // Decoded straight, then premultiplied here (libpng's premultiplied form also changes the gamma).
        image.format = fxpng_format_rgba()
        // 16-bit samples without a gAMA, sRGB or iCCP chunk are sRGB, as any untagged image is (PNG, 3rd
        // edition, section 4.3) and as browsers, rlottie (stb_image) and lottie-ios show them; by default
        // libpng takes them for linear light and brightens them (230 became 243).
        image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
        let w = Int(image.width), h = Int(image.height)
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        let ok = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, Int32(w * 4), nil) }
        guard ok != 0 else {
            let why = message()
            png_image_free(&image)
            throw Failure(message: "is a damaged PNG file (\(why))")
        }
        premultiply(&pixels)
        return Image(width: w, height: h, pixels: pixels, label: label)
    }

    /// Straight alpha to premultiplied, rounded to nearest (as `image_create_rgba` does), in
    /// CPixels' loop (`fx_premultiply_rgba`).
    static func premultiply(_ pixels: inout [UInt8]) {
        pixels.withUnsafeMutableBufferPointer { fx_premultiply_rgba($0.baseAddress, $0.count / 4) }
    }
}
