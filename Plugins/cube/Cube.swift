// SPDX-License-Identifier: MIT
import CFX
import FXPluginKit

// cube — seed 004's cubeTransition: a label's text changes as if written on
// two faces of a turning cube. A copy of the label with the new text starts
// squashed to (1, 0.1) and moved by ±height/2; over 0.5 s, ease-out, it opens
// to identity while the old label squashes and moves the other way. Then the
// label takes the new text, its transform resets, and the copy goes.

/// `fx_status build(api, stage, text, from, direction, duration, font_size, color, backdrop)`.
let build: @convention(c) (UnsafePointer<fx_api>?, fx_layer, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32,
                           Double, Double, UnsafePointer<fx_color>?, UnsafePointer<fx_color>?) -> fx_status = {
    api, stage, text, from, direction, duration, fontSize, color, backdrop in
    Host.build(api) {
        try cubeTransition(stage: Layer(handle: stage), from: Descriptor.string(from), to: Descriptor.string(text),
                           direction: direction == 0 ? 1 : -1, duration: duration, fontSize: fontSize,
                           color: Color(color), backdrop: Color(backdrop))
    }
}

/// The label and its copy: same frame, font, alignment and colours.
func makeLabel(_ name: String, text: String, frame: Rect, fontSize: Double, color: Color, backdrop: Color) throws -> Layer {
    let label = try Layer.text(name, text, frame: frame, fontSize: fontSize, color: color)
    try label.set("backgroundColor", backdrop)
    return label
}

func cubeTransition(stage: Layer, from old: String, to new: String, direction: Double, duration: Double,
                    fontSize: Double, color: Color, backdrop: Color) throws {
    let size = try Host.stageSize()
    let height = (fontSize * 1.4).rounded()
    let frame = Rect(0, ((size.height - height) / 2).rounded(), size.width, height)
    let label = try makeLabel("label", text: old, frame: frame, fontSize: fontSize, color: color, backdrop: backdrop)
    try stage.addSublayer(label)

    // The copy: same frame, font, alignment and colours; the new text.
    let aux = try makeLabel("aux", text: new, frame: frame, fontSize: fontSize, color: color, backdrop: backdrop)
    let offset = direction * height / 2
    let squashed = Transform.scale(1, 0.1).concatenating(.translation(0, offset))
    let away = Transform.scale(1, 0.1).concatenating(.translation(0, -offset))
    try stage.addSublayer(aux)

    // UIView.animate sets the model to the end state and animates from the presented one.
    let open = try Animation.basic("transform").from(squashed).to(Transform.identity)
        .duration(duration).timingFunction("easeOut")
    try open.callbacks(didStop: { _ in
        // completion: label.text = auxLabel.text; label.transform = identity; auxLabel.removeFromSuperview()
        try label.set("string", new)
        try label.set("transform", Transform.identity)
        try aux.removeFromSuperlayer()
    })
    try aux.add(open, forKey: "cube")
    try aux.set("transform", Transform.identity)

    let close = try Animation.basic("transform").from(Transform.identity).to(away)
        .duration(duration).timingFunction("easeOut")
    try label.add(close, forKey: "cube")
    try label.set("transform", away)
}

enum Plugin {
    nonisolated(unsafe) static let descriptor = Descriptor.make(
        name: "cube", version: "1.0.0",
        description: "a label's text changes as on two faces of a turning cube (seed 004, cubeTransition)",
        factories: [
            Factory("cube", help: "turn the label from one text to another", parameters: [
                Parameter("text", .string, default: "Paris", help: "the new text"),
                Parameter("from", .string, default: "London", help: "the text shown first"),
                Parameter("direction", .choice(["up", "down"]), default: "up",
                          help: "up: the new text rises from below (AnimationDirection.Positive); down: it drops from above"),
                Parameter("duration", .double, default: "0.5", range: 0.01...60, help: "seconds the turn takes"),
                Parameter("font-size", .double, default: "36", range: 1...400, help: "points"),
                Parameter("color", .color, default: "white", help: "text colour"),
                Parameter("backdrop", .color, default: "clear", help: "the label's background colour"),
            ], build: build),
        ])
}

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: UnsafePointer<fx_api>?) -> UnsafePointer<fx_plugin>? {
    Host.entry(api, Plugin.descriptor)
}
