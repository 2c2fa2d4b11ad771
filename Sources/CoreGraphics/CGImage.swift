// SPDX-License-Identifier: MIT
import FXPluginKit

/// Decoded pixels the host holds (an fx.h image handle), as `UIImage.cgImage`
/// gives them; a layer shows one through `contents`. An image made by
/// `UIGraphicsImageRenderer` is a recorded drawing instead (`drawing`), shown
/// as layers at the output's scale wherever it is used; its `image` is then a
/// transparent placeholder pixel.
public final class CGImage: @unchecked Sendable {
    /// The host's image.
    public let image: Image
    /// (Not Apple's API.) The drawing a renderer recorded, and its size in points.
    @_spi(Facade) public let drawing: CGDrawing?
    @_spi(Facade) public let drawnSize: CGSize
    public var width: Int { drawing == nil ? image.width : Int(drawnSize.width.rounded(.up)) }
    public var height: Int { drawing == nil ? image.height : Int(drawnSize.height.rounded(.up)) }

    public init(image: Image) {
        self.image = image
        drawing = nil
        drawnSize = .zero
    }

    /// (Not Apple's API.) A recorded drawing of `size` points as an image.
    @_spi(Facade) public init(drawing: CGDrawing, size: CGSize, placeholder: Image) {
        image = placeholder
        self.drawing = drawing
        drawnSize = size
    }
}
