// SPDX-License-Identifier: MIT-0
// card — a rounded card rises into place and fades in with UIView.animate, and
// bounces on a spring when the `tap` event fires. Written as iOS code is, against
// the UIKit product; the only fxhost-specific lines are the FXPlugin
// declaration, the exported entry and SimulatedClock.
import UIKit

/// Builds the card on the stage's root view, as a view controller's
/// `viewDidAppear` would on iOS.
func showCard(in view: UIView, text: String, duration: TimeInterval, color: UIColor) {
    let stage = UIScreen.main.bounds.size
    let card = UIView(frame: CGRect(x: (stage.width - 200) / 2, y: (stage.height - 80) / 2, width: 200, height: 80))
    card.backgroundColor = color
    card.layer.cornerRadius = 16
    // A label draws its text from the top of its bounds here: give it one line's height, centred.
    let label = UILabel(frame: CGRect(x: 0, y: 27, width: 200, height: 26))
    label.text = text
    label.font = UIFont.boldSystemFont(ofSize: 20)
    label.textColor = .white
    label.textAlignment = .center
    card.addSubview(label)
    view.addSubview(card)

    // The start state, then the block that animates to the end state.
    card.alpha = 0
    card.transform = CGAffineTransform(translationX: 0, y: 40)
    UIView.animate(withDuration: duration, delay: 0.2, options: [.curveEaseOut], animations: {
        card.alpha = 1
        card.transform = .identity
    }, completion: { finished in
        print("card shown, finished: \(finished)")  // fxhost's log (stderr)
    })

    // `fxhost --event 1.5:tap` calls this at 1.5 s on the simulated clock.
    SimulatedClock.main.on(event: "tap") {
        card.transform = CGAffineTransform(scaleX: 0.8, y: 0.8)
        UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.4, initialSpringVelocity: 0, animations: {
            card.transform = .identity
        })
    }
}

let plugin = FXPlugin(
    name: "card", version: "1.0.0", description: "a card that rises and fades in (an example package written against UIKit)",
    factories: [
        FXFactory("card", help: "a rounded card rises into place and fades in; --event T:tap bounces it", parameters: [
            .string("text", default: "Hello", help: "the card's text"),
            .double("duration", default: 0.6, range: 0.05...10, help: "seconds the card takes to rise"),
            .color("color", default: "#5856d6", help: "the card's colour"),
        ]) { (view: UIView, args) in
            showCard(in: view, text: args.string("text"), duration: args.double("duration"),
                     color: UIColor(cgColor: args.color("color")))
        },
    ])

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }
