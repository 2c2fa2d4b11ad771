// SPDX-License-Identifier: MIT
// Entry for marcosgriselli/ViewAnimator (unchanged): a 100×50 view animated
// in by the library's UIView extension, with its defaults (0.3 s, options []).
import UIKit

func animatedView(in root: UIView) -> UIView {
    let view = UIView(frame: CGRect(x: 150, y: 125, width: 100, height: 50))
    view.backgroundColor = .red
    root.addSubview(view)
    return view
}

let plugin = FXPlugin(
    name: "view-animator", version: "1.0.0", description: "marcosgriselli/ViewAnimator's entrance animations, as written",
    factories: [
        FXFactory("from-top", help: "animate(animations: [.from(direction: .top, offset: 30)])") { (root: UIView, _) in
            animatedView(in: root).animate(animations: [AnimationType.from(direction: .top, offset: 30)])
        },
        FXFactory("zoom", help: "animate(animations: [.zoom(scale: 0.5)])") { (root: UIView, _) in
            animatedView(in: root).animate(animations: [AnimationType.zoom(scale: 0.5)])
        },
        FXFactory("rotate", help: "animate(animations: [.rotate(angle: π/4)], delay: 0.1)") { (root: UIView, _) in
            animatedView(in: root).animate(animations: [AnimationType.rotate(angle: .pi / 4)], delay: 0.1)
        },
        FXFactory("cascade", help: "UIView.animate(views: three views, animations: [.from(direction: .left, offset: 30)])") { (root: UIView, _) in
            let views = (0..<3).map { index -> UIView in
                let view = UIView(frame: CGRect(x: 150, y: 50 + 60 * CGFloat(index), width: 100, height: 50))
                root.addSubview(view)
                return view
            }
            UIView.animate(views: views, animations: [AnimationType.from(direction: .left, offset: 30)])
        },
    ])

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }
