// SPDX-License-Identifier: MIT
// Entry for BeauNouvelle/ShimmerSwift (unchanged): a 230×40 ShimmeringView
// over a label, shimmering with the library's defaults.
import UIKit

func shimmering(in root: UIView, _ direction: Shimmer.Direction) -> ShimmeringView {
    let view = ShimmeringView(frame: CGRect(x: 85, y: 130, width: 230, height: 40))
    let label = UILabel(frame: view.bounds)
    label.text = "slide to unlock"
    view.contentView = label
    view.shimmerDirection = direction
    root.addSubview(view)
    view.isShimmering = true
    return view
}

let plugin = FXPlugin(
    name: "shimmer-swift", version: "1.0.0", description: "BeauNouvelle/ShimmerSwift's shimmer, as written",
    factories: [
        FXFactory("right", help: "isShimmering = true, direction .right") { (root: UIView, _) in
            _ = shimmering(in: root, .right)
        },
        FXFactory("left", help: "isShimmering = true, direction .left") { (root: UIView, _) in
            _ = shimmering(in: root, .left)
        },
    ])

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }

