// SPDX-License-Identifier: MIT
import FXCore
import FXHost
import FXImageSinks
import FXRender
import FXSinks

/// The outputs of a run or a join: their files opened first, before any plugin code builds
/// anything (a bad `--out` costs nothing), their sinks made once, when the stage's size is known
/// (a plugin may prefer its own, fx.h 1.2).
struct RunOutputs {
    let format: OutputFormat
    /// The main output's file: nil for PNG frames (a file a frame).
    private let main: OutputFile?
    private let sheet: OutputFile?

    /// Opens the files of `target`'s outputs.
    init(_ target: ImageTarget) throws {
        format = target.kind.format
        try format.check(destination: target.out)
        main = target.kind == .frames ? nil : try output(target.out)
        sheet = try target.sheet.map { try output($0.path) }
    }

    /// The sinks, for a stage of `target`'s size: the main one and the contact sheet, which share one renderer.
    func sinks(_ target: ImageTarget, particles: Bool) throws -> [Sink] {
        var renderer: Renderer?
        func render() throws -> Renderer {
            if let renderer { return renderer }
            try target.checkPixelSize()
            if let failure = Renderer.libraryFailure { throw failure }
            let r = Renderer(stageSize: Size(target.width, target.height), scale: target.scale, background: target.background)
            renderer = r
            return r
        }
        var sinks = [try format.makeSink(SinkMaterials(target: target, output: main, particles: particles, renderer: render))]
        if let request = target.sheet, let sheet {
            sinks.append(try contactSheet(request, renderer: try render(), output: sheet))
        }
        return sinks
    }
}

extension ImageTarget {
    /// Refuses a frame larger than fxhost renders.
    func checkPixelSize() throws {
        guard OutputLimits.pixelSize(width: width, height: height, scale: scale) == nil else { return }
        let w = (width * scale).rounded(), h = (height * scale).rounded()
        throw HostError.usage("--size \(Int(width))x\(Int(height)) at --scale \(scale) makes \(ValueFormat.fixed(w, 0))×\(ValueFormat.fixed(h, 0)) pixels; the limit is \(OutputLimits.maxPixels) pixels (\(OutputLimits.maxSide) a side)")
    }
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
