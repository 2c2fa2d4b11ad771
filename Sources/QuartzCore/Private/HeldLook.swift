// SPDX-License-Identifier: MIT
import FXPluginKit

/// The look (background colour, opacity, transform, and a text layer's
/// colour and font size) set on a layer made in the current plugin call,
/// held on the Swift side and handed to the host once, when the call ends,
/// and then only where it differs from what the host's new layer holds.
///
/// UIKit's views set their look in their initialiser and iOS code sets its
/// own at once: `UILabel(frame:)` applies UIKit's 17-pt system font and black
/// text, then the tutorials set 36 pt and white, which is what the host's new
/// text layer holds already (docs/KEYPATHS.md: fontSize 36, foregroundColor
/// opaque white, backgroundColor transparent black, opacity 1, transform the
/// identity). Held, those four host calls per label are none.
///
/// Nothing the plugin or the host can see changes:
/// - the key's action is looked up and run at every set, as Core Animation
///   does. A set whose lookup found no action (a view's layer outside an
///   animation block, a layer not yet committed) is held; a set with an
///   action is written at once, unless the host's new layer already holds
///   that value (then the held value, if any, is dropped);
/// - only values the host cannot refuse are held (finite numbers, colour
///   components and transform entries, on a key that applies to the layer's
///   kind), so no host error moves to another call;
/// - a read of a held key answers the held value, as the host would once
///   written (it keeps numbers and colours as given); before the host's
///   model is read otherwise (`layer_get` of another key,
///   `layer_get_presented`) or an animation is added, what is held is
///   written (`sendHeldLook`, `sendHeldLooks`); a write of the key by any
///   other path replaces what is held, and from then on the key is not held
///   for that layer (`CALayer.store`);
/// - everything held is written when the plugin call's transaction commits,
///   before the host samples anything; outside a plugin call (a test making
///   layers directly) nothing is held.
final class HeldLook {
    /// A held key, and its bit in `sent`.
    enum Key: UInt8 {
        case backgroundColor = 1, foregroundColor = 2, fontSize = 4, opacity = 8, transform = 16

        /// By the name's length first, as `ModelReads` finds its keys: most names are none of these.
        /// (A function, not an initialiser, for the reason `ModelReads.Slot.of` gives.)
        static func of(_ name: String) -> Key? {
            switch name.utf8.count {
            case 7: if name == "opacity" { return .opacity }
            case 8: if name == "fontSize" { return .fontSize }
            case 9: if name == "transform" { return .transform }
            case 15:
                if name == "backgroundColor" { return .backgroundColor }
                if name == "foregroundColor" { return .foregroundColor }
            default: break
            }
            return nil
        }
    }

    /// Whether `keyPath` names a part of the transform (`transform.scale.x`),
    /// the one held property with parts; told by its first bytes, since every
    /// key written is asked and a scan of each for a dot costs more.
    static func isTransformPath(_ keyPath: String) -> Bool {
        let u = keyPath.utf8
        return u.count > 10 && u.first == UInt8(ascii: "t") && u.starts(with: "transform.".utf8)
    }

    var backgroundColor: Color?
    var foregroundColor: Color?
    var fontSize: Double?
    var opacity: Double?
    var transform: Transform?
    /// The keys written to the host since the layer was made: their host value is no longer the default.
    var sent: UInt8 = 0
    /// Whether the layer is in `holding`.
    var listed = false


    /// Forgets the held value of `key`: a write of it is reaching the host.
    func drop(_ key: Key) {
        forget(key)
        sent |= key.rawValue
    }

    /// Forgets the held value of `key`, which the host holds already.
    func forget(_ key: Key) {
        switch key {
        case .backgroundColor: backgroundColor = nil
        case .foregroundColor: foregroundColor = nil
        case .fontSize: fontSize = nil
        case .opacity: opacity = nil
        case .transform: transform = nil
        }
    }

    /// Whether a value is held for `key`.
    func holds(_ key: Key) -> Bool {
        switch key {
        case .backgroundColor: backgroundColor != nil
        case .foregroundColor: foregroundColor != nil
        case .fontSize: fontSize != nil
        case .opacity: opacity != nil
        case .transform: transform != nil
        }
    }

    /// The value held for `name` as the host would answer it once written
    /// (it keeps numbers and colours as given), or nil when none is held.
    func value(_ name: String) -> ReadValue? {
        switch name {
        case "backgroundColor": backgroundColor.map { .color($0) }
        case "foregroundColor": foregroundColor.map { .color($0) }
        case "fontSize": fontSize.map { .number($0) }
        case "opacity": opacity.map { .number($0) }
        case "transform": transform.map { .transform($0) }
        default: nil
        }
    }

    /// The layers holding a look, in the order they first held one.
    nonisolated(unsafe) static var holding: [CALayer] = []
}

extension Color {
    var isFinite: Bool { red.isFinite && green.isFinite && blue.isFinite && alpha.isFinite }
}

extension CALayer {
    /// Holds a colour set (see `HeldLook`); false when it must be written now.
    func hold(_ color: Color, forKey name: String, action: CAAction?) -> Bool {
        guard color.isFinite, let key = HeldLook.Key.of(name) else { return false }
        switch key {
        case .backgroundColor:
            guard let look = lookToHold(key, action: action, isDefault: color == Catalog.backgroundColor) else { return false }
            if action == nil { look.backgroundColor = color }
        case .foregroundColor:
            guard type(of: self).hostKind == .text,
                  let look = lookToHold(key, action: action, isDefault: color == Catalog.foregroundColor) else { return false }
            if action == nil { look.foregroundColor = color }
        default: return false
        }
        return true
    }

    /// Holds a text layer's font size (see `HeldLook`); false when it must be written now.
    func hold(fontSize: Double, action: CAAction?) -> Bool {
        guard fontSize.isFinite, type(of: self).hostKind == .text,
              let look = lookToHold(.fontSize, action: action, isDefault: fontSize == Catalog.fontSize) else { return false }
        if action == nil { look.fontSize = fontSize }
        return true
    }

    /// Holds an opacity (see `HeldLook`); false when it must be written now.
    func hold(opacity: Double, action: CAAction?) -> Bool {
        guard opacity.isFinite, let look = lookToHold(.opacity, action: action, isDefault: opacity == Catalog.opacity) else { return false }
        if action == nil { look.opacity = opacity }
        return true
    }

    /// Holds a transform (see `HeldLook`); false when it must be written now.
    func hold(transform: Transform, action: CAAction?) -> Bool {
        guard transform.m.allSatisfy({ $0.isFinite }),
              let look = lookToHold(.transform, action: action, isDefault: transform == .identity) else { return false }
        if action == nil { look.transform = transform }
        return true
    }

    /// The look to hold `key` in, or nil when the set must be written now:
    /// only for a model layer the facade made (at the host's defaults) in the
    /// current plugin call, inside that call, whose `key` has not reached the
    /// host; with an action, only when
    /// the value is the host's default (then nothing is held for `key`: the
    /// host has the value).
    private func lookToHold(_ key: HeldLook.Key, action: CAAction?, isDefault: Bool) -> HeldLook? {
        guard Entry.depth > 0, madeIn == Entry.generation, madeAtDefaults, action == nil || isDefault else { return nil }
        let look = heldLook ?? HeldLook()
        heldLook = look
        guard look.sent & key.rawValue == 0 else { return nil }
        if action != nil {
            look.forget(key)
            return look
        }
        if !look.listed {
            look.listed = true
            HeldLook.holding.append(self)
        }
        return look
    }

    /// Notes that a write of `name` is reaching the host by another path: what
    /// is held for it is forgotten (the newer write replaces it), and the key
    /// is not held again for this layer.
    func writesPast(_ name: String) {
        guard madeIn == Entry.generation, !isPresentation, let key = HeldLook.Key.of(name) else { return }
        let look = heldLook ?? HeldLook()
        heldLook = look
        look.drop(key)
    }

    /// Writes what this layer holds, where it differs from the host's new layer.
    func sendHeldLook() {
        guard let look = heldLook else { return }
        if let c = look.backgroundColor { send(.backgroundColor, "backgroundColor", c, isDefault: c == Catalog.backgroundColor, look) }
        if let c = look.foregroundColor { send(.foregroundColor, "foregroundColor", c, isDefault: c == Catalog.foregroundColor, look) }
        if let size = look.fontSize { send(.fontSize, "fontSize", size, isDefault: size == Catalog.fontSize, look) }
        if let o = look.opacity { send(.opacity, "opacity", o, isDefault: o == Catalog.opacity, look) }
        if let t = look.transform { send(.transform, "transform", t, isDefault: t == .identity, look) }
    }

    private func send(_ key: HeldLook.Key, _ name: String, _ value: some ValueConvertible, isDefault: Bool, _ look: HeldLook) {
        if isDefault {
            look.forget(key)
        } else {
            look.drop(key)
            Fault.attempt { () throws(PluginError) in try host.set(name, value) }
        }
    }

    /// Writes what every layer holds (the transaction commits, or the host is about to be read or given an animation).
    static func sendHeldLooks() {
        guard !HeldLook.holding.isEmpty else { return }
        let layers = HeldLook.holding
        HeldLook.holding = []
        for layer in layers {
            layer.heldLook?.listed = false
            layer.sendHeldLook()
        }
    }
}
