// SPDX-License-Identifier: MIT
import CFX
import CoreGraphics
import FXPluginKit

// A layer's own keys (iOS: `@NSManaged var progress: CGFloat` on a CALayer
// subclass, or any key set with `setValue(_:forKey:)`), animatable as Core
// Animation animates them: `CABasicAnimation(keyPath: "progress")` on the
// layer interpolates the value, `presentation()?.value(forKey:)` reads it, and
// when the class's `needsDisplay(forKey:)` answers true the layer is redrawn
// each frame with the presented value (docs/SWIFT.md, "Custom animatable properties").
//
// The engine knows only its own properties, so each animated key has a
// stand-in: a hidden sublayer of the layer in the host whose property of the
// same kind (a number: zPosition; a colour: backgroundColor; a point:
// position; a size: bounds.size; a rect: bounds; a transform: transform)
// holds the key's model value and runs its animations. Being a sublayer, it
// lives on the layer's own timeline (its speed, time offset and begin time),
// and the engine applies Core Animation's timing rules to it as to any property.

/// One key of the layer's own: its model value, and its stand-in once animated.
final class CustomKey {
    let name: String
    var value: Any?
    var standIn: CALayer?
    /// The stand-in's property.
    var standInKey = ""
    /// The Swift type the key's values come back as (a CGFloat stays a CGFloat).
    var sample: Any?

    init(_ name: String) { self.name = name }

    /// The presented value, read from the stand-in, in the type the key was given.
    var presented: Any? {
        guard let standIn else { return value }
        let shown = standIn.presentedValue(forKey: standInKey)
        return CustomKeyValue.restore(shown, like: sample ?? value)
    }
}

/// A layer's own keys: a short list (a layer has one or two).
struct CustomKeyList {
    private(set) var keys: [CustomKey] = []

    func find(_ name: String) -> CustomKey? { keys.first { $0.name == name } }

    mutating func key(_ name: String) -> CustomKey {
        if let k = find(name) { return k }
        let k = CustomKey(name)
        keys.append(k)
        return k
    }

    /// The presented value of every animated key.
    func presentedValues() -> [(String, Any)]? {
        var out: [(String, Any)] = []
        for k in keys where k.standIn != nil { if let v = k.presented { out.append((k.name, v)) } }
        return out.isEmpty ? nil : out
    }
}

/// Which values a key of the layer's own can animate, and the stand-in's property for each.
enum CustomKeyValue {
    /// The stand-in property for a value, and the value as the stand-in takes it; nil when it cannot animate.
    static func standIn(for v: Any) -> (key: String, value: Any)? {
        if let n = HostValue.number(v), !(v is Bool) { return ("zPosition", CGFloat(n)) }
        switch v {
        case let c as CGColor: return ("backgroundColor", c)
        case let p as CGPoint: return ("position", p)
        case let s as CGSize: return ("bounds.size", s)
        case let r as CGRect: return ("bounds", r)
        case let t as CATransform3D: return ("transform", t)
        case let t as CGAffineTransform: return ("transform", CATransform3DMakeAffineTransform(t))
        default: return nil
        }
    }

    /// A value read from the stand-in, in the Swift type of `sample`.
    static func restore(_ shown: Any?, like sample: Any?) -> Any? {
        guard let shown else { return nil }
        if let n = shown as? CGFloat {
            switch sample {
            case is Double: return Double(n)
            case is Float: return Float(n)
            case is Int: return Int(Double(n).rounded())
            case is NSNumber: return NSNumber(value: Double(n))
            default: return n
            }
        }
        if sample is CGAffineTransform, let t = shown as? CATransform3D { return CATransform3DGetAffineTransform(t) }
        return shown
    }

    /// What the error says a value is.
    static func describe(_ v: Any) -> String { HostValue.describe(v) }
}

extension CALayer {
    /// Whether `key` is one of the layer's own keys (set, managed or animated before).
    func isCustomKey(_ key: String) -> Bool { drawn?.keys.find(key) != nil }

    /// Key-value coding's other keys: kept here, given to the stand-in when
    /// there is one, and, as a change of a property, running the key's action
    /// and redrawing the layer when `needsDisplay(forKey:)` says so.
    func setCustomValue(_ value: Any?, forKey key: String) {
        guard !isPresentation else { return }
        let action = actionToRun(forKey: key)
        let k = drawing.keys.key(key)
        k.value = value
        if let standIn = k.standIn, let value, let s = CustomKeyValue.standIn(for: value) {
            standIn.setStandIn(s.key, s.value)
        }
        if type(of: self).needsDisplay(forKey: key) { setNeedsDisplay() }
        action?.run(forKey: key, object: self, arguments: nil)
    }

    /// Gives a key of the layer's own its first value, without an action or a redraw (a `@CAManaged` property's initial value).
    func seedCustomValue(_ value: Any, forKey key: String) {
        guard !isPresentation, drawn?.keys.find(key)?.value == nil else { return }
        drawing.keys.key(key).value = value
    }

    /// The value of a key of the layer's own: the presented one on a
    /// presentation copy and while the layer draws a frame, else the model's.
    func customValue(forKey key: String) -> Any? {
        if isPresentation { return modelLayer?.customPresentedValue(forKey: key) }
        if let values = drawn?.drawingValues, let v = values.first(where: { $0.0 == key }) { return v.1 }
        return drawn?.keys.find(key)?.value
    }

    func customPresentedValue(forKey key: String) -> Any? { drawn?.keys.find(key)?.presented }

    /// Whether an animation of `keyPath` is one of the layer's own keys: not
    /// a property the engine has, and either known already or one that the
    /// class redraws for (a key neither set nor redrawn for keeps the engine's "unknown key path").
    func animatesCustomKey(_ keyPath: String) -> Bool {
        guard isCustomKey(keyPath) || type(of: self).needsDisplay(forKey: keyPath) else { return false }
        return !Layer.knows(type(of: self).hostKind, keyPath: keyPath)
    }

    /// Adds an animation of a key of the layer's own to its stand-in (see the top of this file).
    func addCustom(_ anim: CAPropertyAnimation, keyPath: String, forKey key: String?) {
        let k = drawing.keys.key(keyPath)
        let what = "add(_:forKey:): \(type(of: anim))(keyPath: \"\(keyPath)\")"
        var given: [Any] = []
        if let b = anim as? CABasicAnimation { given = [b.fromValue, b.toValue, b.byValue].compactMap { $0 } }
        if let kf = anim as? CAKeyframeAnimation { given = kf.values ?? [] }
        let samples = given + [k.value].compactMap { $0 }
        guard let first = samples.first else {
            return Fault.record(PluginError("\(what) has no value to animate: give it fromValue/toValue (or values), or set the key's value first",
                                            status: FX_ERR_BAD_ARGUMENT))
        }
        func refuse(_ bad: Any) {
            Fault.record(PluginError("\(what) animates a \(CustomKeyValue.describe(bad)); a key of the layer's own animates when its values are numbers, colours (CGColor), points, sizes, rects or transforms",
                                     status: FX_ERR_BAD_TYPE))
        }
        guard let kind = CustomKeyValue.standIn(for: first) else { return refuse(first) }
        if let bad = samples.first(where: { CustomKeyValue.standIn(for: $0)?.key != kind.key }) { return refuse(bad) }
        if k.standIn == nil || k.standInKey != kind.key {
            k.standIn?.standInRemove()
            let s = CALayer()
            s.isHidden = true
            // First in the host's sublayers, behind everything (counted by `hostIndexOffset`).
            Fault.attempt { () throws(PluginError) in try host.insertSublayer(s.host, at: 0) }
            k.standIn = s
            k.standInKey = kind.key
        }
        k.sample = k.value ?? first
        if let v = k.value, let m = CustomKeyValue.standIn(for: v) { k.standIn!.setStandIn(m.key, m.value) }
        let copy = anim.copy() as! CAPropertyAnimation
        copy.keyPath = kind.key
        func convert(_ v: Any?) -> Any? { v.flatMap { CustomKeyValue.standIn(for: $0)?.value } }
        if let b = copy as? CABasicAnimation {
            b.fromValue = convert(b.fromValue); b.toValue = convert(b.toValue); b.byValue = convert(b.byValue)
        }
        if let kf = copy as? CAKeyframeAnimation { kf.values = kf.values?.compactMap(convert) }
        let redraws = type(of: self).needsDisplay(forKey: keyPath)
        k.standIn!.add(copy, forKey: key, onStop: redraws ? { [weak self] in self?.customAnimationStopped() } : nil)
        if let key { addedAnimations[key] = anim.copy() as? CAAnimation }
        if redraws {
            drawing.redrawing += 1
            startTicking()
        }
    }

    /// Animations of the layer's own keys, by key, as `animationKeys()` lists them.
    var customAnimationKeys: [String] {
        var keys: [String] = []
        for k in drawn?.keys.keys ?? [] { keys += k.standIn?.animationKeys() ?? [] }
        return keys
    }

    /// Removes an animation of one of the layer's own keys; false when none has `key`.
    func removeCustomAnimation(forKey key: String) -> Bool {
        for k in drawn?.keys.keys ?? [] where k.standIn?.animationKeys()?.contains(key) == true {
            k.standIn?.removeAnimation(forKey: key)
            return true
        }
        return false
    }

    private func setStandIn(_ key: String, _ value: Any) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        setValue(value, forKeyPath: key)
        CATransaction.commit()
    }

    private func standInRemove() {
        Fault.attempt { () throws(PluginError) in try host.removeFromSuperlayer() }
    }

    /// How many stand-ins the layer has in the host.
    var standInCount: Int { drawn?.keys.keys.reduce(0) { $0 + ($1.standIn == nil ? 0 : 1) } ?? 0 }

    // MARK: - Redrawing each frame

    /// Frames are on the display's grid of the simulated clock, 60 a second
    /// from time 0 (iOS redraws at the display's refresh): at n / 60 s, so at
    /// 60, 30, 20, 15, 12 … fps every output frame shows a drawing of its own time.
    static let framesPerSecond = 60.0

    private func startTicking() {
        let d = drawing
        guard !d.ticking else { return }
        d.ticking = true
        var n = (FXClock.now * CALayer.framesPerSecond).rounded(.down)
        if n / CALayer.framesPerSecond < FXClock.now { n += 1 }
        tick(n)
    }

    /// Redraws the layer at frame `n` of the grid while a redrawing animation runs.
    private func tick(_ n: Double) {
        SimulatedClock.main.asyncAfter(deadline: SimulatedTime(seconds: n / CALayer.framesPerSecond)) { [weak self] in
            guard let self, let d = self.drawn else { return }
            guard d.redrawing > 0 else {
                d.ticking = false
                return
            }
            self.setNeedsDisplay()
            self.tick(n + 1)
        }
    }

    /// A redrawing animation stopped: the layer is drawn once more (its model
    /// or filled value), and frames stop when none is left.
    private func customAnimationStopped() {
        guard let d = drawn else { return }
        d.redrawing = max(0, d.redrawing - 1)
        setNeedsDisplay()
    }
}
