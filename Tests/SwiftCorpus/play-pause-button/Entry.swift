// SPDX-License-Identifier: MIT
// Entry for KelvinJin/PlayPauseButton (unchanged), as its README uses it: a
// 50×50 PlayPauseButton whose `showsMenu` is toggled when the event "tap"
// fires (its README's target-action toggle; fxhost has no touches, so the
// port's event stands for the touch, docs/SWIFT-PORTING.md).
import UIKit

let plugin = FXPlugin(
    name: "play-pause-button", version: "1.0.0", description: "KelvinJin/PlayPauseButton's morph, as written",
    factories: [
        FXFactory("tap", help: "PlayPauseButton(frame: 50×50 at (175, 125)); each --event T:tap toggles showsMenu") { (root: UIView, _) in
            let button = PlayPauseButton(frame: CGRect(x: 175, y: 125, width: 50, height: 50))
            root.addSubview(button)
            SimulatedClock.main.on(event: "tap") { button.showsMenu = !button.showsMenu }
        },
    ])

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }
