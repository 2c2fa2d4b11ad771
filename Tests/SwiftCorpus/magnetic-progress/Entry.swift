// SPDX-License-Identifier: MIT
// Entry for malkouz/MKMagneticProgress (unchanged): a 200×200 progress ring
// animated to 75 % by the library's setProgress(progress:animated:).
import UIKit

let plugin = FXPlugin(
    name: "magnetic-progress", version: "1.0.0", description: "malkouz/MKMagneticProgress's ring, as written",
    factories: [
        FXFactory("ring", help: "MKMagneticProgress(frame:).setProgress(progress: 0.75, animated: true)") { (root: UIView, _) in
            let ring = MKMagneticProgress(frame: CGRect(x: 100, y: 50, width: 200, height: 200))
            root.addSubview(ring)
            ring.setProgress(progress: 0.75, animated: true)
        },
    ])

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }
