// SPDX-License-Identifier: MIT
// Entry for cl7/CLTypingLabel (unchanged): "Hi!" typed at the default
// 0.1 s a character.
import UIKit

let plugin = FXPlugin(
    name: "typing-label", version: "1.0.0", description: "cl7/CLTypingLabel's typewriter, as written",
    factories: [
        FXFactory("type", help: "label.text = \"Hi!\"") { (root: UIView, _) in
            let label = CLTypingLabel(frame: CGRect(x: 100, y: 130, width: 200, height: 40))
            root.addSubview(label)
            label.text = "Hi!"
        },
        FXFactory("pause", help: "label.text = \"Hi!\", pauseTyping() at 0.15 s") { (root: UIView, _) in
            let label = CLTypingLabel(frame: CGRect(x: 100, y: 130, width: 200, height: 40))
            root.addSubview(label)
            label.text = "Hi!"
            SimulatedClock.main.asyncAfter(deadline: .now() + 0.15) { label.pauseTyping() }
        },
    ])

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }

