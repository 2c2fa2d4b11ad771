// SPDX-License-Identifier: MIT
import CFX
import Foundation
import FXPluginKit

/// The base of Core Animation's animations (`CAAnimation`): timing, pacing,
/// the delegate (kept strongly, as Apple documents) and removal on completion.
/// Adding one to a layer adds a copy; key-value coding keeps any other key.
///
/// The stored properties of the animation classes are exempt from Swift's
/// run-time exclusivity checks (`@exclusivity(unchecked)`): each access of a
/// class property is otherwise tracked at run time (about 100 instructions
/// per read or write), and adding an animation copies and reads every one
/// of them. They are only ever read or assigned whole, never passed inout
/// across a call, so no two accesses can overlap.
open class CAAnimation: NSObject, CAMediaTiming, NSCopying {
    @exclusivity(unchecked) open var beginTime: CFTimeInterval = 0
    @exclusivity(unchecked) open var duration: CFTimeInterval = 0
    @exclusivity(unchecked) open var speed: Float = 1
    @exclusivity(unchecked) open var timeOffset: CFTimeInterval = 0
    @exclusivity(unchecked) open var repeatCount: Float = 0
    @exclusivity(unchecked) open var repeatDuration: CFTimeInterval = 0
    @exclusivity(unchecked) open var autoreverses = false
    @exclusivity(unchecked) open var fillMode: CAMediaTimingFillMode = .removed
    @exclusivity(unchecked) open var timingFunction: CAMediaTimingFunction?
    @exclusivity(unchecked) open var isRemovedOnCompletion = true
    @exclusivity(unchecked) open var delegate: CAAnimationDelegate?
    @exclusivity(unchecked) var keyedValues = KeyedValues()

    override public required init() { super.init() }

    /// NSObject's `copy()` finds `copy(with:)` by a cast to NSCopying, which
    /// the first time scans every conformance loaded; this goes straight there.
    override open func copy() -> Any { copy(with: nil) }

    /// The copy a layer keeps when the animation is added.
    open func copy(with zone: NSZone? = nil) -> Any {
        let c = type(of: self).init()
        copyFields(to: c)
        return c
    }

    /// Copies this class's fields; each subclass adds its own.
    func copyFields(to c: CAAnimation) {
        c.beginTime = beginTime; c.duration = duration; c.speed = speed; c.timeOffset = timeOffset
        c.repeatCount = repeatCount; c.repeatDuration = repeatDuration; c.autoreverses = autoreverses
        c.fillMode = fillMode; c.timingFunction = timingFunction; c.isRemovedOnCompletion = isRemovedOnCompletion
        c.delegate = delegate; c.keyedValues = keyedValues
    }

    /// Apple's default for a property of every animation (`defaultValue(forKey:)`).
    open class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "speed": Float(1)
        case "isRemovedOnCompletion", "removedOnCompletion": true
        default: nil
        }
    }

    /// Whether the value of `key` is archived; nothing is archived here.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    open func setValue(_ value: Any?, forKey key: String) { keyedValues[key] = value }
    open func value(forKey key: String) -> Any? { keyedValues[key] }

    /// Runs the animation as a layer's action: adds it under the action's key.
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }

    /// The host's animation: the kind and key path of the subclass, then every field.
    func hostAnimation(on layer: CALayer) throws(PluginError) -> Animation {
        throw PluginError("CAAnimation itself cannot be added to a layer: use CABasicAnimation, CAKeyframeAnimation, CASpringAnimation, CAAnimationGroup or CATransition",
                          status: FX_ERR_BAD_ARGUMENT)
    }

    /// Sets the CAMediaTiming and CAAnimation fields on `a`.
    func applyTiming(to a: Animation) throws(PluginError) {
        if beginTime != 0 { try a.beginTime(beginTime) }
        if duration != 0 { try a.duration(duration) }
        if speed != 1 { try a.speed(speed.decimal) }
        if timeOffset != 0 { try a.timeOffset(timeOffset) }
        if repeatCount != 0 { try a.repeatCount(repeatCount == .greatestFiniteMagnitude ? Double(repeatCount) : repeatCount.decimal) }
        if repeatDuration != 0 { try a.repeatDuration(repeatDuration) }
        if autoreverses { try a.autoreverses(true) }
        if fillMode != .removed { try a.fillMode(fillMode.rawValue) }
        if let f = timingFunction {
            if let name = f.name { try a.timingFunction(name.rawValue) } else { try a.set("timingFunction", f.numbers) }
        }
        if !isRemovedOnCompletion { try a.removedOnCompletion(false) }
    }
}

extension CAAnimation: CAAction {}

/// An animation of one property by key path (`CAPropertyAnimation`).
open class CAPropertyAnimation: CAAnimation {
    @exclusivity(unchecked) open var keyPath: String?
    @exclusivity(unchecked) open var isAdditive = false
    @exclusivity(unchecked) open var isCumulative = false

    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    override func copyFields(to c: CAAnimation) {
        super.copyFields(to: c)
        guard let c = c as? CAPropertyAnimation else { return }
        c.keyPath = keyPath; c.isAdditive = isAdditive; c.isCumulative = isCumulative
    }

    func make(_ kind: Animation.Kind) throws(PluginError) -> Animation {
        guard let keyPath, !keyPath.isEmpty else {
            throw PluginError("\(type(of: self)) has no keyPath: set keyPath (or use init(keyPath:)) before adding it",
                              status: FX_ERR_BAD_ARGUMENT)
        }
        let a = try Animation(kind, keyPath: keyPath)
        try applyTiming(to: a)
        if isAdditive { try a.additive(true) }
        if isCumulative { try a.cumulative(true) }
        return a
    }
}

/// From, to and by (`CABasicAnimation`): any nil combination, as Apple's page lists.
open class CABasicAnimation: CAPropertyAnimation {
    @exclusivity(unchecked) open var fromValue: Any?
    @exclusivity(unchecked) open var toValue: Any?
    @exclusivity(unchecked) open var byValue: Any?

    override func copyFields(to c: CAAnimation) {
        super.copyFields(to: c)
        guard let c = c as? CABasicAnimation else { return }
        c.fromValue = fromValue; c.toValue = toValue; c.byValue = byValue
    }

    var hostKind: Animation.Kind { .basic }

    override func hostAnimation(on layer: CALayer) throws(PluginError) -> Animation {
        let a = try make(hostKind)
        // Named only for an error: a type's name is demangled each time it is asked for.
        func what() -> String { "\(type(of: self))(keyPath: \"\(keyPath ?? "")\")" }
        // Each value is copied out once (a comparison with nil copied it too).
        if let v = fromValue { try a.from(HostValue.make(v, for: "\(what()).fromValue")) }
        if let v = toValue { try a.to(HostValue.make(v, for: "\(what()).toValue")) }
        if let v = byValue { try a.by(HostValue.make(v, for: "\(what()).byValue")) }
        try applySpring(to: a)
        return a
    }

    func applySpring(to a: Animation) throws(PluginError) {}
}
