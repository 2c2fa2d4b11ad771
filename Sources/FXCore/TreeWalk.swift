// SPDX-License-Identifier: MIT
extension Layer {
    /// Visits this layer and every layer under it depth-first, each before what it holds: the layer,
    /// then its mask's subtree, then its sublayers' in order (the order of a snapshot's layers).
    /// `body` gets each layer with the value its parent handed down (`carried` for this layer) and
    /// returns the values for its mask and for its sublayers: a time map, how much later replicated
    /// copies end, a snapshot slot and depth. Masks and sublayers may get different values (a
    /// replicator's delay reaches its sublayers, not its mask; only the mask is a mask).
    ///
    /// The one walk of the model tree: the schedule's rebuild and `endOfAnimations` (Stage), loop
    /// periods, the sampling program's layout and the sampler's walk (`Sampler.visit`: a transition's
    /// old side, replicated copies), the depth check and `emitsForever`.
    /// Two walks stay apart. `subtreeTotals` works bottom up (a layer's count is its children's sum)
    /// and stops at subtrees whose count it still holds, which a walk that visits every layer first
    /// cannot do. The renderer, its pixel budget and its damage (FXRender) walk a snapshot, not this
    /// tree: its layers are already in this order with their parents' indices, so a loop over them
    /// carries values down without recursion, and their other passes need what this walk does not
    /// give: children in drawing order (by zPosition), work after the children (a group's surface
    /// composited, a box grown by its children's boxes).
    func visitTree<Carried>(_ carried: Carried, _ body: (Layer, Carried) -> (mask: Carried, sublayers: Carried)) {
        let down = body(self, carried)
        mask?.visitTree(down.mask, body)
        for child in sublayers { child.visitTree(down.sublayers, body) }
    }

    /// `visitTree` for walks whose mask and sublayers get the same value.
    func visitTree<Carried>(_ carried: Carried, _ body: (Layer, Carried) -> Carried) {
        visitTree(carried) { layer, value in
            let down = body(layer, value)
            return (down, down)
        }
    }
}
