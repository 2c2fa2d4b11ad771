// SPDX-License-Identifier: MIT
import CPixels
import FXSinks

/// RGB to Y′CbCr: BT.601 coefficients, limited range (16–235 luma, 16–240
/// chroma), the rule Y4M and untagged video assume, in fxhost's own C
/// (`Sources/CPixels`: SSE2 on x86_64, portable C giving the same bytes
/// elsewhere): libswscale took 3.1 to 4 ms for a 1280×720 frame on the
/// benchmark machine, whatever its flags (docs/OUTPUTS.md). Same size in and out; 4:4:4 for Y4M; 4:2:0 for H.264
/// and VP9, each chroma sample from the mean of a 2×2 block. The input is
/// RGBX (a `Frame`'s byte order) or BGRX (a cairo surface read in place,
/// `PixelRows`): the same picture gives the same planes either way.
final class YCbCrConverter {
    enum Chroma { case full, quarter }
    enum Input { case rgbx, bgrx }
    let width: Int, height: Int
    private let chroma: Chroma
    private let red: Int32, blue: Int32

    /// `width` and `height` must be even for `.quarter`.
    init(width: Int, height: Int, chroma: Chroma, input: Input = .rgbx) throws {
        guard width > 0, height > 0, chroma == .full || (width % 2 == 0 && height % 2 == 0) else {
            throw OutputError("cannot convert \(width)×\(height) frames to \(chroma == .full ? "4:4:4" : "4:2:0")")
        }
        self.width = width; self.height = height; self.chroma = chroma
        (red, blue) = input == .rgbx ? (0, 2) : (2, 0)
    }

    /// The sizes of the three planes.
    var planeSizes: (luma: Int, chroma: Int) {
        (width * height, chroma == .full ? width * height : (width / 2) * (height / 2))
    }

    /// Converts `width` × `height` four-byte pixels, rows `stride` bytes apart (`width` × 4 when nil),
    /// into planes at `y`, `cb`, `cr` with the given strides.
    func convert(_ pixels: UnsafePointer<UInt8>, stride: Int? = nil, into planes: [UnsafeMutablePointer<UInt8>], strides: [Int]) {
        convert(pixels, stride: stride ?? width * 4, rows: 0..<height, into: planes, strides: strides)
    }

    /// Converts rows `band` of the picture at `pixels` into the same rows of the planes at `planes`
    /// (the whole picture's); each pixel's values depend on it alone, or for 4:2:0 on its 2×2 block,
    /// so a band converted alone gives the bytes of the whole. For 4:2:0 the band's ends must be even.
    func convert(_ pixels: UnsafePointer<UInt8>, stride: Int, rows band: Range<Int>,
                 into planes: [UnsafeMutablePointer<UInt8>], strides: [Int]) {
        guard !band.isEmpty else { return }
        let k = chroma == .full ? 1 : 2
        precondition(band.lowerBound % k == 0 && band.upperBound % k == 0 && band.upperBound <= height, "a band of whole blocks")
        let kernel = chroma == .full ? fx_ycbcr444 : fx_ycbcr420
        let y0 = band.lowerBound
        kernel(pixels + y0 * stride, stride, red, blue, Int32(width), Int32(band.count),
               planes[0] + y0 * strides[0], strides[0], planes[1] + y0 / k * strides[1], strides[1],
               planes[2] + y0 / k * strides[2], strides[2])
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
