// SPDX-License-Identifier: MIT
// Entry for cruisediary/Pastel (unchanged): a PastelView filling the stage
// with its default seven colours, 5 s a step.
import UIKit

let plugin = FXPlugin(
    name: "pastel", version: "1.0.0", description: "cruisediary/Pastel's animated gradient, as written",
    factories: [
        FXFactory("gradient", help: "PastelView(frame: stage).startAnimation()") { (root: UIView, _) in
            let pastel = PastelView(frame: root.bounds)
            root.addSubview(pastel)
            pastel.startAnimation()
        },
    ])

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }

