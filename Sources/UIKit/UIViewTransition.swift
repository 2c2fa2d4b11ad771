// SPDX-License-Identifier: MIT
@_spi(UIKit) import QuartzCore

extension UIView {
    /// Runs `animations` (their changes take effect at once) and transitions
    /// the view's whole content from how it looked before: cross dissolve is a
    /// fade, the flips are fxhost's flip transition from that side; curls have
    /// no engine counterpart and fail the call with a message.
    public class func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
                                 animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        guard let t = makeTransition(options, duration: duration) else { return }
        CATransaction.begin()
        CATransaction.setCompletion(completion)
        view.layer.add(t, forKey: kCATransition)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        animations?()
        CATransaction.commit()
        CATransaction.commit()
    }

    /// Replaces `fromView` with `toView` in its superview, with the transition
    /// on the superview (`showHideTransitionViews`: hides and shows instead).
    public class func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval,
                                 options: AnimationOptions = [], completion: ((Bool) -> Void)? = nil) {
        guard let parent = fromView.superview else {
            return UIKitSupport.fail("UIView.transition(from:to:…): the view to replace has no superview")
        }
        transition(with: parent, duration: duration, options: options, animations: {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else {
                parent.insertSubview(toView, aboveSubview: fromView)
                fromView.removeFromSuperview()
            }
        }, completion: completion)
    }

    static func makeTransition(_ options: AnimationOptions, duration: TimeInterval) -> CATransition? {
        let t = CATransition()
        t.duration = duration
        t.timingFunction = options.timingFunction
        switch options.transition {
        case 0, 5: t.type = .fade
        case 1: t.type = CATransitionType(rawValue: "flip"); t.subtype = .fromLeft
        case 2: t.type = CATransitionType(rawValue: "flip"); t.subtype = .fromRight
        case 6: t.type = CATransitionType(rawValue: "flip"); t.subtype = .fromTop
        case 7: t.type = CATransitionType(rawValue: "flip"); t.subtype = .fromBottom
        default:
            UIKitSupport.fail("UIView.transition: curl transitions are not supported by fxhost (use .transitionCrossDissolve or a flip)")
            return nil
        }
        return t
    }
}
