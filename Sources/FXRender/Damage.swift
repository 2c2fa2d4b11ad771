// SPDX-License-Identifier: MIT
import FXCore

/// Which part of the frame changed since the last one, so that only it is
/// redrawn: Core Animation's dirty regions. Each layer's presented state (its
/// values, where it lands on the target, its transitions and its mask) is
/// compared with the previous frame's; a layer that changed, appeared or went
/// damages the box around its whole subtree, before and after; the boxes
/// gather into a `DamageRegion`.
///
/// Redrawing inside an integer-aligned clip gives exactly the pixels a full
/// redraw would, so the saving never shows.
struct Damage {
    struct LayerState: Equatable {
        /// The layer and its mask, compared by their presented values.
        let layer: PresentedLayer
        let mask: PresentedLayer?
        let map: Homography
        let transitions: [Double]
        /// An emitter's particles (empty for other layers).
        let particles: [Particle]

        static func == (a: LayerState, b: LayerState) -> Bool {
            guard a.map == b.map, a.transitions == b.transitions, a.layer.presentsSameValues(as: b.layer) else { return false }
            switch (a.mask, b.mask) {
            case (nil, nil): break
            case (let x?, let y?): guard x.presentsSameValues(as: y) else { return false }
            default: return false
            }
            return a.particles == b.particles
        }
    }

    private var previous: [Int: (state: LayerState, box: Rect)] = [:]
    /// Each layer's map to device pixels in the tree last computed (what the renderer draws it through).
    private(set) var maps: [Homography] = []
    private var previousSize: (Int, Int) = (0, 0)

    /// The device pixels to redraw (nil: nothing changed).
    /// `textBox` gives, for a text layer whose raster is cached, the local box its text covers.
    mutating func compute(_ tree: RenderTree, device: Homography, width: Int, height: Int,
                          textBox: (PresentedLayer) -> Rect? = { _ in nil }) -> DamageRegion? {
        let full = Rect(0, 0, Double(width), Double(height))
        var current: [Int: (state: LayerState, box: Rect)] = [:]
        current.reserveCapacity(tree.layers.count)
        var damage = DamageRegion()
        var boxes = [Rect?](repeating: nil, count: tree.layers.count)
        var maps = [Homography](repeating: .identity, count: tree.layers.count)
        // Maps, top down (parents come before children in the snapshot).
        for (i, l) in tree.layers.enumerated() {
            let parentMap = l.parent >= 0 ? maps[l.parent] : device
            let parent = l.parent >= 0 ? tree.layers[l.parent] : nil
            maps[i] = LayerGeometry.toParent(l, parent: parent).then(parentMap)
        }
        // Boxes, bottom up: a layer's own drawing, then its children's.
        for i in stride(from: tree.layers.count - 1, through: 0, by: -1) {
            let l = tree.layers[i]
            var box: Rect?
            if maps[i].isAffine {
                var local = LayerGeometry.bounds(l)
                // A text layer that draws only its text draws nothing outside the text's ink.
                if l.kind == .text, Damage.drawsOnlyText(l), let ink = textBox(l) { local = ink }
                if l.kind == .shape, case .path(let p) = l[.path], let c = p.controlBounds {
                    let pad = l.number(.lineWidth) * max(1, l.number(.miterLimit)) / 2 + 2
                    local = local.union(Rect(c.minX - pad, c.minY - pad, c.size.width + 2 * pad, c.size.height + 2 * pad))
                }
                if l.number(.shadowOpacity) > 0, case .size(let off) = l[.shadowOffset] {
                    let r = l.number(.shadowRadius) * 3 + 2
                    local = local.union(Rect(local.origin.x + off.width - r, local.origin.y + off.height - r,
                                             local.size.width + 2 * r, local.size.height + 2 * r))
                }
                if let field = l.particles, let pb = ParticleDrawing.bounds(field) { local = local.union(pb) }
                box = local.mapped(maps[i])
            } else {
                box = full
            }
            for c in tree.children[i] { if let cb = boxes[c] { box = box.map { $0.union(cb) } ?? cb } }
            // A masked layer shows only where its mask draws: it and its subtree (and its
            // shadow, made from the masked result) change nothing outside the mask's box.
            // An inverted mask keeps the layer where the mask does not draw, so it bounds nothing.
            if let m = tree.mask[i], !l.maskMode.isInverted { box = box.flatMap { b in boxes[m].flatMap { b.intersection($0) } } }
            boxes[i] = box.map { Damage.pixelAligned($0, within: full) }
        }
        // Under a masked layer (its sublayers and its mask's subtree) nothing shows outside
        // the masked layer's own box; top down, as parents come first.
        var limits = [Rect?](repeating: nil, count: tree.layers.count)
        for (i, l) in tree.layers.enumerated() where l.parent >= 0 {
            var limit = limits[l.parent]
            if tree.mask[l.parent] != nil {
                let own = boxes[l.parent] ?? .zero
                limit = limit.map { $0.intersection(own) ?? .zero } ?? own
            }
            limits[i] = limit
        }
        for (i, l) in tree.layers.enumerated() {
            let state = LayerState(
                layer: l,
                mask: tree.mask[i].map { tree.layers[$0] },
                map: maps[i],
                transitions: l.transitions.map(\.progress),
                particles: l.particles?.particles ?? [])
            var box = boxes[i] ?? .zero
            if let limit = limits[i] { box = box.intersection(limit) ?? .zero }
            current[l.id] = (state, box)
            if let old = previous[l.id] {
                if old.state != state { damage.add(old.box); damage.add(box) }
            } else {
                damage.add(box)
            }
        }
        for (id, old) in previous where current[id] == nil { damage.add(old.box) }
        self.maps = maps
        let resized = previousSize != (width, height)
        previous = current
        previousSize = (width, height)
        if resized { return DamageRegion(full) }
        return damage.isEmpty ? nil : damage.pixelAligned(within: full)
    }

    /// Whether a text layer draws nothing but its text: no background, image, border or shadow.
    static func drawsOnlyText(_ l: PresentedLayer) -> Bool {
        l.color(.backgroundColor).alpha == 0 && l[.contents] == .image(nil)
            && !(l.number(.borderWidth) > 0 && l.color(.borderColor).alpha > 0) && l.number(.shadowOpacity) == 0
    }

    /// The rect grown to whole pixels (and a pixel of anti-aliasing), clipped to the frame.
    static func pixelAligned(_ r: Rect, within full: Rect) -> Rect {
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return full }
        let x0 = max(full.minX, (r.minX - 1).rounded(.down)), y0 = max(full.minY, (r.minY - 1).rounded(.down))
        let x1 = min(full.maxX, (r.maxX + 1).rounded(.up)), y1 = min(full.maxY, (r.maxY + 1).rounded(.up))
        return Rect(x0, y0, max(0, x1 - x0), max(0, y1 - y0))
    }
}

extension Rect {
    /// The common part of two boxes, or nil when they do not meet.
    func intersection(_ o: Rect) -> Rect? {
        let x0 = max(minX, o.minX), y0 = max(minY, o.minY), x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        return x1 > x0 && y1 > y0 ? Rect(x0, y0, x1 - x0, y1 - y0) : nil
    }
}
