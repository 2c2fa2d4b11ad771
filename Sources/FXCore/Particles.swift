// SPDX-License-Identifier: MIT
import FXParallel
import Glibc  // libm only

/// One particle as presented: where it is, how big, turned how far, in what colour.
public struct Particle: Sendable, Equatable {
    /// In the emitter layer's coordinates.
    public let x, y, z: Double
    public let scale: Double
    /// Radians, clockwise on screen (y down).
    public let rotation: Double
    public let color: Color
    /// Index into `ParticleField.cells`: whose contents to draw.
    public let cell: Int
    /// The emitter-local time it was born.
    public let birth: Double
    /// How fast it moves now, in points a second.
    public let speed: Double

    public init(x: Double, y: Double, z: Double, scale: Double, rotation: Double, color: Color, cell: Int, birth: Double,
                speed: Double = 0) {
        self.x = x; self.y = y; self.z = z; self.scale = scale; self.rotation = rotation; self.color = color
        self.cell = cell; self.birth = birth; self.speed = speed
    }
}

/// An emitter layer's particles at one instant, in drawing order.
public final class ParticleField: Sendable {
    /// Every cell, nested ones included, depth first.
    public let cells: [EmitterCell]
    public let particles: [Particle]
    /// `renderMode` "additive": particles add their light instead of covering.
    public let additive: Bool
    /// The most particles the emitter can have alive at this instant, as the scene budget
    /// counts them (`Particles.bound`): at least `particles.count`. When it is over the
    /// budget the field is `overBudget` and holds no particles.
    public let bound: Double
    /// Refused: the emitter alone would pass the budget it was sampled with.
    public let overBudget: Bool

    init(cells: [EmitterCell], particles: [Particle], additive: Bool, bound: Double, overBudget: Bool = false) {
        self.cells = cells; self.particles = particles; self.additive = additive; self.bound = bound
        self.overBudget = overBudget
    }

    /// The box holding every particle's centre, or nil when there are none.
    public var bounds: Rect? {
        guard let first = particles.first else { return nil }
        var x0 = first.x, y0 = first.y, x1 = first.x, y1 = first.y
        for p in particles { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }
}

/// `CAEmitterLayer`'s particles as a closed-form function of time: particle
/// *k* of a cell is born at `k / birthRate` seconds of the emitter's local
/// time, and everything about it — where it starts, its direction, speed,
/// lifetime, size, spin and colour — is drawn from a hash of (seed, cell, k),
/// so the state at any instant is computed directly from the birth time,
/// without stepping through earlier frames, and is the same in every run.
/// docs/emitters.md records every choice where Core Animation is silent.
public enum Particles {
    /// The scene budget's particles: the most a frame may hold alive, every emitter and every
    /// replicated copy of one together (a stage may set fewer). A frame that would hold more is
    /// refused, not drawn with fewer (docs/isolation.md, "Scene budget"): 100 times the
    /// particles benchmark's 10,000 flakes, and ten times what one emitter could present
    /// before the budget, when the newest beyond 100,000 were silently left out.
    public static let budget = 1_000_000

    /// How an emitter's settings and cells changed: `state` gives them as
    /// presented at an emitter-local time; `changes` are the times where the
    /// model changed at a stroke (the state there is the new one); `smooth` says
    /// whether animations change them in between, so that the rate must be
    /// integrated on a grid (otherwise it is constant between changes).
    public struct History {
        public let smooth: Bool
        public let changes: [Double]
        public let state: (Double) -> (PresentedLayer, [EmitterCell])

        public init(smooth: Bool, changes: [Double], state: @escaping (Double) -> (PresentedLayer, [EmitterCell])) {
            self.smooth = smooth; self.changes = changes; self.state = state
        }

        /// The instants at which the rate is read, in order, up to `t`: a change appears twice,
        /// first with the state just before it, so the integral never averages across it.
        func grid(to t: Double, step: Double, maxSteps: Int) -> [(Double, PresentedLayer, [EmitterCell])] {
            var times: [(Double, Double)] = []  // (time, time to read the state at)
            if smooth {
                let steps = min(maxSteps, Int((t / step).rounded(.up)))
                times = (0...steps).map { j in let tau = j == steps ? t : t * Double(j) / Double(steps); return (tau, tau) }
            } else {
                times = [(0, 0), (t, t)]
            }
            // A change at exactly t applies at t, as an event at t is delivered before the sample
            // there: the rate up to t is the old one, read just before it.
            for c in changes where c > 0 && c <= t { times += c < t ? [(c, c.nextDown), (c, c)] : [(c, c.nextDown)] }
            times.sort { ($0.0, $0.1) < ($1.0, $1.1) }
            return times.map { let (l, cs) = state($0.1); return ($0.0, l, cs) }
        }
    }

    /// The step of the grid on which an animated birth rate is integrated
    /// (coarser when the time is so late that the grid would pass `maxHistorySteps`).
    static let historyStep = 1.0 / 240
    static let maxHistorySteps = 100_000

    /// The particles alive at `layer.localTime`. With `history` (an emitter
    /// whose settings are animated), each top-level particle takes the
    /// settings presented at its birth, and births come where the integral of
    /// the presented rate crosses each whole number (docs/emitters.md).
    ///
    /// An emitter whose `bound` passes `limit` is refused before any particle is made: the field
    /// has none, is `overBudget`, and the scene budget names the emitter. Should the particles
    /// made pass `limit` all the same (an animated rate peaking between the instants it is read
    /// at), making stops there and the field is refused too: never fewer particles than asked.
    public static func field(_ layer: PresentedLayer, cells: [EmitterCell], history: History? = nil,
                             limit: Int = budget) -> ParticleField {
        let t = layer.localTime
        let now = Emitter(layer)
        let renderMode = layer.renderMode
        var flat: [EmitterCell] = []
        let tree = Node.tree(cells, into: &flat)
        var out: [Particle] = []
        let maxParticles = limit + 1
        func refused(_ bound: Double) -> ParticleField {
            ParticleField(cells: flat, particles: [], additive: renderMode == .additive, bound: bound, overBudget: true)
        }
        var estimate = bound(cells.map { Cell($0) }, now, at: t)

        if let history, t > 0 {
            let grid = history.grid(to: t, step: historyStep, maxSteps: maxHistorySteps).map { ($0.0, Emitter($0.1), $0.2) }
            // The rates and lifetimes as presented at each instant the rate is read: the largest count.
            for (_, e, cs) in grid { estimate = max(estimate, bound(cs.map { Cell($0) }, e, at: t)) }
            guard estimate <= Double(limit) else { return refused(estimate) }
            let steps = grid.count - 1
            for i in tree.indices {
                func rate(_ j: Int) -> Double {
                    let (_, e, cs) = grid[j]
                    guard i < cs.count, cs[i].enabled else { return 0 }
                    let r = cs[i][.birthRate] * e.birthRate
                    return r.isFinite && r > 0 ? r : 0
                }
                let reach = grid.map { i < $0.2.count ? Cell($0.2[i]).reach($0.1) : 0 }.max() ?? 0
                // A birth falling exactly at t happens if the rate presented at t lets it (not when a change at t stopped births).
                let bornAtT = rate(steps) > 0
                var total = 0.0
                for j in 0..<steps where out.count < maxParticles {
                    let (t0, t1) = (grid[j].0, grid[j + 1].0)
                    let (r0, r1) = (rate(j), rate(j + 1))
                    let a = total, b = total + (r0 + r1) / 2 * (t1 - t0)
                    total = b
                    guard b > a, t1 >= t - reach else { continue }
                    var k = a.rounded(.up)
                    // At a constant rate, skip straight to the births that can still be alive.
                    if r0 == r1, t - reach > t0 { k = max(k, (a + (t - reach - t0) * r0).rounded(.down) - 1) }
                    // Between changes without animations the state is the interval's own, read once.
                    let constant = history.smooth ? nil : (i < grid[j].2.count ? (Cell(grid[j].2[i], aimedFrom: grid[j].1), grid[j].1) : nil)
                    while (k < b || (t1 == t && bornAtT && k <= b + 1e-9)) && out.count < maxParticles {
                        let birth = min(t1, t0 + elapsed(untilCount: k - a, rate: r0, slope: (r1 - r0) / (t1 - t0)))
                        if birth >= t - reach {
                            if history.smooth {
                                let (l, cs) = history.state(birth)
                                if i < cs.count {
                                    born(Cell(cs[i]), tree[i], Emitter(l), path: UInt64(i + 1), source: Origin.emitterSource,
                                         k: k, birth: birth, at: t, into: &out, cap: maxParticles)
                                }
                            } else if let (cell, e) = constant {
                                born(cell, tree[i], e, path: UInt64(i + 1), source: Origin.emitterSource, k: k, birth: birth,
                                     at: t, into: &out, cap: maxParticles)
                            }
                        }
                        k += 1
                    }
                }
            }
        } else {
            guard estimate <= Double(limit) else { return refused(estimate) }
            for (i, node) in tree.enumerated() {
                add(Cell(cells[i], aimedFrom: now), node, now, path: UInt64(i + 1), origin: .emitter, at: t, into: &out,
                    cap: maxParticles)
            }
        }
        guard out.count <= limit else { return refused(max(estimate, Double(out.count))) }
        return ParticleField(cells: flat, particles: order(out, renderMode), additive: renderMode == .additive,
                             bound: max(estimate, Double(out.count)))
    }

    /// The most particles `cells` can have alive at emitter-local time `t`, counted from the
    /// settings without making any: a cell born `rate` times a second (its `birthRate` × the
    /// emitter's) whose particles live at most `life` seconds (`lifetime` + |`lifetimeRange`|,
    /// × the emitter's `lifetime`) has at most ⌈rate × min(life, t)⌉ + 1 alive, for each source
    /// that emits it. The emitter is one source; a nested cell's sources are the particles of its
    /// parent cell that can still have descendants alive, ⌈rate × min(reach, t)⌉ + 1 of them for
    /// each of the parent's sources (reach: the parent's life plus its nested cells' longest),
    /// so nested cells multiply. Linear in the cells; exact for one cell without lifetimeRange,
    /// give or take the one at each end.
    static func bound(_ cells: [Cell], _ e: Emitter, at t: Double, sources: Double = 1) -> Double {
        guard t >= 0 else { return 0 }
        var n = 0.0
        for c in cells {
            let rate = c.enabled ? c.birthRate * e.birthRate : 0
            let life = max(0, (c.lifetime + abs(c.lifetimeRange)) * e.lifetime)
            guard rate > 0, rate.isFinite, life > 0 else { continue }
            n += sources * ((rate * min(life, t)).rounded(.up) + 1)
            if !c.children.isEmpty {
                n += bound(c.children, e, at: t, sources: sources * ((rate * min(c.reach(e), t)).rounded(.up) + 1))
            }
        }
        return n.isNaN ? .infinity : n
    }

    /// Particle `k` of `cell` from `source`, born at `birth`: appended to `out` if alive at
    /// `t`; the particles its own cells have emitted by `t` follow.
    static func born(_ cell: Cell, _ node: Node, _ e: Emitter, path: UInt64, source: Origin.Source, k: Double,
                     birth: Double, at t: Double, into out: inout [Particle], cap: Int) {
        let r = Random(seed: e.seed, path: path, source: source.id, k: UInt64(k))
        let life = max(0, (cell.lifetime + cell.lifetimeRange * r.signed(0)) * e.lifetime)
        let state = Motion(cell, e, r, parent: source.parent.map { Motion.Parent($0, age: birth - source.start) })
        let age = t - birth
        if age >= 0 && age < life { out.append(state.particle(age: age, cell: node.index, birth: birth)) }
        guard !node.children.isEmpty, cell.children.count == node.children.count else { return }
        let origin = Origin.particle(id: source.id &* 0x9E37_79B9 &+ UInt64(k), born: birth, dies: birth + life,
                                     motion: state)
        for (j, child) in node.children.enumerated() {
            add(cell.children[j], child, e, path: path &* 31 &+ UInt64(j + 1), origin: origin, at: t, into: &out, cap: cap)
        }
    }

    /// Below this many births to visit, one thread does them all.
    static let parallelBirths = 4_096

    /// Particles of `cell` at its constant rate from `origin`'s sources, alive at `t`, until `out` holds `cap`.
    static func add(_ cell: Cell, _ node: Node, _ e: Emitter, path: UInt64, origin: Origin, at t: Double,
                    into out: inout [Particle], cap maxParticles: Int) {
        let rate = cell.enabled ? cell.birthRate * e.birthRate : 0
        let reach = cell.reach(e)
        guard rate > 0, rate.isFinite, reach > 0 else { return }
        for source in origin.sources() {
            let from = max(source.start, t - reach)
            let first = ((from - source.start) * rate).rounded(.up)
            let last = min(((min(t, source.end) - source.start) * rate).rounded(.down), first + Double(maxParticles))
            guard last >= first else { continue }
            let room = maxParticles - out.count
            /// Births `ks` in order, at most `room` of them alive.
            func run(_ ks: ClosedRange<Double>, into list: inout [Particle]) {
                let limit = list.count + room
                var k = ks.lowerBound
                while k <= ks.upperBound && list.count < limit {
                    born(cell, node, e, path: path, source: source, k: k, birth: source.start + k / rate, at: t, into: &list,
                         cap: maxParticles)
                    k += 1
                }
            }
            // Without nested cells every birth is independent: two threads take a half each,
            // and their lists joined in order (the first `room` alive) are what one would make.
            guard node.children.isEmpty, last - first >= Double(parallelBirths) else {
                run(first...last, into: &out)
                continue
            }
            let mid = first + ((last - first) / 2).rounded(.down)
            let later = Half()
            let job = ParallelJob {
                var list: [Particle] = []
                list.reserveCapacity(Int(last - mid))
                run((mid + 1)...last, into: &list)
                later.particles = list
            }
            job.start()
            // Room for both halves, so that the later one is appended in place when this list becomes `out`.
            var earlier: [Particle] = []
            earlier.reserveCapacity(Int(last - first) + 1)
            run(first...mid, into: &earlier)
            job.join()
            let rest = room - earlier.count
            if out.isEmpty { swap(&out, &earlier) } else { out += earlier }
            out += later.particles.prefix(rest)
        }
    }

    /// The later half's list, filled on the second thread and read after it is joined.
    final class Half: @unchecked Sendable {
        var particles: [Particle] = []
    }

    /// The time after which a rate starting at `rate` and changing by `slope`
    /// per second has made `count` births: the root of rate·s + slope·s²/2 = count.
    static func elapsed(untilCount count: Double, rate: Double, slope: Double) -> Double {
        guard count > 0 else { return 0 }
        let root = (max(0, rate * rate + 2 * slope * count)).squareRoot()
        return rate + root > 0 ? 2 * count / (rate + root) : 0
    }

    /// A cell's settings, read once for all its particles (a class: passed to every birth, not copied).
    final class Cell: Sendable {
        let enabled: Bool
        let birthRate, lifetime, lifetimeRange, velocity, velocityRange: Double
        let emissionLatitude, emissionLongitude, emissionRange: Double
        let acceleration: (Double, Double, Double)
        let scale, scaleRange, scaleSpeed, spin, spinRange: Double
        let color, colorRange, colorSpeed: Color
        let children: [Cell]
        /// The emission axis and cone of its top-level particles from the emitter it was read
        /// with, worked out once for all of them (nil for nested cells, whose axis turns with their parent).
        let aim: Aim?

        init(_ c: EmitterCell, aimedFrom e: Emitter? = nil) {
            enabled = c.enabled
            birthRate = c[.birthRate]; lifetime = c[.lifetime]; lifetimeRange = c[.lifetimeRange]
            velocity = c[.velocity]; velocityRange = c[.velocityRange]
            emissionLatitude = c[.emissionLatitude]; emissionLongitude = c[.emissionLongitude]; emissionRange = c[.emissionRange]
            acceleration = (c[.xAcceleration], c[.yAcceleration], c[.zAcceleration])
            scale = c[.scale]; scaleRange = c[.scaleRange]; scaleSpeed = c[.scaleSpeed]
            spin = c[.spin]; spinRange = c[.spinRange]
            color = c.color
            colorRange = Color(red: c[.redRange], green: c[.greenRange], blue: c[.blueRange], alpha: c[.alphaRange])
            colorSpeed = Color(red: c[.redSpeed], green: c[.greenSpeed], blue: c[.blueSpeed], alpha: c[.alphaSpeed])
            children = c.emitterCells.map { Cell($0) }
            aim = e.map { Aim(c[.emissionLongitude], c[.emissionLatitude], c[.emissionRange], from: $0) }
        }

        /// How long after its birth a particle of this cell, or of a cell nested in it, can still be alive.
        func reach(_ e: Emitter) -> Double {
            let own = max(0, (lifetime + abs(lifetimeRange)) * e.lifetime)
            return own > 0 ? own + Cell.maxLifetime(children, e) : 0
        }

        static func maxLifetime(_ cells: [Cell], _ e: Emitter) -> Double {
            cells.map { max(0, ($0.lifetime + abs($0.lifetimeRange)) * e.lifetime) + maxLifetime($0.children, e) }.max() ?? 0
        }
    }

    /// A cell's place in the depth-first list of every cell (what particles name to be drawn).
    struct Node {
        let index: Int
        let children: [Node]

        static func tree(_ cells: [EmitterCell], into flat: inout [EmitterCell]) -> [Node] {
            cells.map { c in
                let index = flat.count
                flat.append(c)
                return Node(index: index, children: tree(c.emitterCells, into: &flat))
            }
        }
    }

    static func order(_ ps: [Particle], _ mode: RenderMode) -> [Particle] {
        switch mode {
        case .oldestFirst: ps.sorted { ($0.birth, $0.cell) < ($1.birth, $1.cell) }
        case .oldestLast: ps.sorted { ($0.birth, $0.cell) > ($1.birth, $1.cell) }
        case .backToFront: ps.sorted { ($0.z, $0.birth) < ($1.z, $1.birth) }
        case .unordered, .additive: ps
        }
    }

    /// The emitter layer's presented settings.
    struct Emitter {
        let position: Point, z: Double, size: Size, depth: Double
        let shape: EmitterShape, mode: EmitterMode
        let birthRate, lifetime, velocity, scale, spin: Double
        let seed: UInt64

        init(_ l: PresentedLayer) {
            position = l.point(.emitterPosition); z = l.number(.emitterZPosition)
            if case .size(let s) = l[.emitterSize] { size = s } else { size = Size(0, 0) }
            depth = l.number(.emitterDepth)
            shape = l.emitterShape
            mode = l.emitterMode
            birthRate = l.number(.emitterBirthRate); lifetime = l.number(.emitterLifetime)
            velocity = l.number(.emitterVelocity); scale = l.number(.emitterScale); spin = l.number(.emitterSpin)
            let s = l.number(.seed)
            seed = s.isFinite ? UInt64(truncatingIfNeeded: Int64(max(-9e18, min(9e18, s)))) : 0
        }

        /// Where a particle starts, by shape and mode (docs/emitters.md).
        func start(_ r: Random) -> (Double, Double, Double) {
            let u1 = r.unit(10), u2 = r.unit(11), u3 = r.unit(12)
            let w = size.width, h = size.height
            let px = position.x, py = position.y
            switch shape {
            case .line:
                if mode == .points { return (px + (u1 < 0.5 ? -w / 2 : w / 2), py, z) }
                return (px + (u1 - 0.5) * w, py, z)
            case .rectangle, .cuboid:
                let dz = shape == .cuboid && mode == .volume ? (u3 - 0.5) * depth : 0
                switch mode {
                case .points:
                    let c = Int(u1 * 4) % 4
                    return (px + (c % 2 == 0 ? -w / 2 : w / 2), py + (c < 2 ? -h / 2 : h / 2), z + dz)
                case .outline:
                    let d = u1 * 2 * (w + h)
                    if d < w { return (px - w / 2 + d, py - h / 2, z) }
                    if d < w + h { return (px + w / 2, py - h / 2 + (d - w), z) }
                    if d < 2 * w + h { return (px + w / 2 - (d - w - h), py + h / 2, z) }
                    return (px - w / 2, py + h / 2 - (d - 2 * w - h), z)
                default:
                    return (px + (u1 - 0.5) * w, py + (u2 - 0.5) * h, z + dz)
                }
            case .circle, .sphere:
                let radius = w / 2
                if mode == .points { return (px, py, z) }
                if shape == .sphere {
                    let cosTheta = 2 * u1 - 1, phi = 2 * Double.pi * u2
                    let rr = mode == .volume ? radius * cbrt(u3) : radius
                    let sinTheta = (1 - cosTheta * cosTheta).squareRoot()
                    return (px + rr * sinTheta * cos(phi), py + rr * sinTheta * sin(phi), z + rr * cosTheta)
                }
                let a = 2 * Double.pi * u1
                let rr = mode == .outline ? radius : radius * u2.squareRoot()
                return (px + rr * cos(a), py + rr * sin(a), z)
            case .point:
                return (px, py, z)
            }
        }
    }

    /// Where particles come from: the emitter, or (for nested cells) a parent particle.
    enum Origin {
        case emitter
        case particle(id: UInt64, born: Double, dies: Double, motion: Motion)

        struct Source {
            let id: UInt64
            let start: Double
            let end: Double
            /// The particle emitting (nil for the emitter itself); `start` is its birth.
            let parent: Motion?
        }

        static var emitterSource: Source { Source(id: 0, start: 0, end: .infinity, parent: nil) }

        func sources() -> [Source] {
            switch self {
            case .emitter: [Origin.emitterSource]
            case let .particle(id, born, dies, motion): [Source(id: id, start: born, end: dies, parent: motion)]
            }
        }
    }

    /// One particle's motion from its birth: p₀ + v·a + ½·acc·a².
    struct Motion {
        let p0: (Double, Double, Double)
        let v: (Double, Double, Double)
        let acc: (Double, Double, Double)
        /// The unit direction it was emitted in (what its own cells' angles are relative to while it stands still).
        let direction: (Double, Double, Double)
        /// The scale at birth and its change per second; `scaleFactor` (a nested cell's parent's
        /// scale, 1 otherwise) multiplies their sum.
        let scale0, scaleSpeed, scaleFactor, spin: Double
        let color0: Color
        let colorSpeed: Color
        /// Multiplies the colour channel by channel: a nested cell's parent's colour, white otherwise.
        let tint: Color

        /// What a nested cell's particle takes from the particle emitting it, at its birth
        /// (Apple's `emitterCells` page: the emission point is the particle's position, the
        /// emission angle is relative to its direction, and its scale and colour are inherited).
        struct Parent {
            let position: (Double, Double, Double)
            let direction: (Double, Double, Double)
            let scale: Double
            let color: Color

            init(_ m: Motion, age a: Double) {
                position = m.position(age: a)
                let v = (m.v.0 + m.acc.0 * a, m.v.1 + m.acc.1 * a, m.v.2 + m.acc.2 * a)
                let n = (v.0 * v.0 + v.1 * v.1 + v.2 * v.2).squareRoot()
                direction = n > 0 && n.isFinite ? (v.0 / n, v.1 / n, v.2 / n) : m.direction
                scale = m.scale(age: a)
                color = m.color(age: a)
            }
        }

        init(_ c: Cell, _ e: Emitter, _ r: Random, parent: Parent?) {
            p0 = parent?.position ?? e.start(r)
            // The axis: longitude in the x–y plane from +x (y down), latitude out of it; a line
            // emitter measures longitude from up the screen (docs/emitters.md). A nested
            // cell's angles turn its parent's current direction.
            let aim: Aim
            if let parent {
                let d = parent.direction
                aim = Aim(longitude: c.emissionLongitude + atan2(d.1, d.0), latitude: c.emissionLatitude + asin(max(-1, min(1, d.2))),
                          range: c.emissionRange)
            } else if let own = c.aim, own.line == (e.shape == .line) {
                aim = own
            } else {
                aim = Aim(c.emissionLongitude, c.emissionLatitude, c.emissionRange, from: e)
            }
            let speed = (c.velocity + c.velocityRange * r.signed(3)) * e.velocity
            if let cone = aim.cone {
                direction = cone.direction(r.unit(1), r.unit(2))
                v = (speed * direction.0, speed * direction.1, speed * direction.2)
            } else {
                direction = (aim.cosLat * aim.cosLon, aim.cosLat * aim.sinLon, aim.sinLat)
                v = (speed * aim.cosLat * aim.cosLon, speed * aim.cosLat * aim.sinLon, speed * aim.sinLat)
            }
            acc = c.acceleration
            // A top-level cell's scale is (scale ± scaleRange) × the layer's scale + scaleSpeed·age; a nested
            // cell's own (scale ± scaleRange) + scaleSpeed·age is multiplied by its parent's scale instead.
            let own = c.scale + c.scaleRange * r.signed(4)
            scale0 = parent == nil ? own * e.scale : own
            scaleSpeed = c.scaleSpeed
            scaleFactor = parent?.scale ?? 1
            spin = (c.spin + c.spinRange * r.signed(5)) * e.spin
            color0 = Color(red: c.color.red + c.colorRange.red * r.signed(6), green: c.color.green + c.colorRange.green * r.signed(7),
                           blue: c.color.blue + c.colorRange.blue * r.signed(8), alpha: c.color.alpha + c.colorRange.alpha * r.signed(9))
            colorSpeed = c.colorSpeed
            tint = parent?.color ?? .white
        }

        func position(age a: Double) -> (Double, Double, Double) {
            (p0.0 + v.0 * a + 0.5 * acc.0 * a * a, p0.1 + v.1 * a + 0.5 * acc.1 * a * a, p0.2 + v.2 * a + 0.5 * acc.2 * a * a)
        }

        /// The scale at age `a` (never below 0).
        func scale(age a: Double) -> Double { max(0, scale0 + scaleSpeed * a) * scaleFactor }

        /// The colour at age `a`: each channel clamped to 0…1, then tinted.
        func color(age a: Double) -> Color {
            func clamp(_ x: Double) -> Double { min(1, max(0, x)) }
            return Color(red: clamp(color0.red + colorSpeed.red * a) * tint.red,
                         green: clamp(color0.green + colorSpeed.green * a) * tint.green,
                         blue: clamp(color0.blue + colorSpeed.blue * a) * tint.blue,
                         alpha: clamp(color0.alpha + colorSpeed.alpha * a) * tint.alpha)
        }

        func particle(age a: Double, cell: Int, birth: Double) -> Particle {
            let p = position(age: a)
            let u = (v.0 + acc.0 * a, v.1 + acc.1 * a, v.2 + acc.2 * a)
            return Particle(x: p.0, y: p.1, z: p.2, scale: scale(age: a), rotation: spin * a,
                            color: color(age: a), cell: cell, birth: birth, speed: (u.0 * u.0 + u.1 * u.1 + u.2 * u.2).squareRoot())
        }
    }

    /// An emission axis from its longitude and latitude, with the cone of `range` around it,
    /// computed once for every particle that shares them (libm's calls are not merged by the compiler).
    struct Aim {
        let cosLat, cosLon, sinLon, sinLat: Double
        /// Nil for a range of 0.
        let cone: Cone?
        /// Measured from up the screen, as a line emitter's top-level particles are.
        let line: Bool

        /// A top-level cell's axis from emitter `e` (docs/emitters.md).
        init(_ lon: Double, _ lat: Double, _ range: Double, from e: Emitter) {
            self.init(longitude: e.shape == .line ? lon - Double.pi / 2 : lon, latitude: lat, range: range, line: e.shape == .line)
        }

        init(longitude lon: Double, latitude lat: Double, range: Double, line: Bool = false) {
            self.line = line
            cosLat = cos(lat); cosLon = cos(lon); sinLon = sin(lon); sinLat = sin(lat)
            cone = range == 0 ? nil : Cone(around: (cosLat * cosLon, cosLat * sinLon, sinLat), range: range)
                ?? Cone(axis: (cosLat * cosLon, cosLat * sinLon, sinLat))
        }
    }

    /// The cone of full angle `range` around a unit axis, and the axes that turn about it. Directions
    /// are uniformly distributed over it (Apple's `emissionRange`: "a cone around the emission angle.
    /// Emitted objects are uniformly distributed across this cone").
    struct Cone {
        let axis: (Double, Double, Double)
        /// 1 − cos(range/2); nil for a cone that is its axis.
        let drop: Double?
        /// Two unit vectors perpendicular to the axis and to each other; the first in the x–y plane when it can be.
        let a, b: (Double, Double, Double)

        /// A cone that is only its axis (a range that is not finite).
        init(axis: (Double, Double, Double)) {
            self.axis = axis; drop = nil; a = (0, 0, 0); b = (0, 0, 0)
        }

        init?(around axis: (Double, Double, Double), range: Double) {
            let half = min(Double.pi, abs(range) / 2)
            guard half > 0, half.isFinite else { return nil }
            self.axis = axis
            drop = 1 - cos(half)
            let ref: (Double, Double, Double) = abs(axis.2) < 0.9 ? (0, 0, 1) : (1, 0, 0)
            var a = (axis.1 * ref.2 - axis.2 * ref.1, axis.2 * ref.0 - axis.0 * ref.2, axis.0 * ref.1 - axis.1 * ref.0)
            let n = (a.0 * a.0 + a.1 * a.1 + a.2 * a.2).squareRoot()
            a = (a.0 / n, a.1 / n, a.2 / n)
            self.a = a
            b = (axis.1 * a.2 - axis.2 * a.1, axis.2 * a.0 - axis.0 * a.2, axis.0 * a.1 - axis.1 * a.0)
        }

        /// The direction for the uniform numbers `u1` (the cosine of the angle from the axis, uniform
        /// on [cos(range/2), 1]) and `u2` (the turn about it, uniform on [0, 2π)).
        func direction(_ u1: Double, _ u2: Double) -> (Double, Double, Double) {
            guard let drop else { return axis }
            let cosT = 1 - u1 * drop, sinT = max(0, 1 - cosT * cosT).squareRoot()
            let phi = 2 * Double.pi * u2
            let (cp, sp) = (cos(phi), sin(phi))
            return (cosT * axis.0 + sinT * (cp * a.0 + sp * b.0),
                    cosT * axis.1 + sinT * (cp * a.1 + sp * b.1),
                    cosT * axis.2 + sinT * (cp * a.2 + sp * b.2))
        }
    }

    /// Uniform numbers for one particle, from a hash (SplitMix64) of the seed,
    /// the cell's place, the parent particle and the particle's index.
    struct Random {
        let base: UInt64
        init(seed: UInt64, path: UInt64, source: UInt64, k: UInt64) {
            base = Random.mix(seed ^ Random.mix(path ^ Random.mix(source ^ Random.mix(k))))
        }
        static func mix(_ x: UInt64) -> UInt64 {
            var z = x &+ 0x9E37_79B9_7F4A_7C15
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        /// In [0, 1).
        func unit(_ i: UInt64) -> Double { Double(Random.mix(base &+ i &* 0xD1B5_4A32_D192_ED03) >> 11) / 9_007_199_254_740_992 }
        /// In [−1, 1).
        func signed(_ i: UInt64) -> Double { 2 * unit(i) - 1 }
    }
}
