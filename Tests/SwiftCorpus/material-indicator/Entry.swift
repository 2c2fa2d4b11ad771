// SPDX-License-Identifier: MIT
// Entry for nspavlo/MaterialActivityIndicator (unchanged): a 24×24 indicator
// with the library's defaults (red, 2 pt), started at once.
import UIKit

let plugin = FXPlugin(
    name: "material-indicator", version: "1.0.0", description: "nspavlo/MaterialActivityIndicator, as written",
    factories: [
        FXFactory("spin", help: "MaterialActivityIndicatorView(frame: 24×24).startAnimating()") { (root: UIView, _) in
            let indicator = MaterialActivityIndicatorView(frame: CGRect(x: 188, y: 138, width: 24, height: 24))
            root.addSubview(indicator)
            indicator.startAnimating()
        },
    ])

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }

