// SPDX-License-Identifier: MIT
import CFX
import FXPluginKit

// pulse — seeds 000 and 001, the BahamaAir login screen. The title and the
// two fields fly in along position.x (0.5 s; the fields 0.3 and 0.4 s later
// with fillMode both); when each fly-in stops, its delegate adds a
// transform.scale pulse 1.25 → 1 over 0.25 s. Clouds fade in (fillMode
// backwards, staggered) and drift across, relaunched from their did-stop after
// 0.5 s; the login button springs up; the info label flies in under keys
// "infoappear" and "fadein". Events: "tap" runs handleLogin (the button grows,
// tints and rounds, the spinner shows, the status banner flips through its
// messages, then the form resets); "focus" removes the info label's
// animations by key (they report finished = false).
//
// The layout is the seed's, on a 320 × 568 screen, scaled to fit the stage
// (fxhost --plugin pulse --size 320x568 shows it 1:1).

/// `build(api, stage, title, loop_until)`.
let build: @convention(c) (UnsafePointer<fx_api>?, fx_layer, UnsafePointer<CChar>?, Double) -> fx_status = {
    api, stage, title, loopUntil in
    Host.build(api) {
        try Login(stage: Layer(handle: stage), title: Descriptor.string(title), loopUntil: loopUntil).appear()
    }
}

final class Login {
    // The seed's screen, and how it maps onto the stage.
    let w = 320.0, h = 568.0
    let view: Layer
    let title, username, password, loginButton, buttonTitle, spinner, status, label, info: Layer
    var clouds: [Layer] = []
    let cloudFrames = [Rect(-120, 79, 160, 50), Rect(256, 213, 160, 50), Rect(284, 503, 74, 35), Rect(22, 545, 115, 50)]
    let messages = ["Connecting ...", "Authorizing ...", "Sending credentials ...", "Failed"]
    let green = Color(red: 0.63, green: 0.84, blue: 0.35)
    let loopUntil: Double
    var statusPosition = Point(0, 0)

    init(stage: Layer, title titleText: String, loopUntil: Double) throws {
        self.loopUntil = loopUntil
        let size = try Host.stageSize()
        let s = min(size.width / w, size.height / h)
        // A container in the seed's coordinates, scaled and centred on the stage.
        view = try Layer(.plain, name: "view")
        try view.set("bounds", Rect(0, 0, w, h))
        try view.set("position", Point(size.width / 2, size.height / 2))
        try view.set("transform", Transform.scale(s, s))
        try view.set("masksToBounds", true)
        try stage.addSublayer(view)

        let sky = try Layer(.gradient, name: "background")
        try sky.setFrame(Rect(0, 0, w, h))
        try sky.set("colors", Colors([Color(red: 0.27, green: 0.6, blue: 0.89), Color(red: 0.68, green: 0.86, blue: 0.98)]))
        try view.addSublayer(sky)

        title = try Layer.text("title", titleText, frame: Rect(0, 120, w, 36), fontSize: 28, color: .white)
        username = try Login.field("username", "  Username", frame: Rect(30, 202, w - 60, 40))
        password = try Login.field("password", "  Password", frame: Rect(30, 263, w - 60, 40))
        for l in [title, username, password] { try view.addSublayer(l) }

        loginButton = try Layer(.plain, name: "login")
        try loginButton.setFrame(Rect((w - 260) / 2, 343, 260, 50))
        try loginButton.set("backgroundColor", green)
        try loginButton.set("cornerRadius", 5.0)
        buttonTitle = try Layer.text("label", "Login", frame: Rect(0, 13, 260, 24), fontSize: 18, color: Color(red: 1, green: 0, blue: 0))
        try loginButton.addSublayer(buttonTitle)
        spinner = try Login.spinner(frame: Rect(-20, 6, 20, 20))
        try spinner.set("opacity", 0.0)
        try loginButton.addSublayer(spinner)

        // The seed adds the button, then the clouds.
        try view.addSublayer(loginButton)
        for (i, f) in cloudFrames.enumerated() {
            let cloud = try Login.cloud("cloud\(i + 1)", frame: f)
            clouds.append(cloud)
            try view.addSublayer(cloud)
        }

        status = try Layer(.plain, name: "status")
        try status.setFrame(Rect((w - 230) / 2, 343, 230, 50))
        try status.set("backgroundColor", Color(red: 0.99, green: 0.96, blue: 0.85))
        try status.set("cornerRadius", 8.0)
        try status.set("hidden", true)
        label = try Layer.text("message", "", frame: Rect(0, 14, 230, 24), fontSize: 18, color: Color(red: 0.89, green: 0.38, blue: 0))
        try status.addSublayer(label)
        try view.addSublayer(status)
        statusPosition = Point(w / 2, 368)

        info = try Layer.text("info", "Tap on a field and enter username and password",
                              frame: Rect(0, 368 + 60, w, 30), fontSize: 12, color: .white)
        try view.insertSublayer(info, below: loginButton)
    }

    // MARK: - viewWillAppear / viewDidAppear

    func appear() throws {
        // flyRight: the title now, the fields 0.3 and 0.4 s later with fillMode both; each pulses when it lands.
        let now = Host.now
        for (layer, delay) in [(title, 0.0), (username, 0.3), (password, 0.4)] {
            let flyRight = try Animation.basic("position.x").from(-w / 2).to(w / 2).duration(0.5)
            if delay > 0 { try flyRight.beginTime(now + delay).fillMode("both") }
            try flyRight.callbacks(didStop: { [self] _ in try pulse(layer) })
            try layer.add(flyRight, forKey: nil)
        }
        // Clouds fade in, fillMode backwards, staggered.
        for (cloud, delay) in zip(clouds, [0.5, 0.7, 0.9, 1.1]) {
            let fadeIn = try Animation.basic("opacity").from(0.0).to(1.0).duration(0.5).fillMode("backwards").beginTime(now + delay)
            try cloud.add(fadeIn, forKey: nil)
        }
        // The login button springs up from 30 points lower, fading in (UIView spring: 0.5 s, delay 0.5, damping 0.5).
        let y = try loginButton.number("position.y")
        for (keyPath, from, to) in [("position.y", y + 30, y), ("opacity", 0.0, 1.0)] {
            let spring = try Animation.spring(keyPath).from(from).to(to).duration(0.5).beginTime(now + 0.5).fillMode("backwards")
            try spring.set("dampingRatio", 0.5)
            try loginButton.add(spring, forKey: nil)
        }
        for cloud in clouds { try animateCloud(cloud) }
        // The info label flies in from the right and fades in, under keys.
        let x = try info.number("position.x")
        try info.add(Animation.basic("position.x").from(x + w).to(x).duration(5), forKey: "infoappear")
        try info.add(Animation.basic("opacity").from(0.2).to(1.0).duration(4.5), forKey: "fadein")

        try Host.on("tap") { [self] in try handleLogin() }
        try Host.on("focus") { [self] in try textFieldDidBeginEditing() }
    }

    /// animationDidStop for "form": a scale pulse 1.25 → 1 over 0.25 s, starting now.
    func pulse(_ layer: Layer) throws {
        try layer.add(Animation.basic("transform.scale").from(1.25).to(1.0).duration(0.25), forKey: nil)
    }

    /// animateCloud: drift to the right edge at 60 points per screen width a second;
    /// when it stops, move to the left edge and go again after 0.5 s.
    func animateCloud(_ cloud: Layer) throws {
        let x = try cloud.number("position.x"), width = try cloud.number("bounds.size.width")
        let originX = x - width / 2
        let duration = (w - originX) * (60.0 / w)
        let move = try Animation.basic("position.x").to(w + width / 2).duration(duration).fillMode("forwards")
        try move.callbacks(didStop: { [self] _ in
            try cloud.set("position.x", -width / 2)
            guard Host.now + 0.5 < loopUntil else { return }
            try Host.after(0.5) { [self] in try animateCloud(cloud) }
        })
        try cloud.add(move, forKey: nil)
    }

    // MARK: - Events

    /// textFieldDidBeginEditing: print the info label's keys and remove its two animations.
    func textFieldDidBeginEditing() throws {
        Host.log("info animations: \(try info.animationKeys().joined(separator: ", "))")
        try info.removeAnimation(forKey: "infoappear")
        try info.removeAnimation(forKey: "fadein")
    }

    func handleLogin() throws {
        // The button grows 80 points wide on a loose spring (1.5 s, damping 0.2).
        let width = try loginButton.number("bounds.size.width")
        try springTo(loginButton, "bounds.size.width", from: width, to: width + 80, duration: 1.5, damping: 0.2)
        try buttonTitle.set("position.x", (width + 80) / 2)
        // It moves down 60 points while the spinner appears (0.33 s, damping 0.7); then the first message.
        let y = try loginButton.number("position.y")
        try springTo(loginButton, "position.y", from: y, to: y + 60, duration: 0.33, damping: 0.7) { [self] in
            try showMessage(0)
        }
        try springTo(spinner, "position", from: Point(-10, 16), to: Point(40, 25), duration: 0.33, damping: 0.7)
        try springTo(spinner, "opacity", from: 0.0, to: 1.0, duration: 0.33, damping: 0.7)
        try tint(loginButton, to: Color(red: 0.85, green: 0.83, blue: 0.45))
        try roundCorners(loginButton, to: 25)
    }

    func showMessage(_ index: Int) throws {
        try label.set("string", messages[index])
        let flip = try Animation.transition().set("type", "flip").set("subtype", "fromTop").duration(0.33).timingFunction("easeOut")
        try flip.callbacks(didStop: { [self] _ in
            try Host.after(2) { [self] in
                if index < messages.count - 1 { try removeMessage(index) } else { try resetForm() }
            }
        })
        try status.add(flip, forKey: "transition")
        try status.set("hidden", false)
    }

    func removeMessage(_ index: Int) throws {
        // UIView.animate with no options: UIKit's default ease-in-ease-out curve.
        let away = try Animation.basic("position.x").from(statusPosition.x).to(statusPosition.x + w).duration(0.33)
            .timingFunction("easeInEaseOut")
        try away.callbacks(didStop: { [self] _ in
            try status.set("hidden", true)
            try status.set("position", statusPosition)
            try showMessage(index + 1)
        })
        try status.add(away, forKey: "away")
        try status.set("position.x", statusPosition.x + w)
    }

    func resetForm() throws {
        let flip = try Animation.transition().set("type", "flip").set("subtype", "fromTop").duration(0.2)
            .timingFunction("easeInEaseOut")
        try flip.callbacks(didStop: { [self] _ in
            try tint(loginButton, to: green)
            try roundCorners(loginButton, to: 10)
        })
        try status.add(flip, forKey: "transition")
        try status.set("hidden", true)
        try status.set("position", statusPosition)
        // The spinner goes back to (-20, 16) as the seed writes it, the width and the height over 0.2 s.
        let width = try loginButton.number("bounds.size.width"), y = try loginButton.number("position.y")
        for (layer, keyPath, from, to): (Layer, String, any ValueConvertible, any ValueConvertible) in [
            (spinner, "position", Point(40, 25), Point(-20, 16)), (spinner, "opacity", 1.0, 0.0),
            (loginButton, "bounds.size.width", width, width - 80), (loginButton, "position.y", y, y - 60),
        ] {
            let a = try Animation.basic(keyPath).set("from", from).set("to", to).duration(0.2).timingFunction("easeInEaseOut")
            try layer.add(a, forKey: nil)
            try layer.set(keyPath, to)
        }
        try buttonTitle.set("position.x", (width - 80) / 2)
    }

    // MARK: - Helpers from the seed

    /// A UIView-style spring: the model takes the end value, a spring animation runs from the start,
    /// and `completion` runs when it ends.
    func springTo(_ layer: Layer, _ keyPath: String, from: some ValueConvertible, to: some ValueConvertible,
                  duration: Double, damping: Double, completion: (() throws -> Void)? = nil) throws {
        let a = try Animation.spring(keyPath).from(from).to(to).duration(duration)
        try a.set("dampingRatio", damping)
        if let completion { try a.callbacks(didStop: { _ in try completion() }) }
        try layer.add(a, forKey: nil)
        try layer.set(keyPath, to)
    }

    /// tintBackgroundColor: 0.5 s from the current colour (the seed sets fromValue to it).
    func tint(_ layer: Layer, to color: Color) throws {
        let from = try layer.get("backgroundColor")
        guard case .color(let old) = from else { throw PluginError("the button has no background colour") }
        try layer.add(Animation.basic("backgroundColor").from(old).to(color).duration(0.5), forKey: nil)
        try layer.set("backgroundColor", color)
    }

    /// roundCorners: 0.5 s from the current radius (the seed sets fromValue to it).
    func roundCorners(_ layer: Layer, to radius: Double) throws {
        try layer.add(Animation.basic("cornerRadius").from(try layer.number("cornerRadius")).to(radius).duration(0.5), forKey: nil)
        try layer.set("cornerRadius", radius)
    }

    static func field(_ name: String, _ placeholder: String, frame: Rect) throws -> Layer {
        let f = try Layer(.plain, name: name)
        try f.setFrame(frame)
        try f.set("backgroundColor", Color.white)
        try f.set("cornerRadius", 5.0)
        // UITextField's placeholder, 17 pt in 70 % gray, in the seed's TextField rect (5 pt in from each side),
        // a 23-pt line centred vertically.
        let p = try Layer.text("placeholder", placeholder, frame: Rect(5, frame.height / 2 - 11.5, frame.width - 10, 23), fontSize: 17,
                               color: Color(white: 0.7), alignment: "left")
        try f.addSublayer(p)
        return f
    }

    /// A white cloud: three overlapping ellipses.
    static func cloud(_ name: String, frame: Rect) throws -> Layer {
        let c = try Layer(.shape, name: name)
        try c.setFrame(frame)
        let p = try Path()
        let w = frame.width, h = frame.height
        try p.addEllipse(in: Rect(0, h * 0.35, w * 0.55, h * 0.65))
        try p.addEllipse(in: Rect(w * 0.25, 0, w * 0.5, h * 0.9))
        try p.addEllipse(in: Rect(w * 0.45, h * 0.3, w * 0.55, h * 0.7))
        try c.set("path", p)
        try c.set("fillColor", Color(white: 1, alpha: 0.95))
        return c
    }

    /// UIActivityIndicatorView, white: an arc turning forever.
    static func spinner(frame: Rect) throws -> Layer {
        let s = try Layer(.shape, name: "spinner")
        try s.setFrame(frame)
        let p = try Path()
        try p.arc(center: Point(frame.width / 2, frame.height / 2), radius: frame.width / 2 - 2,
                  startAngle: 0, endAngle: 1.5 * Double.pi, clockwise: true)
        try s.set("path", p)
        try s.set("fillColor", Color.clear)
        try s.set("strokeColor", Color.white)
        try s.set("lineWidth", 2.5)
        let turn = try Animation.basic("transform.rotation.z").from(0.0).to(2 * Double.pi).duration(1)
            .repeatCount(Animation.forever)
        try s.add(turn, forKey: "turn")
        return s
    }
}

enum Plugin {
    nonisolated(unsafe) static let descriptor = Descriptor.make(
        name: "pulse", version: "1.0.0",
        description: "the BahamaAir login form: fly-ins that pulse when they stop, clouds, a springy button (seeds 000, 001)",
        factories: [
            Factory("login", help: "the login screen; events: tap (log in), focus (a field gains focus)", parameters: [
                Parameter("title", .string, default: "Bahama Login", help: "the heading"),
                Parameter("loop-until", .double, default: "8", range: 0...3600,
                          help: "stop relaunching the clouds after this many seconds (the seed loops forever)"),
            ], build: build),
        ])
}

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: UnsafePointer<fx_api>?) -> UnsafePointer<fx_plugin>? {
    Host.entry(api, Plugin.descriptor)
}
