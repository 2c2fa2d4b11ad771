// SPDX-License-Identifier: MIT
import CoreGraphics

/// What a port writes for iOS's `@NSManaged var progress: CGFloat` on a
/// CALayer subclass: `@CAManaged var progress: CGFloat`. (`@NSManaged`
/// compiles on Linux but its accessors are never made, so the plugin fails to
/// link; `@objc dynamic` needs the Objective-C runtime.) The property is the
/// layer's key of the same name: reading it is `value(forKey: "progress")`,
/// writing it `setValue(_:forKey: "progress")`, so it animates with
/// `CABasicAnimation(keyPath: "progress")`, reads the presented value in
/// `draw(in:)` while it animates, and runs the layer's `action(forKey:)` when set.
/// Its value before any is set is the initial value given, else zero (nil for an optional).
@propertyWrapper
public struct CAManaged<Value> {
    let initial: Value
    /// Tells this property apart from the layer's others when its name is looked up.
    let token = CAManagedToken()

    public init(wrappedValue: Value) { initial = wrappedValue }
    // (In the type's body: an `init()` in an extension does not give the property an initial value.)
    /// `@CAManaged var progress: CGFloat`, as `@NSManaged` declares it: zero until set.
    public init() where Value: ExpressibleByIntegerLiteral { initial = 0 }
    public init() where Value: ExpressibleByNilLiteral { initial = nil }

    @available(*, unavailable, message: "@CAManaged is for properties of CALayer subclasses")
    public var wrappedValue: Value {
        get { fatalError() }
        set { fatalError() }
    }

    public static subscript<Layer: CALayer>(_enclosingInstance layer: Layer,
                                             wrapped wrappedKeyPath: ReferenceWritableKeyPath<Layer, Value>,
                                             storage storageKeyPath: ReferenceWritableKeyPath<Layer, Self>) -> Value {
        get {
            let me = layer[keyPath: storageKeyPath]
            let name = CAManagedNames.name(of: me.token, storage: storageKeyPath, in: layer)
            if let v = layer.value(forKey: name) {
                if let typed = v as? Value { return typed }
                if let typed = CAManagedNames.number(v, as: Value.self) { return typed }
            }
            return me.initial
        }
        set {
            let me = layer[keyPath: storageKeyPath]
            let name = CAManagedNames.name(of: me.token, storage: storageKeyPath, in: layer)
            // The value before the first set is the initial one (zero), which an action animates from.
            layer.seedCustomValue(me.initial, forKey: name)
            layer.setValue(newValue, forKey: name)
        }
    }
}


/// Identifies one `@CAManaged` property of a layer.
public final class CAManagedToken: @unchecked Sendable {
    init() {}
}

/// The names of `@CAManaged` properties, found once per property by
/// reflecting the layer (Swift names a wrapped property's storage `_name`).
enum CAManagedNames {
    /// By the property's storage key path, which is the same for every layer of the class.
    nonisolated(unsafe) static var names: [AnyKeyPath: String] = [:]

    static func name(of token: CAManagedToken, storage: AnyKeyPath, in layer: CALayer) -> String {
        if let n = names[storage] { return n }
        var mirror: Mirror? = Mirror(reflecting: layer)
        while let m = mirror {
            for child in m.children {
                guard let label = child.label, label.hasPrefix("_"),
                      let t = (child.value as? any CAManagedTokenHolder)?.managedToken, t === token else { continue }
                let n = String(label.dropFirst())
                names[storage] = n
                return n
            }
            mirror = m.superclassMirror
        }
        return "?"
    }

    /// A number read back as another number type (a CGFloat key read as a Double property).
    static func number<V>(_ v: Any, as: V.Type) -> V? {
        guard let n = HostValue.number(v) else { return nil }
        if V.self == CGFloat.self { return CGFloat(n) as? V }
        if V.self == Double.self { return n as? V }
        if V.self == Float.self { return Float(n) as? V }
        if V.self == Int.self { return Int(n.rounded()) as? V }
        return nil
    }
}

protocol CAManagedTokenHolder { var managedToken: CAManagedToken { get } }
extension CAManaged: CAManagedTokenHolder { var managedToken: CAManagedToken { token } }
