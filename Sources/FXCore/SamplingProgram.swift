// SPDX-License-Identifier: MIT
import FXParallel
/// A stage's model tree laid out for sampling: its layers depth first (the
/// snapshot's order), each with what presenting it needs copied in (id, name,
/// parent, timing, model values), and the number animations of all of them
/// side by side as plain records. Built when the model has changed since the
/// last build (`Stage.modelVersion`), it is read from start to end by each
/// sample: for a large tree that is one sweep through two contiguous arrays
/// instead of a walk through thousands of layers, their arrays and their
/// animations scattered over the heap, which made sampling wait on memory.
///
/// A layer with anything besides number animations (groups, transitions,
/// keyframes of points, emitters) is presented from the layer itself, as the
/// tree walk does; the others give exactly the values the walk gives
/// (`SamplingProgramTests` compares the two after every kind of change).
final class SamplingProgram {
    struct Node {
        /// The layer, read directly when `animations` is nil.
        unowned(unsafe) let layer: Layer
        let id: Int
        let name: String
        let kind: LayerKind
        let parent: Int
        let depth: Int
        let isMask: Bool
        let timing: LayerTiming
        let model: ModelValues
        /// The layer's animations in `animations`; nil for a layer presented from the layer itself.
        let animations: Range<Int>?
    }

    /// The model version this program was built from.
    let version: Int
    let nodes: [Node]
    let animations: [ScalarAnimation]
    /// The parts the animations index, kept once for the whole tree.
    let pool: ScalarPool
    /// Where the second thread's share begins (the first node of a top-level
    /// sublayer near the middle), for trees large enough to share.
    let split: Int?
    /// How many animations lie before and after `split`: the walk buffers' sizes.
    let animationsBefore: Int, animationsAfter: Int

    init(_ stage: Stage) {
        var nodes: [Node] = [], animations: [ScalarAnimation] = [], pool = ScalarPool(sharing: true)
        var topLevel: [(node: Int, animation: Int)] = []
        nodes.reserveCapacity(stage.root.subtreeCount)
        stage.root.visitTree(Sampler.Place(parent: -1, depth: 0, isMask: false)) { layer, place in
            let index = nodes.count
            if place.parent == 0 && !place.isMask { topLevel.append((index, animations.count)) }
            let evaluators = layer.evaluators
            var range: Range<Int>? = nil
            if layer.kind != .emitter, evaluators.allSatisfy({ $0.isScalar }) {
                let first = animations.count
                for e in evaluators {
                    e.scalarPool.withParts { parts in animations.append(e.scalar!.moved(from: parts, into: &pool)) }
                }
                range = first..<animations.count
            }
            nodes.append(Node(layer: layer, id: layer.id, name: layer.name, kind: layer.kind, parent: place.parent,
                              depth: place.depth, isMask: place.isMask, timing: layer.timing,
                              model: layer.values.copiedAnew(), animations: range))
            return place.below(index)
        }
        var split: Int? = nil
        if nodes.count >= Sampler.parallelThreshold, topLevel.count >= 2 {
            let middle = nodes.count / 2
            split = topLevel.dropFirst().min { abs($0.node - middle) < abs($1.node - middle) }?.node
        }
        let before = split.map { s in topLevel.first { $0.node == s }!.animation } ?? animations.count
        self.nodes = nodes
        self.animations = animations
        self.pool = pool
        self.split = split
        animationsBefore = before
        animationsAfter = animations.count - before
        // Read last: reading a layer's animations may compact them, which counts as a change.
        version = stage.modelVersion
    }

    /// The presented layers at global time `t`, in node order.
    func layers(at t: Double) -> [PresentedLayer] {
        [PresentedLayer](unsafeUninitializedCapacity: nodes.count) { buffer, initialized in
            let base = buffer.baseAddress!
            var pass = Sampler.Pass()
            pass.values.reserveCapacity(animationsBefore)
            present(0..<1, at: t, into: base, pass: &pass)
            if let split {
                let second = ParallelJob { [self] in
                    var pass = Sampler.Pass()
                    pass.values.reserveCapacity(animationsAfter)
                    present(split..<nodes.count, at: t, into: base, pass: &pass)
                    pass.finish()
                }
                second.start()
                present(1..<split, at: t, into: base, pass: &pass)
                second.join()
            } else {
                present(1..<nodes.count, at: t, into: base, pass: &pass)
            }
            pass.finish()
            initialized = nodes.count
        }
    }

    /// Presents nodes `range` into their slots; every node's parent is presented already
    /// (it comes earlier, and the root before the threads part).
    private func present(_ range: Range<Int>, at t: Double, into base: UnsafeMutablePointer<PresentedLayer>,
                         pass: inout Sampler.Pass) {
        nodes.withUnsafeBufferPointer { nodes in
            pool.withParts { parts in animations.withUnsafeBufferPointer { records in
                for i in range {
                    let n = nodes.baseAddress! + i
                    let parentTime = n.pointee.parent < 0 ? t : base[n.pointee.parent].localTime
                    guard let animated = n.pointee.animations else {
                        _ = Sampler.present(n.pointee.layer, parentTime: parentTime, parent: n.pointee.parent,
                                            depth: n.pointee.depth, isMask: n.pointee.isMask, at: base + i, pass: &pass)
                        continue
                    }
                    let local = n.pointee.timing.localTime(parentTime)
                    let start = pass.values.count
                    for j in animated {
                        let a = records.baseAddress! + j
                        let state = a.pointee.state(atParentTime: local, fillMode: a.pointee.fillMode)
                        guard let linear = state.progress else { continue }
                        Sampler.applyScalar(a, parts, linear: linear, iteration: state.iteration,
                                            model: n.pointee.model, overlay: &pass.values, from: start)
                    }
                    if pass.values.count - start > 1 { Sampler.sortInOrder(&pass.values, from: start) }
                    (base + i).initialize(to: PresentedLayer(
                        id: n.pointee.id, name: n.pointee.name, kind: n.pointee.kind, parent: n.pointee.parent,
                        depth: n.pointee.depth, isMask: n.pointee.isMask, localTime: local, model: n.pointee.model,
                        animated: [], transitions: []))
                    if pass.values.count > start { pass.owners.append((base + i, start..<pass.values.count)) }
                }
            } }
        }
    }
}
