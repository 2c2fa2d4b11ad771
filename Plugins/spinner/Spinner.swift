// SPDX-License-Identifier: MIT
import CFX
import FXPluginKit

// spinner — seed 002's ActivityLayer. The login button shrinks to a circle
// (0.25 s, its title fading out); when that finishes, a 3 pt white quarter arc
// of radius h/2 − 6 turns by π/2 every 0.25 s: one `transform` animation,
// cumulative, repeating forever, filling forwards. stopAnimation pauses the
// arc layer (speed 0, timeOffset = its local time); startAnimation resumes it
// (speed 1, timeOffset 0, beginTime = local time − paused time). Two seconds
// after the tap the arc goes and the button spreads back.

/// `build(api, stage, pause_at, resume_at, spread_at, width, height, color)`.
let build: @convention(c) (UnsafePointer<fx_api>?, fx_layer, Double, Double, Double, Double, Double,
                           UnsafePointer<fx_color>?) -> fx_status = {
    api, stage, pauseAt, resumeAt, spreadAt, width, height, color in
    Host.build(api) {
        try Spinner(stage: Layer(handle: stage), width: width, height: height, color: Color(color))
            .run(pauseAt: pauseAt, resumeAt: resumeAt, spreadAt: spreadAt)
    }
}

final class Spinner {
    let stage: Layer
    let button: Layer
    let title: Layer
    let width, height: Double
    var activity: Layer?
    var arc: Layer?

    init(stage: Layer, width: Double, height: Double, color: Color) throws {
        self.stage = stage
        self.width = width
        self.height = height
        let size = try Host.stageSize()
        try stage.set("backgroundColor", Color(red: 0.16, green: 0.5, blue: 0.73))
        button = try Layer(.plain, name: "button")
        try button.setFrame(Rect((size.width - width) / 2, (size.height - height) / 2, width, height))
        try button.set("backgroundColor", color)
        try button.set("cornerRadius", height / 2)
        try stage.addSublayer(button)
        // UIButton centres its title: a 24-pt line for 18-pt text.
        title = try Layer.text("title", "Login", frame: Rect(0, height / 2 - 12, width, 24), fontSize: 18, color: .white)
        try button.addSublayer(title)
    }

    func run(pauseAt: Double, resumeAt: Double, spreadAt: Double) throws {
        // shrinkLoginButton: the width goes to the height (a circle), the title fades; UIView.animate's
        // default curve is ease-in-ease-out (UIView.AnimationOptions.curveEaseInOut).
        let shrink = try Animation.basic("bounds.size.width").from(width).to(height).duration(0.25).timingFunction("easeInEaseOut")
        try shrink.callbacks(didStop: { [self] finished in if finished { try startActivity() } })
        try button.add(shrink, forKey: "shrink")
        try button.set("bounds.size.width", height)
        try title.add(Animation.basic("foregroundColor").from(Color.white).to(Color(white: 1, alpha: 0)).duration(0.25)
                      .timingFunction("easeInEaseOut"), forKey: "fade")
        try title.set("foregroundColor", Color(white: 1, alpha: 0))
        // The title stays centred in the shrinking button.
        try title.add(Animation.basic("position.x").from(width / 2).to(height / 2).duration(0.25).timingFunction("easeInEaseOut"),
                      forKey: "centre")
        try title.set("position.x", height / 2)

        if pauseAt >= 0 { try Host.after(pauseAt) { [self] in try stopAnimation() } }
        if resumeAt >= 0 { try Host.after(resumeAt) { [self] in try startAnimation() } }
        if spreadAt >= 0 { try Host.after(spreadAt) { [self] in try spread() } }
    }

    /// ActivityLayer(frame: button.bounds) with its shape layer, then startAnimation.
    func startActivity() throws {
        let activity = try Layer(.plain, name: "activity")
        try activity.setFrame(Rect(0, 0, height, height))
        let arc = try Layer(.shape, name: "arc")
        let path = try Path()
        let spaceWidth = 3.0, lineWidth = 3.0
        try path.arc(center: Point(0, 0), radius: height / 2 - spaceWidth - lineWidth, startAngle: -Double.pi / 2,
                     endAngle: 0, clockwise: true)
        // shaperLayer.position = self.position: the arc turns about the layer's centre.
        try arc.set("position", Point(height / 2, height / 2))
        try arc.set("fillColor", Color.clear)
        try arc.set("strokeColor", Color.white)
        try arc.set("lineWidth", lineWidth)
        try arc.set("path", path)
        try activity.addSublayer(arc)
        try button.addSublayer(activity)
        let spin = try Animation.basic("transform").to(Transform.rotation(Double.pi / 2, 0, 0, 1)).duration(0.25)
            .removedOnCompletion(false).fillMode("forwards").repeatCount(Animation.forever)
        try spin.set("cumulative", true)
        try arc.add(spin, forKey: nil)
        self.activity = activity
        self.arc = arc
    }

    /// stopAnimation: pausedTime = convertTime(now); speed = 0; timeOffset = pausedTime.
    func stopAnimation() throws {
        guard let arc else { return }
        let paused = try arc.localTime()
        try arc.setTiming(beginTime: try arc.timing().beginTime, speed: 0, timeOffset: paused)
    }

    /// startAnimation: speed 1, offset 0, beginTime 0, then beginTime = convertTime(now) − pauseTime.
    func startAnimation() throws {
        guard let arc else { return }
        let pauseTime = try arc.timing().timeOffset
        try arc.setTiming(beginTime: 0, speed: 1, timeOffset: 0)
        let sincePause = try arc.localTime() - pauseTime
        try arc.setTiming(beginTime: sincePause, speed: 1, timeOffset: 0)
    }

    /// spreadLoginButton: the arc goes; the width and the title come back over 0.25 s.
    func spread() throws {
        try activity?.removeFromSuperlayer()
        activity = nil
        arc = nil
        try button.add(Animation.basic("bounds.size.width").from(height).to(width).duration(0.25).timingFunction("easeInEaseOut"),
                       forKey: "spread")
        try button.set("bounds.size.width", width)
        try title.add(Animation.basic("position.x").from(height / 2).to(width / 2).duration(0.25).timingFunction("easeInEaseOut"),
                      forKey: "centre")
        try title.set("position.x", width / 2)
        try title.add(Animation.basic("foregroundColor").from(Color(white: 1, alpha: 0)).to(Color.white).duration(0.25)
                      .timingFunction("easeInEaseOut"), forKey: "fade")
        try title.set("foregroundColor", Color.white)
    }
}

enum Plugin {
    nonisolated(unsafe) static let descriptor = Descriptor.make(
        name: "spinner", version: "1.0.0",
        description: "a login button shrinks to a circle with a spinning arc, pauses and resumes (seed 002)",
        factories: [
            Factory("spinner", help: "the button shrinks, the arc spins, the button spreads back", parameters: [
                Parameter("pause-at", .double, default: "-1", range: -1...3600,
                          help: "seconds at which stopAnimation pauses the arc (negative: never)"),
                Parameter("resume-at", .double, default: "-1", range: -1...3600,
                          help: "seconds at which startAnimation resumes it (negative: never)"),
                Parameter("spread-at", .double, default: "2", range: -1...3600,
                          help: "seconds at which the button spreads back, as the seed's simulated request ends (negative: never)"),
                Parameter("width", .double, default: "270", range: 10...4000, help: "the button's width in points"),
                Parameter("height", .double, default: "45", range: 14...4000, help: "the button's height in points"),
                Parameter("color", .color, default: "#2ecc71", help: "the button's colour"),
            ], build: build),
        ])
}

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: UnsafePointer<fx_api>?) -> UnsafePointer<fx_plugin>? {
    Host.entry(api, Plugin.descriptor)
}
