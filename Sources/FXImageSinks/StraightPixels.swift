// SPDX-License-Identifier: MIT
import FXRender

extension PNGFile {
    /// `frame`'s pixels with straight alpha, as a PNG of it stores them (and a decoder gives them
    /// back): RGBA, 8 bits a channel, row by row from the top, without the PNG's filters and deflate.
    public static func straightPixels(_ frame: Frame) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: frame.pixels.count) { out, count in
            frame.pixels.withUnsafeBufferPointer { src in
                PNGEncoder.straightRow(src.baseAddress!, into: out.baseAddress!, count: frame.width * frame.height)
            }
            count = frame.pixels.count
        }
    }
}
