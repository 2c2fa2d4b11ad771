// SPDX-License-Identifier: MIT
import Foundation
import FXPluginKit

/// Groups model changes and sets how their implicit animations run
/// (`CATransaction`). Every plugin call is an implicit transaction; `begin`
/// and `commit` nest explicit ones inside it. A nested transaction starts
/// with its parent's duration, timing function and disable flag.
open class CATransaction: NSObject {
    /// One open transaction's settings. A class, as `PendingAdd` below: the
    /// stack is then an array of a class, which the runtime makes without the
    /// by-name work an array of a struct costs on a process's first plugin
    /// call (11,000 instructions). Each transaction owns its own State; a
    /// nested one starts from a copy of its parent's (`inheriting`).
    final class State {
        // Read on every property change (the disable flag) and every implicit
        // animation made, and exempt from Swift's run-time exclusivity checks:
        // they are only read and assigned whole.
        @exclusivity(unchecked) var duration: CFTimeInterval = 0.25
        @exclusivity(unchecked) var timing: CAMediaTimingFunction?
        @exclusivity(unchecked) var disableActions = false
        var completion: CompletionGroup?
        /// `setValue(_:forKey:)`'s other keys (`CATransaction+Keys.swift`).
        var values: [String: Any] = [:]

        init() {}

        /// A nested transaction's settings: the parent's, with no completion block of its own.
        init(inheriting parent: State) {
            duration = parent.duration; timing = parent.timing; disableActions = parent.disableActions
        }
    }

    /// The open transactions, innermost last. Read on every property change
    /// (the duration, the disable flag), and exempt from Swift's run-time
    /// exclusivity checks: nothing reached while it is accessed touches it.
    @exclusivity(unchecked) nonisolated(unsafe) static var stack: [State] = []

    /// An animation added in this plugin call, which reaches the host when the call's transaction commits.
    /// (A class: the Swift runtime makes an array of a class without the
    /// by-name work an array of a struct costs on first use, about 11,000
    /// instructions inside a build.)
    final class PendingAdd {
        let layer: CALayer
        let animation: CAAnimation
        let built: Animation
        let key: String?
        var groups: [CompletionGroup] = []
        /// Called when the animation stops (a custom key's redraw, `CustomKeys.swift`).
        var onStop: (() -> Void)?

        init(layer: CALayer, animation: CAAnimation, built: Animation, key: String?) {
            self.layer = layer; self.animation = animation; self.built = built; self.key = key
        }
    }
    /// (Exempt from run-time exclusivity checks, as `stack` is.)
    @exclusivity(unchecked) nonisolated(unsafe) static var pending: [PendingAdd] = []

    static func enqueue(_ add: PendingAdd) {
        add.groups = stack.compactMap(\.completion)
        add.groups.forEach { $0.pending += 1 }
        pending.append(add)
    }

    /// Forgets the pending adds of `layer` under `key` (nil: all of them): they never ran.
    static func dropPending(_ layer: CALayer, key: String?) {
        let dropped = pending.filter { $0.layer === layer && (key == nil || $0.key == key) }
        pending.removeAll { $0.layer === layer && (key == nil || $0.key == key) }
        for d in dropped { d.groups.forEach { $0.stopped(finished: false) } }
    }

    /// Hands an animation to the host now.
    static func addNow(_ add: PendingAdd) throws(PluginError) {
        CALayer.sendHeldLooks()
        add.groups = stack.compactMap(\.completion)
        add.groups.forEach { $0.pending += 1 }
        try track(add)
        try add.layer.host.add(add.built, forKey: add.key)
    }

    /// Hands the pending animations to the host, in the order they were added.
    static func flushPending() {
        let adds = pending
        pending = []
        for p in adds {
            Fault.attempt { () throws(PluginError) in
                try track(p)
                try p.layer.host.add(p.built, forKey: p.key)
            }
        }
    }

    /// The innermost open transaction (outside a plugin call, one opened for the settings made there).
    static var top: State {
        if let s = stack.last { return s }
        let s = State()
        stack.append(s)
        return s
    }

    public class func begin() {
        stack.append(State(inheriting: top))
    }

    /// Ends the innermost transaction; its completion block runs once every
    /// animation added since the block was set has stopped (after the plugin
    /// call, on the simulated clock, when none was).
    public class func commit() {
        guard stack.count > 1 else { return }
        stack.removeLast().completion?.seal()
    }

    /// Nothing is pending between fxhost's samples, so there is nothing to flush.
    public class func flush() {}
    public class func lock() {}
    public class func unlock() {}

    public class func animationDuration() -> CFTimeInterval { top.duration }
    public class func setAnimationDuration(_ dur: CFTimeInterval) { top.duration = dur }
    public class func animationTimingFunction() -> CAMediaTimingFunction? { top.timing }
    public class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) { top.timing = function }
    public class func disableActions() -> Bool { top.disableActions }
    public class func setDisableActions(_ flag: Bool) { top.disableActions = flag }
    public class func completionBlock() -> (() -> Void)? { top.completion?.block.map { b in { b(true) } } }
    public class func setCompletionBlock(_ block: (() -> Void)?) { setCompletion(block.map { b in { _ in b() } }) }

    /// The completion with UIKit's `finished` (false when any animation was removed early).
    @_spi(UIKit) public class func setCompletion(_ block: ((Bool) -> Void)?) {
        top.completion?.seal()
        top.completion = block.map(CompletionGroup.init)
    }

    static func beginImplicit() {
        stack = [State()]
    }

    static func commitImplicit() {
        UIKitSupport.willCommit?()
        CALayer.layoutPass()
        CALayer.displayPass()
        CALayer.sendHeldLooks()
        flushPending()
        while let s = stack.popLast() { s.completion?.seal() }
    }

    /// Wires the host's did-start and did-stop of an animation being added to
    /// its delegate and to the completion blocks of the open transactions.
    static func track(_ p: PendingAdd) throws(PluginError) {
        let anim = p.animation, groups = p.groups, built = p.built
        let delegate = anim.delegate, onStop = p.onStop
        guard delegate != nil || !groups.isEmpty || onStop != nil else { return }
        try built.callbacks(
            didStart: delegate == nil ? nil : Entry.callback { delegate?.animationDidStart(anim) },
            didStop: { finished in
                try Entry.run {
                    delegate?.animationDidStop(anim, finished: finished)
                    for g in groups { g.stopped(finished: finished) }
                    onStop?()
                }
            })
    }
}

/// A transaction's completion block and the animations it waits for.
final class CompletionGroup {
    let block: ((Bool) -> Void)?
    var pending = 0
    var sealed = false
    var finished = true
    var ran = false

    init(_ block: @escaping (Bool) -> Void) { self.block = block }

    func seal() {
        sealed = true
        if pending == 0 {
            // As on iOS, the block runs after the transaction, not inside it.
            Fault.attempt { () throws(PluginError) in try Host.after(0, Entry.callback { [self] in fire() }) }
        }
    }

    func stopped(finished: Bool) {
        pending -= 1
        self.finished = self.finished && finished
        if sealed && pending == 0 { fire() }
    }

    private func fire() {
        guard !ran else { return }
        ran = true
        block?(finished)
    }
}
