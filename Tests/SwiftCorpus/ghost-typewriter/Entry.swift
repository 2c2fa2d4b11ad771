// SPDX-License-Identifier: MIT
// Entry for wibosco/GhostTypewriter (unchanged): a TypewriterLabel revealing
// its text one character every 0.1 s on the library's repeating Timer.
import UIKit

let plugin = FXPlugin(
    name: "ghost-typewriter", version: "1.0.0", description: "wibosco/GhostTypewriter's typing label, as written",
    factories: [
        FXFactory("typing", help: "TypewriterLabel.startTypewritingAnimation()") { (root: UIView, _) in
            let label = TypewriterLabel(frame: CGRect(x: 40, y: 130, width: 320, height: 40))
            label.text = "Hello, typewriter"
            label.textColor = .white
            root.addSubview(label)
            label.startTypewritingAnimation()
        },
    ])

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }
