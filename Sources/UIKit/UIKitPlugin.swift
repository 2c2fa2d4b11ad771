// SPDX-License-Identifier: MIT
@_spi(UIKit) import QuartzCore

extension FXFactory {
    /// A factory whose build receives the stage as a root view (`UIView`)
    /// the stage's size, like a view controller's `view`.
    public init(_ name: String, help: String, parameters: [FXParameter] = [],
                view build: @escaping @Sendable (UIView, FXArguments) throws -> Void) {
        self.init(name, help: help, parameters: parameters) { (stage: CALayer, args: FXArguments) in
            let root = UIView.root(stage)
            UIView.roots.append(root)
            try build(root, args)
        }
    }
}

/// The pre-Swift-4.2 spellings some public iOS code still uses, which Darwin's headers export.
public let NSEC_PER_SEC: UInt64 = 1_000_000_000
/// `#colorLiteral(red:green:blue:alpha:)` makes a UIColor, as on iOS.
public typealias _ColorLiteralType = UIColor

extension CGRect {
    /// `CGRectEqualToRect` as the method iOS offers.
    public func equalTo(_ rect: CGRect) -> Bool { self == rect }
}
