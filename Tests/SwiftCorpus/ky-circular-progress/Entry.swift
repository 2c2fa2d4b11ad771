// SPDX-License-Identifier: MIT
// Entry for kentya6/KYCircularProgress (unchanged): a 200×200 ring set to
// 80 % over 2 s with the library's own animated setter.
import UIKit

let plugin = FXPlugin(
    name: "ky-circular-progress", version: "1.0.0", description: "kentya6/KYCircularProgress's ring, as written",
    factories: [
        FXFactory("ring", help: "KYCircularProgress(frame:).set(progress: 0.8, duration: 2)") { (root: UIView, _) in
            let ring = KYCircularProgress(frame: CGRect(x: 100, y: 50, width: 200, height: 200))
            root.addSubview(ring)
            ring.set(progress: 0.8, duration: 2)
        },
    ])

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }
