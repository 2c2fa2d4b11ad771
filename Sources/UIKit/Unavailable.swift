// SPDX-License-Identifier: MIT
import QuartzCore

// UIKit's drawing and image-encoding names, declared unavailable so that the
// compiler names them and says why (custom drawing is not here yet; fxhost
// gives a plugin no pixels back).

@available(*, unavailable, message: "custom drawing is not supported: fxhost draws layers from their properties; use a CAShapeLayer (docs/SWIFT.md)")
public func UIGraphicsGetCurrentContext() -> CGContext? { nil }

@available(*, unavailable, message: "custom drawing is not supported: fxhost draws layers from their properties; use a CAShapeLayer, or UIImage.make(width:height:rgba:) for pixels (docs/SWIFT.md)")
public final class UIGraphicsImageRenderer {}

extension UIColor {
    @available(*, unavailable, message: "custom drawing is not supported: set a layer's backgroundColor or a CAShapeLayer's fillColor/strokeColor (docs/SWIFT.md)")
    public func setFill() {}
    @available(*, unavailable, message: "custom drawing is not supported: set a layer's backgroundColor or a CAShapeLayer's fillColor/strokeColor (docs/SWIFT.md)")
    public func setStroke() {}
    @available(*, unavailable, message: "custom drawing is not supported: set a layer's backgroundColor or a CAShapeLayer's fillColor/strokeColor (docs/SWIFT.md)")
    public func set() {}
}

extension UIBezierPath {
    @available(*, unavailable, message: "custom drawing is not supported: give the path's cgPath to a CAShapeLayer and set its fillColor (docs/SWIFT.md)")
    public func fill() {}
    @available(*, unavailable, message: "custom drawing is not supported: give the path's cgPath to a CAShapeLayer and set its strokeColor (docs/SWIFT.md)")
    public func stroke() {}
    @available(*, unavailable, message: "custom drawing is not supported: mask a layer with a CAShapeLayer of the path instead (docs/SWIFT.md)")
    public func addClip() {}
}

extension UIImage {
    @available(*, unavailable, message: "fxhost gives a plugin no pixels back, so an image cannot be encoded")
    public func pngData() -> Data? { nil }
    @available(*, unavailable, message: "fxhost gives a plugin no pixels back, so an image cannot be encoded")
    public func jpegData(compressionQuality: CGFloat) -> Data? { nil }
}
