// SPDX-License-Identifier: MIT
import Glibc

/// The studio's frame workers (docs/STUDIO.md, "How it draws"): at most `size`, one a core, each
/// drawing one frame at a time, so that a page playing has two frames drawn at once. Requests take
/// their turn first come, first served (a page playing asks in time order), each with the idle
/// worker that draws its time soonest:
///
/// 1. a worker of its view that draws it without building again (`from`, when its clock last
///    changed the tree, is not later), the one whose `from` is latest; but the view's last worker
///    whose `from` is 0 is kept for a time no other can draw without building, while another worker
///    that can is busy: the request waits for that one (a page that plays then draws with one
///    worker and keeps its spare for the loop's return to 0, where it would otherwise spend the
///    spare on every other frame and build a new one each time);
/// 2. otherwise a new worker for its view, in a slot that has none, else in place of one for another
///    view, or one that is stale (a watched file changed) or old;
/// 3. otherwise a worker of its view, which builds again (a new child) to go back in time.
///
/// A view's first worker starts the second, its spare, beside it in an empty slot. When nothing is
/// asked or drawn, the pool keeps a worker whose `from` is 0 (it draws any time
/// without building again) for the view last asked for, built ahead in the background: a new one
/// in an empty slot, or the worker whose `from` is latest builds again. A page that scrubs back then
/// finds its frame's build made already.
final class WorkerPool: @unchecked Sendable {
    private struct Slot {
        var worker: FrameWorker?
        var generation = 0
        var busy = false
    }

    private var lock = pthread_mutex_t()
    private var changed = pthread_cond_t()
    private var slots = [Slot](repeating: Slot(), count: WorkerPool.size)
    private var issued = 0
    private var serving = 0
    private var drawing = 0
    /// Moves on when a watched file changes: workers of an earlier generation load the old plugin.
    private var generation = 0
    private let start: ([String]) -> Result<FrameWorker, Spawned.Failure>

    /// The machine's cores.
    static let size = 2
    /// The most requests waiting for their turn; past them a request is answered 503.
    static let maxWaiting = 16
    /// A worker older than this is replaced when it is next chosen, well before a run's
    /// `--render-timeout` (an hour by default) would end its child.
    static let lifetime = 3000.0

    init(start: @escaping ([String]) -> Result<FrameWorker, Spawned.Failure>) {
        self.start = start
        pthread_mutex_init(&lock, nil)
        pthread_cond_init(&changed, nil)
    }

    /// Every worker is stale from now on (a watched file changed): each is replaced when next chosen.
    func retire() {
        pthread_mutex_lock(&lock)
        generation += 1
        pthread_mutex_unlock(&lock)
    }

    /// The frame of the run `words` at `t` in `format` (png, rgba), within `seconds`, with the
    /// warnings of the worker that drew it; nil when `maxWaiting` requests wait already. A worker
    /// that failed is gone: the next frame starts another.
    func frame(_ words: [String], t: Double, format: String, seconds: Double) -> (answer: FrameWorker.Answer, warnings: [String])? {
        pthread_mutex_lock(&lock)
        guard issued - serving < WorkerPool.maxWaiting else { pthread_mutex_unlock(&lock); return nil }
        let ticket = issued
        issued += 1
        var index: Int?
        while true {
            if serving == ticket, let i = choose(words, t) { index = i; break }
            pthread_cond_wait(&changed, &lock)
        }
        let i = index!
        serving += 1
        drawing += 1
        slots[i].busy = true
        var retired: FrameWorker?
        if let w = slots[i].worker, !usable(slots[i], words) {
            retired = w
            slots[i].worker = nil
        }
        let worker = slots[i].worker
        slots[i].generation = generation
        // A first worker for the view: the spare starts beside it, in an empty slot, so that it is
        // built by the time the page scrubs back.
        var early: Int?
        if worker == nil, let j = slots.indices.first(where: { $0 != i && !slots[$0].busy && slots[$0].worker == nil }) {
            slots[j].busy = true
            drawing += 1
            early = j
        }
        pthread_cond_broadcast(&changed)
        pthread_mutex_unlock(&lock)

        if let early { WorkerPool.detached { self.makeSpare(early, words) } }
        retired?.stop()
        var used = worker
        var notStarted: FrameWorker.Answer?
        if used == nil {
            switch start(words) {
            case .success(let w): used = w
            case .failure(let why): notStarted = .failed(EngineRun.failed(why.message))
            }
        }
        let answer = notStarted ?? used!.frame(t, format, seconds: seconds)
        let warnings = used?.warnings ?? []

        pthread_mutex_lock(&lock)
        if case .failed = answer { slots[i].worker = nil } else { slots[i].worker = used }
        slots[i].busy = false
        drawing -= 1
        let spare = spareToMake(words)
        pthread_cond_broadcast(&changed)
        pthread_mutex_unlock(&lock)
        if let spare { WorkerPool.detached { self.makeSpare(spare, words) } }
        return (answer, warnings)
    }

    /// Whether the slot's worker is for `words`, current and not old.
    private func usable(_ slot: Slot, _ words: [String]) -> Bool {
        guard let w = slot.worker else { return false }
        return w.words == words && slot.generation == generation && EngineRun.now() - w.started <= WorkerPool.lifetime
    }

    /// The idle slot for a request (the rules above), or nil when every slot is busy.
    private func choose(_ words: [String], _ t: Double) -> Int? {
        let idle = slots.indices.filter { !slots[$0].busy }
        guard !idle.isEmpty else { return nil }
        let ready = idle.filter { usable(slots[$0], words) }
        if let best = ready.filter({ slots[$0].worker!.from <= t }).max(by: { slots[$0].worker!.from < slots[$1].worker!.from }) {
            let spares = slots.indices.filter { usable(slots[$0], words) && slots[$0].worker!.from == 0 }
            let other = slots.indices.contains { $0 != best && slots[$0].busy && usable(slots[$0], words) && slots[$0].worker!.from <= t }
            if spares == [best], other { return nil }
            return best
        }
        if let empty = idle.first(where: { slots[$0].worker == nil }) ?? idle.first(where: { !usable(slots[$0], words) }) { return empty }
        return ready.min { slots[$0].worker!.from < slots[$1].worker!.from }
    }

    /// With nothing asked or drawn, and no worker for `words` whose `from` is 0: the slot to start
    /// one in (an empty one, marked busy), or nil; if every slot holds a worker for `words`, the one
    /// whose `from` is latest is asked to build again now (`FrameWorker.rewind`: a new child forked
    /// from its process, which has the drawing libraries loaded) and nil is answered.
    private func spareToMake(_ words: [String]) -> Int? {
        guard issued == serving, drawing == 0 else { return nil }
        let ready = slots.indices.filter { usable(slots[$0], words) }
        guard !ready.contains(where: { slots[$0].worker!.from == 0 }) else { return nil }
        if let empty = slots.indices.first(where: { !usable(slots[$0], words) }) {
            slots[empty].busy = true
            drawing += 1
            return empty
        }
        if let latest = ready.max(by: { slots[$0].worker!.from < slots[$1].worker!.from }), !slots[latest].worker!.rewind() {
            slots[latest].worker!.stop()
            slots[latest].worker = nil
        }
        return nil
    }

    /// Replaces the worker in `slot` by a new one for `words`, which builds while nothing waits for it.
    private func makeSpare(_ slot: Int, _ words: [String]) {
        pthread_mutex_lock(&lock)
        let old = slots[slot].worker
        slots[slot].worker = nil
        let current = generation
        pthread_mutex_unlock(&lock)
        old?.stop()
        let made = try? start(words).get()
        pthread_mutex_lock(&lock)
        slots[slot].worker = made
        slots[slot].generation = current
        slots[slot].busy = false
        drawing -= 1
        pthread_cond_broadcast(&changed)
        pthread_mutex_unlock(&lock)
    }

    /// Runs `body` on a thread of its own (the answer to the request that asked is not held up).
    private static func detached(_ body: @escaping () -> Void) {
        var thread = pthread_t()
        let box = Unmanaged.passRetained(DetachedBody(body)).toOpaque()
        let made = pthread_create(&thread, nil, { raw in
            Unmanaged<DetachedBody>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, box)
        if made == 0 { pthread_detach(thread) } else { Unmanaged<DetachedBody>.fromOpaque(box).takeRetainedValue().body() }
    }
}

/// What a detached thread runs.
private final class DetachedBody {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}
