import CPNG
import FXCore
import Glibc

/// Reads PNG files with libpng's simplified API into premultiplied RGBA.
public enum PNGDecoder {
    public struct Failure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// Decodes `path`. Refuses files larger than `maxBytes` and images wider or
    /// taller than `maxSide` before decoding their pixels.
    public static func decode(path: String, maxBytes: Int = 64 << 20, maxSide: Int = 8192) throws -> Image {
        var st = stat()
        guard stat(path, &st) == 0 else { throw Failure(message: "'\(path)' does not exist") }
        guard (st.st_mode & S_IFMT) == S_IFREG else { throw Failure(message: "'\(path)' is not a regular file") }
        guard Int(st.st_size) <= maxBytes else {
            throw Failure(message: "'\(path)' is \(st.st_size) bytes; images may be at most \(maxBytes) bytes")
        }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&image, path) != 0 else {
            let why = withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            png_image_free(&image)
            throw Failure(message: "'\(path)' is not a readable PNG file (\(why))")
        }
        guard Int(image.width) <= maxSide, Int(image.height) <= maxSide, image.width > 0, image.height > 0 else {
            png_image_free(&image)
            throw Failure(message: "'\(path)' is \(image.width)×\(image.height) pixels; images may be at most \(maxSide) on a side")
        }
        // Premultiplied ("linear" alpha in libpng's terms would also change the gamma), so decode straight and premultiply.
        image.format = fxpng_format_rgba()
        let w = Int(image.width), h = Int(image.height)
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        let ok = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, Int32(w * 4), nil) }
        guard ok != 0 else {
            let why = withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            png_image_free(&image)
            throw Failure(message: "'\(path)' is a damaged PNG file (\(why))")
        }
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let a = UInt16(pixels[i + 3])
            if a == 255 { continue }
            for c in 0..<3 { pixels[i + c] = UInt8((UInt16(pixels[i + c]) * a + 127) / 255) }
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return Image(width: w, height: h, pixels: pixels, label: name)
    }
}
