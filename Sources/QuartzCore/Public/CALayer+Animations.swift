// SPDX-License-Identifier: MIT
import CoreGraphics
import FXPluginKit

/// Animations on a layer, and the actions behind implicit animations.
extension CALayer {
    /// Adds a copy of `anim` under `key` (nil: a key of its own), replacing an
    /// animation under the same key; the copy is what `animation(forKey:)`
    /// returns and what the delegate hears about. As in Core Animation, the
    /// animation reaches the render tree when the transaction commits (at the
    /// end of the plugin call), so a begin time of 0 means the layer's time then.
    public func add(_ anim: CAAnimation, forKey key: String?) {
        guard !isPresentation else { return }
        if let p = anim as? CAPropertyAnimation, let keyPath = p.keyPath, animatesCustomKey(keyPath) {
            return addCustom(p, keyPath: keyPath, forKey: key)
        }
        add(anim, forKey: key, onStop: nil)
    }

    /// `add(_:forKey:)`, with `onStop` called when the animation stops.
    func add(_ anim: CAAnimation, forKey key: String?, onStop: (() -> Void)?) {
        guard !isPresentation else { return }
        let copy = anim.copy() as! CAAnimation
        do {
            let built = try copy.hostAnimation(on: self)
            if let key { CATransaction.dropPending(self, key: key) }
            let add = CATransaction.PendingAdd(layer: self, animation: copy, built: built, key: key)
            add.onStop = onStop
            // A transition's old side is what the layer presents when it is added, so it reaches the host at once.
            if copy is CATransition { try CATransaction.addNow(add) } else { CATransaction.enqueue(add) }
        } catch {
            Fault.record(error)
            return
        }
        if let key { addedAnimations[key] = copy }
    }

    /// The animation under `key`, while it is still on the layer.
    public func animation(forKey key: String) -> CAAnimation? {
        guard let copy = addedAnimations[key] else { return nil }
        guard (animationKeys() ?? []).contains(key) else {
            addedAnimations[key] = nil
            return nil
        }
        return copy
    }

    /// The keys of the animations on the layer now, in the order added (nil when none).
    public func animationKeys() -> [String]? {
        var keys = Fault.attempt([String]()) { () throws(PluginError) -> [String] in try host.animationKeys() }
        for p in CATransaction.pending where p.layer === self {
            if let k = p.key, !keys.contains(k) { keys.append(k) }
        }
        if drawn != nil { keys += customAnimationKeys }
        return keys.isEmpty ? nil : keys
    }

    /// Removes the animation under `key`; its delegate hears finished = false.
    public func removeAnimation(forKey key: String) {
        guard !isPresentation else { return }
        CATransaction.dropPending(self, key: key)
        addedAnimations[key] = nil
        if drawn != nil, removeCustomAnimation(forKey: key) { return }
        let onHost = Fault.attempt([String]()) { () throws(PluginError) -> [String] in try host.animationKeys() }
        guard onHost.contains(key) else { return }
        Fault.attempt { () throws(PluginError) in try host.removeAnimation(forKey: key) }
    }

    public func removeAllAnimations() {
        guard !isPresentation else { return }
        CATransaction.dropPending(self, key: nil)
        Fault.attempt { () throws(PluginError) in try host.removeAllAnimations() }
        addedAnimations.removeAll()
        for k in drawn?.keys.keys ?? [] { k.standIn?.removeAllAnimations() }
    }

    /// Whether Apple's pages mark `key` animatable, among the properties the facade has (the engine's catalog).
    @_spi(UIKit) public static func isAnimatable(_ key: String) -> Bool { Catalog.isAnimatable(key) }
}
