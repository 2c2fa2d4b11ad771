// SPDX-License-Identifier: MIT
import CFX
import Glibc

/// An animation template (a CAAnimation being configured). Adding it to a
/// layer adds a copy, so one template can be added several times with
/// different begin times, as the seeds do. Released when the last reference goes.
public final class Animation {
    public enum Kind: Sendable {
        case basic, spring, keyframe, group, transition
        var code: fx_animation_kind {
            switch self {
            case .basic: FX_ANIMATION_BASIC
            case .spring: FX_ANIMATION_SPRING
            case .keyframe: FX_ANIMATION_KEYFRAME
            case .group: FX_ANIMATION_GROUP
            case .transition: FX_ANIMATION_TRANSITION
            }
        }
    }

    public let handle: fx_animation

    public init(_ kind: Kind, keyPath: String? = nil) throws(PluginError) {
        var h: fx_animation = 0
        let status: fx_status
        if let keyPath {
            status = keyPath.withCString { Host.api.animation_create(kind.code, $0, &h) }
        } else {
            status = Host.api.animation_create(kind.code, nil, &h)
        }
        try Host.check(status)
        handle = h
    }

    /// `CABasicAnimation(keyPath:)`.
    public static func basic(_ keyPath: String) throws(PluginError) -> Animation { try Animation(.basic, keyPath: keyPath) }
    /// `CASpringAnimation(keyPath:)`.
    public static func spring(_ keyPath: String) throws(PluginError) -> Animation { try Animation(.spring, keyPath: keyPath) }
    /// `CAKeyframeAnimation(keyPath:)`.
    public static func keyframe(_ keyPath: String) throws(PluginError) -> Animation { try Animation(.keyframe, keyPath: keyPath) }
    public static func group() throws(PluginError) -> Animation { try Animation(.group) }
    public static func transition() throws(PluginError) -> Animation { try Animation(.transition) }

    deinit { _ = Host.table?.pointee.animation_release(handle) }

    /// Sets any field `animation_set` knows (see fx.h), returning self to chain.
    @discardableResult
    public func set(_ field: String, _ value: some ValueConvertible) throws(PluginError) -> Animation {
        let status = field.withCString { f in value.withValue { Host.api.animation_set(handle, f, $0) } }
        try Host.check(status)
        return self
    }

    // MARK: - The common fields

    @discardableResult public func from(_ v: some ValueConvertible) throws(PluginError) -> Animation { try set("from", v) }
    @discardableResult public func to(_ v: some ValueConvertible) throws(PluginError) -> Animation { try set("to", v) }
    @discardableResult public func by(_ v: some ValueConvertible) throws(PluginError) -> Animation { try set("by", v) }
    @discardableResult public func duration(_ d: Double) throws(PluginError) -> Animation { try set("duration", d) }
    @discardableResult public func beginTime(_ t: Double) throws(PluginError) -> Animation { try set("beginTime", t) }
    /// "removed", "forwards", "backwards" or "both".
    @discardableResult public func fillMode(_ m: String) throws(PluginError) -> Animation { try set("fillMode", m) }
    @discardableResult public func removedOnCompletion(_ b: Bool) throws(PluginError) -> Animation { try set("removedOnCompletion", b) }
    @discardableResult public func repeatCount(_ n: Double) throws(PluginError) -> Animation { try set("repeatCount", n) }
    /// "linear", "easeIn", "easeOut", "easeInEaseOut" or "default".
    @discardableResult public func timingFunction(_ name: String) throws(PluginError) -> Animation { try set("timingFunction", name) }

    /// Keyframe values, checked against the key path. Every value is handed
    /// over in one call, so the text and arrays inside each are copied first:
    /// a value's own pointers are only valid inside its `withValue`.
    @discardableResult
    public func values(_ vs: [any ValueConvertible]) throws(PluginError) -> Animation {
        var raw: [fx_value] = []
        var owned: [UnsafeMutableRawPointer] = []
        defer { owned.forEach { free($0) } }
        func copy<T>(_ source: UnsafePointer<T>?, _ count: Int) -> UnsafePointer<T>? {
            guard let source else { return nil }
            let p = malloc(max(1, count) * MemoryLayout<T>.stride)!
            owned.append(p)
            let typed = p.bindMemory(to: T.self, capacity: max(1, count))
            typed.initialize(from: source, count: count)
            return UnsafePointer(typed)
        }
        for v in vs {
            v.withValue { p in
                var value = p.pointee
                switch value.type {
                case FX_VALUE_STRING:
                    if let s = value.u.string {
                        let c = strdup(s)!
                        owned.append(UnsafeMutableRawPointer(c))
                        value.u.string = UnsafePointer(c)
                    }
                case FX_VALUE_NUMBERS: value.u.numbers = copy(value.u.numbers, Int(value.count))
                case FX_VALUE_COLORS: value.u.colors = copy(value.u.colors, Int(value.count))
                default: break
                }
                raw.append(value)
            }
        }
        try Host.check(raw.withUnsafeBufferPointer { Host.api.animation_set_values(handle, $0.baseAddress, UInt32($0.count)) })
        return self
    }

    /// Adds a copy of `child` to this group.
    public func add(_ child: Animation) throws(PluginError) {
        try Host.check(Host.api.animation_group_add(handle, child.handle))
    }

    /// Sets did-start and did-stop as closures (either may be nil).
    public func callbacks(didStart: (() throws -> Void)? = nil, didStop: ((Bool) throws -> Void)? = nil) throws(PluginError) {
        let box = Callback.retain(fire: didStart, stop: didStop)
        try Host.check(Host.api.animation_set_callbacks(handle, didStart == nil ? nil : Callback.fireTrampoline,
                                                        didStop == nil ? nil : Callback.stopTrampoline, box))
    }
}
