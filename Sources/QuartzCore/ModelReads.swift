import FXPluginKit

/// The geometry a layer read from the host in the current plugin call since
/// its last change, so that reading it again does not ask the host again.
///
/// UIKit's and Core Animation's geometry is derived, and each derived access
/// reads the same few model values: setting a view's `frame` reads `bounds`
/// four times and `anchorPoint` once (the view's old size, the layer's frame
/// setter, the bounds setter's old size). The host's model changes only
/// through this layer's own writes (`CALayer.write`, timing, mask), each of
/// which forgets everything kept here; and nothing is kept past the plugin
/// call it was read in.
struct ModelReads {
    private var generation = -1
    private var bounds: ReadValue?
    private var position: ReadValue?
    private var anchorPoint: ReadValue?
    private var transform: ReadValue?

    /// The value kept for `key` in plugin call `generation`, if any.
    func value(_ key: String, generation: Int) -> ReadValue? {
        guard generation == self.generation else { return nil }
        return switch key {
        case "bounds": bounds
        case "position": position
        case "anchorPoint": anchorPoint
        case "transform": transform
        default: nil
        }
    }

    /// Keeps `value`, read from the host for `key` in plugin call `generation`
    /// (only the geometry keys above are kept).
    mutating func keep(_ value: ReadValue, _ key: String, generation: Int) {
        if generation != self.generation { forget(); self.generation = generation }
        switch key {
        case "bounds": bounds = value
        case "position": position = value
        case "anchorPoint": anchorPoint = value
        case "transform": transform = value
        default: break
        }
    }

    /// Forgets every value: the layer's model is about to change.
    mutating func forget() {
        bounds = nil; position = nil; anchorPoint = nil; transform = nil
    }
}
