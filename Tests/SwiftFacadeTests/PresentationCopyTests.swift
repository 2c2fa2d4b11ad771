// SPDX-License-Identifier: MIT
import Foundation
import Testing
import UIKit

/// `presentation()` and `model()` with Apple's signatures (`-> Self?`,
/// `-> Self`): the copy is of the layer's own class, so a subclass's own
/// properties are read on it (`(presentation() ?? self).progress`). Expected
/// values from Apple's rule for a linear CABasicAnimation, computed by hand.
extension Facade {
    @Suite struct PresentationCopyTests {
        /// A progress ring's layer as iOS code writes one, with every initialiser of its own.
        final class ProgressLayer: CALayer {
            @CAManaged var progress: CGFloat
            var label = "model"
            override init() { super.init() }
            override init(layer: Any) { super.init(layer: layer) }
            required init?(coder: NSCoder) { super.init(coder: coder) }
        }

        /// A shape layer subclass with no initialiser of its own.
        final class Arc: CAShapeLayer {
            @CAManaged var sweep: CGFloat = 0.5
        }

        static func linear(_ key: String, from: Double, to: Double) -> CABasicAnimation {
            let a = CABasicAnimation(keyPath: key)
            a.fromValue = from
            a.toValue = to
            a.duration = 1
            a.timingFunction = CAMediaTimingFunction(name: .linear)
            return a
        }

        @Test func theCopyIsOfTheSubclassAndReadsPresentedValues() throws {
            // progress 0 → 1 and opacity 1 → 0 linearly over 1 s from t = 0: at t = 0.25,
            // progress = 0 + (1 − 0) × 0.25 = 0.25 and opacity = 1 + (0 − 1) × 0.25 = 0.75.
            let k = try FacadeStage()
            var layer: ProgressLayer!
            try k.call { root in
                layer = ProgressLayer()
                layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
                root.addSublayer(layer)
                layer.progress = 1
                layer.opacity = 0
                layer.add(Self.linear("progress", from: 0, to: 1), forKey: "progress")
                layer.add(Self.linear("opacity", from: 1, to: 0), forKey: "opacity")
            }
            try k.advance(to: 0.25)
            try k.call { _ in
                let shown = try #require(layer.presentation())
                #expect(type(of: shown) == ProgressLayer.self)
                #expect(shown !== layer)
                #expect(near(shown.progress, 0.25))
                #expect(near(Double(shown.opacity), 0.75, 1e-6))
                // The idiom of progress rings compiles and reads the presented value.
                #expect(near((layer.presentation() ?? layer).progress, 0.25))
                // The model keeps its values; model() is the layer itself, on the layer and on its copy.
                #expect(layer.progress == 1)
                #expect(layer.opacity == 0)
                #expect(layer.model() === layer)
                #expect(shown.model() === layer)
                // A copy's copy shows the same model; writes to a copy change nothing.
                #expect(shown.presentation()?.model() === layer)
                shown.progress = 0.9
                shown.opacity = 0.9
                #expect(layer.progress == 1)
                #expect(layer.opacity == 0)
                // Stored properties are not copied (init(layer:) is not called): the initial value.
                layer.label = "changed"
                #expect(layer.presentation()?.label == "model")
            }
            try k.advance(to: 2)
            try k.call { _ in
                // After the animations, the presented values are the model's.
                let shown = try #require(layer.presentation())
                #expect(near(shown.progress, 1))
                #expect(shown.opacity == 0)
            }
        }

        @Test func aFrameworkSubclassCopyKeepsItsKindAndPath() throws {
            // A CAShapeLayer subclass's copy is of the subclass, has the model's path, and an
            // unanimated @CAManaged key presents its model value (0.5, its initial value).
            let k = try FacadeStage()
            var arc: Arc!
            let path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
            try k.call { root in
                arc = Arc()
                arc.path = path
                root.addSublayer(arc)
            }
            try k.call { _ in
                let shown = try #require(arc.presentation())
                #expect(type(of: shown) == Arc.self)
                #expect(shown.path == path)
                #expect(near(shown.sweep, 0.5))
                let plain = try #require(CATextLayer().presentation())
                #expect(type(of: plain) == CATextLayer.self)
            }
        }
    }
}
