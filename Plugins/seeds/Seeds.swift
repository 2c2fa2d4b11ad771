// seeds — the five seed effects, compiled from the seeds' own Swift through the
// QuartzCore and UIKit modules. Each factory is named and parameterised like
// the hand-ported plugin it mirrors (spinner, shimmer, cube, fade, pulse), and
// draws the same frames (Tests/IntegrationTests/SeedsTests.swift).
import UIKit

let plugin = FXPlugin(
    name: "seeds", version: "1.0.0",
    description: "the seed tutorials' own Swift, compiled through QuartzCore and UIKit",
    factories: [
        FXFactory("spinner", help: "seed 002: the button shrinks, ActivityLayer spins, the button spreads back", parameters: [
            .double("pause-at", default: -1, range: -1...3600, help: "seconds at which stopAnimation pauses the arc (negative: never)"),
            .double("resume-at", default: -1, range: -1...3600, help: "seconds at which startAnimation resumes it (negative: never)"),
            .double("spread-at", default: 2, range: -1...3600,
                    help: "seconds at which the button spreads back, as the seed's simulated request ends (negative: never)"),
            .double("width", default: 270, range: 10...4000, help: "the button's width in points"),
            .double("height", default: 45, range: 14...4000, help: "the button's height in points"),
            .color("color", default: "#2ecc71", help: "the button's colour"),
        ]) { (view: UIView, args) in
            let controller = SpinnerViewController(view: view, width: args.cgFloat("width"), height: args.cgFloat("height"),
                                                   color: UIColor(cgColor: args.color("color")), spreadAt: args.double("spread-at"))
            controller.clickLogin()
            if args.double("pause-at") >= 0 {
                SimulatedClock.main.asyncAfter(deadline: .now() + args.double("pause-at")) { controller.pause() }
            }
            if args.double("resume-at") >= 0 {
                SimulatedClock.main.asyncAfter(deadline: .now() + args.double("resume-at")) { controller.resume() }
            }
        },
    ])

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }
