// SPDX-License-Identifier: MIT
// Entry for gelemias/Progress-Circle's RDProgressCircle (unchanged), as its
// README uses it: init(width:strokeWidth:strokeColor:startAngle:), then
// updateProgress(percentage:) as a download reports progress (here a
// repeating Timer adding a quarter every 0.5 s, invalidated at the whole).
import UIKit

let plugin = FXPlugin(
    name: "rd-progress-circle", version: "1.0.0", description: "gelemias/Progress-Circle's drawn ring, as written",
    factories: [
        FXFactory("download", help: "RDProgressCircle(width: 200, …) updated by a quarter every 0.5 s") { (root: UIView, _) in
            let circle = RDProgressCircle(width: 200, strokeWidth: 16, strokeColor: .orange, startAngle: -90)
            root.addSubview(circle)
            var done: Float = 0
            Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { timer in
                done += 0.25
                circle.updateProgress(percentage: done)
                if done >= 1 { timer.invalidate() }
            }
        },
    ])

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }
