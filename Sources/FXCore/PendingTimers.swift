// SPDX-License-Identifier: MIT
/// The actions of pending timers by id, for `Stage`. Ids come from the
/// stage's sequence, so they only grow: the actions are kept in that order
/// and found by binary search, fired and cancelled ones left as gaps that are
/// dropped from the front.
///
/// Not a `[Int: Action]`: the first dictionary keyed by `Int` in a process
/// makes the Swift runtime check that `Int` is `Hashable` by a scan of every
/// protocol conformance loaded, and a plugin that imports Foundation loads
/// thousands: about 340,000 instructions inside the first build that adds a
/// timer (the seeds' `asyncAfter`), where the whole build of a hand-ported
/// effect is under a million.
struct PendingTimers {
    typealias Action = () throws -> Void

    private var ids: [Int] = []
    private var actions: [Action?] = []
    /// The first slot that may still hold an action.
    private var start = 0

    /// The action of timer `id`, or nil once it has fired or been cancelled.
    /// Setting adds a timer; its id must be above every id added before.
    subscript(id: Int) -> Action? {
        get { index(of: id).flatMap { actions[$0] } }
        set {
            if let i = index(of: id) {
                actions[i] = newValue
                dropGaps()
            } else if let newValue {
                precondition(ids.last.map { $0 < id } ?? true, "timer ids must grow")
                ids.append(id)
                actions.append(newValue)
            }
        }
    }

    /// Removes timer `id`'s action and returns it (nil when it was not pending).
    mutating func removeValue(forKey id: Int) -> Action? {
        guard let i = index(of: id), let action = actions[i] else { return nil }
        actions[i] = nil
        dropGaps()
        return action
    }

    private func index(of id: Int) -> Int? {
        var low = start, high = ids.count
        while low < high {
            let mid = (low + high) / 2
            if ids[mid] < id { low = mid + 1 } else { high = mid }
        }
        return low < ids.count && ids[low] == id ? low : nil
    }

    /// Moves `start` past the gaps at the front, and lets the storage go when
    /// the gaps are most of it.
    private mutating func dropGaps() {
        while start < actions.count, actions[start] == nil { start += 1 }
        if start == actions.count {
            ids.removeAll(keepingCapacity: true)
            actions.removeAll(keepingCapacity: true)
            start = 0
        } else if start >= 64, start * 2 >= actions.count {
            ids.removeFirst(start)
            actions.removeFirst(start)
            start = 0
        }
    }
}
