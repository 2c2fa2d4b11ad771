// SPDX-License-Identifier: MIT
import QuartzCore

// UIKit's image-encoding names, declared unavailable so that the compiler
// names them and says why (fxhost gives a plugin no pixels back).

extension UIImage {
    @available(*, unavailable, message: "fxhost gives a plugin no pixels back, so an image cannot be encoded")
    public func pngData() -> Data? { nil }
    @available(*, unavailable, message: "fxhost gives a plugin no pixels back, so an image cannot be encoded")
    public func jpegData(compressionQuality: CGFloat) -> Data? { nil }
}
