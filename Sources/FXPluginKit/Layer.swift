// SPDX-License-Identifier: MIT
import CFX

/// A layer in the host's tree, by handle.
public struct Layer: Hashable, Sendable {
    public enum Kind: Sendable {
        case plain, gradient, shape, text
        /// fx.h 1.1: `CAReplicatorLayer`.
        case replicator
        /// fx.h 1.1: `CAEmitterLayer`.
        case emitter
        var code: fx_layer_kind {
            switch self {
            case .plain: FX_LAYER
            case .gradient: FX_LAYER_GRADIENT
            case .shape: FX_LAYER_SHAPE
            case .text: FX_LAYER_TEXT
            case .replicator: FX_LAYER_REPLICATOR
            case .emitter: FX_LAYER_EMITTER
            }
        }
    }

    public let handle: fx_layer
    public init(handle: fx_layer) { self.handle = handle }

    /// Makes a layer, not yet in the tree.
    public init(_ kind: Kind = .plain, name: String) throws(PluginError) {
        var h: fx_layer = 0
        try Host.check(name.withCString { Host.api.layer_create(kind.code, $0, &h) })
        handle = h
    }

    /// A text layer (UILabel's look): `string` in `fontSize` points and `color`,
    /// aligned in `frame` ("center", "left", "right", "natural", "justified").
    public static func text(_ name: String, _ string: String, frame: Rect, fontSize: Double, color: Color,
                            alignment: String = "center") throws(PluginError) -> Layer {
        let l = try Layer(.text, name: name)
        try l.setFrame(frame)
        try l.set("string", string)
        try l.set("fontSize", fontSize)
        try l.set("foregroundColor", color)
        try l.set("alignmentMode", alignment)
        return l
    }

    /// Sets a model value by key path (`position`, `bounds.size.width`, `transform.scale`).
    public func set(_ keyPath: String, _ value: some ValueConvertible) throws(PluginError) {
        let status = keyPath.withCString { kp in value.withValue { Host.api.layer_set(handle, kp, $0) } }
        try Host.check(status)
    }

    /// Reads a number (or a number component such as `position.x`).
    public func number(_ keyPath: String) throws(PluginError) -> Double {
        var v = fx_value()
        try Host.check(keyPath.withCString { Host.api.layer_get(handle, $0, &v) })
        guard v.type == FX_VALUE_NUMBER else { throw PluginError("'\(keyPath)' is not a number", status: FX_ERR_BAD_TYPE) }
        return v.u.number
    }

    /// Sets bounds size and position from a frame (`CALayer.frame = …`).
    public func setFrame(_ r: Rect) throws(PluginError) {
        try Host.check(Host.api.layer_set_frame(handle, fx_rect(x: r.x, y: r.y, width: r.width, height: r.height)))
    }

    public func addSublayer(_ child: Layer) throws(PluginError) {
        try Host.check(Host.api.layer_add_sublayer(handle, child.handle))
    }
    public func insertSublayer(_ child: Layer, at index: Int) throws(PluginError) {
        try Host.check(Host.api.layer_insert_sublayer(handle, child.handle, Int32(clamping: index)))
    }
    public func insertSublayer(_ child: Layer, above sibling: Layer) throws(PluginError) {
        try Host.check(Host.api.layer_insert_above(handle, child.handle, sibling.handle))
    }
    public func insertSublayer(_ child: Layer, below sibling: Layer) throws(PluginError) {
        try Host.check(Host.api.layer_insert_below(handle, child.handle, sibling.handle))
    }
    public func removeFromSuperlayer() throws(PluginError) {
        try Host.check(Host.api.layer_remove_from_superlayer(handle))
    }
    /// Sets (or with nil, clears) the layer whose alpha masks this one.
    public func setMask(_ mask: Layer?) throws(PluginError) {
        try Host.check(Host.api.layer_set_mask(handle, mask?.handle ?? 0))
    }

    // MARK: - Timing

    /// The layer's own timing: local = (parent − beginTime) × speed + timeOffset.
    public func timing() throws(PluginError) -> (beginTime: Double, speed: Double, timeOffset: Double) {
        var t = fx_layer_timing()
        t.struct_size = UInt32(MemoryLayout<fx_layer_timing>.size)
        try Host.check(Host.api.layer_get_timing(handle, &t))
        return (t.begin_time, t.speed, t.time_offset)
    }

    public func setTiming(beginTime: Double, speed: Double, timeOffset: Double) throws(PluginError) {
        var t = fx_layer_timing(struct_size: UInt32(MemoryLayout<fx_layer_timing>.size),
                                begin_time: beginTime, speed: speed, time_offset: timeOffset)
        try Host.check(Host.api.layer_set_timing(handle, &t))
    }

    /// The layer's local time now (`convertTime(CACurrentMediaTime(), from: nil)`).
    public func localTime() throws(PluginError) -> Double {
        var t = 0.0
        try Host.check(Host.api.layer_local_time(handle, &t))
        return t
    }

    // MARK: - Animations

    /// Adds a copy of `animation` under `key` (nil: unkeyed).
    public func add(_ animation: Animation, forKey key: String?) throws(PluginError) {
        let status: fx_status
        if let key {
            status = key.withCString { Host.api.layer_add_animation(handle, animation.handle, $0) }
        } else {
            status = Host.api.layer_add_animation(handle, animation.handle, nil)
        }
        try Host.check(status)
    }

    /// Removes the animation under `key`; it reports finished = false.
    public func removeAnimation(forKey key: String) throws(PluginError) {
        try Host.check(key.withCString { Host.api.layer_remove_animation(handle, $0) })
    }

    public func removeAllAnimations() throws(PluginError) {
        try Host.check(Host.api.layer_remove_all_animations(handle))
    }

    /// Keys of the keyed animations, in the order added.
    public func animationKeys() throws(PluginError) -> [String] {
        var n: UInt32 = 0
        try Host.check(Host.api.layer_animation_count(handle, &n))
        var keys: [String] = []
        for i in 0..<n {
            var p: UnsafePointer<CChar>?
            try Host.check(Host.api.layer_animation_key(handle, i, &p))
            keys.append(p.map { String(cString: $0) } ?? "")
        }
        return keys
    }
}
