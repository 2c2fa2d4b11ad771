import CZlib
import FXCore
import FXRender
import FXSinks
import Glibc

/// One shard of a sharded render (`--shard I/N --out NAME.fxpart`): its
/// frames exactly as rendered — premultiplied RGBA, deflated, with their
/// times — so that `fxhost join` can hand them to any encoder and get the
/// bytes the unsharded run writes. Layout: the line "FXPART 1\n", then per
/// frame "F", width and height (UInt32), time (the Double's bits, UInt64),
/// the deflated length (UInt32) and the zlib stream, all little-endian.
public final class FramePartWriter: ImageSink {
    private let out: OutputFile
    static let magic = Array("FXPART 1\n".utf8)

    public init(renderer: Renderer, output: OutputFile) throws {
        out = output
        super.init(renderer: renderer)
        try out.write(FramePartWriter.magic)
    }

    override func write(_ frame: Frame) throws {
        var bound = compressBound(uLong(frame.pixels.count))
        var packed = [UInt8](repeating: 0, count: Int(bound))
        let rc = frame.pixels.withUnsafeBufferPointer { src in
            compress2(&packed, &bound, src.baseAddress, uLong(src.count), 1)
        }
        guard rc == Z_OK else { throw OutputError("cannot compress a frame for the part file (zlib error \(rc))") }
        var header: [UInt8] = [UInt8(ascii: "F")]
        header.append(littleEndian: UInt32(frame.width))
        header.append(littleEndian: UInt32(frame.height))
        header.append(littleEndian: frame.time.bitPattern)
        header.append(littleEndian: UInt32(bound))
        try out.write(header)
        try out.write(Array(packed[0..<Int(bound)]))
    }

    public override func finish() throws { try out.commit() }
}

/// Reads the frames of a part file back, checking each as it goes.
public struct FramePartReader {
    private let bytes: [UInt8]
    private var offset = FramePartWriter.magic.count
    private let name: String

    /// `bytes`: the whole part file; `name` says which, in errors.
    public init(_ bytes: [UInt8], name: String) throws {
        guard bytes.starts(with: FramePartWriter.magic) else {
            throw OutputError("'\(name)' is not a part file of fxhost (written with --shard or --frames and --out NAME.fxpart)")
        }
        self.bytes = bytes
        self.name = name
    }

    /// The next frame, or nil at the end of the file.
    public mutating func next() throws -> Frame? {
        guard offset < bytes.count else { return nil }
        let headerSize = 1 + 4 + 4 + 8 + 4
        guard bytes[offset] == UInt8(ascii: "F"), offset + headerSize <= bytes.count else { throw truncated() }
        let width = Int(read32(offset + 1)), height = Int(read32(offset + 5))
        let time = Double(bitPattern: UInt64(read32(offset + 9)) | UInt64(read32(offset + 13)) << 32)
        let packedCount = Int(read32(offset + 17))
        offset += headerSize
        guard width > 0, height > 0, width * height <= 1 << 28, offset + packedCount <= bytes.count else { throw truncated() }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var length = uLong(pixels.count)
        let rc = bytes.withUnsafeBufferPointer { src in
            uncompress(&pixels, &length, src.baseAddress! + offset, uLong(packedCount))
        }
        guard rc == Z_OK, Int(length) == pixels.count else { throw truncated() }
        offset += packedCount
        return Frame(width: width, height: height, pixels: pixels, time: time)
    }

    private func read32(_ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }

    private func truncated() -> OutputError {
        OutputError("the part '\(name)' is damaged or cut short at byte \(offset) (render that shard again)")
    }
}

extension Array where Element == UInt8 {
    mutating func append<T: FixedWidthInteger>(littleEndian value: T) {
        for i in 0..<(T.bitWidth / 8) { append(UInt8(truncatingIfNeeded: value >> (8 * i))) }
    }
}
