// SPDX-License-Identifier: MIT
import Foundation

/// The keys of a transaction's settings (Apple, "Transaction properties"): each is the
/// key-value form of one of `CATransaction`'s class methods.
public let kCATransactionAnimationDuration = "animationDuration"
public let kCATransactionDisableActions = "disableActions"
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
public let kCATransactionCompletionBlock = "completionBlock"

extension CATransaction {
    /// Apple's `CATransaction.setValue(_:forKey:)`: "Sets the arbitrary keyed-data for the specified
    /// key", in the innermost transaction. The four `kCATransaction…` keys set what their class methods
    /// set (`kCATransactionDisableActions` with a Boolean or an NSNumber such as `kCFBooleanTrue`,
    /// `kCATransactionAnimationDuration` with a number, `kCATransactionAnimationTimingFunction` with a
    /// `CAMediaTimingFunction`, `kCATransactionCompletionBlock` with a `() -> Void`); any other key is kept
    /// for `value(forKey:)` (nil removes it). A value of the wrong kind for one of the four keys is ignored.
    public class func setValue(_ anObject: Any?, forKey key: String) {
        switch key {
        case kCATransactionDisableActions:
            if let b = anObject as? Bool { setDisableActions(b) }
            else if let n = anObject as? NSNumber { setDisableActions(n.boolValue) }
            else if anObject == nil { setDisableActions(false) }
        case kCATransactionAnimationDuration:
            if let n = anObject.flatMap(HostValue.number) { setAnimationDuration(n) }
        case kCATransactionAnimationTimingFunction:
            if anObject == nil || anObject is CAMediaTimingFunction { setAnimationTimingFunction(anObject as? CAMediaTimingFunction) }
        case kCATransactionCompletionBlock:
            if anObject == nil || anObject is () -> Void { setCompletionBlock(anObject as? () -> Void) }
        default:
            top.values[key] = anObject
        }
    }

    /// Apple's `CATransaction.value(forKey:)`: the value for `key` set in the innermost open transaction
    /// that set one (the four `kCATransaction…` keys read what their class methods read, `disableActions`
    /// as an NSNumber); nil when none did.
    public class func value(forKey key: String) -> Any? {
        switch key {
        case kCATransactionDisableActions: NSNumber(value: disableActions())
        case kCATransactionAnimationDuration: NSNumber(value: animationDuration())
        case kCATransactionAnimationTimingFunction: animationTimingFunction()
        case kCATransactionCompletionBlock: completionBlock()
        default: stack.reversed().lazy.compactMap { $0.values[key] }.first
        }
    }
}
