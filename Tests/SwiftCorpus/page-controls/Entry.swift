// SPDX-License-Identifier: MIT
// Entry for popwarsweet/PageControls (unchanged): a three-page
// SnakePageControl sized by its own sizeThatFits(_:), whose progress a
// repeating Timer steps by a quarter page every 0.25 s, as a scroll view's
// delegate would while paging, until the last page.
import UIKit

let plugin = FXPlugin(
    name: "page-controls", version: "1.0.0", description: "popwarsweet/PageControls' snake page control, as written",
    factories: [
        FXFactory("snake", help: "SnakePageControl, pageCount 3, progress += 0.25 every 0.25 s up to 2") { (root: UIView, _) in
            let control = SnakePageControl(frame: CGRect(x: 175, y: 145, width: 0, height: 0))
            control.pageCount = 3
            control.sizeToFit()
            root.addSubview(control)
            Timer.scheduledTimer(withTimeInterval: 0.25, repeats: true) { timer in
                control.progress += 0.25
                if control.progress >= 2 { timer.invalidate() }
            }
        },
    ])

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }
