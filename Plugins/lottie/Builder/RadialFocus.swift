// SPDX-License-Identifier: MIT
import FXPluginKit
import Glibc

/// A radial gradient's focal point, from its highlight: lottie-web's rule (the canvas renderer's
/// `CVShapeElement.renderGradientFill`; the SVG renderer's fx, fy give the same point), which
/// After Effects' highlight length and angle mean. With r = |end − start| and θ the direction of
/// end − start, the focal point lies at start + r·p·(cos(θ + a), sin(θ + a)), p = h / 100 held
/// within −0.99…0.99 (lottie-web: `if (percent >= 1) percent = 0.99; else if (percent <= -1)
/// percent = -0.99`), so that the focal point stays inside the circle. The engine draws it as the
/// gradient layer's `focalOffset` (fx.h 1.6).
enum RadialFocus {
    /// The focal point at frame `f`, in the gradient's own (group) coordinates.
    static func focal(_ g: LottieGradient, at f: Double) -> Vec {
        let s = Vec(g.start.at(f)), e = Vec(g.end.at(f))
        let h = g.highlightLength.at(f)
        guard g.type == 2, h != 0 else { return s }
        let percent = h / 100 >= 1 ? 0.99 : h / 100 <= -1 ? -0.99 : h / 100
        let d = e - s
        let angle = atan2(d.y, d.x) + g.highlightAngle.at(f) * .pi / 180
        let distance = d.length * percent
        return Vec(s.x + cos(angle) * distance, s.y + sin(angle) * distance)
    }

    /// Whether the host takes `focalOffset` (fx.h 1.6), asked once.
    static let hostHasFocalOffset = Layer.knows(.gradient, keyPath: "focalOffset")
}
