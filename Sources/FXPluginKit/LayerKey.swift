// SPDX-License-Identifier: MIT
import CFX

/// A layer property's key with the type of value it takes, so that
/// `layer.set(.backgroundColor, color)` is checked by the compiler: a misspelt
/// key or a value of the wrong type does not build. The string form,
/// `layer.set("position.x", 10)`, stays for key paths into a value.
///
/// A key whose property Core Animation declares optional (`fillColor`,
/// `contents`, `path`…) takes an optional value, and nil means what it means
/// there (no fill, no contents).
public struct LayerKey<Value: ValueConvertible>: Sendable {
    /// The key as Core Animation spells it (`hidden`, not `isHidden`).
    public let name: String
    init(_ name: String) { self.name = name }
}

extension Layer {
    /// Sets a model value by typed key: `layer.set(.opacity, 0.5)`, `layer.set(.lineCap, .round)`.
    public func set<V>(_ key: LayerKey<V>, _ value: V) throws(PluginError) {
        try set(key.name, value)
    }
}

/// A string property's closed set of values (Core Animation's string
/// constants, such as `CAShapeLayerLineCap`), passed as the string itself.
public protocol LayerChoice: RawRepresentable<String>, CaseIterable, Sendable, ValueConvertible {}

extension LayerChoice {
    public func withValue<R>(_ body: (UnsafePointer<fx_value>) throws -> R) rethrows -> R {
        try rawValue.withValue(body)
    }
}

// The choice enums, one key per property and `LayerKeys.all` are generated
// from the engine's property catalog (LayerKeys.swift, scripts/generate.sh).

/// A typed key with its value type erased, to list and check every key.
public struct AnyLayerKey {
    public let name: String
    /// The value type, unwrapped if the key takes an optional.
    public let valueType: any ValueConvertible.Type
    /// Whether the key takes nil.
    public let isOptional: Bool
    /// The closed set of strings the key takes, for a choice.
    public let choices: [String]?

    public init<V>(_ key: LayerKey<V>) {
        name = key.name
        let unwrapped = (V.self as? any OptionalKeyValue.Type)?.wrappedValueType
        isOptional = unwrapped != nil
        valueType = unwrapped ?? V.self
        choices = (valueType as? any LayerChoice.Type)?.choiceNames
    }
}

/// Lets `AnyLayerKey` see through a key's optional value type.
public protocol OptionalKeyValue {
    static var wrappedValueType: any ValueConvertible.Type { get }
}
extension Optional: OptionalKeyValue where Wrapped: ValueConvertible {
    public static var wrappedValueType: any ValueConvertible.Type { Wrapped.self }
}

extension LayerChoice {
    static var choiceNames: [String] { allCases.map(\.rawValue) }
}
