import FXPluginKit

/// The geometry a layer read from the host in the current plugin call since
/// its last change, so that reading it again does not ask the host again.
///
/// UIKit's and Core Animation's geometry is derived, and each derived access
/// reads the same few model values: setting a view's `frame` reads `bounds`
/// four times and `anchorPoint` once (the view's old size, the layer's frame
/// setter, the bounds setter's old size). The host's model changes only
/// through this layer's own writes (`CALayer.write`, timing, mask), each of
/// which forgets what it changes (a write of a whole geometry property keeps
/// the value written, which is what the host answers); and nothing is kept
/// past the plugin call it was read in.
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

    /// Keeps `value`, read from the host or written to it for `key` in plugin
    /// call `generation` (only the geometry keys above are kept).
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

    /// Forgets what a write of `keyPath` changes: the property it names
    /// (`bounds.size.width` changes `bounds`). The host keeps each property
    /// apart, so a write changes no other.
    mutating func forget(_ keyPath: String) {
        switch keyPath {
        case "bounds": bounds = nil
        case "position": position = nil
        case "anchorPoint": anchorPoint = nil
        case "transform": transform = nil
        default:
            // A path into a property (by its UTF-8 bytes: walking Characters costs hundreds of instructions).
            guard let dot = keyPath.utf8.firstIndex(of: UInt8(ascii: ".")) else { return }
            switch keyPath[..<dot] {
            case "bounds": bounds = nil
            case "position": position = nil
            case "anchorPoint": anchorPoint = nil
            case "transform": transform = nil
            default: break
            }
        }
    }
}
