// SPDX-License-Identifier: MIT
import FXPluginKit

/// The geometry (and a text layer's font, font size and alignment) a layer
/// read from the host or wrote to it in the current plugin call since its last
/// change, so that reading it again does not ask the host again.
///
/// Every key is also kept for a layer the facade has just made, at the host's
/// documented defaults; and a write of a text key whose value equals the
/// one kept skips the host's call (`CALayer.write`; the key's action still
/// runs): UILabel's init applies UIKit's defaults and the iOS code then sets
/// its own font and alignment, often the same values.
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
    private var font: ReadValue?
    private var fontSize: ReadValue?
    private var alignmentMode: ReadValue?

    /// The value kept for `key` in plugin call `generation`, if any.
    /// (`mutating` though it changes nothing, as `holds` is: the layer then
    /// hands its reads over in place, where a read-only call copied the whole
    /// struct and destroyed the copy on every read, about 240 instructions.)
    mutating func value(_ key: String, generation: Int) -> ReadValue? {
        guard generation == self.generation, let slot = Slot.of(key) else { return nil }
        return switch slot {
        case .bounds: bounds
        case .position: position
        case .anchorPoint: anchorPoint
        case .transform: transform
        case .font: font
        case .fontSize: fontSize
        case .alignmentMode: alignmentMode
        }
    }

    /// Whether `value` is what is kept for `key` in plugin call `generation`.
    /// (Compared here, unwrapped: an optional ReadValue dropped by the caller
    /// needs its type, which the runtime makes by name on first use.)
    mutating func holds(_ value: ReadValue, _ key: String, generation: Int) -> Bool {
        guard generation == self.generation, let slot = Slot.of(key) else { return false }
        switch slot {
        case .bounds: if let kept = bounds { return kept == value }
        case .position: if let kept = position { return kept == value }
        case .font: if let kept = font { return kept == value }
        case .fontSize: if let kept = fontSize { return kept == value }
        case .alignmentMode: if let kept = alignmentMode { return kept == value }
        case .anchorPoint, .transform: break
        }
        return false
    }

    /// Keeps `value`, read from the host or written to it for `key` in plugin
    /// call `generation` (only the geometry keys above are kept).
    mutating func keep(_ value: ReadValue, _ key: String, generation: Int) {
        if generation != self.generation { forget(); self.generation = generation }
        guard let slot = Slot.of(key) else { return }
        switch slot {
        case .bounds: bounds = value
        case .position: position = value
        case .anchorPoint: anchorPoint = value
        case .transform: transform = value
        case .font: font = value
        case .fontSize: fontSize = value
        case .alignmentMode: alignmentMode = value
        }
    }

    /// A kept key. Every read and write of a layer asks for its key's slot,
    /// and most keys are none: a key is told by its length in UTF-8 bytes
    /// (4, 6, 8, 9, 11 or 13, one name each but 8) and then compared with
    /// that one name, so it meets at most one unequal name (two strings that
    /// differ are compared in the string library, a call each; equal literals
    /// are told equal inline).
    enum Slot {
        case bounds, position, anchorPoint, transform, font, fontSize, alignmentMode

        /// (A function, not an initialiser: an initialiser takes the key
        /// owned, and its caller retains it for the call and the slot releases it.)
        static func of(_ key: String) -> Slot? {
            switch key.utf8.count {
            case 4: if key == "font" { return .font }
            case 6: if key == "bounds" { return .bounds }
            case 8:
                if key == "position" { return .position }
                if key == "fontSize" { return .fontSize }
            case 9: if key == "transform" { return .transform }
            case 11: if key == "anchorPoint" { return .anchorPoint }
            case 13: if key == "alignmentMode" { return .alignmentMode }
            default: break
            }
            return nil
        }
    }

    /// Forgets every value: the layer's model is about to change.
    mutating func forget() {
        bounds = nil; position = nil; anchorPoint = nil; transform = nil
        font = nil; fontSize = nil; alignmentMode = nil
    }

    /// Forgets what a write of `keyPath` changes: the property it names
    /// (`bounds.size.width` changes `bounds`). The host keeps each property
    /// apart, so a write changes no other.
    mutating func forget(_ keyPath: String) {
        if let slot = Slot.of(keyPath) {
            switch slot {
            case .bounds: bounds = nil
            case .position: position = nil
            case .anchorPoint: anchorPoint = nil
            case .transform: transform = nil
            case .font: font = nil
            case .fontSize: fontSize = nil
            case .alignmentMode: alignmentMode = nil
            }
            return
        }
        // A path into a property (by its UTF-8 bytes: walking Characters costs hundreds of instructions);
        // only the four kept geometry properties have parts, so a key starting otherwise is not scanned.
        guard let first = keyPath.utf8.first, first == UInt8(ascii: "b") || first == UInt8(ascii: "p")
            || first == UInt8(ascii: "a") || first == UInt8(ascii: "t"),
            let dot = keyPath.utf8.firstIndex(of: UInt8(ascii: ".")) else { return }
        switch keyPath[..<dot] {
        case "bounds": bounds = nil
        case "position": position = nil
        case "anchorPoint": anchorPoint = nil
        case "transform": transform = nil
        default: break
        }
    }
}

extension ModelReads {
    /// The keys whose write is skipped when the value kept equals it: strings
    /// and a number the host stores as given (geometry is always written).
    static func skipsEqualWrites(_ key: String) -> Bool {
        switch Slot.of(key) {
        case .font, .fontSize, .alignmentMode: true
        default: false
        }
    }

    /// A new layer as the host makes it, its geometry at the defaults of
    /// docs/KEYPATHS.md (Apple's CALayer page: bounds and position zero,
    /// anchorPoint (0.5, 0.5), transform the identity), so that a new view's
    /// frame is set without reading them from the host.
    /// (The fields are set directly: every layer made passes here.)
    mutating func keepLayerDefaults(generation: Int) {
        if generation != self.generation { forget(); self.generation = generation }
        bounds = .rect(Rect(0, 0, 0, 0))
        position = .point(Point(0, 0))
        anchorPoint = .point(Point(0.5, 0.5))
        transform = .transform(.identity)
    }

    /// A new text layer as the host makes it: the defaults of docs/KEYPATHS.md
    /// (font "Sans", fontSize 36, alignmentMode "natural"; Core Animation's
    /// own are Helvetica, 36 and natural, per Apple's CATextLayer page).
    mutating func keepTextDefaults(generation: Int) {
        if generation != self.generation { forget(); self.generation = generation }
        font = .string("Sans")
        fontSize = .number(36)
        alignmentMode = .string("natural")
    }
}
