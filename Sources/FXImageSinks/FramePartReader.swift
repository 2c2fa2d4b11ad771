// SPDX-License-Identifier: MIT
import CDeflate
import FXRender
import FXSinks
import Glibc

/// What a part holds by its manifest: every frame header of the part must say
/// the same before a pixel of it is read, so that a part cannot make a reader
/// take more memory than the render it claims to come from.
public struct FramePartLayout: Sendable, Equatable {
    /// The frame size in pixels (the render's size × scale).
    public let width: Int
    public let height: Int
    /// The frames of the run the part holds, frame k showing time k / fps.
    public let frames: Range<Int>
    public let fps: Double
    /// Whether the run's last sample follows the frames (outputs other than video take it).
    public let endSample: Bool
    /// The time of that sample when the run's end was given (`--end`); without it the end
    /// falls between the last frame's time and the next frame's.
    public let end: Double?

    public init(width: Int, height: Int, frames: Range<Int>, fps: Double, endSample: Bool, end: Double?) {
        self.width = width; self.height = height; self.frames = frames; self.fps = fps
        self.endSample = endSample; self.end = end
    }

    /// How many frames the part holds, the end sample included.
    public var count: Int { frames.count + (endSample ? 1 : 0) }
}

/// Reads the frames of a part file one at a time. Opening it walks every frame
/// header (21 bytes each, nothing else) and checks each against the part's
/// layout and the file's length: a part that does not match is refused before
/// anything the size of a frame is allocated. Reading then holds one frame's
/// pixels and one frame's deflated bytes at a time, whatever the part's length.
public final class FramePartReader: @unchecked Sendable {
    public let layout: FramePartLayout
    /// The part as messages name it.
    public let name: String
    private let source: Source
    /// Where each frame's deflated pixels start, how many bytes they take, and the frame's time.
    private var index: [(offset: Int, count: Int, time: Double)] = []
    private var packed: [UInt8] = []
    private let inflater: OpaquePointer

    /// The part file at `path`, named `name` in messages (default: the path).
    public convenience init(path: String, name: String? = nil, layout: FramePartLayout) throws {
        let shown = name ?? path
        try self.init(source: try Source(path: path, name: shown), name: shown, layout: layout)
    }

    /// A part's bytes in memory (tests and fuzzing).
    public convenience init(bytes: [UInt8], name: String, layout: FramePartLayout) throws {
        try self.init(source: Source(bytes: bytes), name: name, layout: layout)
    }

    private init(source: Source, name: String, layout: FramePartLayout) throws {
        self.source = source
        self.name = name
        self.layout = layout
        guard let d = libdeflate_alloc_decompressor() else { fatalError("libdeflate: out of memory") }
        inflater = d
        try walkHeaders()
        source.close()
    }

    deinit {
        source.close()
        libdeflate_free_decompressor(inflater)
    }

    /// The part's frames, as many as its layout says.
    public var count: Int { index.count }

    /// Frame `i` of the part (from 0), read and inflated.
    public func frame(_ i: Int) throws -> Frame {
        let (offset, packedCount, time) = index[i]
        if packed.count < packedCount { packed = [UInt8](repeating: 0, count: packedCount) }
        try packed.withUnsafeMutableBytes { buffer in
            guard try source.read(at: offset, into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<packedCount])) else {
                throw damaged(at: offset, "the file changed while it was read")
            }
        }
        let size = layout.width * layout.height * 4
        var result = LIBDEFLATE_SUCCESS
        let pixels = [UInt8](unsafeUninitializedCapacity: size) { out, initialized in
            result = packed.withUnsafeBytes { src in
                libdeflate_zlib_decompress(inflater, src.baseAddress, packedCount, out.baseAddress, size, nil)
            }
            initialized = result == LIBDEFLATE_SUCCESS ? size : 0
        }
        guard result == LIBDEFLATE_SUCCESS else {
            throw damaged(at: offset, "the pixels of \(frameName(i)) do not inflate to \(layout.width)×\(layout.height) pixels")
        }
        return Frame(width: layout.width, height: layout.height, pixels: pixels, time: time)
    }

    /// Hands the first `count` frames (default: all) to `body` in order, the
    /// next one being read and inflated on another thread meanwhile.
    public func forEachFrame(count: Int? = nil, _ body: (Frame) throws -> Void) throws {
        let n = min(count ?? index.count, index.count)
        var next = n > 0 ? BackgroundJob { Result { try self.frame(0) } } : nil
        // When `body` throws, the frame being read is waited for before the file is closed under it.
        defer {
            _ = next?.result()
            source.close()
        }
        for i in 0..<n {
            let frame = try next!.result().get()
            next = i + 1 < n ? BackgroundJob { Result { try self.frame(i + 1) } } : nil
            try body(frame)
        }
    }

    // MARK: Checking the headers

    private func walkHeaders() throws {
        let magic = FramePartFormat.magic
        var head = [UInt8](repeating: 0, count: FramePartFormat.headerSize)
        guard source.size >= magic.count,
              try head.withUnsafeMutableBytes({ try source.read(at: 0, into: UnsafeMutableRawBufferPointer(rebasing: $0[0..<magic.count])) }),
              Array(head[0..<magic.count]) == magic else {
            throw OutputError("'\(name)' is not a part file of fxhost (written with --shard or --frames and --out NAME.fxpart)")
        }
        let w = layout.width, h = layout.height
        let bound = FramePartFormat.packedBound(pixels: w * h)
        var offset = magic.count
        for i in 0..<layout.count {
            guard offset < source.size else {
                throw OutputError("the part '\(name)' holds \(i) frames where its manifest says \(layout.count) (render that shard again)")
            }
            guard offset + head.count <= source.size else { throw damaged(at: offset, "it ends inside a frame header") }
            guard try head.withUnsafeMutableBytes({ try source.read(at: offset, into: $0) }) else {
                throw damaged(at: offset, "the file changed while it was read")
            }
            guard head[0] == FramePartFormat.tag else { throw damaged(at: offset, "no frame header starts there") }
            let width = Int(head.uint32(at: 1)), height = Int(head.uint32(at: 5))
            let time = Double(bitPattern: UInt64(head.uint32(at: 9)) | UInt64(head.uint32(at: 13)) << 32)
            let packedCount = Int(head.uint32(at: 17))
            guard width == w, height == h else {
                throw mismatch("its \(frameName(i)) is \(width)×\(height) pixels where the manifest says \(w)×\(h)")
            }
            if let expected = expectedTime(i), time.bitPattern != expected.bitPattern {
                throw mismatch("its \(frameName(i)) shows \(time) s where the manifest puts it at \(expected) s")
            }
            if i >= layout.frames.count && layout.end == nil {
                // The end sample without a given end: after the last frame's time, before the next frame's.
                let last = Double(layout.frames.upperBound - 1) / layout.fps, next = Double(layout.frames.upperBound) / layout.fps
                guard time > last && time < next else {
                    throw mismatch("its \(frameName(i)) shows \(time) s, not between \(last) s and \(next) s")
                }
            }
            guard packedCount > 0, packedCount <= bound else {
                throw damaged(at: offset, "its \(frameName(i)) claims \(packedCount) deflated bytes, where a frame of \(w)×\(h) takes at most \(bound)")
            }
            guard offset + head.count + packedCount <= source.size else {
                throw damaged(at: offset, "it ends inside the pixels of \(frameName(i))")
            }
            index.append((offset + head.count, packedCount, time))
            offset += head.count + packedCount
        }
        guard offset == source.size else {
            throw OutputError("the part '\(name)' holds more than the \(layout.count) frames its manifest says (\(source.size - offset) bytes follow them; render that shard again)")
        }
    }

    /// The time frame `i` of the part shows, as the run sampled it; nil for an end sample of an unknown end.
    private func expectedTime(_ i: Int) -> Double? {
        i < layout.frames.count ? Double(layout.frames.lowerBound + i) / layout.fps : layout.end
    }

    private func frameName(_ i: Int) -> String {
        i < layout.frames.count ? "frame \(layout.frames.lowerBound + i)" : "last sample (the run's end)"
    }

    private func mismatch(_ what: String) -> OutputError {
        OutputError("the part '\(name)' does not match its manifest: \(what) (render that shard again)")
    }

    private func damaged(at offset: Int, _ what: String) -> OutputError {
        OutputError("the part '\(name)' is damaged or cut short at byte \(offset): \(what) (render that shard again)")
    }
}

/// The bytes of a part: its file, read a piece at a time (opened again after
/// the headers are walked, so that many parts do not hold many descriptors),
/// or bytes in memory.
private final class Source: @unchecked Sendable {
    let size: Int
    private let path: String?
    private let name: String
    private let bytes: [UInt8]
    private var fd: Int32 = -1

    init(path: String, name: String) throws {
        self.path = path
        self.name = name
        bytes = []
        fd = open(path, O_RDONLY | O_CLOEXEC)
        var st = stat()
        guard fd >= 0, fstat(fd, &st) == 0 else { throw Source.cannotRead(name) }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            Glibc.close(fd)
            throw OutputError("cannot read the part '\(name)': it is not a regular file")
        }
        size = Int(st.st_size)
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
        size = bytes.count
        path = nil
        name = ""
    }

    private static func cannotRead(_ name: String) -> OutputError {
        OutputError("cannot read the part '\(name)': \(String(cString: strerror(errno)))")
    }

    /// Fills `buffer` from `offset`; false when the file is shorter than it was when opened.
    func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws -> Bool {
        guard let path else {
            guard offset + buffer.count <= bytes.count else { return false }
            bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + buffer.count)])) }
            return true
        }
        if fd < 0 {
            fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw Source.cannotRead(name) }
        }
        var done = 0
        while done < buffer.count {
            let n = pread(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw Source.cannotRead(name) }
            if n == 0 { return false }
            done += n
        }
        return true
    }

    func close() {
        if fd >= 0 { Glibc.close(fd); fd = -1 }
    }
}

extension Array where Element == UInt8 {
    fileprivate func uint32(at i: Int) -> UInt32 {
        UInt32(self[i]) | UInt32(self[i + 1]) << 8 | UInt32(self[i + 2]) << 16 | UInt32(self[i + 3]) << 24
    }
}
