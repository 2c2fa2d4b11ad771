// SPDX-License-Identifier: MIT
/// A node of the model tree, as `CALayer` and its subclasses: model property
/// values, sublayers, an optional mask, layer timing and attached animations.
///
/// Layers are made by a `Stage` (`stage.makeLayer(.shape)`) so that an
/// animation added with `beginTime == 0` can start "now" on the stage's clock
/// even before the layer joins the tree (R5).
public final class Layer {
    public let kind: LayerKind
    /// Unique among the layers of one stage, in order of creation: lets a
    /// renderer recognise the same layer from one snapshot to the next.
    public let id: Int
    // The sampler reads these for every layer of every sample, from two threads
    // at once; the model changes only between samples, on the host's one thread
    // (while sampling, a layer may compact its own ended animations, and only
    // the one thread that presents it touches it). Their accesses are therefore
    // not checked for exclusivity at run time: the check was a tenth of a sample.
    // Every change that sampling would see moves the stage's `modelVersion`.
    @exclusivity(unchecked) public var name: String { didSet { stage?.modelChanged() } }
    public private(set) weak var superlayer: Layer?
    @exclusivity(unchecked) public private(set) var sublayers: [Layer] = [] { didSet { stage?.modelChanged() } }
    /// The layer whose alpha masks this one; it belongs to no sublayer list.
    @exclusivity(unchecked) public private(set) var mask: Layer? { didSet { stage?.modelChanged() } }
    /// The layer this one masks, when it is a mask.
    public private(set) weak var maskedLayer: Layer?
    @exclusivity(unchecked) public var timing = LayerTiming() {
        didSet { stage?.invalidateSchedule(); stage?.modelChanged() }
    }
    weak var stage: Stage?

    /// Model values that differ from the defaults.
    @exclusivity(unchecked) var values = ModelValues() { didSet { stage?.modelChanged() } }
    /// An emitter layer's cells (`emitterCells`), in order.
    @exclusivity(unchecked) public private(set) var emitterCells: [EmitterCell] = []

    /// Appends a copy of `cell` to an emitter layer's cells.
    public func addEmitterCell(_ cell: EmitterCell) throws(FXError) {
        guard kind == .emitter else {
            throw FXError("emitter cells go on an EmitterLayer, not a \(kind.className)", kind: .keyPath)
        }
        guard emitterCells.count < Layer.maxEmitterCells else {
            throw FXError("an emitter holds at most \(Layer.maxEmitterCells) cells", kind: .limit)
        }
        rememberEmitterModel()
        emitterCells.append(cell)
    }

    /// An emitter's model settings and cells as they were before a change made
    /// after its local time 0, in force until `until` (its local time at the change).
    struct EmitterEra {
        let until: Double
        let values: ModelValues
        let cells: [EmitterCell]
    }

    /// An emitter's earlier models, oldest first: a change made later (by a timer,
    /// an event, a callback) affects only the particles born from then on, as on a
    /// device, where the emitter simulates (docs/emitters.md).
    @exclusivity(unchecked) private(set) var emitterEras: [EmitterEra] = []

    /// The most changes an emitter remembers; later ones count as if made at the last remembered one.
    static let maxEmitterEras = 10_000

    /// Records the emitter's model before a change at the current time, once per instant.
    /// What the build sets (before the clock moves) counts as always set.
    private func rememberEmitterModel() {
        guard kind == .emitter, let stage, stage.now > 0, emitterEras.count < Layer.maxEmitterEras else { return }
        let now = localTime(atGlobal: stage.now)
        guard now > 0, now.isFinite, now > (emitterEras.last?.until ?? 0) else { return }
        emitterEras.append(EmitterEra(until: now, values: values, cells: emitterCells))
        stage.modelChanged()
    }

    /// The emitter's model settings and cells in force at its local time `t`.
    func emitterModel(atLocal t: Double) -> (ModelValues, [EmitterCell]) {
        var lo = 0, hi = emitterEras.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if emitterEras[mid].until > t { hi = mid } else { lo = mid + 1 }
        }
        return lo < emitterEras.count ? (emitterEras[lo].values, emitterEras[lo].cells) : (values, emitterCells)
    }

    /// The most cells one emitter (or one cell) may hold.
    public static let maxEmitterCells = 256
    /// The attached animations, in the order added. Change them only through
    /// `attach` and `detach`, which keep `evaluators` in step.
    var attached: [AttachedAnimation] {
        compactIfNeeded()
        return attachedStorage
    }
    /// The attached animations' evaluators, contiguous for the sampler
    /// (derived: `lingering` then those of `attached`).
    var evaluators: [AnimationEvaluator] {
        compactIfNeeded()
        return evaluatorStorage
    }
    @exclusivity(unchecked) private var attachedStorage: [AttachedAnimation] = []
    @exclusivity(unchecked) private var evaluatorStorage: [AnimationEvaluator] = [] { didSet { stage?.modelChanged() } }
    /// Whether animations ended since the arrays were last compacted: the
    /// timeline removes ended animations one at a time, and compacting once
    /// before the next look keeps a run of n stops O(n) instead of O(n²).
    @exclusivity(unchecked) private var hasEnded = false { didSet { stage?.modelChanged() } }

    /// The most animations one layer may hold at once.
    public static let maxAnimations = 10_000

    /// Evaluators of animations that have ended and been removed here but
    /// that a replicator's delayed copies of this layer still play
    /// (docs/timing.md, "Replicators"). They show nothing on the layer itself.
    private(set) var lingering: [AnimationEvaluator] = []

    private func compactIfNeeded() {
        guard hasEnded else { return }
        hasEnded = false
        attachedStorage.removeAll { !$0.isAttached }
        evaluatorStorage = lingering + attachedStorage.map(\.evaluator)
    }

    private func attach(_ record: AttachedAnimation) {
        compactIfNeeded()
        attachedStorage.append(record)
        evaluatorStorage.append(record.evaluator)
        subtreeChanged()
        stage?.scheduleAdded(record, on: self)
    }

    /// Removes animations; with `lingering`, their evaluators stay for delayed replicated copies.
    func detach(lingering keep: Bool = false, where shouldRemove: (AttachedAnimation) -> Bool) {
        compactIfNeeded()
        if keep { lingering += attachedStorage.filter(shouldRemove).map(\.evaluator) }
        attachedStorage.removeAll { record in
            guard shouldRemove(record) else { return false }
            record.isAttached = false
            return true
        }
        evaluatorStorage = lingering + attachedStorage.map(\.evaluator)
        subtreeChanged()
    }

    /// Removes one animation at its end; the arrays are compacted at the next look.
    func detach(_ record: AttachedAnimation, lingering keep: Bool) {
        guard record.isAttached else { return }
        record.isAttached = false
        if keep { lingering.append(record.evaluator) }
        hasEnded = true
    }

    /// Whether an emitter keeps `a` after it ends: particles born while it
    /// ran keep what it presented at their birth (docs/emitters.md).
    func remembers(_ a: AttachedAnimation) -> Bool {
        kind == .emitter && a.evaluator.animates { $0.cell != nil || $0.property.isEmitterSetting }
    }

    /// Whether a replicator above this layer draws delayed copies of it.
    var isReplicatedWithDelay: Bool {
        var l = superlayer
        while let r = l {
            if r.kind == .replicator, case .number(let n) = r.values[.instanceCount], n >= 2,
               case .number(let d) = r.values[.instanceDelay], d != 0 { return true }
            l = r.superlayer
        }
        return false
    }

    init(kind: LayerKind, name: String, stage: Stage?, id: Int) {
        self.kind = kind; self.name = name; self.stage = stage; self.id = id
    }

    // MARK: - Properties

    /// The model value of a property this layer kind has.
    public subscript(_ p: Property) -> Value { values[p] }

    /// The model value at a key path; errors name a key path this kind lacks.
    public func value(at kp: KeyPath) throws(FXError) -> Value {
        try kp.check(appliesTo: kind)
        if let cell = kp.cell {
            guard let v = cell.value(in: emitterCells) else { throw noCell(cell) }
            return v
        }
        return kp.extract(from: values[kp.property])
    }

    /// Sets the model value at a key path, checked for kind and type.
    public func set(_ kp: KeyPath, _ given: Value) throws(FXError) {
        try kp.check(appliesTo: kind)
        let v = try kp.admit(given)
        if let cell = kp.cell {
            guard EmitterCell.find(cell.names, in: emitterCells) != nil else { throw noCell(cell) }
            rememberEmitterModel()
            _ = cell.set(v, in: &emitterCells)
            return
        }
        if kp.property.isEmitterSetting || kp.property == .emitterCells { rememberEmitterModel() }
        values[kp.property] = kp.replace(in: values[kp.property], with: v)
    }

    /// Every cell's name, nested ones as `parent.child`, for messages.
    var cellNames: [String] {
        func names(_ cs: [EmitterCell], _ prefix: String) -> [String] {
            cs.flatMap { [prefix + $0.name] + names($0.emitterCells, prefix + $0.name + ".") }
        }
        return names(emitterCells, "")
    }

    func noCell(_ cell: CellField) -> FXError {
        FXError("key path '\(cell)': the emitter has no cell named \(cell.names.map { "'\($0)'" }.joined(separator: " in ")) (its cells: \(cellNames.isEmpty ? "none" : cellNames.joined(separator: ", ")))", kind: .keyPath)
    }

    public func set(_ p: Property, _ v: Value) throws(FXError) { try set(KeyPath(p), v) }

    /// The frame in the superlayer's space for an untransformed layer, as
    /// `CALayer.frame`: position minus anchorPoint × bounds size.
    public var frame: Rect {
        guard case .rect(let b) = self[.bounds], case .point(let p) = self[.position],
              case .point(let a) = self[.anchorPoint] else { return .zero }
        return Rect(p.x - a.x * b.size.width, p.y - a.y * b.size.height, b.size.width, b.size.height)
    }

    /// Sets bounds size and position from a frame, as assigning `CALayer.frame` does.
    public func setFrame(_ f: Rect) throws(FXError) {
        guard case .point(let a) = self[.anchorPoint], case .rect(var b) = self[.bounds] else { return }
        b.size = f.size
        try set(.bounds, .rect(b))
        try set(.position, .point(Point(f.origin.x + a.x * f.size.width, f.origin.y + a.y * f.size.height)))
    }

    // MARK: - The tree

    /// Whether `other` is this layer or one of its ancestors (through masks too).
    func hasAncestorOrSelf(_ other: Layer) -> Bool {
        var l: Layer? = self
        while let cur = l {
            if cur === other { return true }
            l = cur.timeParent
        }
        return false
    }

    private func checkCanAdopt(_ child: Layer) throws(FXError) {
        guard !hasAncestorOrSelf(child) else {
            throw FXError("cannot add layer '\(child.name)' under '\(name)': it would contain itself", kind: .tree)
        }
        guard child.maskedLayer == nil else {
            throw FXError("layer '\(child.name)' is the mask of '\(child.maskedLayer!.name)'; a mask cannot also be a sublayer", kind: .tree)
        }
        try checkDepth(adding: child)
    }

    /// The most levels a layer tree may have, counting the topmost layer as 1
    /// and masks as a level below the layer they mask. Everything that walks
    /// the tree (sampling, rendering, the sinks, the timeline) then has a
    /// bounded depth, so a deep chain is a clear error instead of a stack
    /// overflow (docs/isolation.md, Limits).
    public static let maxDepth = 1_000

    /// Refuses `child` under this layer when the tree would get deeper than `maxDepth`.
    /// Costs the depth of this layer plus the size of the child's subtree.
    private func checkDepth(adding child: Layer) throws(FXError) {
        var above = 1
        var l = timeParent
        while let cur = l {
            above += 1
            l = cur.timeParent
        }
        var below = 0
        child.visitTree(1) { _, level in
            below = max(below, level)
            return level + 1
        }
        guard above + below <= Layer.maxDepth else {
            throw FXError("cannot add layer '\(child.name)' under '\(name)': the tree would be \(above + below) layers deep; the limit is \(Layer.maxDepth)", kind: .limit)
        }
    }

    /// Inserts `child` at `index` (clamped to the sublayer count), taking it
    /// from its current superlayer first, as `insertSublayer(_:at:)` does.
    public func insertSublayer(_ child: Layer, at index: Int) throws(FXError) {
        try checkCanAdopt(child)
        child.removeFromSuperlayer()
        sublayers.insert(child, at: max(0, min(index, sublayers.count)))
        child.superlayer = self
        subtreeChanged()
        stage?.invalidateSchedule()
    }

    public func addSublayer(_ child: Layer) throws(FXError) { try insertSublayer(child, at: Int.max) }

    public func insertSublayer(_ child: Layer, above sibling: Layer) throws(FXError) {
        guard sibling.superlayer === self, sibling !== child else {
            throw FXError("layer '\(sibling.name)' is not a sublayer of '\(name)'", kind: .tree)
        }
        try checkCanAdopt(child)
        child.removeFromSuperlayer()
        try insertSublayer(child, at: sublayers.firstIndex { $0 === sibling }! + 1)
    }

    public func insertSublayer(_ child: Layer, below sibling: Layer) throws(FXError) {
        guard sibling.superlayer === self, sibling !== child else {
            throw FXError("layer '\(sibling.name)' is not a sublayer of '\(name)'", kind: .tree)
        }
        try checkCanAdopt(child)
        child.removeFromSuperlayer()
        try insertSublayer(child, at: sublayers.firstIndex { $0 === sibling }!)
    }

    /// How many layers this subtree holds (itself, its mask's subtree, its
    /// sublayers') and about how many animations, kept until the subtree
    /// changes: the sampler sizes each snapshot by them, and counting 10,000
    /// layers every sample was a tenth of the sample. The animation count is
    /// an estimate (ended animations stay in it until the next change): it
    /// only sizes a buffer that grows when it must.
    var subtreeTotals: (layers: Int, animations: Int) {
        if let n = cachedTotals { return n }
        var n = (layers: 1, animations: evaluatorStorage.count)
        if let m = mask { n.layers += m.subtreeTotals.layers; n.animations += m.subtreeTotals.animations }
        for c in sublayers {
            let t = c.subtreeTotals
            n.layers += t.layers; n.animations += t.animations
        }
        cachedTotals = n
        return n
    }
    var subtreeCount: Int { subtreeTotals.layers }
    @exclusivity(unchecked) private var cachedTotals: (layers: Int, animations: Int)?

    /// Forgets the totals of this layer and of every layer above it (through masks too).
    private func subtreeChanged() {
        var l: Layer? = self
        while let layer = l, layer.cachedTotals != nil {
            layer.cachedTotals = nil
            l = layer.timeParent
        }
    }

    public func removeFromSuperlayer() {
        if let parent = superlayer {
            parent.sublayers.removeAll { $0 === self }
            superlayer = nil
            parent.subtreeChanged()
            stage?.invalidateSchedule()
        }
    }

    /// Sets or clears the mask. A mask has no superlayer and masks one layer.
    public func setMask(_ m: Layer?) throws(FXError) {
        if let m {
            guard m.superlayer == nil else {
                throw FXError("layer '\(m.name)' is a sublayer of '\(m.superlayer!.name)'; remove it before using it as a mask", kind: .tree)
            }
            guard m.maskedLayer == nil || m.maskedLayer === self else {
                throw FXError("layer '\(m.name)' already masks '\(m.maskedLayer!.name)'", kind: .tree)
            }
            guard !hasAncestorOrSelf(m) else { throw FXError("layer '\(m.name)' cannot mask itself or an ancestor", kind: .tree) }
            if m !== mask { try checkDepth(adding: m) }
        }
        mask?.maskedLayer = nil
        mask = m
        m?.maskedLayer = self
        subtreeChanged()
        stage?.invalidateSchedule()
    }

    /// The topmost ancestor (the stage's root when the layer is in the tree).
    public var root: Layer {
        var l = self
        while let p = l.timeParent { l = p }
        return l
    }

    /// This layer's local time at global time `t` (`convertTime(_:from: nil)`).
    public func localTime(atGlobal t: Double) -> Double {
        timing.localTime(parentTime(atGlobal: t))
    }

    /// The layer above this one, whose time this layer's time derives from (R2): its superlayer,
    /// or for a mask the layer it masks. The tree's walks upward go through masks by this link too.
    public var timeParent: Layer? { superlayer ?? maskedLayer }

    /// The time of this layer's parent (`timeParent`) at global time `t`.
    public func parentTime(atGlobal t: Double) -> Double {
        guard let p = timeParent else { return t }
        return p.localTime(atGlobal: t)
    }

    // MARK: - Animations

    /// Adds a copy of `animation` under `key`, replacing (and stopping, with
    /// `finished = false`) one already there. A `beginTime` of 0 becomes the
    /// layer's current time (R5). A nil key never replaces anything.
    public func add(_ animation: Animation, forKey key: String?) throws {
        var a = try animation.admitted(for: kind)
        try checkCells(of: a)
        let now = stage?.now ?? 0
        let parentNow = parentTime(atGlobal: now)
        if a.timing.beginTime == 0 { a.timing.beginTime = timing.localTime(parentNow) }
        var captured: [PresentedLayer]? = nil
        if case .transition = a.kind {
            captured = Sampler.capture(self, parentTime: parentNow)
        }
        if let key, let old = attached.first(where: { $0.key == key }) {
            detach { $0 === old }
            try old.stop(finished: false)
        }
        guard attached.count < Layer.maxAnimations else {
            throw FXError("layer '\(name)' already has \(Layer.maxAnimations) animations; that is the limit", kind: .limit)
        }
        let record = AttachedAnimation(key: key, animation: a, sequence: stage?.nextSequence() ?? 0,
                                       capturedState: captured)
        attach(record)
    }

    /// An animation of `emitterCells.NAME.FIELD` must name cells the emitter has,
    /// as a key path into the layer must name a property it has.
    private func checkCells(of animation: Animation) throws(FXError) {
        if case .group(let children) = animation.kind {
            for c in children { try checkCells(of: c) }
            return
        }
        guard let cell = animation.keyPath?.cell, EmitterCell.find(cell.names, in: emitterCells) == nil else { return }
        throw noCell(cell)
    }

    /// The animation under `key`, as added (with its resolved beginTime).
    public func animation(forKey key: String) -> Animation? {
        attached.first { $0.key == key }?.animation
    }

    /// The keys of the attached animations in the order they were added.
    /// Animations added with a nil key are not listed.
    public var animationKeys: [String] { attached.compactMap(\.key) }

    /// All attached animations in order, keyed or not.
    public var animations: [Animation] { attached.map(\.animation) }

    /// Removes the animation under `key`; its did-stop runs with `finished = false`.
    /// Returns whether there was one.
    @discardableResult
    public func removeAnimation(forKey key: String) throws -> Bool {
        guard let old = attached.first(where: { $0.key == key }) else { return false }
        detach { $0 === old }
        try old.stop(finished: false)
        return true
    }

    /// Removes every animation, each reporting `finished = false`, in the order added.
    public func removeAllAnimations() throws {
        let old = attached
        detach { _ in true }
        for a in old { try a.stop(finished: false) }
    }
}

/// An animation on a layer, with what the timeline needs to deliver its events once.
final class AttachedAnimation {
    let evaluator: AnimationEvaluator
    let key: String?
    let animation: Animation
    /// Stage-wide order of addition: events at the same instant fire in this order.
    let sequence: Int
    var started = false
    var stopped = false
    /// Whether the animation is still on its layer (the timeline skips it once it is not).
    var isAttached = true

    init(key: String?, animation: Animation, sequence: Int, capturedState: [PresentedLayer]? = nil) {
        self.key = key; self.animation = animation; self.sequence = sequence
        evaluator = AnimationEvaluator(animation, capturedState: capturedState)
    }

    func start() throws {
        guard !started else { return }
        started = true
        try animation.didStart?()
    }

    func stop(finished: Bool) throws {
        guard !stopped else { return }
        stopped = true
        try animation.didStop?(finished)
    }
}
