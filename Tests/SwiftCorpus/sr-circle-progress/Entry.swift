// SPDX-License-Identifier: MIT
// Entry for Ryu0118/SRCircleProgress (unchanged): a 200×200 ring animated
// to 70 % by setProgress(_:animated:), as its README does (its Auto Layout
// constraints replaced by a frame, which the README's own view would get).
import UIKit

let plugin = FXPlugin(
    name: "sr-circle-progress", version: "1.0.0", description: "Ryu0118/SRCircleProgress's ring, as written",
    factories: [
        FXFactory("ring", help: "SRCircleProgress(frame: 200×200).setProgress(0.7, animated: true)") { (root: UIView, _) in
            let ring = SRCircleProgress(frame: CGRect(x: 100, y: 50, width: 200, height: 200))
            root.addSubview(ring)
            ring.setProgress(0.7, animated: true)
        },
    ])

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }
