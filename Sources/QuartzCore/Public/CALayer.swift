// SPDX-License-Identifier: MIT
import CFX
import CoreGraphics
import FXPluginKit

/// A layer in the host's tree (`CALayer`). Model values live in the host: a
/// property reads and writes the host's layer by its key path, so what the
/// plugin sees is what fxhost samples. Misuse fails the plugin call with the
/// host's message, as Core Animation raises (see `Fault`).
open class CALayer: NSObject, CAMediaTiming {
    /// The host's layer.
    let host: Layer
    /// The plugin call this layer was made in: changes in later calls may animate implicitly.
    let madeIn: Int
    /// Set on the copies `presentation()` returns: they read what is on screen and ignore writes.
    let isPresentation: Bool
    /// Whether the facade made the host's layer, which then holds the host's documented defaults
    /// (the stage's root, made by the host, and presentation copies do not count).
    let madeAtDefaults: Bool
    /// The layer a presentation copy shows.
    private(set) var modelLayer: CALayer?

    // The tree links and the layout flags are exempt from Swift's run-time
    // exclusivity checks (about 100 instructions per access; every view
    // added and laid out reads them several times): they are read, assigned,
    // appended to and removed from, with no access open across a call that
    // could reach them again. The superlayer is held unowned, not weakly (a
    // weak reference gives the superlayer a side table, and each retain and
    // release of it then takes the runtime's slow path): a layer's superlayer
    // has it in its `children`, and clears it from its deinit.
    @exclusivity(unchecked) public internal(set) unowned(unsafe) var superlayer: CALayer?
    @exclusivity(unchecked) var children: [CALayer] = []
    var maskLayer: CALayer?
    var addedAnimations = KeyedAnimations()
    var timingExtras = TimingExtras()
    // The two below are read and written on every property access, and
    // exempt from Swift's run-time exclusivity checks (about 100 instructions
    // each time): their methods call nothing that could reach them again.
    /// Geometry read in this plugin call since the last write (model layers only).
    @exclusivity(unchecked) var modelReads = ModelReads()
    /// The look set in the plugin call that made the layer, not yet written (see `HeldLook`).
    @exclusivity(unchecked) var heldLook: HeldLook?
    // The two below, and `needsDisplayOnBoundsChange`, are read for every
    // layer made (each view's layer is displayed once), and exempt from
    // Swift's run-time exclusivity checks like `modelReads`: they are only
    // read and assigned whole.
    /// Marked by `setNeedsDisplay()`, cleared by the display pass.
    @exclusivity(unchecked) var needsDisplayFlag = false
    /// What custom drawing and custom keys keep (nil for a layer that never drew nor had one).
    @exclusivity(unchecked) var drawn: LayerDrawing?

    open var name: String?
    /// The layer's delegate, held weakly as Core Animation holds it. A view's
    /// own layer holds its view apart (`viewDelegate`), not weakly: a weak
    /// reference gives the view a side table, after which every retain and
    /// release of it takes the Swift runtime's slow path, and a view is
    /// retained and released on each of its property changes. The view clears
    /// it as it is deinitialised, so it never outlives the view.
    public var delegate: CALayerDelegate? {
        get { viewDelegate ?? otherDelegate }
        set { viewDelegate = nil; otherDelegate = newValue }
    }
    /// (The delegates and the actions are read on every property change, and
    /// exempt from Swift's run-time exclusivity checks like `modelReads`:
    /// they are only read and assigned whole.)
    @exclusivity(unchecked) weak var otherDelegate: CALayerDelegate?
    @exclusivity(unchecked) unowned(unsafe) var viewDelegate: CALayerDelegate?
    /// Makes `view` the delegate, held unowned: UIKit's view sets itself and
    /// passes nil from its deinit.
    @_spi(UIKit) public func setViewDelegate(_ view: CALayerDelegate?) {
        otherDelegate = nil
        viewDelegate = view
    }

    /// The sublayers may outlive the layer (held elsewhere): they hold it unowned, so they are told.
    deinit { for c in children { c.superlayer = nil } }
    /// Actions by key, consulted after the delegate (`actions`); `NSNull` turns a key's implicit animation off.
    @exclusivity(unchecked) public var actions: [String: CAAction]?
    /// Kept for code that sets it; fxhost renders at the output's own scale (`--scale`).
    open var contentsScale: CGFloat = 1
    open var rasterizationScale: CGFloat = 1
    open var shouldRasterize = false
    open var isOpaque = false
    open var isDoubleSided = true
    open var allowsEdgeAntialiasing = false
    @exclusivity(unchecked) open var needsDisplayOnBoundsChange = false

    class var hostKind: Layer.Kind { .plain }

    override public init() {
        host = CALayer.makeHostLayer(type(of: self).hostKind, LayerClassName.of(type(of: self)))
        madeIn = Entry.generation
        isPresentation = false
        madeAtDefaults = true
        super.init()
        modelReads.keepLayerDefaults(generation: Entry.generation)
    }

    /// Apple's copy initialiser, which Core Animation calls to make presentation
    /// copies; here it makes a new layer of the same kind (fxhost makes
    /// presentation copies with `init?(coder:)`: see `PresentationCoder`).
    public init(layer: Any) {
        host = CALayer.makeHostLayer(type(of: self).hostKind, LayerClassName.of(type(of: self)))
        madeIn = Entry.generation
        isPresentation = false
        madeAtDefaults = true
        super.init()
        modelReads.keepLayerDefaults(generation: Entry.generation)
    }

    /// Layers are not decoded from archives here; this makes an empty layer,
    /// so that subclasses written for iOS compile as they are. Given a
    /// `PresentationCoder`, it makes that coder's presentation copy (how
    /// `presentation()` makes a copy of the layer's own class).
    public required init?(coder: NSCoder) {
        if let presenting = coder as? PresentationCoder {
            let model = presenting.model
            host = model.host
            madeIn = model.madeIn
            isPresentation = true
            madeAtDefaults = false
            modelLayer = model
            super.init()
            return
        }
        host = CALayer.makeHostLayer(type(of: self).hostKind, LayerClassName.of(type(of: self)))
        madeIn = Entry.generation
        isPresentation = false
        madeAtDefaults = true
        super.init()
        modelReads.keepLayerDefaults(generation: Entry.generation)
    }

    /// A layer the host already has (the stage's root). The stage lives for
    /// the run, so its layer is kept, and with it the tree the plugin builds.
    init(wrapping layer: Layer) {
        host = layer
        madeIn = Entry.generation
        isPresentation = false
        madeAtDefaults = false
        super.init()
        CALayer.stages.append(self)
    }

    nonisolated(unsafe) static var stages: [CALayer] = []

    static func makeHostLayer(_ kind: Layer.Kind, _ name: String) -> Layer {
        do {
            return try Layer(kind, name: name)
        } catch {
            Fault.record(error)
            return Layer(handle: 0)
        }
    }

    // MARK: - Geometry (in the class body, so subclasses can override it as on iOS)

    /// The layer's own coordinate box; a change of size marks the layer for layout.
    open var bounds: CGRect {
        get { read("bounds").cgRect }
        set {
            let old = isPresentation ? newValue.size : read("bounds").cgRect.size
            write("bounds", newValue.fx, kept: .rect(newValue.fx))
            if old != newValue.size { sizeChanged() }
        }
    }
    open var position: CGPoint {
        get { read("position").cgPoint }
        set { write("position", newValue.fx, kept: .point(newValue.fx)) }
    }

    /// The layer's box in its superlayer: from bounds, position and
    /// anchorPoint, and the transform's box when it is not the identity
    /// (Apple: "the frame is derived from bounds, anchorPoint and position").
    /// Setting it sets bounds.size and position (each through its action and any override).
    open var frame: CGRect {
        get {
            let b = bounds, p = position, a = anchorPoint, t = transform
            let local = CGRect(x: -a.x * b.width, y: -a.y * b.height, width: b.width, height: b.height)
            let box = CATransform3DIsIdentity(t) ? local : local.applying(CATransform3DGetAffineTransform(t))
            return box.offsetBy(dx: p.x, dy: p.y)
        }
        set {
            let a = anchorPoint
            let b = bounds
            let newPosition = CGPoint(x: newValue.minX + a.x * newValue.width, y: newValue.minY + a.y * newValue.height)
            let newBounds = CGRect(origin: b.origin, size: newValue.size)
            guard setsFrameInOneCall(newValue) else {
                bounds = newBounds
                position = newPosition
                return
            }
            if let boundsAction = actionToRun(forKey: "bounds") {
                // As the bounds setter does, with the action found; then position's setter.
                store("bounds", newBounds.fx, kept: .rect(newBounds.fx))
                boundsAction.run(forKey: "bounds", object: self, arguments: nil)
                if b.size != newValue.size { sizeChanged() }
                position = newPosition
                return
            }
            // bounds has no action: the host sets both in one call, as Core Animation's setFrame: sets them.
            let positionAction = actionToRun(forKey: "position")
            if holdsGeometry(bounds: newBounds, position: newPosition) {
                // The host holds this frame already (views lay out their subviews again at commit): only the write is skipped.
                positionAction?.run(forKey: "position", object: self, arguments: nil)
                return
            }
            modelReads.forget("bounds")
            modelReads.forget("position")
            do {
                try host.setFrame(newValue.fx)
                modelReads.keep(.rect(newBounds.fx), "bounds", generation: Entry.generation)
                modelReads.keep(.point(newPosition.fx), "position", generation: Entry.generation)
            } catch {
                Fault.record(error)
            }
            if b.size != newValue.size { sizeChanged() }
            positionAction?.run(forKey: "position", object: self, arguments: nil)
        }
    }

    /// Whether the host holds these bounds and this position, as kept in this
    /// plugin call from its answers or from this layer's own writes (see `ModelReads`).
    func holdsGeometry(bounds: CGRect, position: CGPoint) -> Bool {
        modelReads.holds(.rect(bounds.fx), "bounds", generation: Entry.generation)
            && modelReads.holds(.point(position.fx), "position", generation: Entry.generation)
    }

    /// Whether a frame can be set by the host's `layer_set_frame`, which sets
    /// bounds.size and position as this setter does: the layer is one of the
    /// facade's classes (a subclass of the plugin's may override `bounds` or
    /// `position`, which must then be called), the frame is finite (the
    /// errors stay those of the two properties) and not of negative size
    /// (where `minX` is not the origin's x).
    func setsFrameInOneCall(_ f: CGRect) -> Bool {
        guard !isPresentation, f.width >= 0, f.height >= 0,
              f.origin.x.isFinite, f.origin.y.isFinite, f.width.isFinite, f.height.isFinite else { return false }
        let t = ObjectIdentifier(type(of: self))
        return t == ObjectIdentifier(CALayer.self) || t == ObjectIdentifier(CATextLayer.self)
            || t == ObjectIdentifier(CAShapeLayer.self) || t == ObjectIdentifier(CAGradientLayer.self)
            || t == ObjectIdentifier(CAReplicatorLayer.self) || t == ObjectIdentifier(CAEmitterLayer.self)
    }

    /// Takes the layer out of its superlayer's tree (in the class body, so subclasses can override it).
    open func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        Fault.attempt { () throws(PluginError) in try host.removeFromSuperlayer() }
        parent.children.removeAll { $0 === self }
        superlayer = nil
        parent.setNeedsLayout()
    }

    // MARK: - Look (in the class body, so subclasses can override it as on iOS)
    // Every property the engine has, by Apple's names and types. Reads go to
    // the host (the presented value on a presentation copy); writes go through
    // the key's action (implicit animations), by way of any override's setter.

    open var anchorPoint: CGPoint {
        get { read("anchorPoint").cgPoint }
        set { write("anchorPoint", newValue.fx, kept: .point(newValue.fx)) }
    }
    open var zPosition: CGFloat {
        get { read("zPosition").cgFloat }
        set { write("zPosition", Double(newValue)) }
    }
    open var transform: CATransform3D {
        get { read("transform").transform3D }
        set {
            let t = newValue.fx
            write("transform", t, kept: .transform(t), holds: { hold(transform: t, action: $0) })
        }
    }
    open var sublayerTransform: CATransform3D {
        get { read("sublayerTransform").transform3D }
        set { write("sublayerTransform", newValue.fx) }
    }
    open var opacity: Float {
        get { Float(read("opacity").cgFloat) }
        set {
            let o = newValue.decimal
            write("opacity", o, holds: { hold(opacity: o, action: $0) })
        }
    }
    open var isHidden: Bool {
        get { read("hidden").bool }
        set { write("hidden", newValue) }
    }
    open var backgroundColor: CGColor? {
        get { read("backgroundColor").cgColor }
        set { write("backgroundColor", newValue?.fx) }
    }
    open var cornerRadius: CGFloat {
        get { read("cornerRadius").cgFloat }
        set { write("cornerRadius", Double(newValue)) }
    }
    open var borderWidth: CGFloat {
        get { read("borderWidth").cgFloat }
        set { write("borderWidth", Double(newValue)) }
    }
    open var borderColor: CGColor? {
        get { read("borderColor").cgColor }
        set { write("borderColor", newValue?.fx) }
    }
    open var masksToBounds: Bool {
        get { read("masksToBounds").bool }
        set { write("masksToBounds", newValue) }
    }
    /// A CGImage (what `UIImage.cgImage` gives), or nil.
    open var contents: Any? {
        get { image(read("contents")) }
        set {
            switch newValue {
            case nil:
                write("contents", NoValue())
                clearDrawnImage()
            case let image as CGImage where CALayer.isDrawnImage(image):
                // A renderer's image: its drawing is shown as layers (LayerDrawing.swift).
                write("contents", NoValue())
                showDrawnImage(image)
            case let image as CGImage:
                write("contents", image.image)
                clearDrawnImage()
            default: Fault.record(PluginError("contents: a \(HostValue.describe(newValue!)) is not an image; Core Animation takes a CGImage (UIImage's cgImage)", status: FX_ERR_BAD_TYPE))
            }
        }
    }
    open var contentsGravity: CALayerContentsGravity {
        get { CALayerContentsGravity(rawValue: read("contentsGravity").string ?? "resize") }
        set { write("contentsGravity", newValue.rawValue) }
    }
    open var shadowColor: CGColor? {
        get { read("shadowColor").cgColor }
        set { write("shadowColor", newValue?.fx) }
    }
    open var shadowOpacity: Float {
        get { Float(read("shadowOpacity").cgFloat) }
        set { write("shadowOpacity", newValue.decimal) }
    }
    open var shadowOffset: CGSize {
        get { read("shadowOffset").cgSize }
        set { write("shadowOffset", newValue.fx) }
    }
    open var shadowRadius: CGFloat {
        get { read("shadowRadius").cgFloat }
        set { write("shadowRadius", Double(newValue)) }
    }

    // MARK: - Drawing (in the class body, so subclasses can override it as on iOS; see LayerDrawing.swift)

    /// Marks the layer for `display()` when the transaction commits (Apple:
    /// "Marks the layer's contents as needing to be updated").
    open func setNeedsDisplay() { markForDisplay() }
    /// The whole layer is redrawn: a drawing is layers, not a bitmap with dirty regions.
    open func setNeedsDisplay(_ r: CGRect) { markForDisplay() }
    open func needsDisplay() -> Bool { needsDisplayFlag }
    /// Displays the layer now if it is marked.
    open func displayIfNeeded() {
        guard needsDisplayFlag else { return }
        needsDisplayFlag = false
        display()
    }
    /// Apple's rule: the delegate's `display(_:)` when it has one, else a
    /// context the size of the bounds handed to `draw(in:)`; what is drawn
    /// becomes the layer's content (`DrawnContent`).
    open func display() {
        if let delegate { delegate.display(self) } else { drawContents() }
    }
    /// Draws the layer's content; the default asks the delegate's `draw(_:in:)`.
    open func draw(in ctx: CGContext) { delegate?.draw(self, in: ctx) }

    /// Kept for code that sets it: it only changes when iOS draws a layer's
    /// content (on a background thread); fxhost draws content from properties, so it has no effect.
    open var drawsAsynchronously = false

    // MARK: - Reading and writing the host's model

    func read(_ key: String) -> ReadValue {
        if isPresentation {
            CALayer.sendHeldLooks()
            return Fault.attempt(.none) { () throws(PluginError) -> ReadValue in try host.presented(key) }
        }
        if let kept = modelReads.value(key, generation: Entry.generation) { return kept }
        if let look = heldLook {
            if let held = look.value(key) { return held }
            sendHeldLook()
        }
        do {
            let value = try host.get(key)
            modelReads.keep(value, key, generation: Entry.generation)
            return value
        } catch {
            Fault.record(error)
            return .none
        }
    }

    /// Writes a model value, running the key's action as Core Animation does:
    /// the action is found before the change and run after it. `changed`
    /// updates what the Swift side keeps of the value (a shape's CGPath), after
    /// the action is found and before it runs.
    ///
    /// `kept`, for a whole geometry property or a text key of `ModelReads`:
    /// the value written as the host answers it, kept so that reading it back
    /// asks the host nothing; for a text key, a write equal to the value kept
    /// is not sent to the host.
    ///
    /// `holds` may keep the value on the Swift side instead (see `HeldLook`),
    /// given the action found: it answers whether it did.
    func write(_ key: String, _ value: some ValueConvertible, kept: ReadValue? = nil,
               changed: () -> Void = {}, holds: (CAAction?) -> Bool = { _ in false }) {
        guard !isPresentation else { return }
        let run = actionToRun(forKey: key)
        if holds(run) {
            if let kept { modelReads.keep(kept, key, generation: Entry.generation) }
        } else {
            store(key, value, kept: kept)
        }
        changed()
        run?.run(forKey: key, object: self, arguments: nil)
    }

    /// Sends a model value to the host, unless it holds that value already (see `ModelReads`).
    func store(_ key: String, _ value: some ValueConvertible, kept: ReadValue?) {
        if let held = HeldLook.Key.of(key) {
            // A held font size or transform is in the model reads, but the host does not have it.
            if heldLook?.holds(held) == true { modelReads.forget(key) }
            writesPast(key)
        } else if HeldLook.isTransformPath(key) {
            // A key path into the transform (`transform.scale.x`) changes the host's value: it must be the model's.
            sendHeldLook()
            writesPast("transform")
        }
        // No optional ReadValue is made or dropped here: the runtime would make
        // its type by name on first use (10,000 instructions).
        guard let kept else {
            send(key, value)
            return
        }
        // The host already holds this model value: only its write is skipped (the action still runs).
        if ModelReads.skipsEqualWrites(key), modelReads.holds(kept, key, generation: Entry.generation) { return }
        if send(key, value) { modelReads.keep(kept, key, generation: Entry.generation) }
    }

    /// Writes a model value to the host; false when the host refused it (the failure is kept).
    @discardableResult
    private func send(_ key: String, _ value: some ValueConvertible) -> Bool {
        modelReads.forget(key)
        do {
            try host.set(key, value)
            return true
        } catch {
            Fault.record(error)
            return false
        }
    }

    /// The action a change of `key` runs, found before the change: a
    /// CABasicAnimation with from, to and by nil animates from the value
    /// presented before the change (Apple's CABasicAnimation page).
    func actionToRun(forKey key: String) -> CAAction? {
        let action = CATransaction.disableActions() ? nil : self.action(forKey: key)
        guard let basic = action as? CABasicAnimation, basic.fromValue == nil, basic.toValue == nil, basic.byValue == nil else {
            return action
        }
        let copy = basic.copy() as! CABasicAnimation
        copy.fromValue = presentedValue(forKey: key)
        return copy
    }

    /// What the layer presents for `key` now, as Apple's `Any` API gives it.
    /// Contents come back as the CGImage the host holds; a shape's path as the
    /// CGPath it keeps (see `CAShapeLayer`), since the host answers a handle.
    func presentedValue(forKey key: String) -> Any? {
        if isCustomKey(key) { return customPresentedValue(forKey: key) }
        CALayer.sendHeldLooks()
        let shown = Fault.attempt(.none) { () throws(PluginError) -> ReadValue in try host.presented(key) }
        if key == "contents" { return image(shown) }
        return HostValue.any(shown)
    }

    /// The CGImage of a contents value read from the host.
    func image(_ value: ReadValue) -> CGImage? {
        guard case .handle(let h) = value, h != 0 else { return nil }
        return Fault.attempt(nil) { () throws(PluginError) -> CGImage? in CGImage(image: try Image(handle: h)) }
    }

    // MARK: - Key-value coding

    /// Sets a property by key path (`transform.rotation.z`, `emitterCells.fire.birthRate`),
    /// or keeps any other key's value, as Core Animation's key-value coding does.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {
        if Layer.knows(type(of: self).hostKind, keyPath: keyPath) {
            do {
                let v = try HostValue.make(value, for: "setValue(_:forKeyPath: \"\(keyPath)\")")
                write(keyPath, v)
            } catch { Fault.record(error) }
        } else {
            setCustomValue(value, forKey: keyPath)
        }
    }

    open func setValue(_ value: Any?, forKey key: String) { setValue(value, forKeyPath: key) }

    open func value(forKeyPath keyPath: String) -> Any? {
        if keyPath == "contents" { return contents }
        if Layer.knows(type(of: self).hostKind, keyPath: keyPath) { return HostValue.any(read(keyPath)) }
        return customValue(forKey: keyPath)
    }

    open func value(forKey key: String) -> Any? { value(forKeyPath: key) }

    // MARK: - Actions

    /// Apple's search order: the delegate's `action(for:forKey:)`, then
    /// `actions`, then `defaultAction(forKey:)`; an `NSNull` found on the way
    /// ends the search with no action. Only layers made in an earlier plugin
    /// call (committed, as on iOS) animate implicitly.
    open func action(forKey event: String) -> CAAction? {
        // `type(of:) is NSNull.Type` walks the class chain; `found is NSNull`
        // would first ask whether an animation bridges, a scan of every
        // conformance loaded.
        if let found = delegate?.action(for: self, forKey: event) { return type(of: found) is NSNull.Type ? nil : found }
        if let found = actions?[event] { return type(of: found) is NSNull.Type ? nil : found }
        guard madeIn < Entry.generation else { return nil }
        return type(of: self).defaultAction(forKey: event)
    }

    /// The implicit animation of an animatable property: a CABasicAnimation
    /// of the transaction's duration (0.25 s unless set) and timing function,
    /// from the value presented before the change.
    open class func defaultAction(forKey event: String) -> CAAction? {
        guard CALayer.isAnimatable(event) else { return nil }
        let a = CABasicAnimation(keyPath: event)
        a.duration = CATransaction.animationDuration()
        a.timingFunction = CATransaction.animationTimingFunction()
        return a
    }

    /// Whether a change of `key` (or an animation of it) redraws the layer:
    /// a subclass answers true for its own animatable keys, so that `draw(in:)`
    /// runs each frame with the presented value (Apple's `needsDisplay(forKey:)`).
    open class func needsDisplay(forKey key: String) -> Bool { false }

    // MARK: - Layout

    @exclusivity(unchecked) var needsLayoutFlag = false
    @exclusivity(unchecked) nonisolated(unsafe) static var needingLayout: [CALayer] = []

    /// Lays out the sublayers (Apple: "Subclasses can override this method …
    /// The default implementation … calls the layoutSublayers(of:) method of
    /// the layer's delegate object"). Core Animation calls it before the
    /// transaction commits for each layer marked by `setNeedsLayout()`, which a
    /// change of the bounds' size and a change of the sublayers also do.
    open func layoutSublayers() { delegate?.layoutSublayers(of: self) }

    /// Marks the layer for `layoutSublayers()` at the end of the plugin call's
    /// transaction, or at the next `layoutIfNeeded()`.
    open func setNeedsLayout() {
        guard !isPresentation, !needsLayoutFlag else { return }
        needsLayoutFlag = true
        CALayer.needingLayout.append(self)
    }

    open func needsLayout() -> Bool { needsLayoutFlag }

    /// Lays out this layer now if it is marked, and then its sublayers (top down).
    open func layoutIfNeeded() {
        if needsLayoutFlag {
            needsLayoutFlag = false
            layoutSublayers()
        }
        for child in children { child.layoutIfNeeded() }
        maskLayer?.layoutIfNeeded()
    }

    /// Core Animation's layout pass before a commit: the marked layers, roots
    /// first, until layout marks no more (bounded, so a layout that always marks again ends).
    static func layoutPass() {
        for _ in 0..<16 {
            let marked = needingLayout
            needingLayout = []
            guard !marked.isEmpty else { return }
            for layer in marked where layer.needsLayoutFlag { layer.topmostMarked.layoutIfNeeded() }
        }
    }

    /// The highest marked layer above this one (itself if none), so the pass runs top down.
    var topmostMarked: CALayer {
        var top = self, up = superlayer
        while let l = up { if l.needsLayoutFlag { top = l }; up = l.superlayer }
        return top
    }

    // MARK: - Presentation and model

    /// What is on screen now (Apple's `presentation()`): a new copy, of the
    /// layer's own class, sharing the model's host layer, whose properties
    /// (the engine's and the layer's own keys, `@CAManaged` ones included)
    /// read the values presented at the time they are read, and which ignores
    /// writes. A copy's copy shows the same model. It is made by the class's
    /// `init?(coder:)` (see `PresentationCoder`); `init(layer:)` is not called,
    /// so stored properties other than `@CAManaged` ones hold their initial values.
    open func presentation() -> Self? {
        type(of: self).init(coder: PresentationCoder(presenting: modelLayer ?? self))
    }

    /// The model layer; a presentation copy answers the layer it shows.
    open func model() -> Self { (modelLayer as? Self) ?? self }
}
