// SPDX-License-Identifier: MIT
import CFX
import FXPluginKit
import Glibc
import Scenery

// fade — seed 004's fadeImageView: a new image view, alpha 0, goes above the
// old one and fades to 1 over 0.33 s (the snow view fading in with it when the
// weather has effects); on completion the old view takes the new image and the
// new view is removed. changeFlightDataAnimatedTo repeats this every 3 s,
// alternating between the two flights' images.

/// `build(api, stage, from, to, duration, snow, changes)`.
let build: @convention(c) (UnsafePointer<fx_api>?, fx_layer, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Double,
                           Int32, Int32) -> fx_status = {
    api, stage, from, to, duration, snow, changes in
    Host.build(api) {
        let fade = try Fade(stage: Layer(handle: stage), from: Descriptor.string(from), to: Descriptor.string(to),
                            duration: duration, snow: snow != 0)
        try fade.change(number: 0, of: Int(changes))
    }
}

final class Fade {
    let stage: Layer
    let background: Layer
    let snowView: Layer
    let images: [Image]
    let duration: Double
    let snow: Bool
    let size: Size

    init(stage: Layer, from: String, to: String, duration: Double, snow: Bool) throws {
        self.stage = stage
        self.duration = duration
        self.snow = snow
        size = try Host.stageSize()
        let w = max(1, Int(size.width.rounded())), h = max(1, Int(size.height.rounded()))
        images = [
            from.isEmpty ? try Image(width: w, height: h, rgba: Sky.sunny(w, h)) : try Image(png: from),
            to.isEmpty ? try Image(width: w, height: h, rgba: Sky.snowy(w, h)) : try Image(png: to),
        ]
        background = try Layer(.plain, name: "background")
        try background.setFrame(Rect(0, 0, size.width, size.height))
        try background.set("contents", images[0])
        try background.set("contentsGravity", "resizeAspectFill")
        try background.set("masksToBounds", true)
        try stage.addSublayer(background)
        snowView = try Snow.layer(size: size)
        try snowView.set("opacity", 0.0)
        try stage.addSublayer(snowView)
    }

    /// changeFlightDataAnimatedTo: fade to the other image; after 3 s, change again.
    func change(number n: Int, of total: Int) throws {
        guard n < total else { return }
        let target = images[(n + 1) % 2]
        let effects = snow && n % 2 == 0  // the snowy flight shows its weather; the sunny one does not
        try fadeImageView(to: target, showEffects: effects)
        try Host.after(3) { [self] in try change(number: n + 1, of: total) }
    }

    func fadeImageView(to image: Image, showEffects: Bool) throws {
        // UIImageView(image:) with UIKit's defaults: scale to fill, no clipping.
        let overlay = try Layer(.plain, name: "overlay")
        try overlay.setFrame(Rect(0, 0, size.width, size.height))
        try overlay.set("contents", image)
        try stage.insertSublayer(overlay, above: background)
        // UIView.animate's default curve is ease-in-ease-out (UIView.AnimationOptions.curveEaseInOut).
        let appear = try Animation.basic("opacity").from(0.0).to(1.0).duration(duration).timingFunction("easeInEaseOut")
        try appear.callbacks(didStop: { [self] _ in
            try background.set("contents", image)
            try overlay.removeFromSuperlayer()
        })
        try overlay.add(appear, forKey: "fade")
        try overlay.set("opacity", 1.0)
        let from = try snowView.number("opacity"), to = showEffects ? 1.0 : 0.0
        try snowView.add(Animation.basic("opacity").from(from).to(to).duration(duration).timingFunction("easeInEaseOut"), forKey: "fade")
        try snowView.set("opacity", to)
    }
}

/// The seed's snow view, as the tutorial series builds it: a CAEmitterLayer
/// whose line of emission runs along the top edge, just above it, releasing
/// white flakes that fall under gravity with some sideways drift, turn as
/// they go, and vary in size and alpha. The emitter starts 4 s before the
/// stage (`beginTime = -4`, the usual warm-up), so the sky is already full
/// of snow when it fades in; the seed makes every run the same.
enum Snow {
    static func layer(size: Size) throws -> Layer {
        let snow = try Layer(.emitter, name: "snow")
        try snow.setFrame(Rect(0, 0, size.width, size.height))
        try snow.set("emitterShape", "line")
        try snow.set("emitterPosition", Point(size.width / 2, -8))
        try snow.set("emitterSize", Size(size.width * 1.2, 0))
        try snow.set("seed", 2024.0)
        try snow.setTiming(beginTime: -4, speed: 1, timeOffset: 0)
        let flake = try EmitterCell(name: "flake")
            .set("contents", try Image(width: 16, height: 16, rgba: Flake.pixels(16)))
            .set("birthRate", size.width / 8)
            .set("lifetime", 6.0).set("lifetimeRange", 1.0)
            .set("velocity", 30.0).set("velocityRange", 20.0)
            .set("emissionLongitude", Double.pi).set("emissionRange", Double.pi / 4)
            .set("yAcceleration", 25.0).set("xAcceleration", 3.0)
            .set("scale", 0.5).set("scaleRange", 0.3)
            .set("spin", 0.0).set("spinRange", 1.5)
            .set("alphaRange", 0.3)
        try snow.addEmitterCell(flake)
        return snow
    }
}

enum Plugin {
    nonisolated(unsafe) static let descriptor = Descriptor.make(
        name: "fade", version: "1.0.0",
        description: "crossfade from one image to another, with an optional snow overlay (seed 004, fadeImageView)",
        factories: [
            Factory("fade", help: "fade a background image into another", parameters: [
                Parameter("from", .file, default: "", help: "PNG shown first (default: a generated sunny sky)"),
                Parameter("to", .file, default: "", help: "PNG faded in (default: a generated snowy sky)"),
                Parameter("duration", .double, default: "0.33", range: 0.01...60, help: "seconds the fade takes"),
                Parameter("snow", .bool, default: "false", help: "fade falling snow in with the snowy image"),
                Parameter("changes", .int, default: "1", range: 1...100,
                          help: "how many changes, every 3 s, alternating (changeFlightDataAnimatedTo)"),
            ], build: build),
        ])
}

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: UnsafePointer<fx_api>?) -> UnsafePointer<fx_plugin>? {
    Host.entry(api, Plugin.descriptor)
}
