// SPDX-License-Identifier: MIT
import FXCore
import FXSinks
import Glibc

/// What a Lottie export keeps of each sample: every layer's drawn parts
/// ("pieces"), each with its full map to the stage and its map into the
/// space of the layer that draws it, the opacity it is drawn at (the product
/// of its ancestors') and the rectangles that clip it, in drawing order; and
/// every layer's map into its superlayer's space ("nodes"), from which the
/// document makes Lottie parents.
final class LottieCapture {
    /// Which part of a Core Animation layer a Lottie layer draws.
    enum Role: Hashable {
        case background
        /// The layer's image contents: the index of the image among the file's assets.
        case image(Int)
        /// A gradient layer's gradient, or a shape layer's fill and stroke.
        case content
        /// A text layer's text.
        case text
        /// An emitter's particle, by its cell and its birth (in microseconds of the emitter's time),
        /// which name it in every sample: its cell's image, an index among the file's assets.
        case particle(image: Int, cell: Int, birth: Int)

        /// The image asset a Lottie image layer of this role shows.
        var image: Int? {
            switch self {
            case .image(let n), .particle(let n, _, _): n
            default: nil
            }
        }
        case border
    }

    /// A Core Animation layer as a possible Lottie parent (`side` as in `Key`).
    struct NodeKey: Hashable {
        let layer: Int
        let side: Int
    }

    /// A layer at one sample: its map to the stage, its map into its superlayer's space
    /// (`parent`'s), or the stage's when `parent` is nil (a root, or a transition's face).
    struct NodeFrame {
        let layer: PresentedLayer
        let world: PlaneAffine
        let local: PlaneAffine
        let parent: NodeKey?
    }

    struct Node {
        let name: String
        var frames: [NodeFrame?]
    }

    /// A piece a matte belongs to.
    struct Target: Hashable {
        let layer: Int
        let role: Role
    }

    struct Key: Hashable {
        let layer: Int
        let role: Role
        /// 1 for a part of the old side of a transition (the layer as it was when the transition began).
        var side = 0
        /// For a track matte (a mask layer's part): the piece it masks.
        var matteOf: Target? = nil
    }

    /// A mask layer's one part, as the track matte of each piece of the masked subtree.
    struct Matte {
        let layer: PresentedLayer
        let role: Role
        let frame: Frame
        /// Lottie's `tt`: 1 alpha, 2 inverted alpha, 3 luma, 4 inverted luma (`maskMode`).
        let mode: Int
    }

    /// A rounded rectangle of some layer that clips a piece (`masksToBounds`), in that layer's space.
    struct Clip {
        let rect: Rect
        let radius: Double
        /// That layer's space → the stage.
        let world: PlaneAffine
    }

    /// One piece at one sample.
    struct Frame {
        let layer: PresentedLayer
        /// The piece's own space → the stage.
        let world: PlaneAffine
        /// The layer whose space `local` maps into: the layer drawing the piece (a mask layer's
        /// piece: the masked layer).
        let owner: NodeKey
        /// The piece's own space → `owner`'s space.
        let local: PlaneAffine
        let opacity: Double
        let clips: [Clip]
    }

    /// A layer's shadow cast by a piece (the one part its subtree draws), in the piece's own space.
    struct Shadow {
        let color: Color
        /// `shadowOpacity` times the colour's alpha.
        let opacity: Double
        let offset: Point
        let radius: Double
    }

    struct Piece {
        let name: String
        /// Indexed by the sample's position in the run; nil where the piece is not drawn.
        var frames: [Frame?]
        /// Indexed as `frames`: the shadow the piece casts, nil where none.
        var shadows: [Shadow?] = []
        /// Lottie's `tt` when a track matte masks the piece, else 0.
        var matteMode = 0
    }

    /// The run's frame numbers (time × fps), one a sample.
    private(set) var frameNumbers: [Int] = []
    private(set) var pieces: [Key: Piece] = [:]
    /// Back to front: the order pieces were first seen in.
    private(set) var order: [Key] = []
    private(set) var nodes: [NodeKey: Node] = [:]
    private(set) var images: [Image] = []
    private var imageIndex: [ObjectIdentifier: Int] = [:]
    /// Whether some piece casts a shadow (written as Lottie's drop shadow effect).
    private(set) var castsShadows = false
    /// What Lottie could not hold, each said once, in the order first met.
    private(set) var dropped: [String] = []
    private var droppedSet: Set<String> = []
    /// `--strict`: refuse the run at the first thing Lottie cannot hold.
    let strict: Bool

    init(strict: Bool) { self.strict = strict }

    func add(_ s: Snapshot, fps: Double) throws {
        let ordinal = frameNumbers.count
        frameNumbers.append(Int((s.time * fps).rounded()))
        var sequence: [Key] = []

        func place(_ key: Key, _ frame: Frame, _ name: String, matte: Matte?) {
            if pieces[key] == nil { pieces[key] = Piece(name: name, frames: []) }
            pieces[key]!.frames += [Frame?](repeating: nil, count: ordinal - pieces[key]!.frames.count)
            pieces[key]!.frames.append(frame)
            sequence.append(key)
            guard let matte else { return }
            // The matte follows the piece back to front, so that it comes just before it front first, as Lottie reads it.
            let matteKey = Key(layer: matte.layer.id, role: matte.role, side: key.side, matteOf: Target(layer: key.layer, role: key.role))
            pieces[key]!.matteMode = matte.mode
            if pieces[matteKey] == nil { pieces[matteKey] = Piece(name: name + " mask", frames: []) }
            pieces[matteKey]!.frames += [Frame?](repeating: nil, count: ordinal - pieces[matteKey]!.frames.count)
            pieces[matteKey]!.frames.append(matte.frame)
            sequence.append(matteKey)
        }

        func node(_ key: NodeKey, _ frame: NodeFrame, _ name: String) {
            if nodes[key] == nil { nodes[key] = Node(name: name, frames: []) }
            nodes[key]!.frames += [NodeFrame?](repeating: nil, count: ordinal - nodes[key]!.frames.count)
            if nodes[key]!.frames.count == ordinal { nodes[key]!.frames.append(frame) }
        }

        /// The parts a layer draws itself (all but its border), each with its own space and clips;
        /// `local` maps the layer's space into `owner`'s.
        func ownParts(_ l: PresentedLayer, world: PlaneAffine, owner: NodeKey, local: PlaneAffine = .identity,
                      opacity: Double, clips: [Clip], inner: [Clip]) -> [(Role, Frame, String)] {
            var parts: [(Role, Frame, String)] = []
            func frame(_ w: PlaneAffine, _ l2: PlaneAffine, _ o: Double, _ c: [Clip]) -> Frame {
                Frame(layer: l, world: w, owner: owner, local: l2, opacity: o, clips: c)
            }
            if l.color(.backgroundColor).alpha > 0 {
                parts.append((.background, frame(world, local, opacity, clips), " background"))
            }
            if case .image(let img?) = l[.contents], img.width > 0, img.height > 0,
               let (placement, clipsToBounds) = Self.placement(of: img, in: l) {
                var own = inner
                if clipsToBounds && !l.bool(.masksToBounds) { own.append(Clip(rect: l.drawnBounds, radius: 0, world: world)) }
                parts.append((.image(imageAsset(img)), frame(placement.then(world), placement.then(local), opacity, own), " contents"))
            }
            if Self.drawsContent(l) {
                parts.append((.content, frame(world, local, opacity, inner), ""))
            }
            if l.kind == .text, !l.string(.string).isEmpty, l.color(.foregroundColor).alpha > 0 {
                // Lottie's text fill has no alpha: the colour's alpha is the layer's opacity.
                parts.append((.text, frame(world, local, opacity * min(1, l.color(.foregroundColor).alpha), inner), ""))
            }
            return parts
        }

        /// A layer's mask as a track matte: the one part the mask layer draws. nil with a warning when
        /// it draws several or has sublayers; `.hidden` when it draws nothing (nothing of the layer shows).
        func matte(of i: Int, in tree: Tree, _ l: PresentedLayer, world: PlaneAffine, owner: NodeKey) throws -> Matte?? {
            guard let m = tree.mask[i] else { return .some(nil) }
            let layers = tree.layers
            let ml = layers[m]
            let opacity = max(0, min(1, ml.number(.opacity)))
            guard !ml.bool(.isHidden), opacity > 0 else { return nil }
            let t = ml.toParent(l)
            if !PlaneAffine.holds(t) { try drop("3D perspective (flattened without it)") }
            let mworld = PlaneAffine(t).then(world)
            var parts = ownParts(ml, world: mworld, owner: owner, local: PlaneAffine(t), opacity: opacity, clips: [], inner: [])
            if ml.number(.borderWidth) > 0, ml.color(.borderColor).alpha > 0 {
                parts.append((.border, Frame(layer: ml, world: mworld, owner: owner, local: PlaneAffine(t), opacity: opacity, clips: []), " border"))
            }
            guard !parts.isEmpty else { return nil }
            guard parts.count == 1, !layers.indices.contains(where: { layers[$0].parent == m && !layers[$0].isMask }) else {
                try drop("mask layers that draw more than one part (the masked layers are drawn unmasked)")
                return .some(nil)
            }
            let mode = switch ml.maskMode { case .alpha: 1; case .alphaInverted: 2; case .luminance: 3; case .luminanceInverted: 4 }
            return .some(Matte(layer: ml, role: parts[0].0, frame: parts[0].1, mode: mode))
        }

        /// `side` 1 for the old side of a transition. `placed`: the layer's map to the stage when a
        /// transition's face sets it. `transitions`: false inside a transition's faces (the renderer
        /// draws them without nested transitions).
        func visit(_ tree: Tree, _ i: Int, parent: PresentedLayer?, parentWorld: PlaneAffine, opacity parentOpacity: Double,
                   clips: [Clip], matte outer: Matte?, side: Int = 0, placed: PlaneAffine? = nil, transitions: Bool = true) throws {
            let l = tree.layers[i]
            guard !l.bool(.isHidden) else { return }
            let opacity = parentOpacity * max(0, min(1, l.number(.opacity)))
            guard opacity > 0 else { return }
            let world: PlaneAffine, local: PlaneAffine
            if let placed {
                world = placed
                local = placed
            } else {
                let t = l.toParent(parent)
                if !PlaneAffine.holds(t) { try drop("3D perspective (flattened without it)") }
                local = PlaneAffine(t)
                world = local.then(parentWorld)
            }
            if transitions, let state = l.transitions.last {
                if let faces = state.planarFaces {
                    let b = l.drawnBounds
                    for face in faces where face.alpha > 0 {
                        let shift = face.shift.map { PlaneAffine(tx: $0.x * b.size.width, ty: $0.y * b.size.height) } ?? .identity
                        if face.side == .old {
                            let old = Tree(state.from, rootName: tree.names[i] + " (before the transition)")
                            guard !old.layers.isEmpty else { continue }
                            try visit(old, 0, parent: nil, parentWorld: .identity, opacity: parentOpacity * face.alpha, clips: clips,
                                      matte: outer, side: 1, placed: shift.then(world), transitions: false)
                        } else {
                            try visit(tree, i, parent: parent, parentWorld: parentWorld, opacity: parentOpacity * face.alpha, clips: clips,
                                      matte: outer, side: side, placed: shift.then(world), transitions: false)
                        }
                    }
                    return
                }
                try drop("3D transitions, flip and cube (the new state is drawn at once)")
            }
            try noteUnheld(l)
            let key = NodeKey(layer: l.id, side: side)
            node(key, NodeFrame(layer: l, world: world, local: local, parent: placed == nil ? parent.map { NodeKey(layer: $0.id, side: side) } : nil),
                 tree.names[i])
            // A mask that draws nothing hides the layer and its subtree.
            guard let own = try matte(of: i, in: tree, l, world: world, owner: key) else { return }
            if own != nil && outer != nil { try drop("masks inside masked layers (the inner mask alone is kept)") }
            let matte = own ?? outer
            var inner = clips
            if l.bool(.masksToBounds) { inner.append(Clip(rect: l.drawnBounds, radius: l.drawnCornerRadius, world: world)) }
            let name = tree.names[i]
            let start = sequence.count
            for (role, frame, suffix) in ownParts(l, world: world, owner: key, opacity: opacity, clips: clips, inner: inner) {
                place(Key(layer: l.id, role: role, side: side), frame, name + suffix, matte: matte)
            }
            if let field = l.particles, !field.particles.isEmpty {
                if field.additive { try drop("additive particles (drawn as normal ones)") }
                for p in field.particles where p.scale > 0 && p.color.alpha > 0 {
                    let cell = field.cells[p.cell]
                    guard let img = cell.contents, img.width > 0, img.height > 0 else { continue }
                    guard cell.contentsRect == Rect(0, 0, 1, 1), p.color.red == 1, p.color.green == 1, p.color.blue == 1 else {
                        try drop("particles tinted or showing part of their image")
                        continue
                    }
                    // The image centred on the particle, scaled and turned: as the renderer draws it.
                    let w = Double(img.width), h = Double(img.height)
                    let c = cos(p.rotation) * p.scale, sn = sin(p.rotation) * p.scale
                    let sprite = PlaneAffine(tx: -w / 2, ty: -h / 2).then(PlaneAffine(a: c, b: sn, c: -sn, d: c, tx: p.x, ty: p.y))
                    let role = Role.particle(image: imageAsset(img), cell: p.cell, birth: Int((p.birth * 1e6).rounded()))
                    place(Key(layer: l.id, role: role, side: side),
                          Frame(layer: l, world: sprite.then(world), owner: key, local: sprite, opacity: opacity * min(1, p.color.alpha), clips: inner),
                          name + " particle", matte: matte)
                }
            }
            let sorted = tree.children[i].enumerated().sorted {
                (tree.layers[$0.element].number(.zPosition), $0.offset) < (tree.layers[$1.element].number(.zPosition), $1.offset)
            }.map(\.element)
            for c in sorted {
                try visit(tree, c, parent: l, parentWorld: world, opacity: opacity, clips: inner, matte: matte, side: side, transitions: transitions)
            }
            if l.number(.borderWidth) > 0, l.color(.borderColor).alpha > 0 {
                place(Key(layer: l.id, role: .border, side: side), Frame(layer: l, world: world, owner: key, local: .identity, opacity: opacity, clips: clips),
                      name + " border", matte: matte)
            }
            try castShadow(of: l, world: world, drawn: sequence[start...].filter { $0.matteOf == nil }, at: ordinal)
        }
        let tree = Tree(s.layers, names: LayerPaths.paths(s))
        for (i, l) in s.layers.enumerated() where l.parent < 0 {
            try visit(tree, i, parent: nil, parentWorld: .identity, opacity: 1, clips: [], matte: nil)
        }
        try merge(sequence)
    }

    /// Adds the pieces first drawn in this sample to the run's order, each after the piece drawn
    /// before it; an order that contradicts the kept one (a zPosition that changes) is said once.
    private func merge(_ sequence: [Key]) throws {
        var position: [Key: Int] = [:]
        for (n, k) in order.enumerated() { position[k] = n }
        var changed = false
        var previous: Key?
        for key in sequence {
            if position[key] == nil {
                let at = previous.flatMap { position[$0] }.map { $0 + 1 } ?? 0
                order.insert(key, at: at)
                position = [:]
                for (n, k) in order.enumerated() { position[k] = n }
            } else if let previous, let p = position[previous], position[key]! < p {
                changed = true
            }
            previous = key
        }
        if changed { try drop("a drawing order that changes during the run (the first order is kept)") }
    }

    private func imageAsset(_ img: Image) -> Int {
        if let n = imageIndex[ObjectIdentifier(img)] { return n }
        let n = images.firstIndex { $0.width == img.width && $0.height == img.height && $0.pixels == img.pixels } ?? {
            images.append(img)
            return images.count - 1
        }()
        imageIndex[ObjectIdentifier(img)] = n
        return n
    }

    /// A layer's shadow as the drop shadow effect of the one piece its subtree draws, in that piece's
    /// space (Core Animation's `shadowOffset` and `shadowRadius` are in the layer's own space, as an
    /// After Effects effect is in its layer's). A subtree that draws several pieces casts one shadow
    /// of them all, which no one piece's effect draws; a layer that clips to its bounds clips its
    /// shadow too: both are left out.
    private func castShadow(of l: PresentedLayer, world: PlaneAffine, drawn: [Key], at ordinal: Int) throws {
        let opacity = max(0, min(1, l.number(.shadowOpacity))) * max(0, min(1, l.color(.shadowColor).alpha))
        guard opacity > 0, !drawn.isEmpty else { return }
        guard Set(drawn).count == 1, let key = drawn.first, pieces[key]!.shadows.count <= ordinal else {
            return try drop("shadows of layers that draw more than one part")
        }
        guard !l.bool(.masksToBounds) else { return try drop("shadows of layers that clip to their bounds") }
        guard let frame = pieces[key]!.frames[ordinal], let toLayer = world.inverted.map({ frame.world.then($0) }),
              let back = toLayer.inverted else { return }
        var offset = Point(0, 0)
        if case .size(let s) = l[.shadowOffset] { offset = back.applyLinear(Point(s.width, s.height)) }
        let shadow = Shadow(color: l.color(.shadowColor), opacity: opacity, offset: offset,
                            radius: max(0, l.number(.shadowRadius)) / abs(toLayer.determinant).squareRoot())
        pieces[key]!.shadows += [Shadow?](repeating: nil, count: ordinal - pieces[key]!.shadows.count)
        pieces[key]!.shadows.append(shadow)
        castsShadows = true
    }

    /// Says (once) what of `l` Lottie cannot hold; with `--strict`, refuses instead.
    private func noteUnheld(_ l: PresentedLayer) throws {
        if l.kind == .gradient, l.gradientType == .conic, case .colors(let c) = l[.colors], !c.isEmpty { try drop("conic gradients") }
    }

    private func drop(_ what: String) throws {
        guard droppedSet.insert(what).inserted else { return }
        if strict {
            throw OutputError("--strict: Lottie cannot hold this effect's \(what); without --strict it is exported without it, with a warning")
        }
        dropped.append(what)
    }

    /// A layer tree: the snapshot's, or the old side of a transition.
    struct Tree {
        let layers: [PresentedLayer]
        let names: [String]
        var children: [[Int]]
        var mask: [Int?]

        init(_ layers: [PresentedLayer], names: [String]) {
            self.layers = layers
            self.names = names
            children = [[Int]](repeating: [], count: layers.count)
            mask = [Int?](repeating: nil, count: layers.count)
            for (i, l) in layers.enumerated() where l.parent >= 0 {
                if l.isMask { mask[l.parent] = i } else { children[l.parent].append(i) }
            }
        }

        /// The old side of a transition, named under `rootName` as `LayerPaths` names a snapshot's layers.
        init(_ layers: [PresentedLayer], rootName: String) {
            var names: [String] = []
            var ordinals: [Int: Int] = [:]
            for l in layers {
                guard l.parent >= 0 else { names.append(rootName); continue }
                let n = ordinals[l.parent, default: 0]
                ordinals[l.parent] = n + 1
                names.append(names[l.parent] + "/" + (l.isMask ? "mask:" : "") + (l.name.isEmpty ? "\(l.kind.rawValue)\(n)" : l.name))
            }
            self.init(layers, names: names)
        }
    }

    // MARK: - Geometry, as the renderer draws it (FXCore's `PresentedLayer.toParent`, `drawnBounds`,
    // `drawnCornerRadius` and `TransitionState.planarFaces`)

    /// Whether the layer draws a gradient or a shape.
    static func drawsContent(_ l: PresentedLayer) -> Bool {
        switch l.kind {
        case .shape:
            guard case .path(let p) = l[.path], !p.isEmpty else { return false }
            let strokes = l.color(.strokeColor).alpha > 0 && l.number(.lineWidth) > 0 && l.number(.strokeEnd) > l.number(.strokeStart)
            return l.color(.fillColor).alpha > 0 || strokes
        case .gradient:
            guard case .colors(let c) = l[.colors], !c.isEmpty else { return false }
            return l.gradientType != .conic
        default: return false
        }
    }

    /// The image's pixels → the layer's space, by `contentsGravity` (FXCore's `contentsRect`, as the
    /// renderer places it), and whether it must be clipped to the bounds (aspect fill).
    static func placement(of img: Image, in l: PresentedLayer) -> (PlaneAffine, Bool)? {
        let iw = Double(img.width), ih = Double(img.height)
        let dest = l.contentsRect(width: img.width, height: img.height)
        guard dest.size.width > 0, dest.size.height > 0 else { return nil }
        let m = PlaneAffine(a: dest.size.width / iw, d: dest.size.height / ih, tx: dest.origin.x, ty: dest.origin.y)
        return (m, l.contentsGravity == .resizeAspectFill)
    }
}
