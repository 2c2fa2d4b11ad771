// SPDX-License-Identifier: MIT
// Entry for i-schuetz/PieCharts (unchanged): a 200×200 PieChart of three slices, animated in as its README shows.
// It does not compile on Linux; docs/SWIFT-CORPUS.md says why and what a port changes.
import UIKit

let plugin = FXPlugin(
    name: "pie-charts", version: "1.0.0", description: "i-schuetz/PieCharts, as written",
    factories: [
        FXFactory("pie", help: "PieChart(frame: 200×200) with models 2, 3, 1") { (root: UIView, _) in
            let chart = PieChart(frame: CGRect(x: 100, y: 50, width: 200, height: 200))
            root.addSubview(chart)
            chart.models = [PieSliceModel(value: 2, color: .red), PieSliceModel(value: 3, color: .blue),
                            PieSliceModel(value: 1, color: .green)]
        },
    ])

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }
