extension Layer {
    /// Visits this layer and every layer under it depth-first, each before what it holds: the layer,
    /// then its mask's subtree, then its sublayers' in order (the order of a snapshot's layers).
    /// `body` gets each layer with the value its parent handed down (`carried` for this layer) and
    /// returns the values for its mask and for its sublayers: a time map, how much later replicated
    /// copies end. Masks and sublayers may get different values (a replicator's delay reaches its
    /// sublayers, not its mask).
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
