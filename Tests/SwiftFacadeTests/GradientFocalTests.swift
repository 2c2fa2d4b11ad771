// SPDX-License-Identifier: MIT
import CoreGraphics
import FXCore
import Foundation
import QuartzCore
import Testing

/// CAGradientLayer has no focal point; fxhost's own key `focalOffset` (fx.h 1.6) is reached as any
/// key is, through `setValue(_:forKeyPath:)`, and read back through `value(forKeyPath:)`.
@Suite struct GradientFocalTests {
    @Test func aGradientLayerReachesFocalOffsetByKeyPath() throws {
        let k = try FacadeStage()
        var read: Any?
        try k.call { root in
            let g = CAGradientLayer()
            g.type = .radial
            root.addSublayer(g)
            g.setValue(CGPoint(x: 0.2, y: -0.1), forKeyPath: "focalOffset")
            read = g.value(forKeyPath: "focalOffset")
        }
        #expect(k.layers[0][.focalOffset] == .point(Point(0.2, -0.1)))
        #expect((read as? CGPoint) == CGPoint(x: 0.2, y: -0.1), "\(String(describing: read))")
    }
}
