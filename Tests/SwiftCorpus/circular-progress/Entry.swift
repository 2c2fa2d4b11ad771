// SPDX-License-Identifier: MIT
// Entry for bdolewski/CircularProgressView (unchanged): a 100×100 ring set
// up as Interface Builder would (init(frame:), then awakeFromNib()).
import UIKit

func ring(in root: UIView) -> CircularProgressView {
    let view = CircularProgressView(frame: CGRect(x: 150, y: 100, width: 100, height: 100))
    root.addSubview(view)
    view.awakeFromNib()
    return view
}

let plugin = FXPlugin(
    name: "circular-progress", version: "1.0.0", description: "bdolewski/CircularProgressView, as written",
    factories: [
        FXFactory("animated", help: "setProgress(to: 0.75, animated: true)") { (root: UIView, _) in
            ring(in: root).setProgress(to: 0.75, animated: true)
        },
        FXFactory("clamped", help: "setProgress(to: 1.2, animated: false)") { (root: UIView, _) in
            ring(in: root).setProgress(to: 1.2, animated: false)
        },
    ])

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }

