// SPDX-License-Identifier: MIT
import FXCore
import FXHost
import FXImageSinks
import FXRender

/// The studio worker's frames (`fxhost studio-worker`): one renderer for the target, made as a
/// run's image sinks make theirs, and each snapshot drawn with it as the PNG a `--time` run writes
/// (the same encoder, so the same bytes) or as those pixels, straight RGBA.
func studioPainter(_ o: ImageTarget) throws -> (Snapshot, StudioFrames.Format) throws -> StudioFrames.Frame {
    guard OutputLimits.pixelSize(width: o.width, height: o.height, scale: o.scale) != nil else {
        throw HostError.usage("--size \(Int(o.width))x\(Int(o.height)) at --scale \(o.scale) makes more than \(OutputLimits.maxPixels) pixels (\(OutputLimits.maxSide) a side)")
    }
    if let failure = Renderer.libraryFailure { throw failure }
    let renderer = Renderer(stageSize: Size(o.width, o.height), scale: o.scale, background: o.background)
    return { snapshot, format in
        let frame = try renderer.renderWithinBudget(snapshot)
        switch format {
        case .png: return StudioFrames.Frame(width: frame.width, height: frame.height, bytes: PNGFile.bytes(frame))
        case .rgba: return StudioFrames.Frame(width: frame.width, height: frame.height, bytes: PNGFile.straightPixels(frame))
        }
    }
}
