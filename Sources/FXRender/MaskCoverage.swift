// SPDX-License-Identifier: MIT
import CCairo
import FXCore

/// How a drawn mask becomes the coverage its layer keeps (`maskMode`, fxhost's
/// own key). Core Animation keeps what the mask's alpha covers (`alpha`). The
/// other modes are the CSS Masking specification's (Level 1, "Calculating
/// mask values"): a luminance mask's value is the luminance of the mask's
/// un-premultiplied colour times its alpha, so transparent counts as black;
/// an inverted mode takes 1 − the value. The luminance weights are Rec. 601's
/// (0.299, 0.587, 0.114), as rlottie's `VBitmap::updateLuma` uses for
/// Lottie's luma mattes (the CSS specification names the linear-RGB weights
/// 0.2125, 0.7154, 0.0721; the Lottie plugin's tests compare with rlottie).
///
/// Luminance of the un-premultiplied colour times alpha is the luminance of
/// the premultiplied channels, which is what a cairo surface holds, so no
/// division is needed.
enum MaskCoverage {
    /// Rewrites the mask's pixels inside `rects` (target pixels) as the
    /// coverage `mode` takes from each, in its alpha (colour channels 0): a
    /// mask applied with `DEST_IN` reads only the alpha.
    static func convert(_ s: Surface, _ mode: MaskMode, in rects: [Rect]) {
        guard mode != .alpha else { return }
        cairo_surface_flush(s.surface)
        let stride = Int(cairo_image_surface_get_stride(s.surface)) / 4
        let base = UnsafeMutableRawPointer(cairo_image_surface_get_data(s.surface)!).assumingMemoryBound(to: UInt32.self)
        for r in rects {
            let x0 = max(0, Int(r.minX.rounded(.down))), x1 = min(s.width, Int(r.maxX.rounded(.up)))
            let y0 = max(0, Int(r.minY.rounded(.down))), y1 = min(s.height, Int(r.maxY.rounded(.up)))
            guard x0 < x1, y0 < y1 else { continue }
            for y in y0..<y1 { convert(base + y * stride + x0, count: x1 - x0, mode) }
        }
        cairo_surface_mark_dirty(s.surface)
    }

    /// One run of pixels: `coverage` with the mode chosen once for the run (and wrapping arithmetic, which
    /// cannot wrap here), so that the loop is the compiler's to vectorize.
    private static func convert(_ p: UnsafeMutablePointer<UInt32>, count: Int, _ mode: MaskMode) {
        @inline(__always) func luma(_ pixel: UInt32) -> UInt32 {
            (19_595 &* (pixel >> 16 & 0xFF) &+ 38_470 &* (pixel >> 8 & 0xFF) &+ 7_471 &* (pixel & 0xFF) &+ 32_768) >> 16
        }
        if mode == .luminance {
            for i in 0..<count { p[i] = luma(p[i]) << 24 }
        } else if mode == .luminanceInverted {
            for i in 0..<count { p[i] = (255 &- luma(p[i])) << 24 }
        } else if mode == .alphaInverted {
            for i in 0..<count { p[i] = (255 &- p[i] >> 24) << 24 }
        } else {
            for i in 0..<count { p[i] = coverage(p[i], mode) << 24 }
        }
    }

    /// The coverage, 0…255, that `mode` takes from one premultiplied ARGB32 pixel.
    @inline(__always)
    static func coverage(_ pixel: UInt32, _ mode: MaskMode) -> UInt32 {
        let alpha = pixel >> 24
        switch mode {
        case .alpha: return alpha
        case .alphaInverted: return 255 - alpha
        case .luminance, .luminanceInverted:
            // 0.299, 0.587 and 0.114 in 16-bit fixed point (19,595 + 38,470 + 7,471 = 65,536), rounded.
            let r = pixel >> 16 & 0xFF, g = pixel >> 8 & 0xFF, b = pixel & 0xFF
            let luma = (19_595 * r + 38_470 * g + 7_471 * b + 32_768) >> 16
            return mode == .luminance ? luma : 255 - luma
        }
    }
}

extension MaskMode {
    /// Whether the mode keeps the layer where the mask draws nothing (outside the mask's box).
    var isInverted: Bool { self == .alphaInverted || self == .luminanceInverted }
}
