// SPDX-License-Identifier: MIT
/// When something on the timeline is due, and which thing: `rank` orders
/// things due at the same instant (docs/timing.md, "Events"); `slot` says
/// where the thing itself is kept.
struct DueKey: Comparable {
    let time: Double
    let rank: Int
    let slot: Int
    static func < (a: DueKey, b: DueKey) -> Bool { a.time < b.time || (a.time == b.time && a.rank < b.rank) }
    static func == (a: DueKey, b: DueKey) -> Bool { a.time == b.time && a.rank == b.rank }
}

/// A binary min-heap of due keys: the timeline's pending timers and animation
/// starts and stops, so finding the next one costs O(log n) instead of a scan
/// of all. Plain values only, so it stays fast without optimisation too.
struct DueQueue {
    private(set) var keys: [DueKey] = []

    var first: DueKey? { keys.first }

    mutating func push(_ key: DueKey) {
        keys.append(key)
        var child = keys.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard keys[child] < keys[parent] else { break }
            keys.swapAt(child, parent)
            child = parent
        }
    }

    @discardableResult
    mutating func popFirst() -> DueKey? {
        guard !keys.isEmpty else { return nil }
        keys.swapAt(0, keys.count - 1)
        let top = keys.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < keys.count && keys[left] < keys[smallest] { smallest = left }
            if right < keys.count && keys[right] < keys[smallest] { smallest = right }
            guard smallest != parent else { break }
            keys.swapAt(parent, smallest)
            parent = smallest
        }
        return top
    }

    mutating func removeAll() { keys.removeAll(keepingCapacity: true) }
}
