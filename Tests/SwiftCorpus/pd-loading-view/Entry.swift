// SPDX-License-Identifier: MIT
// Entry for pdil/PDLoadingView (unchanged): a 200×200 PDLoadingView started with a message, as its README does.
// It does not compile on Linux; docs/SWIFT-CORPUS.md says why and what a port changes.
import UIKit

let plugin = FXPlugin(
    name: "pd-loading-view", version: "1.0.0", description: "pdil/PDLoadingView, as written",
    factories: [
        FXFactory("loading", help: "PDLoadingView(foreColor: .blue).start(with: \"Loading...\")") { (root: UIView, _) in
            let loading = PDLoadingView(foreColor: .blue)
            loading.frame = CGRect(x: 100, y: 50, width: 200, height: 200)
            root.addSubview(loading)
            loading.start(with: "Loading...")
        },
    ])

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }
