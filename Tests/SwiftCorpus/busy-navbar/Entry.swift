// SPDX-License-Identifier: MIT
// Entry for gmertk/BusyNavigationBar's AnimationLayerCreator (unchanged): the
// stripes and the equaliser bars of a 320×44 navigation bar, with the
// library's default options, on a replicator centred in the stage.
import UIKit

let barBounds = CGRect(x: 0, y: 0, width: 320, height: 44)

let plugin = FXPlugin(
    name: "busy-navbar", version: "1.0.0", description: "gmertk/BusyNavigationBar's loaders, as written",
    factories: [
        FXFactory("stripes", help: "AnimationLayerCreator.stripeAnimationLayer") { (view: UIView, _) in
            let layer = AnimationLayerCreator.stripeAnimationLayer(barBounds, options: BusyNavigationBarOptions())
            layer.position = CGPoint(x: 160, y: 22)
            view.layer.addSublayer(layer)
        },
        FXFactory("bars", help: "AnimationLayerCreator.barAnimation") { (view: UIView, _) in
            let layer = AnimationLayerCreator.barAnimation(barBounds, options: BusyNavigationBarOptions())
            layer.position = CGPoint(x: 160, y: 22)
            view.layer.addSublayer(layer)
        },
    ])

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }
