// SPDX-License-Identifier: MIT
// Entry for wibosco/GhostTypewriter (unchanged): a TypewriterLabel revealing
// its text one character every 0.1 s on the library's repeating Timer.
//
// The library makes its timer in TimerFactory.swift, a file that imports
// only Foundation, so it calls Foundation's `Timer.scheduledTimer`, which
// adds the timer to the thread's run loop; on iOS the main run loop fires
// it, and in fxhost nothing runs a run loop, so it would never fire
// (docs/SWIFT-PORTING.md). The label's `timerFactory`, the seam the
// library's own tests use, is given the same call made from this file,
// which imports UIKit and so gets the timer on the simulated clock.
import UIKit

final class ClockTimerFactory: TimerFactoryType {
    func buildScheduledTimer(withTimeInterval interval: TimeInterval, repeats: Bool,
                             block: @escaping (TimerType) -> Void) -> TimerType {
        nonisolated(unsafe) let block = block
        return Timer.scheduledTimer(withTimeInterval: interval, repeats: repeats) { block($0) }
    }
}

let plugin = FXPlugin(
    name: "ghost-typewriter", version: "1.0.0", description: "wibosco/GhostTypewriter's typing label, as written",
    factories: [
        FXFactory("typing", help: "TypewriterLabel.startTypewritingAnimation()") { (root: UIView, _) in
            let label = TypewriterLabel(frame: CGRect(x: 40, y: 130, width: 320, height: 40))
            label.timerFactory = ClockTimerFactory()
            label.text = "Hello, typewriter"
            label.textColor = .white
            root.addSubview(label)
            label.startTypewritingAnimation()
        },
    ])

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }
