// SPDX-License-Identifier: MIT
/// The animations a layer was given under keys, as `animation(forKey:)`
/// returns them; a layer has a few at most.
///
/// A list of nodes rather than a `[String: CAAnimation]`: the dictionary's
/// generic type is made by the Swift runtime on its first use in a process,
/// about 15,000 instructions inside the build that first adds an animation
/// under a key.
struct KeyedAnimations {
    private final class Node {
        let key: String
        var animation: CAAnimation
        var next: Node?
        init(key: String, animation: CAAnimation, next: Node?) {
            self.key = key; self.animation = animation; self.next = next
        }
    }

    private var first: Node?

    /// The animation under `key`; setting nil removes it.
    subscript(key: String) -> CAAnimation? {
        get {
            var node = first
            while let n = node {
                if n.key == key { return n.animation }
                node = n.next
            }
            return nil
        }
        set {
            var previous: Node?
            var node = first
            while let n = node {
                if n.key == key {
                    if let newValue {
                        n.animation = newValue
                    } else if let previous {
                        previous.next = n.next
                    } else {
                        first = n.next
                    }
                    return
                }
                previous = n
                node = n.next
            }
            if let newValue { first = Node(key: key, animation: newValue, next: first) }
        }
    }

    mutating func removeAll() { first = nil }
}
