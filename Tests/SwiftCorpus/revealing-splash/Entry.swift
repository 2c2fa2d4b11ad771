// SPDX-License-Identifier: MIT
// Entry for PiXeL16/RevealingSplashView (unchanged): the splash over the
// stage with a 60×60 icon, default duration 1.5 s and delay 0.5 s.
import UIKit

func splash(in root: UIView, _ type: SplashAnimationType) -> RevealingSplashView {
    let icon = UIImage.make(width: 60, height: 60, rgba: [UInt8](repeating: 255, count: 60 * 60 * 4))!
    let view = RevealingSplashView(iconImage: icon, iconInitialSize: CGSize(width: 60, height: 60),
                                   backgroundColor: UIColor(red: 0.11, green: 0.63, blue: 0.95, alpha: 1))
    view.animationType = type
    root.addSubview(view)
    return view
}

let plugin = FXPlugin(
    name: "revealing-splash", version: "1.0.0", description: "PiXeL16/RevealingSplashView's splash animations, as written",
    factories: [
        FXFactory("twitter", help: "animationType .twitter") { (root: UIView, _) in
            splash(in: root, .twitter).startAnimation()
        },
        FXFactory("heartbeat", help: "animationType .heartBeat, minimumBeats 1, finished at 0.1 s") { (root: UIView, _) in
            let view = splash(in: root, .heartBeat)
            view.startAnimation()
            SimulatedClock.main.asyncAfter(deadline: .now() + 0.1) { view.finishHeartBeatAnimation() }
        },
    ])

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }

