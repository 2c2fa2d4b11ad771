// SPDX-License-Identifier: MIT
/// A layer's model values: only those that differ from the property
/// defaults, in property order. Most layers set a handful of properties, so
/// this keeps a layer small (a whole table would be 45 values), which is what
/// sampling large trees is bound by: memory, not arithmetic.
struct ModelValues: Sendable {
    private var entries: [AnimatedValue] = []

    /// A copy in storage of its own, allocated now. A sampling program copies
    /// its layers' values as it lays the tree out, so that a sample reads
    /// them from allocations made one after another, in the order it reads
    /// them, instead of from wherever each layer's were made (for a large
    /// tree, a cache miss per layer).
    func copiedAnew() -> ModelValues {
        var copy = ModelValues()
        copy.entries = Array(unsafeUninitializedCapacity: entries.count) { buffer, initialized in
            initialized = buffer.initialize(fromContentsOf: entries)
        }
        return copy
    }

    /// Whether `test` holds for one of the properties set to other than their defaults.
    func containsProperty(where test: (Property) -> Bool) -> Bool {
        entries.withUnsafeBufferPointer { e in e.contains { test($0.property) } }
    }

    subscript(_ p: Property) -> Value {
        get {
            // Through a pointer: the scan compares properties without copying entries.
            entries.withUnsafeBufferPointer { e in
                for i in e.indices where e[i].property == p { return e[i].value }
                return Property.defaults[p.rawValue]
            }
        }
        set {
            let index = entries.firstIndex { $0.property.rawValue >= p.rawValue }
            let present = index.map { entries[$0].property == p } ?? false
            if newValue == Property.defaults[p.rawValue] {
                if present { entries.remove(at: index!) }
            } else if present {
                entries[index!] = AnimatedValue(property: p, value: newValue)
            } else {
                entries.insert(AnimatedValue(property: p, value: newValue), at: index ?? entries.count)
            }
        }
    }
}
