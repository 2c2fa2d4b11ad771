// SPDX-License-Identifier: MIT
import CFX

/// Anything that can be given as a property or animation value.
public protocol ValueConvertible {
    /// Calls `body` with the value as the ABI's tagged union; pointers inside
    /// it are valid during `body` only (the host copies them).
    func withValue<R>(_ body: (UnsafePointer<fx_value>) throws -> R) rethrows -> R
}

private func with<R>(_ v: fx_value, _ body: (UnsafePointer<fx_value>) throws -> R) rethrows -> R {
    var v = v
    return try body(&v)
}

extension Double: ValueConvertible {
    public func withValue<R>(_ body: (UnsafePointer<fx_value>) throws -> R) rethrows -> R { try with(fx_number(self), body) }
}
extension Int: ValueConvertible {
    public func withValue<R>(_ body: (UnsafePointer<fx_value>) throws -> R) rethrows -> R { try with(fx_number(Double(self)), body) }
}
extension Bool: ValueConvertible {
    public func withValue<R>(_ body: (UnsafePointer<fx_value>) throws -> R) rethrows -> R { try with(fx_bool_value(self ? 1 : 0), body) }
}
extension String: ValueConvertible {
    public func withValue<R>(_ body: (UnsafePointer<fx_value>) throws -> R) rethrows -> R {
        try withCString { try with(fx_string_value($0), body) }
    }
}
extension Point: ValueConvertible {
    public func withValue<R>(_ body: (UnsafePointer<fx_value>) throws -> R) rethrows -> R { try with(fx_point_value(x, y), body) }
}
extension Size: ValueConvertible {
    public func withValue<R>(_ body: (UnsafePointer<fx_value>) throws -> R) rethrows -> R { try with(fx_size_value(width, height), body) }
}
extension Rect: ValueConvertible {
    public func withValue<R>(_ body: (UnsafePointer<fx_value>) throws -> R) rethrows -> R {
        try with(fx_rect_value(x, y, width, height), body)
    }
}
extension Color: ValueConvertible {
    var c: fx_color { fx_color(red: red, green: green, blue: blue, alpha: alpha) }
    public func withValue<R>(_ body: (UnsafePointer<fx_value>) throws -> R) rethrows -> R {
        try with(fx_color_value(red, green, blue, alpha), body)
    }
}
extension Transform: ValueConvertible {
    public func withValue<R>(_ body: (UnsafePointer<fx_value>) throws -> R) rethrows -> R {
        var t = fx_transform()
        withUnsafeMutableBytes(of: &t.m) { raw in for (i, e) in m.enumerated() { raw.storeBytes(of: e, toByteOffset: i * 8, as: Double.self) } }
        return try with(fx_transform_value(t), body)
    }
}
extension Array: ValueConvertible where Element == Double {
    public func withValue<R>(_ body: (UnsafePointer<fx_value>) throws -> R) rethrows -> R {
        try withUnsafeBufferPointer { try with(fx_numbers_value($0.baseAddress, UInt32($0.count)), body) }
    }
}

/// An array of colours (for a gradient's `colors`).
public struct Colors: ValueConvertible {
    public var colors: [Color]
    public init(_ colors: [Color]) { self.colors = colors }
    public func withValue<R>(_ body: (UnsafePointer<fx_value>) throws -> R) rethrows -> R {
        // A temporary buffer, not an array of fx_color: that array type would be
        // made by the runtime from its mangled name on first use (20,000 instructions).
        try withUnsafeTemporaryAllocation(of: fx_color.self, capacity: colors.count) { cs in
            for (i, c) in colors.enumerated() { cs.initializeElement(at: i, to: c.c) }
            return try with(fx_colors_value(cs.baseAddress, UInt32(colors.count)), body)
        }
    }
}
