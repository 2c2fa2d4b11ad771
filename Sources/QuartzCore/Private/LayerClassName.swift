// SPDX-License-Identifier: MIT
/// The unqualified name of a layer class, the name its host layer gets.
///
/// `_typeName` demangles the class's name on every call, about 4,000
/// instructions, and a view-built scene makes dozens of layers of a few
/// classes; the names are kept, one node per class, in a list rather than a
/// dictionary (whose first use would ask the runtime for `ObjectIdentifier`'s
/// Hashable conformance, a scan of every conformance loaded).
final class LayerClassName {
    let type: ObjectIdentifier
    let name: String
    let next: LayerClassName?

    private init(type: ObjectIdentifier, name: String, next: LayerClassName?) {
        self.type = type; self.name = name; self.next = next
    }

    nonisolated(unsafe) private static var first: LayerClassName?

    static func of(_ type: AnyClass) -> String {
        let id = ObjectIdentifier(type)
        // The facade's own classes by name, without demangling (the first
        // demangling of a process is 7,000 instructions).
        if id == ObjectIdentifier(CALayer.self) { return "CALayer" }
        if id == ObjectIdentifier(CATextLayer.self) { return "CATextLayer" }
        if id == ObjectIdentifier(CAShapeLayer.self) { return "CAShapeLayer" }
        if id == ObjectIdentifier(CAGradientLayer.self) { return "CAGradientLayer" }
        if id == ObjectIdentifier(CAReplicatorLayer.self) { return "CAReplicatorLayer" }
        if id == ObjectIdentifier(CAEmitterLayer.self) { return "CAEmitterLayer" }
        var node = first
        while let n = node {
            if n.type == id { return n.name }
            node = n.next
        }
        let name = _typeName(type, qualified: false)
        first = LayerClassName(type: id, name: name, next: first)
        return name
    }
}
