// SPDX-License-Identifier: MIT
import Foundation

/// What `presentation()` hands a layer's class to make its presentation copy.
///
/// On iOS, Core Animation makes the copy with `init(layer:)`, called through
/// the Objective-C runtime on the layer's own class. Swift without that
/// runtime can construct an instance of a class known only at run time through
/// a `required` initializer alone, and `init?(coder:)` is the one every
/// CALayer subclass has (making `init(layer:)` required would turn every iOS
/// `override init(layer:)` into a compile error). So the copy is made by
/// `init?(coder:)` with this coder, which `CALayer.init?(coder:)` recognises
/// (docs/SWIFT-DRAWING.md, "Presentation copies of your own subclasses").
final class PresentationCoder: NSCoder {
    /// The model layer the copy shows.
    let model: CALayer

    init(presenting model: CALayer) {
        self.model = model
        super.init()
    }
}
