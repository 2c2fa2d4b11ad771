// SPDX-License-Identifier: MIT
import Foundation

// The selector forms of iOS's clock-driven APIs, declared unavailable so that
// the compiler names the closure form to use (docs/SWIFT-PORTING.md).

extension Timer {
    @available(*, unavailable, message: "selectors need the Objective-C runtime: use Timer.scheduledTimer(withTimeInterval:repeats:block:) (docs/SWIFT-PORTING.md)")
    public class func scheduledTimer(timeInterval ti: TimeInterval, target aTarget: Any, selector aSelector: Selector,
                                     userInfo: Any?, repeats yesOrNo: Bool) -> Timer { fatalError() }
}

extension CADisplayLink {
    @available(*, unavailable, message: "selectors need the Objective-C runtime: use CADisplayLink(frameHandler:) (docs/SWIFT-PORTING.md)")
    public convenience init(target: Any, selector sel: Selector) { fatalError() }
}
