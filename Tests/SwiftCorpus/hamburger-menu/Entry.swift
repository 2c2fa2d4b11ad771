// SPDX-License-Identifier: MIT
// Entry for SimformSolutionsPvtLtd/SSCustomTabMenu's HamburgerView (unchanged): the 50×50 menu button, placed as the tab menu places it.
// It does not compile on Linux; docs/SWIFT-CORPUS.md says why and what a port changes.
import UIKit

let plugin = FXPlugin(
    name: "hamburger-menu", version: "1.0.0", description: "SimformSolutionsPvtLtd/SSCustomTabMenu's HamburgerView, as written",
    factories: [
        FXFactory("button", help: "HamburgerView() centred") { (root: UIView, _) in
            let button = HamburgerView()
            button.center = CGPoint(x: 200, y: 150)
            root.addSubview(button)
        },
    ])

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }
