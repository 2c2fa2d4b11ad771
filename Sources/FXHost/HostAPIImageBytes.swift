// SPDX-License-Identifier: MIT
import CFX
import FXCore
import FXPNG

/// fx.h 1.4's `image_decode_png`: a PNG image held in the plugin's memory,
/// decoded by the host's one PNG decoder (`PNGDecoder`, which also serves
/// `image_load_png`), so that a plugin with embedded images needs no decoder
/// of its own.
extension HostAPI {
    static func installImageBytes(_ api: inout fx_api) {
        api.image_decode_png = { bytes, length, out in
            HostSession.serve("image_decode_png") { s throws(FXAPIError) in
                let o = try HostAPI.out(out, "image")
                guard let bytes else { throw FXAPIError(.badArgument, "the PNG bytes are NULL") }
                guard length > 0 else { throw FXAPIError(.badArgument, "the PNG bytes are empty (length 0)") }
                guard length <= s.limits.maxImageFileBytes else {
                    throw FXAPIError(.limit, "the PNG data is \(length) bytes; images may be at most \(s.limits.maxImageFileBytes) bytes")
                }
                let raw = UnsafeRawBufferPointer(start: bytes, count: length)
                // An image bomb (a few bytes declaring a huge image) is refused from its header, before inflating.
                if let (w, h) = PNGDecoder.declaredSize(raw) {
                    guard w <= s.limits.maxImageSide, h <= s.limits.maxImageSide else {
                        throw FXAPIError(.limit, "the PNG data is \(w)×\(h) pixels; images may be at most \(s.limits.maxImageSide) on a side")
                    }
                    try s.affordCharge(w * h * 4, for: "the PNG data's \(w)×\(h) pixels")
                }
                let image: Image
                do {
                    // Labelled as image_create_rgba's images are: made from the plugin's memory, not a named file.
                    image = try PNGDecoder.decode(raw, label: "generated", maxSide: s.limits.maxImageSide)
                } catch let e as PNGDecoder.Failure {
                    throw FXAPIError(e.kind == .tooLarge ? .limit : .badValue, "the PNG data (\(length) bytes) \(e.message)")
                } catch {
                    throw FXAPIError(.badValue, "the PNG data (\(length) bytes) \(error)")
                }
                try s.charge(image.width * image.height * 4, for: "the PNG data's image")
                o.pointee = try s.addImage(image)
            }
        }
    }
}
