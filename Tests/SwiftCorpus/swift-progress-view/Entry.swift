// SPDX-License-Identifier: MIT
// Entry for derekcoder/SwiftProgressView (unchanged): a 100×100 ProgressRingView animated to 1, as its README does.
// It does not compile on Linux; docs/SWIFT-CORPUS.md says why and what a port changes.
import UIKit

let plugin = FXPlugin(
    name: "swift-progress-view", version: "1.0.0", description: "derekcoder/SwiftProgressView, as written",
    factories: [
        FXFactory("ring", help: "ProgressRingView(frame: 100×100).setProgress(1.0, animated: true)") { (root: UIView, _) in
            let progressView = ProgressRingView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
            root.addSubview(progressView)
            progressView.setProgress(1.0, animated: true)
        },
    ])

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }
