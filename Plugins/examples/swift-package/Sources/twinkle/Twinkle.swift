// SPDX-License-Identifier: MIT-0
import CFX
import FXPluginKit
import Glibc

// twinkle — a star that grows in, then twinkles: a keyframe animation of its
// scale with a custom curve per segment, a spring for its entrance, and a
// `tap` event that spins it. Built outside fxhost's own package, against the
// FXPluginKit product only.

/// `fx_status build(api, stage, points, size, color, twinkles)`.
let build: @convention(c) (UnsafePointer<fx_api>?, fx_layer, Int32, Double, UnsafePointer<fx_color>?, Int32) -> fx_status = {
    api, stage, points, size, color, twinkles in
    Host.build(api) {
        try twinkle(stage: Layer(handle: stage), points: Int(points), size: size, color: Color(color), twinkles: Int(twinkles))
    }
}

/// A star of `points` points and outer radius `r`, centred in a square of side 2r.
func starPath(points: Int, radius r: Double) throws -> Path {
    let path = try Path()
    for i in 0..<(2 * points) {
        let angle = Double(i) * Double.pi / Double(points) - Double.pi / 2
        let d = i % 2 == 0 ? r : r * 0.45
        let p = Point(r + d * cos(angle), r + d * sin(angle))
        if i == 0 { try path.move(to: p) } else { try path.line(to: p) }
    }
    try path.close()
    return path
}

func twinkle(stage: Layer, points: Int, size: Double, color: Color, twinkles: Int) throws {
    let stageSize = try Host.stageSize()
    let star = try Layer(.shape, name: "star")
    try star.setFrame(Rect((stageSize.width - size) / 2, (stageSize.height - size) / 2, size, size))
    try star.set(.path, try starPath(points: points, radius: size / 2))
    try star.set(.fillColor, color)
    try star.set(.strokeColor, nil)
    try stage.addSublayer(star)

    // In on a spring, as UIKit's usingSpringWithDamping: 0.5 would.
    let grow = try Animation.spring("transform.scale").from(0.0).to(1.0).duration(0.8).dampingRatio(0.5)
    try star.add(grow, forKey: "grow")

    // Then twinkle: down fast, back up slowly, each segment its own curve.
    let twinkle = try Animation.keyframe("transform.scale").values([1.0, 0.7, 1.0]).keyTimes([0, 0.3, 1])
        .timingFunctions([TimingCurve(0.5, 0, 1, 0.6), .easeOut])
        .duration(0.6).beginTime(Host.now + 0.8).repeatCount(Double(twinkles))
    try star.add(twinkle, forKey: "twinkle")

    try Host.on("tap") { _ in
        let spin = try Animation.basic("transform.rotation.z").by(2 * Double.pi / Double(points)).duration(0.4)
            .timingFunction(.easeInEaseOut)
        try star.add(spin, forKey: "spin")
    }
}

enum Plugin {
    nonisolated(unsafe) static let descriptor = Descriptor.make(
        name: "twinkle", version: "1.0.0", description: "a star that springs in and twinkles (an example package)",
        factories: [
            Factory("twinkle", help: "a star grows in on a spring, then twinkles; --event T:tap spins it", parameters: [
                Parameter("points", .int, default: "5", range: 3...12, help: "the star's points"),
                Parameter("star-size", .double, default: "120", minimum: 8, help: "the star's width in points"),
                Parameter("color", .color, default: "#ffd23f", help: "the star's colour"),
                Parameter("twinkles", .int, default: "3", range: 1...100, help: "how many times it twinkles"),
            ], build: build),
        ])
}

@_cdecl("fx_plugin_entry")
public func fxPluginEntry(_ api: UnsafePointer<fx_api>?) -> UnsafePointer<fx_plugin>? {
    Host.entry(api, Plugin.descriptor)
}
