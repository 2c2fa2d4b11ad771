// SPDX-License-Identifier: MIT
// Entry for andresinaka/SnapTimer (unchanged): a 200×200 SnapTimerView whose outer ring runs down over 3 s (animateOuterToValue), as its sample app does.
// It does not compile on Linux; docs/SWIFT-CORPUS.md says why and what a port changes.
import UIKit

let plugin = FXPlugin(
    name: "snap-timer", version: "1.0.0", description: "andresinaka/SnapTimer, as written",
    factories: [
        FXFactory("timer", help: "SnapTimerView(frame: 200×200).animateOuterToValue(0, duration: 3)") { (root: UIView, _) in
            let timer = SnapTimerView(frame: CGRect(x: 100, y: 50, width: 200, height: 200))
            root.addSubview(timer)
            timer.outerValue = 100
            timer.animateOuterToValue(0, duration: 3, completion: nil)
        },
    ])

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }
