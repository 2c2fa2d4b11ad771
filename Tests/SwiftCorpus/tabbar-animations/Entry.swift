// SPDX-License-Identifier: MIT
// Entry for Ramotion/animated-tab-bar's item animations (unchanged): a 30×30
// icon at (200, 150) and its title at (200, 180), as a tab bar item lays them
// out, animated by playAnimation(_:textLabel:).
import UIKit

func item(in root: UIView) -> (UIImageView, UILabel) {
    let icon = UIImageView(frame: CGRect(x: 185, y: 135, width: 30, height: 30))
    icon.image = UIImage.make(width: 30, height: 30, rgba: [UInt8](repeating: 255, count: 30 * 30 * 4))
    let label = UILabel(frame: CGRect(x: 170, y: 172, width: 60, height: 16))
    label.text = "Home"
    root.addSubview(icon)
    root.addSubview(label)
    return (icon, label)
}

let plugin = FXPlugin(
    name: "tabbar-animations", version: "1.0.0", description: "Ramotion/animated-tab-bar's item animations, as written",
    factories: [
        FXFactory("bounce", help: "RAMBounceAnimation().playAnimation") { (root: UIView, _) in
            let (icon, label) = item(in: root)
            RAMBounceAnimation().playAnimation(icon, textLabel: label)
        },
        FXFactory("rotation", help: "RAMRotationAnimation() direction .right, playAnimation") { (root: UIView, _) in
            let (icon, label) = item(in: root)
            let animation = RAMRotationAnimation()
            animation.direction = .right
            animation.playAnimation(icon, textLabel: label)
        },
        FXFactory("fume", help: "RAMFumeAnimation().playAnimation") { (root: UIView, _) in
            let (icon, label) = item(in: root)
            RAMFumeAnimation().playAnimation(icon, textLabel: label)
        },
        FXFactory("flip", help: "RAMFlipLeftTransitionItemAnimations().playAnimation") { (root: UIView, _) in
            let (icon, label) = item(in: root)
            RAMFlipLeftTransitionItemAnimations().playAnimation(icon, textLabel: label)
        },
    ])

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }

