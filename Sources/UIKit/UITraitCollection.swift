// SPDX-License-Identifier: MIT
import Foundation

/// The environment an interface is shown in (`UITraitCollection`), as code passes it to
/// `UIImage(named:in:compatibleWith:)`. fxhost has one environment and asset variants by trait do not
/// exist here, so a collection holds only the display scale every layer has (1: fxhost draws at the
/// output's own scale, `--scale`).
open class UITraitCollection: NSObject, @unchecked Sendable {
    /// Apple: "The display scale of the trait collection"; 1 here, as `UIView.contentScaleFactor` is.
    public let displayScale: CGFloat

    public override init() { displayScale = 1 }

    /// `UITraitCollection(displayScale:)`: a collection with only that trait.
    public init(displayScale: CGFloat) { self.displayScale = displayScale }
}
