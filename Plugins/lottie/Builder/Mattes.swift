// SPDX-License-Identifier: MIT
import FXPluginKit

/// Track mattes: the matte layer (the one above the matted layer) becomes the
/// mask of a container holding the matted layer, and the container's
/// `maskMode` (fx.h 1.3) says what the mask keeps: `tt` 1 its alpha (Core
/// Animation's mask), 2 one minus its alpha, 3 its luminance times its alpha,
/// 4 one minus that. The matte is whatever the matte layer draws — shapes,
/// strokes, gradients, images, text, a precomp, with its own masks and
/// opacity — as After Effects uses the matte layer's rendered picture.
///
/// A host before fx.h 1.3 has no `maskMode`: there alpha mattes still play and
/// the other kinds are warned about, the matted layer drawn unmatted.
extension Builder {
    /// The mask mode of each `tt` value, 1 to 4.
    static func maskMode(matte: Int) -> Layer.MaskMode? {
        switch matte {
        case 1: .alpha
        case 2: .alphaInverted
        case 3: .luminance
        case 4: .luminanceInverted
        default: nil
        }
    }

    /// The matted layer `x` in a container masked by the matte layer `layers[i - 1]` as `tt` says,
    /// or nil when this host cannot composite that kind of matte.
    func matted(_ x: Layer, _ l: LottieLayer, _ i: Int, _ layers: [LottieLayer], frames: [Double],
                size: (Double, Double), path: String) throws -> Layer? {
        guard let mode = Builder.maskMode(matte: l.matte), mode == .alpha || Builder.hostHasMaskMode else { return nil }
        let wrapper = try Layer.plain("matte of " + l.name, size)
        try wrapper.addSublayer(x)
        if let matte = try layerContainer(layers[i - 1], i - 1, layers, frames: frames, size: size, path: path) {
            try wrapper.setMask(matte)
        }
        if mode != .alpha { try wrapper.set(.maskMode, mode) }
        return wrapper
    }

    /// Whether the host takes `maskMode` (fx.h 1.3), asked once.
    static let hostHasMaskMode = Layer.knows(.plain, keyPath: "maskMode")
}
