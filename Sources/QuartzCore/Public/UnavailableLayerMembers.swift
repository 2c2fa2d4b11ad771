// SPDX-License-Identifier: MIT
import Foundation

// CALayer members fxhost cannot honour, declared unavailable so that the
// compiler names them and says why, instead of "has no member".

extension CALayer {
    @available(*, unavailable, message: "fxhost draws a layer's shadow from its content's alpha; a shadow shaped by a path is not supported (leave shadowPath out)")
    public var shadowPath: CGPath? { get { nil } set {} }
}
