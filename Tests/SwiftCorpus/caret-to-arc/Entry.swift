// SPDX-License-Identifier: MIT
// Entry for DuncanMC/CaretToArcAnimation's CaretToArcView (unchanged): the
// caret, then the arc (a 0.2 s path morph), optionally spinning.
import UIKit

func caretView(in root: UIView) -> CaretToArcView {
    let view = CaretToArcView(frame: root.bounds)
    root.addSubview(view)
    view.viewState = .caret
    view.viewState = .arc
    return view
}

let plugin = FXPlugin(
    name: "caret-to-arc", version: "1.0.0", description: "DuncanMC/CaretToArcAnimation, as written",
    factories: [
        FXFactory("morph", help: "viewState .caret, then .arc") { (root: UIView, _) in
            _ = caretView(in: root)
        },
        FXFactory("spin", help: "viewState .caret, then .arc, and rotate(true)") { (root: UIView, _) in
            caretView(in: root).rotate(true)
        },
    ])

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }

