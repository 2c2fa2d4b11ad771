// SPDX-License-Identifier: MIT
import FXCore

/// Which Core Animation layers become Lottie parents, and every Lottie layer's
/// map into its parent's space, as lottie-ios reads parenting back into nested
/// CALayers: a layer whose sublayers (or their sublayers) draw is a null layer
/// (`ty` 3) holding its own transform in its superlayer's space, and what it
/// and its subtree draw are parented to it (`parent`), so that animating the
/// layer animates them as Core Animation does. A layer that draws alone (no
/// drawing sublayers), and one whose transform is the identity at every
/// sample, is folded into the layer below it: its pieces take its map. A
/// Lottie layer whose parent would change during the run (a layer moved to
/// another superlayer, a transition's face) has none, and holds its whole map
/// to the stage.
struct LottieParenting {
    typealias NodeKey = LottieCapture.NodeKey

    /// The nodes that are null layers, in the order first seen (deterministic: by the capture's piece order).
    let parents: [NodeKey]
    /// Each parent's Lottie `ind`.
    let index: [NodeKey: Int]
    private let capture: LottieCapture
    private let emitted: Set<NodeKey>
    /// The most animated transforms on any chain from a Lottie layer to the stage: each transform's
    /// tolerance is the whole tolerance over this, so that their errors add up to at most the whole.
    let depth: Int

    /// `pieces` in the document's order; `firstIndex` is the `ind` of the first parent.
    init(_ capture: LottieCapture, pieces: [LottieCapture.Key], firstIndex: Int) {
        self.capture = capture
        // Every node above some piece's own layer is a candidate; a piece's own layer is one when it
        // is also above another piece's layer.
        var above: Set<NodeKey> = [], order: [NodeKey] = []
        for key in pieces {
            for f in capture.pieces[key]!.frames.indices {
                guard let frame = capture.pieces[key]!.frames[f] else { continue }
                var cur = capture.nodes[frame.owner]?.frames[f]?.parent
                while let c = cur, above.insert(c).inserted {
                    order.append(c)
                    cur = capture.nodes[c]?.frames[f]?.parent
                }
            }
        }
        var emitted: Set<NodeKey> = []
        var parents: [NodeKey] = []
        for key in order.reversed() where !Self.isIdentity(capture.nodes[key]!) {
            emitted.insert(key)
            parents.append(key)
        }
        self.emitted = emitted
        self.parents = parents
        var index: [NodeKey: Int] = [:]
        for (n, key) in parents.enumerated() { index[key] = firstIndex + n }
        self.index = index
        // The depth of animated transforms: a chain's parents that move, and the piece itself.
        var most = 1
        for key in pieces {
            guard let f = capture.pieces[key]!.frames.firstIndex(where: { $0 != nil }) else { continue }
            var count = 1
            var cur: NodeKey? = capture.pieces[key]!.frames[f]!.owner
            while let c = cur {
                if emitted.contains(c), !Self.isStill(capture.nodes[c]!) { count += 1 }
                cur = capture.nodes[c]?.frames[f]?.parent
            }
            most = max(most, count)
        }
        depth = most
    }

    static func isIdentity(_ node: LottieCapture.Node) -> Bool {
        node.frames.allSatisfy { $0 == nil || $0!.local == .identity }
    }

    static func isStill(_ node: LottieCapture.Node) -> Bool {
        let present = node.frames.compactMap { $0 }
        return present.allSatisfy { $0.local == present[0].local }
    }

    /// The nearest parent at or below `start` at sample `f`, and the map from a space that `local`
    /// maps into `start`'s, on into that parent's (the stage's when there is none).
    func attach(from start: NodeKey, local: PlaneAffine, at f: Int) -> (NodeKey?, PlaneAffine) {
        var map = local
        var cur: NodeKey? = start
        while let c = cur, !emitted.contains(c) {
            guard let nf = capture.nodes[c]?.frames[f] else { return (nil, map) }
            map = map.then(nf.local)
            cur = nf.parent
        }
        return (cur, map)
    }

    /// A Lottie layer's parent and its maps into the parent's space, one a sample (nil where
    /// `frames` has none): `owner`/`local` give the first step, `world` the whole map, used when
    /// the parent would change during the run.
    func maps(_ frames: [(owner: NodeKey?, local: PlaneAffine, world: PlaneAffine)?]) -> (parent: NodeKey?, maps: [PlaneAffine?]) {
        var parent: NodeKey??
        var maps: [PlaneAffine?] = []
        for (f, frame) in frames.enumerated() {
            guard let frame else { maps.append(nil); continue }
            let (p, m) = frame.owner.map { attach(from: $0, local: frame.local, at: f) } ?? (nil, frame.local)
            if parent == nil { parent = .some(p) } else if parent! != p {
                return (nil, frames.map { $0?.world })
            }
            maps.append(m)
        }
        return (parent ?? nil, maps)
    }

    /// The largest scale the parent's map to the stage has at any sample (what an error in the
    /// parent's space is multiplied by on the stage).
    func stageScale(of parent: NodeKey?) -> Double {
        guard let parent, let node = capture.nodes[parent] else { return 1 }
        return node.frames.compactMap { $0 }.reduce(1e-9) { max($0, Self.largestScale($1.world)) }
    }

    /// The largest singular value of the map's linear part.
    static func largestScale(_ m: PlaneAffine) -> Double {
        let e = m.a * m.a + m.b * m.b + m.c * m.c + m.d * m.d
        let det = m.determinant
        return ((e + max(0, e * e - 4 * det * det).squareRoot()) / 2).squareRoot()
    }
}
