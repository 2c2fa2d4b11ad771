// SPDX-License-Identifier: MIT
import FXRender

/// Still PNG files of single frames, for callers outside the image sinks
/// (golden snapshots and their diff images).
public enum PNGFile {
    /// The bytes of a still PNG showing `frame` (straight alpha, as PNG stores it).
    public static func bytes(_ frame: Frame) -> [UInt8] {
        PNGEncoder.png(frame.pixels, width: frame.width, height: frame.height)
    }
}
