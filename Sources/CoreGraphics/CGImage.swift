// SPDX-License-Identifier: MIT
import FXPluginKit

/// Decoded pixels the host holds (an fx.h image handle), as `UIImage.cgImage`
/// gives them; a layer shows one through `contents`.
public final class CGImage: @unchecked Sendable {
    /// The host's image.
    public let image: Image
    public var width: Int { image.width }
    public var height: Int { image.height }

    public init(image: Image) { self.image = image }
}
