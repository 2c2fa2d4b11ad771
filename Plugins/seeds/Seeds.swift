// SPDX-License-Identifier: MIT
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
        FXFactory("shimmer", help: "seed 003: slide-to-unlock text, TextAnimation's gradient mask sweeping across", parameters: [
            .string("text", default: "slide to unlock", help: "the label's text"),
            .double("effect-width", default: 50, range: 1...10000, help: "width of the highlight in points"),
            .double("duration", default: 0.5, range: 0.01...60, help: "seconds for one sweep"),
            .double("font-size", default: 28, range: 1...400, help: "points"),
            .color("highlight", default: "white", help: "the highlight's colour"),
            .color("dim", default: "#ffffff4d", help: "the text's colour outside the highlight (white at 30 %)"),
            .color("backdrop", default: "black", help: "the stage's background"),
        ]) { (view: UIView, args) in
            ShimmerViewController(view: view, text: args.string("text"), effectWidth: args.cgFloat("effect-width"),
                                  duration: args.double("duration"), fontSize: args.cgFloat("font-size"),
                                  highlight: UIColor(cgColor: args.color("highlight")), dim: UIColor(cgColor: args.color("dim")),
                                  backdrop: UIColor(cgColor: args.color("backdrop"))).viewDidAppear()
        },
        FXFactory("cube", help: "seed 004: cubeTransition turns the label from one text to another", parameters: [
            .string("text", default: "Paris", help: "the new text"),
            .string("from", default: "London", help: "the text shown first"),
            .choice("direction", ["up", "down"], default: "up",
                    help: "up: the new text rises from below (AnimationDirection.Positive); down: it drops from above"),
            .double("duration", default: 0.5, range: 0.01...60, help: "seconds the turn takes"),
            .double("font-size", default: 36, range: 1...400, help: "points"),
            .color("color", default: "white", help: "text colour"),
            .color("backdrop", default: "clear", help: "the label's background colour"),
        ]) { (view: UIView, args) in
            cubeScene(view: view, from: args.string("from"), to: args.string("text"),
                      direction: args.choice("direction") == "up" ? .Positive : .Negative, duration: args.double("duration"),
                      fontSize: args.cgFloat("font-size"), color: UIColor(cgColor: args.color("color")),
                      backdrop: UIColor(cgColor: args.color("backdrop")))
        },
        FXFactory("fade", help: "seed 004: fadeImageView crossfades the background, changeFlightDataAnimatedTo every 3 s", parameters: [
            .file("from", help: "PNG shown first (default: a generated sunny sky)"),
            .file("to", help: "PNG faded in (default: a generated snowy sky)"),
            .double("duration", default: 0.33, range: 0.01...60, help: "seconds the fade takes"),
            .bool("snow", default: false, help: "fade falling snow in with the snowy image"),
            .int("changes", default: 1, range: 1...100, help: "how many changes, every 3 s, alternating (changeFlightDataAnimatedTo)"),
        ]) { (view: UIView, args) in
            let controller = FlightViewController(view: view, from: args.string("from"), to: args.string("to"),
                                                  duration: args.double("duration"), snow: args.bool("snow"), changes: args.int("changes"))
            controller.changeFlightDataAnimatedTo(data: controller.londonToParis)
        },
        FXFactory("pulse", help: "seeds 000/001: the BahamaAir login screen; events: tap (log in), focus (a field gains focus)", parameters: [
            .string("title", default: "Bahama Login", help: "the heading"),
            .double("loop-until", default: 8, range: 0...3600,
                    help: "stop relaunching the clouds after this many seconds (the seed loops forever)"),
        ]) { (view: UIView, args) in
            let controller = LoginViewController(stage: view, title: args.string("title"), loopUntil: args.double("loop-until"))
            controller.viewWillAppear(true)
            controller.viewDidAppear(true)
            SimulatedClock.main.on(event: "tap") { controller.handleLogin() }
            SimulatedClock.main.on(event: "focus") { controller.textFieldDidBeginEditing(controller.usernameTextField) }
            LoginViewController.shown.append(controller)
        },
    ])

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }
