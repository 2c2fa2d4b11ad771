// SPDX-License-Identifier: MIT
import CFX
import FXPluginKit

/// "No value" for a model property (a nil colour, path, font or image),
/// as fx.h's FX_VALUE_NONE.
///
/// The facade writes nil as this one concrete type rather than as an
/// optional (`Color?`, `Path?`): FXPluginKit's `Layer.set` is generic and
/// not specialised across the module boundary, and each optional type it is
/// called with is made by the runtime from its mangled name, with its
/// conditional conformance, on a process's first write (about 10,000
/// instructions each inside the first build).
struct NoValue: ValueConvertible {
    func withValue<R>(_ body: (UnsafePointer<fx_value>) throws -> R) rethrows -> R {
        var none = fx_value()
        none.type = FX_VALUE_NONE
        return try body(&none)
    }
}

extension CALayer {
    /// Writes an optional colour: the colour (held while it may be, see
    /// `HeldLook`), or `NoValue` for nil (see `NoValue`).
    func write(_ key: String, _ color: Color?) {
        if let color {
            write(key, color, holds: { hold(color, forKey: key, action: $0) })
        } else {
            write(key, NoValue())
        }
    }
}
