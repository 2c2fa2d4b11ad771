// SPDX-License-Identifier: MIT
import FXParallel
@testable import FXCore

// Sampling by walking the layer tree, layer by layer from the tree itself: the reference the sampling
// program (which lays the tree out flat once and sweeps it each sample) is tested against
// (SamplingProgramTests). Production samples a stage by its program only.

extension Sampler {
    /// A snapshot of the tree under `root` at `t` by walking it, the top-level sublayers shared
    /// between two threads for large trees as the program shares them.
    static func walk(_ root: Layer, at t: Double) -> Snapshot {
        let totals = root.subtreeTotals, total = totals.layers
        let layers = [PresentedLayer](unsafeUninitializedCapacity: total) { buffer, initialized in
            let base = buffer.baseAddress!
            var pass = Pass()
            defer { pass.finish() }
            var next = 0
            let rootLocal = present(root, parentTime: t, parent: -1, depth: 0, isMask: false, at: base, pass: &pass)
            next = 1
            if let m = root.mask {
                next = visit(m, parentTime: rootLocal, parent: 0, depth: 1, isMask: true, into: base, at: next, pass: &pass)
            }
            let children = root.sublayers
            if total >= parallelThreshold && children.count >= 2 {
                // Split the top-level sublayers into two runs of about equal size; each
                // thread writes its own slots, so the result does not depend on scheduling.
                let sizes = children.map { count($0) }
                var half = 0, acc = 0
                while half < children.count - 1 && acc + sizes[half] <= (total - next) / 2 { acc += sizes[half]; half += 1 }
                if half == 0 { half = 1; acc = sizes[0] }
                let secondStart = next + acc
                let second = Array(children[half...])
                let secondAnimations = second.reduce(0) { $0 + $1.subtreeTotals.animations }
                pass.values.reserveCapacity(max(0, totals.animations - secondAnimations))
                let job = ParallelJob {
                    var i = secondStart
                    var pass = Pass()
                    pass.values.reserveCapacity(secondAnimations)
                    for child in second {
                        i = visit(child, parentTime: rootLocal, parent: 0, depth: 1, isMask: false, into: base, at: i, pass: &pass)
                    }
                    pass.finish()
                }
                job.start()
                for child in children[..<half] {
                    next = visit(child, parentTime: rootLocal, parent: 0, depth: 1, isMask: false, into: base, at: next,
                                 pass: &pass)
                }
                job.join()
                next = total
            } else {
                pass.values.reserveCapacity(totals.animations)
                for child in children {
                    next = visit(child, parentTime: rootLocal, parent: 0, depth: 1, isMask: false, into: base, at: next,
                                 pass: &pass)
                }
            }
            initialized = next
        }
        if let stage = root.stage, !stage.replicators.isEmpty || layers.contains(where: { $0.particles != nil }) {
            return replicated(layers, stage, at: t)
        }
        return Snapshot(time: t, layers: layers)
    }
}
