// SPDX-License-Identifier: MIT
// Entry for takuoka/TKSubmitTransition's SpinerLayer.swift (unchanged). The
// library's CGRectEx.swift gives CGRect its `center`; that file also
// redeclares midX/midY/width/height, so the one member the spinner needs is
// declared here instead.
import UIKit

extension CGRect {
    var center: CGPoint { CGPoint(x: midX, y: midY) }
}

let plugin = FXPlugin(
    name: "tksubmit-spinner", version: "1.0.0", description: "takuoka/TKSubmitTransition's SpinerLayer, as written",
    factories: [
        FXFactory("spin", help: "SpinerLayer(frame: 200×40).animation()") { (view: UIView, _) in
            let spinner = SpinerLayer(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
            spinner.position = CGPoint(x: 200, y: 150)
            view.layer.addSublayer(spinner)
            spinner.animation()
        },
        FXFactory("stop", help: "animation(), then stopAnimation() at 0.5 s") { (view: UIView, _) in
            let spinner = SpinerLayer(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
            spinner.position = CGPoint(x: 200, y: 150)
            view.layer.addSublayer(spinner)
            spinner.animation()
            SimulatedClock.main.asyncAfter(deadline: .now() + 0.5) { spinner.stopAnimation() }
        },
    ])

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }

