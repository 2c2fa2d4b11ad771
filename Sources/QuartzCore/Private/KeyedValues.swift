// SPDX-License-Identifier: MIT
/// Values an animation keeps for keys that are not its properties
/// (key-value coding's other keys: `anim.setValue(layer, forKey: "layer")`,
/// as the tutorials tag their animations; a layer's are its own keys, CustomKeys.swift).
///
/// A short list, found by comparing keys: code keeps one to three values on
/// an object, and a `[String: Any]` hashes each key and grows its storage on
/// the first insert of every object (about 6,000 instructions per
/// animation that carries a value, each copied again when it is added).
/// Entries are immutable, so a copied animation shares them until either
/// side sets a value.
struct KeyedValues {
    final class Entry {
        let key: String
        let value: Any
        init(_ key: String, _ value: Any) { self.key = key; self.value = value }
    }

    private var entries: [Entry] = []

    /// The value kept for `key`; setting nil forgets it, as a dictionary does.
    subscript(key: String) -> Any? {
        get {
            for e in entries where e.key == key { return e.value }
            return nil
        }
        set {
            if let i = entries.firstIndex(where: { $0.key == key }) { entries.remove(at: i) }
            if let newValue { entries.append(Entry(key, newValue)) }
        }
    }
}
