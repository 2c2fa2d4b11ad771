// SPDX-License-Identifier: MIT
import Glibc

/// A first-in first-out queue between two threads: `take` waits for an item.
/// How many items can be in flight is bounded by whoever makes them (the
/// video writer's pool of pictures), not here. An error can ride along, for
/// the side that waits on the queue to learn that the other side failed.
final class HandOffQueue<Item>: @unchecked Sendable {
    private var items: [Item] = []
    private var ends = 0
    private var error: Error?
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let ready = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init(_ items: [Item] = []) {
        self.items = items
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(ready, nil)
    }

    deinit {
        pthread_cond_destroy(ready)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        ready.deallocate()
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    func put(_ item: Item) {
        locked { items.append(item) }
        pthread_cond_signal(ready)
    }

    /// Marks the end: once the items before it are taken, `take` returns nil.
    func end() {
        locked { ends += 1 }
        pthread_cond_signal(ready)
    }

    /// Records the other side's failure (the first one is kept).
    func fail(_ e: Error) { locked { if error == nil { error = e } } }

    var failure: Error? { locked { error } }

    /// The next item, waiting for one; nil after `end()`.
    func take() -> Item? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while items.isEmpty {
            if ends > 0 { ends -= 1; return nil }
            pthread_cond_wait(ready, mutex)
        }
        return items.removeFirst()
    }
}
