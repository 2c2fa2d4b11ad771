// SPDX-License-Identifier: MIT
import CFX
import FXPluginKit

// shimmer — seed 003's "slide to unlock": white text masked by a gradient
// layer whose colours are (dim, highlight, dim); its `locations` run from
// [0, g/2, g] to [1−g, 1−g/2, 1] and repeat, with the start and end points
// pushed out to (−g, 0.5) and (1+g, 0.5) so the highlight reaches the first
// and last letters. g = effect width / label width.

/// `build(api, stage, text, effect_width, duration, font_size, highlight, dim, backdrop)`.
let build: @convention(c) (UnsafePointer<fx_api>?, fx_layer, UnsafePointer<CChar>?, Double, Double, Double,
                           UnsafePointer<fx_color>?, UnsafePointer<fx_color>?, UnsafePointer<fx_color>?) -> fx_status = {
    api, stage, text, effectWidth, duration, fontSize, highlight, dim, backdrop in
    Host.build(api) {
        try shimmer(stage: Layer(handle: stage), text: Descriptor.string(text), effectWidth: effectWidth, duration: duration,
                    fontSize: fontSize, highlight: Color(highlight), dim: Color(dim), backdrop: Color(backdrop))
    }
}

func shimmer(stage: Layer, text: String, effectWidth: Double, duration: Double, fontSize: Double,
             highlight: Color, dim: Color, backdrop: Color) throws {
    let size = try Host.stageSize()
    try stage.set("backgroundColor", backdrop)
    // The label: the seed's animationView, white text on black.
    let height = (fontSize * 1.5).rounded()
    let frame = Rect(20, ((size.height - height) / 2).rounded(), size.width - 40, height)
    let label = try Layer.text("label", text, frame: frame, fontSize: fontSize, color: .white)
    // The seed gives the label the backdrop's colour too ("background color -> black").
    try label.set("backgroundColor", backdrop)
    try stage.addSublayer(label)

    // gradientMask.frame = animationView.bounds; gradientSize = effectWidth / width.
    let g = effectWidth / frame.width
    let mask = try Layer(.gradient, name: "gradient")
    try mask.setFrame(Rect(0, 0, frame.width, frame.height))
    try mask.set("colors", Colors([dim, highlight, dim]))
    let start = [0, g / 2, g], end = [1 - g, 1 - g / 2, 1]
    try mask.set("locations", start)
    try mask.set("startPoint", Point(-g, 0.5))
    try mask.set("endPoint", Point(1 + g, 0.5))
    try label.setMask(mask)

    let slide = try Animation.basic("locations").from(start).to(end).duration(duration).repeatCount(10_000_000)
    try mask.add(slide, forKey: "shimmer")
}

enum Plugin {
    nonisolated(unsafe) static let descriptor = Descriptor.make(
        name: "shimmer", version: "1.0.0",
        description: "slide-to-unlock text: a highlight sweeps across through a gradient mask (seed 003)",
        factories: [
            Factory("shimmer", help: "text with a repeating highlight", parameters: [
                Parameter("text", .string, default: "slide to unlock", help: "the label's text"),
                Parameter("effect-width", .double, default: "50", range: 1...10000, help: "width of the highlight in points"),
                Parameter("duration", .double, default: "0.5", range: 0.01...60, help: "seconds for one sweep"),
                Parameter("font-size", .double, default: "28", range: 1...400, help: "points"),
                Parameter("highlight", .color, default: "white", help: "the highlight's colour"),
                Parameter("dim", .color, default: "#ffffff4d", help: "the text's colour outside the highlight (white at 30 %)"),
                Parameter("backdrop", .color, default: "black", help: "the stage's background"),
            ], build: build),
        ])
}

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: UnsafePointer<fx_api>?) -> UnsafePointer<fx_plugin>? {
    Host.entry(api, Plugin.descriptor)
}
