// SPDX-License-Identifier: MIT
// Entry for hyperoslo/Lightbox's LoadingIndicator (unchanged), used as
// Lightbox's PageView uses it: shown (alpha 1) while an image loads, centred
// on the image, and faded out over 0.4 s when the image arrives (here 1 s in).
import UIKit

let plugin = FXPlugin(
    name: "lightbox-loading", version: "1.0.0", description: "hyperoslo/Lightbox's loading indicator, as written",
    factories: [
        FXFactory("loading", help: "LoadingIndicator() centred, shown, faded out 1 s in as PageView does") { (root: UIView, _) in
            let indicator = LoadingIndicator()
            root.addSubview(indicator)
            indicator.center = CGPoint(x: 200, y: 150)
            indicator.alpha = 1
            DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
                UIView.animate(withDuration: 0.4) { indicator.alpha = 0 }
            }
        },
    ])

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }
