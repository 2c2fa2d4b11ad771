// SPDX-License-Identifier: MIT
import FXCore
import FXRender
import FXSinks

/// YUV4MPEG2 video (`| ffmpeg -i - out.mp4`): evenly spaced frames, 4:4:4
/// chroma, BT.601 limited range (converted by `YCbCrConverter`), composited over
/// the background (default black). Each pixel's Y′CbCr depends on that pixel
/// alone, so only the rows the renderer redrew are converted again.
public final class Y4MWriter: ImageSink {
    private let out: OutputFile
    private let fps: Double
    /// Made with the header, at the first frame (`Frame`s are RGBX, the renderer's rows BGRX).
    private var converter: YCbCrConverter?
    private var rowConverter: YCbCrConverter?
    /// The planes of a frame converted from a `Frame`.
    private var planes: [UInt8] = []
    /// The planes of a frame converted from the renderer's rows, kept from frame to frame.
    private var rowPlanes: PixelBuffer?
    /// The render `rowPlanes` hold.
    private var converted: Int?
    /// Whether the renderer's pixels need no compositing (see `VideoWriter`).
    private let direct: Bool

    public init(renderer: Renderer, output: OutputFile, fps: Double) {
        out = output
        self.fps = fps
        let c = renderer.background.clamped
        direct = Y4MWriter.opaque(renderer.background) == (0, 0, 0) || c.alpha >= 1
        super.init(renderer: renderer)
    }

    public override var wantsEvenFrames: Bool { true }

    override var readsRows: Bool { direct }

    /// The frame rate as a ratio: exact for whole rates, NTSC's for x/1.001.
    static func rate(_ fps: Double) -> (Int, Int) {
        if fps == fps.rounded() { return (Int(fps), 1) }
        let ntsc = fps * 1.001
        if abs(ntsc - ntsc.rounded()) < 1e-3 { return (Int(ntsc.rounded()) * 1000, 1001) }
        return (Int((fps * 1000).rounded()), 1000)
    }

    private func header(width: Int, height: Int) throws {
        let (n, d) = Y4MWriter.rate(fps)
        try out.write("YUV4MPEG2 W\(width) H\(height) F\(n):\(d) Ip A1:1 C444\n")
    }

    override func write(_ frame: Frame) throws {
        if converter == nil {
            if rowConverter == nil { try header(width: frame.width, height: frame.height) }
            converter = try YCbCrConverter(width: frame.width, height: frame.height, chroma: .full)
        }
        converter!.convert(PixelLayout.rgbx(frame, over: Y4MWriter.opaque(renderer.background)), into: &planes)
        try out.write("FRAME\n")
        try out.write(planes)
    }

    override func write(rows: PixelRows) throws {
        if rowConverter == nil {
            if converter == nil { try header(width: rows.width, height: rows.height) }
            rowConverter = try YCbCrConverter(width: rows.width, height: rows.height, chroma: .full, input: .bgrx)
        }
        let converter = rowConverter!
        let (ls, _) = converter.planeSizes
        let w = rows.width
        func convert(_ band: Range<Int>, into at: UnsafeMutablePointer<UInt8>) {
            converter.convert(rows.base, stride: rows.stride, rows: band, into: [at, at + ls, at + 2 * ls], strides: [w, w, w])
        }
        let buffer: PixelBuffer
        if let b = rowPlanes, b.count == 3 * ls {
            buffer = b
        } else {
            buffer = PixelBuffer(count: 3 * ls)
            rowPlanes = buffer
            converted = nil
        }
        // New planes are made by converting every row, which writes all of each plane (4:4:4: `w` bytes a row, `w` apart).
        convert(converted == rows.sequence - 1 ? rows.changedRows : 0..<rows.height, into: buffer.base)
        converted = rows.sequence
        try out.write("FRAME\n")
        try out.write(buffer.bytes)
    }

    /// The background's colour, for compositing.
    static func opaque(_ background: Color) -> (r: UInt8, g: UInt8, b: UInt8) {
        let c = background.clamped
        return (UInt8((c.red * 255).rounded()), UInt8((c.green * 255).rounded()), UInt8((c.blue * 255).rounded()))
    }

    public override func finish() throws { try out.commit() }
}

/// One PNG file per frame: into a folder (`frame-0000.png`, …) or by a
/// printf-style pattern (`shot-%03d.png`). Each file is written whole.
public final class PNGSequenceWriter: ImageSink {
    private let pattern: String
    /// How each frame's file is written.
    private let publication: Publication
    /// The number of the first file: a shard's frames keep their index in the whole run.
    public var firstIndex = 0

    /// `target` is a folder (existing, or ending in '/') or a name with `%d`/`%0Nd`.
    public init(renderer: Renderer, target: String, publication: Publication) throws {
        self.publication = publication
        if target.contains("%") {
            guard PNGSequenceWriter.format(target, 0) != nil else {
                throw OutputError("--out \(target): the pattern must hold one %d or %0Nd (e.g. frame-%04d.png)")
            }
            pattern = target
        } else {
            pattern = (target.hasSuffix("/") ? target : target + "/") + "frame-%04d.png"
        }
        super.init(renderer: renderer)
    }

    /// The file name for frame `n`, or nil when the pattern is not one %d.
    static func format(_ pattern: String, _ n: Int) -> String? {
        guard let p = pattern.firstIndex(of: "%") else { return nil }
        var i = pattern.index(after: p)
        var widthText = ""
        while i < pattern.endIndex, pattern[i].isNumber { widthText.append(pattern[i]); i = pattern.index(after: i) }
        guard i < pattern.endIndex, pattern[i] == "d" else { return nil }
        let rest = pattern[pattern.index(after: i)...]
        guard !rest.contains("%") else { return nil }
        var digits = String(n)
        let width = Int(widthText) ?? 0
        if digits.count < width { digits = String(repeating: "0", count: width - digits.count) + digits }
        return String(pattern[..<p]) + digits + rest
    }

    override func write(_ frame: Frame) throws {
        let name = PNGSequenceWriter.format(pattern, firstIndex + frameCount - 1)!
        let file = try OutputFile(path: name, publication: publication)
        try file.write(PNGEncoder.png(frame.pixels, width: frame.width, height: frame.height))
        try file.commit()
    }

    public override func finish() throws {}
}
