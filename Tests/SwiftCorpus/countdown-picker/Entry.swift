// SPDX-License-Identifier: MIT
// Entry for negovrodion/UICountdownTimer (unchanged): a CountdownTimerView filling the stage, as its example app shows it.
// It does not compile on Linux; docs/SWIFT-CORPUS.md says why and what a port changes.
import UIKit

let plugin = FXPlugin(
    name: "countdown-picker", version: "1.0.0", description: "negovrodion/UICountdownTimer, as written",
    factories: [
        FXFactory("picker", help: "CountdownTimerView(frame: stage)") { (root: UIView, _) in
            root.addSubview(CountdownTimerView(frame: root.bounds))
        },
    ])

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }
