// SPDX-License-Identifier: MIT
import CDeflate
import FXCore
import FXRender
import FXSinks
import Glibc

/// One shard of a sharded render (`--shard I/N --out NAME.fxpart`): its
/// frames exactly as rendered — premultiplied RGBA, deflated, with their
/// times — so that `fxhost join` can hand them to any encoder and get the
/// bytes the unsharded run writes. Layout: the line "FXPART 1\n", then per
/// frame a header of 21 bytes — "F", width and height (UInt32), time (the
/// Double's bits, UInt64), the deflated length (UInt32) — and a zlib stream
/// (RFC 1950) of the pixels, all little-endian.
///
/// The frames are deflated by libdeflate at level 1, which writes fewer bytes
/// than zlib at level 1 in less time and reads them back faster (measured in
/// docs/SCALE.md); any zlib stream reads back. Each frame is compressed on a
/// thread of its own while the next one renders.
public final class FramePartWriter: ImageSink {
    private let out: OutputFile
    private let deflater: Deflater
    /// The frame being compressed, with its header.
    private var pending: BackgroundJob<[UInt8]>?

    public init(renderer: Renderer, output: OutputFile) throws {
        out = output
        deflater = Deflater()
        super.init(renderer: renderer)
        try out.write(FramePartFormat.magic)
    }

    override func write(_ frame: Frame) throws {
        try flush()
        let deflater = deflater
        pending = BackgroundJob { deflater.frameRecord(frame) }
    }

    private func flush() throws {
        if let job = pending {
            pending = nil
            try out.write(job.result())
        }
    }

    public override func finish() throws {
        try flush()
        try out.commit()
    }
}

/// The constants of the part format, shared by its writer and reader.
enum FramePartFormat {
    static let magic = Array("FXPART 1\n".utf8)
    static let tag = UInt8(ascii: "F")
    static let headerSize = 1 + 4 + 4 + 8 + 4

    /// The most deflated bytes a reader accepts for a frame of `pixels` pixels: above what zlib's
    /// `compressBound` and libdeflate's `libdeflate_zlib_compress_bound` allow for its bytes (both
    /// under n + n / 1000 + 32 for n bytes), so that no header can make a reader take more.
    static func packedBound(pixels: Int) -> Int {
        let n = pixels * 4
        return n + n / 256 + 64
    }
}

/// A libdeflate compressor at level 1, used by one thread at a time.
private final class Deflater: @unchecked Sendable {
    private let compressor: OpaquePointer

    init() {
        guard let c = libdeflate_alloc_compressor(1) else { fatalError("libdeflate: out of memory") }
        compressor = c
    }

    deinit { libdeflate_free_compressor(compressor) }

    /// The frame's header followed by its deflated pixels.
    func frameRecord(_ frame: Frame) -> [UInt8] {
        let bound = libdeflate_zlib_compress_bound(compressor, frame.pixels.count)
        let headerSize = FramePartFormat.headerSize
        var record = [UInt8](repeating: 0, count: headerSize + bound)
        let packed = record.withUnsafeMutableBufferPointer { dst in
            frame.pixels.withUnsafeBufferPointer { src in
                libdeflate_zlib_compress(compressor, src.baseAddress, src.count, dst.baseAddress! + headerSize, bound)
            }
        }
        // libdeflate returns 0 only when the output does not fit, and the bound always fits.
        precondition(packed > 0, "libdeflate: a frame did not fit its bound")
        record.removeLast(bound - packed)
        var header: [UInt8] = [FramePartFormat.tag]
        header.append(littleEndian: UInt32(frame.width))
        header.append(littleEndian: UInt32(frame.height))
        header.append(littleEndian: frame.time.bitPattern)
        header.append(littleEndian: UInt32(packed))
        record.replaceSubrange(0..<headerSize, with: header)
        return record
    }
}

extension Array where Element == UInt8 {
    mutating func append<T: FixedWidthInteger>(littleEndian value: T) {
        for i in 0..<(T.bitWidth / 8) { append(UInt8(truncatingIfNeeded: value >> (8 * i))) }
    }
}
