// SPDX-License-Identifier: MIT
import FXCommandLine
import FXCore
import FXHost
import FXImageSinks
import FXRender
import FXSinks

/// The image sinks of a run: the main one when its kind renders, and the
/// contact sheet when asked; they share one renderer.
func imageSinks(_ o: ImageTarget) throws -> [Sink] {
    let kind = o.kind
    var renderer: Renderer?
    func render() throws -> Renderer {
        if let renderer { return renderer }
        guard OutputLimits.pixelSize(width: o.width, height: o.height, scale: o.scale) != nil else {
            let w = (o.width * o.scale).rounded(), h = (o.height * o.scale).rounded()
            throw HostError.usage("--size \(Int(o.width))x\(Int(o.height)) at --scale \(o.scale) makes \(ValueFormat.fixed(w, 0))×\(ValueFormat.fixed(h, 0)) pixels; the limit is \(OutputLimits.maxPixels) pixels (\(OutputLimits.maxSide) a side)")
        }
        if let failure = Renderer.libraryFailure { throw failure }
        let r = Renderer(stageSize: Size(o.width, o.height), scale: o.scale, background: o.background)
        renderer = r
        return r
    }
    let interval = 1 / o.fps
    var sinks: [Sink] = []
    switch kind {
    case .text, .jsonl: break
    case .preview: sinks.append(TerminalPreview(renderer: try render(), output: try output(o.out)))
    case .png:
        guard let path = o.out, path != "-" else {
            throw HostError.usage("png output needs a file: --out NAME.png (standard output cannot take an animated PNG)")
        }
        sinks.append(try APNGWriter(renderer: try render(), output: try output(path), frameInterval: interval))
    case .gif: sinks.append(try GIFWriter(renderer: try render(), output: try output(o.out), frameInterval: interval))
    case .y4m: sinks.append(Y4MWriter(renderer: try render(), output: try output(o.out), fps: o.fps))
    case .mp4, .webm:
        let format: VideoWriter.Format = kind == .mp4 ? .mp4 : .webm
        if let crf = o.encoding.crf, !format.crfRange.contains(crf) {
            throw HostError.usage("--crf \(crf): \(format.rawValue) takes \(format.crfRange.lowerBound) to \(format.crfRange.upperBound) (default \(format.defaultCRF); lower is better)")
        }
        sinks.append(try VideoWriter(renderer: try render(), output: try output(o.out), fps: o.fps, format: format, crf: o.encoding.crf))
    case .webp:
        if o.encoding.lossless && o.encoding.quality != nil { throw HostError.usage("--quality and --lossless: WebP is one or the other; give one") }
        sinks.append(try WebPWriter(renderer: try render(), output: try output(o.out), frameInterval: interval,
                                    quality: o.encoding.lossless ? nil : o.encoding.quality ?? WebPWriter.defaultQuality))
    case .frames:
        guard let path = o.out, path != "-" else { throw HostError.usage("frames output needs a folder or a name-%04d.png pattern") }
        try checkFolder(path)
        let frames = try PNGSequenceWriter(renderer: try render(), target: path, publication: RunPublication.current)
        frames.firstIndex = o.firstFrame
        sinks.append(frames)
    case .part:
        guard let path = o.out, path != "-" else { throw HostError.usage("a part of a sharded render needs a file: --out NAME.fxpart") }
        sinks.append(try FramePartWriter(renderer: try render(), output: try output(path)))
    case .lottie:
        sinks.append(LottieWriter(output: try output(o.out), width: o.width, height: o.height, fps: o.fps,
                                  maxSize: o.encoding.maxSize ?? LottieWriter.defaultMaxSize, strict: o.encoding.strict,
                                  archiveName: o.out.flatMap(dotLottieName), note: { stderrLine("fxhost: " + TerminalText.escape($0)) }))
    }
    if o.encoding.crf != nil && kind != .mp4 && kind != .webm {
        throw HostError.usage("--crf sets MP4 and WebM quality; this run writes \(kind.rawValue) (for WebP use --quality or --lossless)")
    }
    if (o.encoding.quality != nil || o.encoding.lossless) && kind != .webp {
        throw HostError.usage("--\(o.encoding.lossless ? "lossless" : "quality") is for WebP; this run writes \(kind.rawValue)\(kind == .mp4 || kind == .webm ? " (use --crf)" : "")")
    }
    if let sheet = o.sheet {
        sinks.append(try contactSheet(sheet, renderer: try render(), output: try output(sheet.path)))
    }
    return sinks
}

/// The animation id of a dotLottie archive named `path` (`spinner.lottie` holds `spinner`), or nil
/// when the output is not one: its base name, with characters other than letters, digits, `-` and
/// `_` made `_`.
func dotLottieName(_ path: String) -> String? {
    guard path.lowercased().hasSuffix(".lottie") else { return nil }
    let base = String((path.split(separator: "/").last ?? "").dropLast(".lottie".count))
    let safe = String(base.unicodeScalars.map { c -> Character in
        (c.properties.isAlphabetic && c.isASCII) || ("0"..."9").contains(c) || c == "-" || c == "_" ? Character(c) : "_"
    })
    return safe.isEmpty ? "animation" : safe
}

/// The contact sheet `--sheet`, `--sheet-frames` and `--sheet-grid` ask for.
func contactSheet(_ o: SheetRequest, renderer: Renderer, output: OutputFile) throws -> ContactSheet {
    let columns = o.grid?.columns ?? 4
    let frames: ContactSheet.Frames
    if let times = o.times {
        frames = .nearest(times)
    } else {
        frames = .count(o.count ?? o.grid.map { $0.columns * $0.rows } ?? 12)
    }
    return try ContactSheet(renderer: renderer, output: output, frames: frames, columns: columns,
                        note: { stderrLine("fxhost: " + $0) })
}
