import CAVFormat
import CSwscale
import FXSinks

/// RGB to Y′CbCr through libswscale: BT.601 coefficients, limited range
/// (16–235 luma, 16–240 chroma), the rule Y4M and untagged video assume.
/// Same size in and out; 4:4:4 for Y4M, 4:2:0 for H.264 and VP9. The input
/// is RGBX (a `Frame`'s byte order) or BGRX (a cairo surface read in place,
/// `PixelRows`): libswscale computes both with the same arithmetic, so the
/// same picture gives the same planes either way.
final class YCbCrConverter {
    enum Chroma { case full, quarter }
    enum Input { case rgbx, bgrx }
    let width: Int, height: Int
    private let context: OpaquePointer
    private let chroma: Chroma

    /// `width` and `height` must be even for `.quarter`.
    init(width: Int, height: Int, chroma: Chroma, input: Input = .rgbx) throws {
        self.width = width; self.height = height; self.chroma = chroma
        let dst = chroma == .full ? AV_PIX_FMT_YUV444P : AV_PIX_FMT_YUV420P
        // Same size: 4:4:4 needs no filter at all; 4:2:0 averages chroma (bilinear) rather than
        // picking one sample in four. RGBA/BGRA, not RGB0/BGR0, because libswscale has SIMD input
        // for them; the fourth byte is ignored either way (docs/OUTPUTS.md has the figures).
        let flags = chroma == .full ? SWS_POINT : SWS_BILINEAR
        let src = input == .rgbx ? AV_PIX_FMT_RGBA : AV_PIX_FMT_BGRA
        guard let c = sws_getContext(Int32(width), Int32(height), src, Int32(width), Int32(height), dst,
                                     flags, nil, nil, nil) else {
            throw OutputError("libswscale cannot convert \(width)×\(height) frames")
        }
        context = c
        let table = sws_getCoefficients(SWS_CS_ITU601)
        // Source: full-range RGB (srcRange 1); destination: limited range (dstRange 0).
        _ = sws_setColorspaceDetails(c, table, 1, table, 0, 0, 1 << 16, 1 << 16)
    }

    deinit { sws_freeContext(context) }

    /// The sizes of the three planes.
    var planeSizes: (luma: Int, chroma: Int) {
        (width * height, chroma == .full ? width * height : (width / 2) * (height / 2))
    }

    /// Converts `width` × `height` four-byte pixels, rows `stride` bytes apart (`width` × 4 when nil),
    /// into planes at `y`, `cb`, `cr` with the given strides.
    func convert(_ pixels: UnsafePointer<UInt8>, stride: Int? = nil, into planes: [UnsafeMutablePointer<UInt8>], strides: [Int]) {
        var src: [UnsafePointer<UInt8>?] = [pixels, nil, nil, nil]
        var srcStride: [Int32] = [Int32(stride ?? width * 4), 0, 0, 0]
        var dst: [UnsafeMutablePointer<UInt8>?] = planes.map { Optional($0) } + [nil]
        var dstStride: [Int32] = strides.map { Int32($0) } + [0]
        _ = sws_scale(context, &src, &srcStride, 0, Int32(height), &dst, &dstStride)
    }

    /// Converts into one buffer holding the three planes one after another (Y4M's layout).
    func convert(_ pixels: UnsafePointer<UInt8>, stride: Int? = nil, into out: inout [UInt8]) {
        let (ls, cs) = planeSizes
        if out.count != ls + 2 * cs { out = [UInt8](repeating: 0, count: ls + 2 * cs) }
        let cw = chroma == .full ? width : width / 2
        out.withUnsafeMutableBufferPointer { dst in
            let base = dst.baseAddress!
            convert(pixels, stride: stride, into: [base, base + ls, base + ls + cs], strides: [width, cw, cw])
        }
    }

    func convert(_ rgbx: [UInt8], into out: inout [UInt8]) {
        rgbx.withUnsafeBufferPointer { convert($0.baseAddress!, into: &out) }
    }
}
