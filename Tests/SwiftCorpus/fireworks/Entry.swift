// SPDX-License-Identifier: MIT
// Entry for tomkowz/fireworks' classic spark animation (unchanged): one
// 6×6 spark sent along a fixed trajectory by ClassicFireworkAnimator for
// 0.4 s (the library picks trajectories at random; this one is the first of
// its ClassicSparkTrajectoryFactory's list, scaled and shifted as it does).
import UIKit

let plugin = FXPlugin(
    name: "fireworks", version: "1.0.0", description: "tomkowz/fireworks' spark along a Bézier path, as written",
    factories: [
        FXFactory("spark", help: "ClassicFireworkAnimator().animate(spark:duration: 0.4)") { (root: UIView, _) in
            let view = CircleColorSparkView(color: .red, size: CGSize(width: 6, height: 6))
            view.isHidden = true
            root.addSubview(view)
            let trajectory = CubicBezierTrajectory(0.00, 0.00, 0.31, -0.46, 0.74, -0.29, 0.99, 0.12)
                .scale(by: 45).shift(to: CGPoint(x: 200, y: 150))
            ClassicFireworkAnimator().animate(spark: (sparkView: view, trajectory: trajectory), duration: 0.4)
        },
    ])

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }

