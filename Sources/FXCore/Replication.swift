// SPDX-License-Identifier: MIT
/// `CAReplicatorLayer` as the sampler presents it: the copies of a
/// replicator's sublayers become ordinary presented layers, so that every
/// sink and the renderer see them without knowing about replicators.
///
/// Copy *i* (0 is the sublayer itself) of each sublayer, per Apple's
/// CAReplicatorLayer pages:
/// - `instanceTransform` applied *i* times, "relative to the center of the
///   replicator layer, i.e. the superlayer of each replicated sublayer";
/// - its subtree sampled `i × instanceDelay` seconds earlier in the
///   replicator's time (animations, fills and repeats alike);
/// - multiplied by `instanceColor` plus *i* × the red, green, blue and alpha
///   offsets, each channel clamped to 0…1 ("The color used to multiply the
///   source object"): the alpha multiplies the copy's opacity, the colour
///   channels multiply every colour the copy's layers draw (fills, strokes,
///   backgrounds, borders, shadows, text and gradient colours; docs/timing.md
///   records that image contents are not tinted).
///
/// Copies follow the replicator's own sublayers, copy by copy, so that copy
/// *i* draws above copy *i − 1*. A copy's root is named after its source with
/// `#i` (`stage/loader/dot#3`); its id is derived from the source's id and
/// *i*, the same in every snapshot.
enum Replication {
    /// The most presented layers one snapshot may hold, copies included (a stage may set fewer).
    /// Replicators multiply: three nested at 10,000 copies each would ask for
    /// 10¹² layers, and a plugin must not be able to exhaust the host's memory
    /// with a dozen calls. Copies beyond this are not made (docs/timing.md).
    public static let maxLayers = 1_000_000

    /// The snapshot's layers with every replicator's copies added, depth first,
    /// copies stopping when the snapshot would hold more than `limit` layers. `expected`, the count
    /// the scene budget worked out, is reserved at once: an array grown by doubling to a million
    /// layers holds its old and new buffers together, half as much again as the layers themselves.
    static func expand(_ layers: [PresentedLayer], _ replicators: [Int: Layer], limit: Int = maxLayers,
                       expected: Int = 0) -> [PresentedLayer] {
        var out: [PresentedLayer] = []
        out.reserveCapacity(min(max(layers.count, expected), limit))
        /// Old index → new index.
        var remap = [Int](repeating: -1, count: layers.count)
        /// Replicators whose subtree is being copied out: old index, new index, copy 0's colour.
        var open: [(old: Int, new: Int, tint: Color)] = []
        /// How many of `layers` are in `out` already (the rest must still fit within `limit`).
        var copied = 0

        func close(downTo depth: Int) {
            while let top = open.last, layers[top.old].depth >= depth {
                open.removeLast()
                appendCopies(of: top.new)
            }
        }

        func appendCopies(of r: Int) {
            let rep = out[r]
            guard let source = replicators[rep.id] else { return }
            let params = Instances(rep)
            guard params.count > 1 else { return }
            let center = LayerCenter(rep)
            let sources = source.sublayers
            // Display names of the sources, as LayerPaths gives them (`PathName`).
            let siblings = out.indices.filter { out[$0].parent == r }
            var ordinal = 0
            var taken: Set<String> = []
            for j in siblings.dropLast(sources.count) {
                _ = PathName.of(name: out[j].name, kind: out[j].kind, ordinal: ordinal, taken: &taken)
                ordinal += 1
            }
            var names: [String] = []
            for s in sources {
                names.append(PathName.of(name: s.name, kind: s.kind, ordinal: ordinal, taken: &taken))
                ordinal += 1
            }
            var power = Transform3D.identity
            for i in 1..<params.count {
                power = power.concatenating(params.transform)
                let tint = params.color(i)
                for (k, s) in sources.enumerated() {
                    // What is left of the budget once every source layer still to come has its place.
                    let room = limit - out.count - (layers.count - copied)
                    guard room >= s.subtreeCount else { return }
                    let block = expand(Sampler.capture(s, parentTime: rep.localTime - Double(i) * params.delay), replicators,
                                       limit: room)
                    guard block.count <= room else { return }
                    let base = out.count
                    for l in block {
                        var overrides = tinted(l, tint)
                        let isRoot = l.parent < 0
                        if isRoot {
                            let position = l.point(.position)
                            let conj = Transform3D.translation(position.x - center.x, position.y - center.y)
                                .concatenating(power)
                                .concatenating(.translation(center.x - position.x, center.y - position.y))
                            overrides.append((.transform, .transform(l.transform(.transform).concatenating(conj))))
                            overrides.append((.opacity, .number(l.number(.opacity) * tint.alpha)))
                        }
                        out.append(l.replacing(
                            id: Replication.copyID(l.id, instance: i, replicator: rep.id),
                            name: isRoot ? "\(names[k])#\(i)" : l.name,
                            parent: isRoot ? r : base + l.parent,
                            depth: l.depth + rep.depth + 1,
                            overrides: overrides))
                    }
                }
            }
        }

        for (i, l) in layers.enumerated() {
            close(downTo: l.depth)
            copied = i
            let parent = l.parent >= 0 ? remap[l.parent] : -1
            // Copy 0 is the sublayer itself, multiplied by instanceColor (of every enclosing replicator).
            var overrides: [(Property, Value)] = []
            if !open.isEmpty {
                var tint = Color.white
                for owner in open {
                    let c = owner.tint
                    tint = Color(red: tint.red * c.red, green: tint.green * c.green, blue: tint.blue * c.blue, alpha: 1)
                }
                overrides = tinted(l, tint)
                if let owner = open.last, l.parent == owner.old, !l.isMask, owner.tint.alpha != 1 {
                    overrides.append((.opacity, .number(l.number(.opacity) * owner.tint.alpha)))
                }
            }
            remap[i] = out.count
            out.append(parent == l.parent && overrides.isEmpty
                       ? l : l.replacing(id: l.id, name: l.name, parent: parent, depth: l.depth, overrides: overrides))
            if l.kind == .replicator, replicators[l.id] != nil {
                open.append((i, out.count - 1, Instances(out[out.count - 1]).color(0)))
            }
        }
        copied = layers.count
        close(downTo: 0)
        return out
    }

    /// A copy's id: stable across snapshots, and not the id of any real layer
    /// (real ids are small; the high bit marks a copy).
    static func copyID(_ id: Int, instance: Int, replicator: Int) -> Int {
        var h = UInt64(bitPattern: Int64(id)) &* 0x9E37_79B9_7F4A_7C15
        h ^= UInt64(instance) &* 0xC2B2_AE3D_27D4_EB4F
        h ^= UInt64(bitPattern: Int64(replicator)) &* 0x1656_67B1_9E37_79F9
        return Int(bitPattern: UInt(h | (1 << 62)) & ~(UInt(1) << 63))
    }

    /// The colours of `l` multiplied by the tint's red, green and blue.
    static func tinted(_ l: PresentedLayer, _ tint: Color) -> [(Property, Value)] {
        guard tint.red != 1 || tint.green != 1 || tint.blue != 1 else { return [] }
        func times(_ c: Color) -> Color {
            Color(red: c.red * tint.red, green: c.green * tint.green, blue: c.blue * tint.blue, alpha: c.alpha)
        }
        var out: [(Property, Value)] = []
        for p in [Property.backgroundColor, .borderColor, .shadowColor, .fillColor, .strokeColor, .foregroundColor]
        where p.applies(to: l.kind) {
            if case .color(let c) = l[p] { out.append((p, .color(times(c)))) }
        }
        if l.kind == .gradient, case .colors(let cs) = l[.colors] { out.append((.colors, .colors(cs.map(times)))) }
        return out
    }

    /// A replicator's presented instance parameters.
    struct Instances {
        let count: Int
        let transform: Transform3D
        let delay: Double
        let base: Color
        let offset: Color

        init(_ r: PresentedLayer) {
            let n = r.number(.instanceCount)
            count = n.isFinite ? Int(max(0, min(n.rounded(.down), Double(Replication.maxInstances)))) : 1
            transform = r.transform(.instanceTransform)
            delay = r.number(.instanceDelay)
            base = r.color(.instanceColor)
            offset = Color(red: r.number(.instanceRedOffset), green: r.number(.instanceGreenOffset),
                           blue: r.number(.instanceBlueOffset), alpha: r.number(.instanceAlphaOffset))
        }

        /// Copy i's colour: the base plus i offsets, each channel clamped to 0…1.
        func color(_ i: Int) -> Color {
            func c(_ b: Double, _ o: Double) -> Double { min(1, max(0, b + Double(i) * o)) }
            return Color(red: c(base.red, offset.red), green: c(base.green, offset.green),
                         blue: c(base.blue, offset.blue), alpha: c(base.alpha, offset.alpha))
        }
    }

    /// Copies of one replicator are capped, so that an animated count cannot make a frame unbounded.
    static let maxInstances = 10_000

    /// The replicator's centre in its own coordinates (where its sublayers' positions live).
    struct LayerCenter {
        let x, y: Double
        init(_ r: PresentedLayer) {
            let b = r.rect(.bounds)
            x = b.origin.x + b.size.width / 2
            y = b.origin.y + b.size.height / 2
        }
    }
}

extension PresentedLayer {
    /// The same layer placed elsewhere in a snapshot, with some presented values replaced.
    func replacing(id: Int, name: String, parent: Int, depth: Int, overrides: [(Property, Value)]) -> PresentedLayer {
        var animated = self.animated
        for (p, v) in overrides {
            if let k = animated.firstIndex(where: { $0.property == p }) {
                animated[k] = AnimatedValue(property: p, value: v)
            } else {
                animated.append(AnimatedValue(property: p, value: v))
            }
        }
        if !overrides.isEmpty { animated.sort(by: AnimatedValue.inOrder) }
        return PresentedLayer(id: id, name: name, kind: kind, parent: parent, depth: depth, isMask: isMask,
                              localTime: localTime, model: model, animated: animated, transitions: transitions)
    }
}
