// SPDX-License-Identifier: MIT
@_spi(UIKit) import QuartzCore

/// A layer-backed view (`UIView`): its geometry, colour and alpha are its
/// layer's; it is its layer's delegate, and answers "no action" outside
/// animation blocks, so a view's own changes never animate implicitly (as on iOS).
open class UIView: NSObject, CALayerDelegate {
    public let layer: CALayer
    // The superview, the subviews and the layout flags are exempt from Swift's run-time
    // exclusivity checks, as CALayer's tree links are: they are read,
    // assigned, appended to and removed from, with no access open across a
    // call that could reach them again.
    // The superview is held unowned, not weakly, as CALayer holds its superlayer: a view's
    // superview has it in its `subviews`, and clears it from its deinit.
    @exclusivity(unchecked) public private(set) unowned(unsafe) var superview: UIView?
    @exclusivity(unchecked) public private(set) var subviews: [UIView] = []
    open var tag = 0
    @exclusivity(unchecked) var needsLayout = false
    open var isUserInteractionEnabled = true
    open var contentMode: ContentMode = .scaleToFill {
        didSet {
            layer.contentsGravity = contentMode.gravity
            layer.needsDisplayOnBoundsChange = contentMode == .redraw
        }
    }

    /// The class of the view's layer (`CATextLayer` for a label, …). A
    /// subclass of CALayer of the plugin's own is made through its
    /// `init?(coder:)`, the one initialiser Swift can call from a metatype
    /// (iOS makes it through the Objective-C runtime's `init`); see `UIKitSupport.makeLayer`.
    open class var layerClass: AnyClass { CALayer.self }

    public init(frame: CGRect) {
        if let adopted = UIView.adopting {
            // The stage's root view: its layer exists, and so does its size.
            UIView.adopting = nil
            layer = adopted
            super.init()
            layer.setViewDelegate(self)
            return
        }
        layer = UIKitSupport.makeLayer(type(of: self).layerClass)
        super.init()
        layer.setViewDelegate(self)
        self.frame = frame
        // Drawn when first committed, as UIKit draws a view before it first shows it.
        layer.setNeedsDisplay()
    }
    override public convenience init() { self.init(frame: .zero) }
    /// The layer and the subviews may outlive the view (held elsewhere): they hold it unowned, so they are told.
    deinit {
        layer.setViewDelegate(nil)
        for v in subviews { v.superview = nil }
    }
    public required init?(coder: NSCoder) {
        layer = UIKitSupport.makeLayer(type(of: self).layerClass)
        super.init()
        layer.setViewDelegate(self)
        layer.setNeedsDisplay()
    }

    /// A view over a layer the host already has (the stage's root), which is the window its views are in.
    static func root(_ layer: CALayer) -> UIView {
        adopting = layer
        return UIWindow(frame: .zero)
    }
    nonisolated(unsafe) static var adopting: CALayer?

    // MARK: - Geometry and look, all the layer's

    open var frame: CGRect {
        get { layer.frame }
        set {
            let old = layer.bounds.size
            layer.frame = newValue
            if newValue.size != old { setNeedsLayout() }
        }
    }
    open var bounds: CGRect {
        get { layer.bounds }
        set {
            let old = layer.bounds.size
            layer.bounds = newValue
            if newValue.size != old { setNeedsLayout() }
        }
    }
    open var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }
    open var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(layer.transform) }
        set { layer.transform = CATransform3DMakeAffineTransform(newValue) }
    }
    open var transform3D: CATransform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }
    open var backgroundColor: UIColor? {
        get { layer.backgroundColor.map(UIColor.init(cgColor:)) }
        set { layer.backgroundColor = newValue?.cgColor }
    }
    open var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }
    open var isOpaque: Bool {
        get { layer.isOpaque }
        set { layer.isOpaque = newValue }
    }
    open var tintColor: UIColor! = UIColor.systemBlue
    /// Apple's `contentScaleFactor`: the layer's `contentsScale` ("changing the value of this property
    /// also changes the value of the `contentsScale` property of the view's layer"). 1 here, as every
    /// layer's is: fxhost draws at the output's own scale (`--scale`), so the value is kept, not used.
    open var contentScaleFactor: CGFloat {
        get { layer.contentsScale }
        set { layer.contentsScale = newValue }
    }
    open var mask: UIView? {
        didSet { layer.mask = mask?.layer }
    }

    // MARK: - The view tree, mirrored in the layer tree

    open func addSubview(_ view: UIView) {
        adopt(view) { layer.addSublayer(view.layer); subviews.append(view) }
    }

    open func insertSubview(_ view: UIView, at index: Int) {
        adopt(view) {
            layer.insertSublayer(view.layer, at: UInt32(max(0, index)))
            subviews.insert(view, at: min(max(0, index), subviews.count))
        }
    }

    open func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        adopt(view) {
            layer.insertSublayer(view.layer, above: sibling.layer)
            subviews.insert(view, at: (subviews.firstIndex(where: { $0 === sibling }) ?? subviews.count - 1) + 1)
        }
    }

    open func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        adopt(view) {
            layer.insertSublayer(view.layer, below: sibling.layer)
            subviews.insert(view, at: subviews.firstIndex(where: { $0 === sibling }) ?? 0)
        }
    }

    open func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        addSubview(view)
    }

    open func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    open func removeFromSuperview() {
        guard let parent = superview else { return }
        let oldWindow = window
        parent.willRemoveSubview(self)
        willMove(toSuperview: nil)
        if oldWindow != nil { forEachInTree { $0.willMove(toWindow: nil) } }
        detach()
        layer.removeFromSuperlayer()
        if oldWindow != nil { forEachInTree { $0.didMoveToWindow() } }
        didMoveToSuperview()
    }

    /// Puts `view` here with `place`, calling the lifecycle methods in UIKit's
    /// order for a view that changes superview: `willMove(toSuperview:)`, the
    /// old superview's `willRemoveSubview(_:)`, the move, `didMoveToSuperview()`,
    /// this view's `didAddSubview(_:)`, then, when its window changes (the
    /// stage's root view is the window), `willMove(toWindow:)` and
    /// `didMoveToWindow()` on it and each view below it. Moving a view among
    /// its siblings (`bringSubviewToFront`) calls none of them.
    private func adopt(_ view: UIView, place: () -> Void) {
        let moving = view.superview !== self
        let oldWindow = view.window, newWindow = window
        if moving {
            view.willMove(toSuperview: self)
            view.superview?.willRemoveSubview(view)
        }
        view.detach()
        place()
        view.superview = self
        guard moving else { return }
        view.didMoveToSuperview()
        didAddSubview(view)
        if oldWindow !== newWindow {
            view.forEachInTree { $0.willMove(toWindow: newWindow) }
            view.forEachInTree { $0.didMoveToWindow() }
        }
    }

    /// This view, then the views below it, depth first.
    private func forEachInTree(_ body: (UIView) -> Void) {
        body(self)
        for v in subviews { v.forEachInTree(body) }
    }

    private func detach() {
        superview?.subviews.removeAll { $0 === self }
        superview = nil
    }

    /// The window the view is in: the stage's root view, when the view is in its tree.
    open var window: UIWindow? {
        var v = self
        while let s = v.superview { v = s }
        return v as? UIWindow
    }

    // The view lifecycle, called as the view tree changes (see `adopt`); each does nothing here, as on iOS.
    open func willMove(toSuperview newSuperview: UIView?) {}
    open func didMoveToSuperview() {}
    open func willMove(toWindow newWindow: UIWindow?) {}
    open func didMoveToWindow() {}
    open func didAddSubview(_ subview: UIView) {}
    open func willRemoveSubview(_ subview: UIView) {}

    open func isDescendant(of view: UIView) -> Bool {
        self === view || (superview?.isDescendant(of: view) ?? false)
    }

    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint { layer.convert(point, to: view?.layer) }
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint { layer.convert(point, from: view?.layer) }
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect { layer.convert(rect, to: view?.layer) }
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect { layer.convert(rect, from: view?.layer) }

    // MARK: - Layout

    /// Marks the view for `layoutSubviews` (a size change does it too); the
    /// layout runs on `layoutIfNeeded()`, or as the plugin call commits, as
    /// UIKit's layout pass does. Frames are what code sets, or what active constraints give them
    /// (fxhost's Auto Layout subset, `AutoLayout`).
    open func setNeedsLayout() {
        guard !needsLayout else { return }
        needsLayout = true
        UIView.needingLayout.append(self)
        if UIKitSupport.willCommit == nil { UIKitSupport.willCommit = { UIView.layoutPass() } }
    }

    /// Lays out this view and its subviews now if they need it; inside an
    /// animation block, what layout changes animates.
    open func layoutIfNeeded() {
        if needsLayout {
            needsLayout = false
            layoutSubviews()
        }
        for v in subviews { v.layoutIfNeeded() }
    }

    @exclusivity(unchecked) nonisolated(unsafe) static var needingLayout: [UIView] = []
    /// The stages' root views, which live for the run (as a window keeps its views on iOS).
    nonisolated(unsafe) static var roots: [UIView] = []

    static func layoutPass() {
        let views = needingLayout
        needingLayout = []
        for v in views where v.needsLayout { v.layoutIfNeeded() }
    }

    /// Redraws the view (its `draw(_:)`) when the transaction commits.
    open func setNeedsDisplay() { layer.setNeedsDisplay() }
    /// The whole view is redrawn (a drawing is layers, not a bitmap with dirty regions).
    open func setNeedsDisplay(_ rect: CGRect) { layer.setNeedsDisplay() }
    /// Draws the view's content into `UIGraphicsGetCurrentContext()`, in the
    /// view's bounds; the default draws nothing. Called when the view is first
    /// committed, after `setNeedsDisplay()`, and when its size changes with `contentMode = .redraw`.
    open func draw(_ rect: CGRect) {}
    /// Lays out the subviews: the default sets the frames active constraints give them (fxhost's
    /// Auto Layout subset, `AutoLayout`), as UIKit's does; subclasses override it and call super.
    open func layoutSubviews() { AutoLayout.layOut(subviewsOf: self) }
    /// Whether UIKit makes the view's frame from its autoresizing mask (true) or the view is placed by
    /// constraints (false, fxhost's Auto Layout subset). Setting it lays the superview out again.
    open var translatesAutoresizingMaskIntoConstraints = true {
        didSet { superview?.setNeedsLayout() }
    }
    /// Called on iOS after a view is loaded from an Interface Builder archive. There
    /// are no archives here, so nothing calls it: code written for a storyboard
    /// calls it itself after `init(frame:)` (the default does nothing, as on iOS).
    open func awakeFromNib() {}
    /// Called by Interface Builder when it renders an `@IBDesignable` view; nothing
    /// calls it here (the default does nothing, as on iOS).
    open func prepareForInterfaceBuilder() {}
    /// Called on iOS when the interface environment changes (dark mode, size class). fxhost has one
    /// environment that never changes, so nothing calls it (the default does nothing, as on iOS).
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
    /// Kept, no effect: layout margins matter only to Auto Layout's margin guides.
    open var preservesSuperviewLayoutMargins = false

    /// `UIView.noIntrinsicMetric`: the view has no natural size along that axis (UIKit's value, −1).
    public static let noIntrinsicMetric: CGFloat = -1
    /// The view's natural size. Only Auto Layout reads it on iOS, and there is no
    /// Auto Layout here, so it changes no frame; code may read it (`sizeToFit()` does not).
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    /// Nothing reads the intrinsic size to lay views out here, so there is nothing to invalidate.
    open func invalidateIntrinsicContentSize() {}
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }
    open func sizeToFit() { bounds.size = sizeThatFits(bounds.size) }
    /// Editing ends at once: there is no keyboard.
    @discardableResult public func endEditing(_ force: Bool) -> Bool { true }

    // MARK: - CALayerDelegate

    /// The layer's drawing is the view's `draw(_:)`, with the layer's context current (as UIKit does).
    public func draw(_ layer: CALayer, in ctx: CGContext) {
        UIGraphicsPushContext(ctx)
        draw(layer.bounds)
        UIGraphicsPopContext()
    }

    /// Inside an animation block, an animation of the change; outside, `NSNull`.
    open func action(for layer: CALayer, forKey event: String) -> CAAction? {
        UIViewAnimation.current?.action(for: layer, forKey: event) ?? UIView.noAction
    }

    /// What a view answers outside an animation block: one `NSNull`, as
    /// UIKit answers `[NSNull null]`, not a new object for every change.
    static let noAction = NSNull()

    /// How a view's content fills it.
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight

        var gravity: CALayerContentsGravity {
            switch self {
            case .scaleToFill, .redraw: .resize
            case .scaleAspectFit: .resizeAspect
            case .scaleAspectFill: .resizeAspectFill
            case .center: .center
            case .top: .top
            case .bottom: .bottom
            case .left: .left
            case .right: .right
            case .topLeft: .topLeft
            case .topRight: .topRight
            case .bottomLeft: .bottomLeft
            case .bottomRight: .bottomRight
            }
        }
    }
}

/// The window (`UIWindow`): here the stage's root view, which the factory's build receives; a plugin
/// does not make one of its own (a window it makes is a plain view that no stage shows).
open class UIWindow: UIView {}

/// The screen (`UIScreen.main`): the stage.
open class UIScreen: NSObject, @unchecked Sendable {
    public static let main = UIScreen()
    open var bounds: CGRect { CGRect(origin: .zero, size: UIKitSupport.stageSize) }
    open var scale: CGFloat { 1 }
}
