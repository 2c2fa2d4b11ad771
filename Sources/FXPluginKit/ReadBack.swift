// SPDX-License-Identifier: MIT
import CFX

/// A value read back from the host (`layer_get`, `layer_get_presented`,
/// `animation_get`), copied out of the host's memory at once.
public enum ReadValue: Equatable, Sendable {
    /// Nil: an unset from/to/by, or a field with no value.
    case none
    case number(Double)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case color(Color)
    case transform(Transform)
    case string(String)
    case bool(Bool)
    case numbers([Double])
    case colors([Color])
    /// Paths and images come back as handles the plugin owns.
    case handle(UInt64)

    init(_ v: fx_value) {
        switch v.type {
        case FX_VALUE_NUMBER: self = .number(v.u.number)
        case FX_VALUE_POINT: self = .point(Point(v.u.point.x, v.u.point.y))
        case FX_VALUE_SIZE: self = .size(Size(v.u.size.width, v.u.size.height))
        case FX_VALUE_RECT: self = .rect(Rect(v.u.rect.x, v.u.rect.y, v.u.rect.width, v.u.rect.height))
        case FX_VALUE_COLOR: self = .color(Color(red: v.u.color.red, green: v.u.color.green, blue: v.u.color.blue, alpha: v.u.color.alpha))
        case FX_VALUE_TRANSFORM:
            var t = v.u.transform
            self = .transform(Transform(withUnsafeBytes(of: &t.m) { Array($0.bindMemory(to: Double.self)) }))
        case FX_VALUE_STRING: self = .string(v.u.string.map { String(cString: $0) } ?? "")
        case FX_VALUE_BOOL: self = .bool(v.u.boolean != 0)
        case FX_VALUE_NUMBERS: self = .numbers(Array(UnsafeBufferPointer(start: v.u.numbers, count: Int(v.count))))
        case FX_VALUE_COLORS:
            self = .colors(UnsafeBufferPointer(start: v.u.colors, count: Int(v.count)).map {
                Color(red: $0.red, green: $0.green, blue: $0.blue, alpha: $0.alpha)
            })
        case FX_VALUE_PATH: self = .handle(v.u.path)
        case FX_VALUE_IMAGE: self = .handle(v.u.image)
        default: self = .none
        }
    }

    /// The number inside, if this is one.
    public var number: Double? { if case .number(let n) = self { n } else { nil } }
}

/// Nil where Core Animation takes nil: `layer.set("fillColor", nil as Color?)`,
/// `animation.set("from", nil as Double?)` (fx.h's FX_VALUE_NONE).
extension Optional: ValueConvertible where Wrapped: ValueConvertible {
    public func withValue<R>(_ body: (UnsafePointer<fx_value>) throws -> R) rethrows -> R {
        if let value = self { return try value.withValue(body) }
        var none = fx_value()
        none.type = FX_VALUE_NONE
        return try body(&none)
    }
}

extension Layer {
    /// Reads a model value by key path.
    public func get(_ keyPath: String) throws(PluginError) -> ReadValue {
        var v = fx_value()
        try Host.check(keyPath.withCString { Host.api.layer_get(handle, $0, &v) })
        return ReadValue(v)
    }

    /// The value on screen now, every animation applied (`layer.presentation()?.value(forKeyPath:)`):
    /// what to start from when interrupting an animation.
    public func presented(_ keyPath: String) throws(PluginError) -> ReadValue {
        guard Host.has(\.layer_get_presented) else {
            throw PluginError("this fxhost has no layer_get_presented (fx.h 1.1)", status: FX_ERR_NOT_FOUND)
        }
        var v = fx_value()
        try Host.check(keyPath.withCString { Host.api.layer_get_presented(handle, $0, &v) })
        return ReadValue(v)
    }

    /// Whether layers of `kind` have `keyPath` in this host; asking never fails.
    public static func knows(_ kind: Kind, keyPath: String) -> Bool {
        guard Host.has(\.layer_knows_key_path) else { return false }
        var answer: Int32 = 0
        return keyPath.withCString { Host.api.layer_knows_key_path(kind.code, $0, &answer) } == FX_OK && answer == 1
    }
}

extension Animation {
    /// `repeatCount`/`repeatDuration` that repeat forever (fx.h's FX_REPEAT_FOREVER).
    public static let forever = Double.infinity

    /// Reads a field back, including derived ones (`settlingDuration`; the
    /// `mass`, `stiffness` and `damping` a `dampingRatio` stands for).
    public func get(_ field: String) throws(PluginError) -> ReadValue {
        guard Host.has(\.animation_get) else {
            throw PluginError("this fxhost has no animation_get (fx.h 1.1)", status: FX_ERR_NOT_FOUND)
        }
        var v = fx_value()
        try Host.check(field.withCString { Host.api.animation_get(handle, $0, &v) })
        return ReadValue(v)
    }

    /// Per-segment timing functions (`timingFunctions`), named or custom.
    @discardableResult
    public func timingFunctions(_ curves: [TimingCurve]) throws(PluginError) -> Animation {
        guard Host.has(\.animation_set_timing_curves) else {
            throw PluginError("this fxhost has no animation_set_timing_curves (fx.h 1.1)", status: FX_ERR_NOT_FOUND)
        }
        let points = curves.flatMap { [$0.x1, $0.y1, $0.x2, $0.y2] }
        try Host.check(points.withUnsafeBufferPointer {
            Host.api.animation_set_timing_curves(handle, $0.baseAddress, UInt32(curves.count))
        })
        return self
    }

    /// Whether animations of `kind` take `field` in this host; asking never fails.
    public static func knows(_ kind: Kind, field: String) -> Bool {
        guard Host.has(\.animation_knows_field) else { return false }
        var answer: Int32 = 0
        return field.withCString { Host.api.animation_knows_field(kind.code, $0, &answer) } == FX_OK && answer == 1
    }
}

/// A `CAMediaTimingFunction`: a cubic Bézier from (0, 0) to (1, 1).
public struct TimingCurve: Equatable, Sendable {
    public var x1, y1, x2, y2: Double
    /// `CAMediaTimingFunction(controlPoints:)`.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) { self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2 }

    public static let linear = TimingCurve(0, 0, 1, 1)
    public static let easeIn = TimingCurve(0.42, 0, 1, 1)
    public static let easeOut = TimingCurve(0, 0, 0.58, 1)
    public static let easeInEaseOut = TimingCurve(0.42, 0, 0.58, 1)
    public static let `default` = TimingCurve(0.25, 0.1, 0.25, 1)
}
