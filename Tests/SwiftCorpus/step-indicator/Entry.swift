// SPDX-License-Identifier: MIT
// Entry for chenyun122/StepIndicator (unchanged): a five-step indicator laid
// out by its layoutSubviews, advanced one step a second by a Timer.
import UIKit

let plugin = FXPlugin(
    name: "step-indicator", version: "1.0.0", description: "chenyun122/StepIndicator's step indicator, as written",
    factories: [
        FXFactory("steps", help: "StepIndicatorView, currentStep += 1 every second") { (root: UIView, _) in
            let steps = StepIndicatorView(frame: CGRect(x: 50, y: 130, width: 300, height: 40))
            steps.numberOfSteps = 5
            steps.currentStep = 0
            root.addSubview(steps)
            Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { timer in
                steps.currentStep += 1
                if steps.currentStep >= 4 { timer.invalidate() }
            }
        },
    ])

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }
