import Foundation
import FXPluginKit

/// Groups model changes and sets how their implicit animations run
/// (`CATransaction`). Every plugin call is an implicit transaction; `begin`
/// and `commit` nest explicit ones inside it. A nested transaction starts
/// with its parent's duration, timing function and disable flag.
open class CATransaction: NSObject {
    struct State {
        var duration: CFTimeInterval = 0.25
        var timing: CAMediaTimingFunction?
        var disableActions = false
        var completion: CompletionGroup?
    }

    nonisolated(unsafe) static var stack: [State] = []

    static var top: State {
        get { stack.last ?? State() }
        set { if stack.isEmpty { stack.append(newValue) } else { stack[stack.count - 1] = newValue } }
    }

    public class func begin() {
        var s = top
        s.completion = nil
        stack.append(s)
    }

    /// Ends the innermost transaction; its completion block runs once every
    /// animation added since the block was set has stopped (at once, on the
    /// simulated clock, when none was).
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
        while let s = stack.popLast() { s.completion?.seal() }
    }

    /// Wires the host's did-start and did-stop of an animation being added to
    /// its delegate and to the completion blocks of the open transactions.
    static func track(_ anim: CAAnimation, _ built: Animation) throws(PluginError) {
        let groups = stack.compactMap(\.completion)
        groups.forEach { $0.pending += 1 }
        let delegate = anim.delegate
        guard delegate != nil || !groups.isEmpty else { return }
        try built.callbacks(
            didStart: delegate == nil ? nil : Entry.callback { delegate?.animationDidStart(anim) },
            didStop: { finished in
                try Entry.run {
                    delegate?.animationDidStop(anim, finished: finished)
                    for g in groups { g.stopped(finished: finished) }
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
