// SPDX-License-Identifier: MIT
import CAVFormat
import FXCore
import FXParallel
import FXRender
import FXSinks

/// MP4 (H.264 by libx264) and WebM (VP9 by libvpx), encoded and muxed in
/// process by libavcodec and libavformat. Frames are evenly spaced on the
/// simulated clock: the time base is one frame (1/fps, or 1001/30000 for
/// 29.97), and frame k has timestamp k exactly. 4:2:0 BT.601 limited range,
/// tagged so; an odd width or height gets one more column or row repeating
/// the last. MP4 moves its index to the front (`+faststart`) so it plays
/// while loading. The file is built in memory and written whole at the end.
/// Encoding runs on a thread of its own, a few frames behind rendering;
/// frames reach the encoder in order, so the bytes do not depend on timing.
public final class VideoWriter: ImageSink {
    public enum Format: String, Sendable {
        case mp4, webm

        var muxer: String { rawValue }
        var encoderName: String { self == .mp4 ? "libx264" : "libvpx-vp9" }
        /// x264's own default, and the one libvpx's documentation suggests for 720p VP9.
        public var defaultCRF: Int { self == .mp4 ? 23 : 32 }
        public var crfRange: ClosedRange<Int> { self == .mp4 ? 0...51 : 0...63 }
        /// The encoder settings besides `crf`, as ffmpeg's command line names them (the e2e benchmark gives ffmpeg the same).
        public var settings: [(String, String)] {
            self == .mp4 ? [("preset", "medium")] : [("deadline", "good"), ("cpu-used", "4"), ("row-mt", "1")]
        }
    }

    private let out: OutputFile
    private let format: Format
    private let encoder: VideoEncoder
    private let background: (r: UInt8, g: UInt8, b: UInt8)
    /// Whether the renderer's pixels can be encoded as they are: even sizes, and nothing to
    /// composite (premultiplied colour over black is the colour; an opaque background leaves
    /// every pixel opaque, where premultiplied and straight agree).
    private let direct: Bool

    /// Opens the encoder now, so that a missing codec fails before any sampling.
    public init(renderer: Renderer, output: OutputFile, fps: Double, format: Format, crf: Int? = nil) throws {
        out = output
        self.format = format
        let c = renderer.background.clamped
        background = (UInt8((c.red * 255).rounded()), UInt8((c.green * 255).rounded()), UInt8((c.blue * 255).rounded()))
        encoder = try VideoEncoder(format: format, width: renderer.pixelWidth, height: renderer.pixelHeight,
                                   rate: Y4MWriter.rate(fps), crf: crf ?? format.defaultCRF)
        direct = renderer.pixelWidth % 2 == 0 && renderer.pixelHeight % 2 == 0 && (background == (0, 0, 0) || c.alpha >= 1)
        super.init(renderer: renderer)
    }

    deinit { encoder.stop() }

    public override var wantsEvenFrames: Bool { true }

    override var readsRows: Bool { direct }

    override func write(rows: PixelRows) throws {
        try encoder.encode(rows, index: frameCount - 1)
    }

    override func write(_ frame: Frame) throws {
        let rgbx = PixelLayout.paddedToEven(PixelLayout.rgbx(frame, over: background), width: frame.width, height: frame.height)
        try encoder.encode(rgbx, index: frameCount - 1)
    }

    public override func finish() throws {
        try out.write(try encoder.finish())
        try out.commit()
    }
}

/// The libavcodec encoder and libavformat muxer behind `VideoWriter`.
final class VideoEncoder {
    private let format: VideoWriter.Format
    private var muxer: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var stream: UnsafeMutablePointer<AVStream>
    private var packet: UnsafeMutablePointer<AVPacket>?
    private let width: Int, height: Int
    /// Made at the first frame of each kind: `Frame`s are RGBX, the renderer's own rows BGRX.
    private var rgbxConverter: YCbCrConverter?
    private var bgrxConverter: YCbCrConverter?
    private let file = MemoryFile()
    private var finished = false
    /// Pictures converted and waiting for the encoder, and pictures it is done with: three in all, so that one is
    /// being filled while one waits and one is encoded.
    private var pictures: [UnsafeMutablePointer<AVFrame>] = []
    private let filled = HandOffQueue<UnsafeMutablePointer<AVFrame>>()
    private let free = HandOffQueue<UnsafeMutablePointer<AVFrame>>()
    private var worker: BackgroundJob<Void>?
    /// The picture last queued from the renderer's rows, and the render it holds.
    private var last: (picture: UnsafeMutablePointer<AVFrame>, sequence: Int)?
    /// Where a whole picture is cut to be converted as two bands at once, one on a second thread
    /// (the machine has two cores); nil for small pictures.
    private var middle: Int?

    init(format: VideoWriter.Format, width: Int, height: Int, rate: (Int, Int), crf: Int) throws {
        self.format = format
        guard fx_av_load() != nil else {
            throw OutputError("\(format.rawValue) output needs FFmpeg's libraries: \(String(cString: fx_av_error())) (install Debian's libavformat59 and libavcodec59)")
        }
        // Errors are reported by fxhost in one line; libav's own chatter (x264's statistics) is not wanted.
        av.av_log_set_level(AV_LOG_QUIET)
        let w = PixelLayout.even(width), h = PixelLayout.even(height)
        self.width = w
        self.height = h
        func fail(_ what: String, _ code: Int32) -> OutputError {
            OutputError("\(format.rawValue) output: \(what) failed (\(VideoEncoder.message(code)))")
        }
        var m: UnsafeMutablePointer<AVFormatContext>?
        var rc = av.avformat_alloc_output_context2(&m, nil, format.muxer, nil)
        guard rc >= 0, let m else { throw fail("libavformat's \(format.muxer) muxer", rc) }
        muxer = m
        guard let found = av.avcodec_find_encoder_by_name(format.encoderName) else {
            throw OutputError("\(format.rawValue) output: this libavcodec has no \(format.encoderName) encoder (install Debian's libavcodec59)")
        }
        guard let s = av.avformat_new_stream(m, nil), let c = av.avcodec_alloc_context3(found) else {
            throw OutputError("\(format.rawValue) output: out of memory")
        }
        stream = s
        codec = c
        c.pointee.width = Int32(w)
        c.pointee.height = Int32(h)
        c.pointee.time_base = AVRational(num: Int32(rate.1), den: Int32(rate.0))
        c.pointee.framerate = AVRational(num: Int32(rate.0), den: Int32(rate.1))
        c.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        c.pointee.color_range = AVCOL_RANGE_MPEG
        c.pointee.colorspace = AVCOL_SPC_SMPTE170M
        c.pointee.color_primaries = AVCOL_PRI_BT709
        c.pointee.color_trc = AVCOL_TRC_IEC61966_2_1
        c.pointee.bit_rate = 0  // constant quality: crf alone decides
        c.pointee.thread_count = 0  // as many as the machine has
        if (m.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER) != 0 {
            c.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
        }
        var options: OpaquePointer?
        defer { av.av_dict_free(&options) }
        _ = av.av_dict_set(&options, "crf", String(crf), 0)
        for (k, v) in format.settings { _ = av.av_dict_set(&options, k, v, 0) }
        rc = av.avcodec_open2(c, found, &options)
        guard rc >= 0 else { throw fail("opening \(format.encoderName)", rc) }
        rc = av.avcodec_parameters_from_context(s.pointee.codecpar, c)
        guard rc >= 0 else { throw fail("stream parameters", rc) }
        s.pointee.time_base = c.pointee.time_base
        s.pointee.avg_frame_rate = c.pointee.framerate

        m.pointee.pb = file.writer()
        // Bit-exact: no random segment UID, date or library version in the file, so the same
        // frames always give the same bytes (a run repeated, or a sharded render joined).
        m.pointee.flags |= AVFMT_FLAG_CUSTOM_IO | AVFMT_FLAG_BITEXACT
        m.pointee.opaque = Unmanaged.passUnretained(file).toOpaque()
        // +faststart reopens the output to read it back: give it the bytes in memory.
        m.pointee.io_open = { s, pb, _, flags, _ in
            guard let s, let pb, (flags & AVIO_FLAG_WRITE) == 0 else { return -EPERM }
            let file = Unmanaged<MemoryFile>.fromOpaque(s.pointee.opaque).takeUnretainedValue()
            pb.pointee = file.reader()
            return 0
        }
        m.pointee.io_close = { _, pb in MemoryFile.close(pb) }
        var muxOptions: OpaquePointer?
        defer { av.av_dict_free(&muxOptions) }
        if format == .mp4 { _ = av.av_dict_set(&muxOptions, "movflags", "+faststart", 0) }
        rc = av.avformat_write_header(m, &muxOptions)
        guard rc >= 0 else { throw fail("writing the \(format.rawValue) header", rc) }

        packet = av.av_packet_alloc()
        guard packet != nil else { throw OutputError("\(format.rawValue) output: out of memory") }
        for _ in 0..<3 {
            guard let picture = av.av_frame_alloc() else { throw OutputError("\(format.rawValue) output: out of memory") }
            pictures.append(picture)
            picture.pointee.format = AV_PIX_FMT_YUV420P.rawValue
            picture.pointee.width = Int32(w)
            picture.pointee.height = Int32(h)
            rc = av.av_frame_get_buffer(picture, 0)
            guard rc >= 0 else { throw fail("a frame buffer", rc) }
            free.put(picture)
        }
        worker = BackgroundJob { self.work() }
    }

    deinit {
        if let muxer {
            if let pb = muxer.pointee.pb { MemoryFile.close(pb) }
            muxer.pointee.pb = nil
            av.avformat_free_context(muxer)
        }
        av.avcodec_free_context(&codec)
        for var picture in pictures as [UnsafeMutablePointer<AVFrame>?] { av.av_frame_free(&picture) }
        av.av_packet_free(&packet)
    }

    /// Encodes frame `index` (its timestamp, in frames), RGBX at the encoder's size.
    func encode(_ rgbx: [UInt8], index: Int) throws {
        if rgbxConverter == nil { rgbxConverter = try YCbCrConverter(width: width, height: height, chroma: .quarter) }
        let converter = rgbxConverter!
        last = nil
        try submit(index) { _, planes, strides in
            rgbx.withUnsafeBufferPointer { converter.convert($0.baseAddress!, into: planes, strides: strides) }
        }
    }

    /// Encodes frame `index` from the renderer's rows, which must be at the encoder's size. When the
    /// renderer redrew only a band of rows since the picture queued last, that picture is copied and
    /// only the band converted again (see `band(_:)`).
    func encode(_ rows: PixelRows, index: Int) throws {
        if bgrxConverter == nil {
            bgrxConverter = try YCbCrConverter(width: width, height: height, chroma: .quarter, input: .bgrx)
        }
        let whole = bgrxConverter!
        if middle == nil && width * height >= 1 << 16 { middle = (height / 2) & ~1 }
        var partial: (previous: UnsafeMutablePointer<AVFrame>, band: Range<Int>)?
        if let last, last.sequence == rows.sequence - 1, let b = band(rows.changedRows) { partial = (last.picture, b) }
        last = (try submit(index) { picture, planes, strides in
            if let (previous, band) = partial {
                if previous != picture { copyPlanes(from: previous, to: planes, strides: strides) }
                whole.convert(rows.base, stride: rows.stride, rows: band, into: planes, strides: strides)
            } else if let middle {
                // The halves write rows of their own in the same planes.
                nonisolated(unsafe) let target = planes
                let job = ParallelJob {
                    whole.convert(rows.base, stride: rows.stride, rows: middle..<self.height, into: target, strides: strides)
                }
                job.start()
                whole.convert(rows.base, stride: rows.stride, rows: 0..<middle, into: planes, strides: strides)
                job.join()
            } else {
                whole.convert(rows.base, stride: rows.stride, into: planes, strides: strides)
            }
        }, rows.sequence)
    }

    /// The rows to convert again for the rows `changed`, widened to whole 2×2 blocks (each
    /// chroma sample depends on its block alone); nil when most of the picture changed (it is
    /// converted whole).
    func band(_ changed: Range<Int>) -> Range<Int>? {
        guard !changed.isEmpty else { return 0..<0 }
        let rows = (changed.lowerBound & ~1)..<min(height, (changed.upperBound + 1) & ~1)
        return rows.count * 4 <= height * 3 ? rows : nil
    }

    private func copyPlanes(from previous: UnsafeMutablePointer<AVFrame>, to planes: [UnsafeMutablePointer<UInt8>], strides: [Int]) {
        withUnsafeBytes(of: previous.pointee.data) { raw in
            let from = raw.bindMemory(to: UnsafeMutablePointer<UInt8>?.self)
            let ls = previous.pointee.linesize
            let fromStrides = [Int(ls.0), Int(ls.1), Int(ls.2)]
            for p in 0..<3 {
                let (w, h) = p == 0 ? (width, height) : (width / 2, height / 2)
                for y in 0..<h { (planes[p] + y * strides[p]).update(from: from[p]! + y * fromStrides[p], count: w) }
            }
        }
    }


    /// Converts into a free picture and queues it for the encoding thread; returns the picture.
    @discardableResult
    private func submit(_ index: Int, _ convert: (UnsafeMutablePointer<AVFrame>, [UnsafeMutablePointer<UInt8>], [Int]) -> Void) throws
        -> UnsafeMutablePointer<AVFrame> {
        guard let picture = free.take() else { throw OutputError("\(format.rawValue) output: the encoder has stopped") }
        if let e = free.failure { free.put(picture); throw e }
        let rc = av.av_frame_make_writable(picture)
        guard rc >= 0 else { free.put(picture); throw error("a writable frame", rc) }
        withUnsafeMutablePointer(to: &picture.pointee.data) { data in
            data.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 3) { planes in
                let ls = picture.pointee.linesize
                convert(picture, [planes[0]!, planes[1]!, planes[2]!], [Int(ls.0), Int(ls.1), Int(ls.2)])
            }
        }
        picture.pointee.pts = Int64(index)
        filled.put(picture)
        return picture
    }

    /// The encoding thread: pictures in the order queued, each handed back when the encoder is done with it.
    private func work() {
        while let picture = filled.take() {
            if free.failure == nil {
                do {
                    let rc = av.avcodec_send_frame(codec, picture)
                    guard rc >= 0 else { throw error("encoding frame \(picture.pointee.pts)", rc) }
                    try drain()
                } catch { free.fail(error) }
            }
            free.put(picture)
        }
    }

    /// Waits for the encoding thread to finish the queued pictures, and ends it.
    func stop() {
        guard let job = worker else { return }
        worker = nil
        filled.end()
        job.result()
    }

    /// Flushes the encoder, writes the trailer and returns the whole file.
    func finish() throws -> [UInt8] {
        guard !finished else { return file.bytes }
        finished = true
        stop()
        if let e = free.failure { throw e }
        var rc = av.avcodec_send_frame(codec, nil)
        guard rc >= 0 else { throw error("flushing the encoder", rc) }
        try drain()
        rc = av.av_write_trailer(muxer)
        guard rc >= 0 else { throw error("writing the \(format.rawValue) index", rc) }
        if let pb = muxer?.pointee.pb { av.avio_flush(pb) }
        return file.bytes
    }

    private func drain() throws {
        while true {
            let rc = av.avcodec_receive_packet(codec, packet)
            if rc == -EAGAIN || rc == VideoEncoder.endOfFile { return }
            guard rc >= 0, let packet, let codec else { throw error("encoding", rc) }
            av.av_packet_rescale_ts(packet, codec.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            let written = av.av_interleaved_write_frame(muxer, packet)
            guard written >= 0 else { throw error("muxing", written) }
        }
    }

    private func error(_ what: String, _ code: Int32) -> OutputError {
        OutputError("\(format.rawValue) output: \(what) failed (\(VideoEncoder.message(code)))")
    }

    /// AVERROR_EOF: FFERRTAG('E','O','F',' '), negated.
    static let endOfFile: Int32 = -Int32(bitPattern: UInt32(0x45) | UInt32(0x4F) << 8 | UInt32(0x46) << 16 | UInt32(0x20) << 24)

    static func message(_ code: Int32) -> String {
        var text = [CChar](repeating: 0, count: 128)
        _ = av.av_strerror(code, &text, text.count)
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// A seekable file in memory for libavformat's muxers: one writer, and
/// readers over the same bytes for muxers that read their output back.
final class MemoryFile {
    private(set) var bytes: [UInt8] = []
    private static let bufferSize: Int32 = 1 << 16

    /// The cursor of one AVIOContext over the bytes.
    final class Cursor {
        let file: MemoryFile
        var position = 0
        init(_ file: MemoryFile) { self.file = file }
    }

    func writer() -> UnsafeMutablePointer<AVIOContext>? { context(writing: true) }
    func reader() -> UnsafeMutablePointer<AVIOContext>? { context(writing: false) }

    private func context(writing: Bool) -> UnsafeMutablePointer<AVIOContext>? {
        let cursor = Unmanaged.passRetained(Cursor(self)).toOpaque()
        let buffer = av.av_malloc(Int(MemoryFile.bufferSize))?.assumingMemoryBound(to: UInt8.self)
        return av.avio_alloc_context(buffer, MemoryFile.bufferSize, writing ? 1 : 0, cursor, { opaque, buf, size in
            let c = Unmanaged<Cursor>.fromOpaque(opaque!).takeUnretainedValue()
            let n = min(Int(size), c.file.bytes.count - c.position)
            guard n > 0 else { return VideoEncoder.endOfFile }
            c.file.bytes.withUnsafeBufferPointer { src in buf!.update(from: src.baseAddress! + c.position, count: n) }
            c.position += n
            return Int32(n)
        }, { opaque, buf, size in
            let c = Unmanaged<Cursor>.fromOpaque(opaque!).takeUnretainedValue()
            let n = Int(size), end = c.position + n
            if end > c.file.bytes.count { c.file.bytes += repeatElement(0, count: end - c.file.bytes.count) }
            c.file.bytes.withUnsafeMutableBufferPointer { dst in (dst.baseAddress! + c.position).update(from: buf!, count: n) }
            c.position = end
            return size
        }, { opaque, offset, whence in
            let c = Unmanaged<Cursor>.fromOpaque(opaque!).takeUnretainedValue()
            if whence & AVSEEK_SIZE != 0 { return Int64(c.file.bytes.count) }
            let base: Int
            switch whence & ~AVSEEK_FORCE {
            case SEEK_SET: base = 0
            case SEEK_CUR: base = c.position
            case SEEK_END: base = c.file.bytes.count
            default: return -Int64(EINVAL)
            }
            let target = base + Int(offset)
            guard target >= 0 else { return -Int64(EINVAL) }
            c.position = target
            return Int64(target)
        })
    }

    /// Frees a context made by `writer()` or `reader()`, with its cursor.
    static func close(_ pb: UnsafeMutablePointer<AVIOContext>?) {
        guard let pb else { return }
        if pb.pointee.write_flag != 0 { av.avio_flush(pb) }
        if let cursor = pb.pointee.opaque { Unmanaged<Cursor>.fromOpaque(cursor).release() }
        av.av_freep(&pb.pointee.buffer)
        var context: UnsafeMutablePointer<AVIOContext>? = pb
        av.avio_context_free(&context)
    }
}

/// FFmpeg's functions, loaded at the first video (`fx_av_load`): only reached after `VideoEncoder`'s
/// initialiser has checked that they loaded.
private var av: fx_av { fx_av_load()!.pointee }
