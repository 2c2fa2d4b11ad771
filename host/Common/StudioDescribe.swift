// SPDX-License-Identifier: MIT
import FXCore
import FXHost
import FXSinks

/// `fxhost studio-describe --plugin P [--factory F] [params…] [--event T:N…] [--time T]`, internal to
/// the studio (docs/STUDIO.md): what the page builds its controls and inspector from, as one JSON
/// document on standard output. It runs in the supervised child as every run does, builds the
/// factory as a run builds it, and samples it at T (default 0) so that the animations it lists are
/// those attached then, one list per layer of the JSON-lines record at T, in the same order.
func studioDescribe(_ options: RunOptions) throws {
    var o = options
    let loaded = try LoadedFactory.load(&o)
    let (arguments, duration) = try o.factoryArguments(for: loaded.factory)
    let stage = Stage(size: Size(o.stage.width, o.stage.height))
    stage.mediaTimeOrigin = o.stage.mediaTime
    stage.sizeIsFixed = o.stage.sizeGiven
    try loaded.session.build(loaded.factory, arguments: arguments, on: stage)
    try schedule(o.stage.events, on: stage, plugin: loaded.info.name)
    let end = duration ?? o.stage.end ?? stage.naturalEnd
    let t = o.stage.time ?? 0
    let snapshot = try stage.sample(at: t)
    var byID: [Int: Layer] = [:]
    var pending = [stage.root]
    while let layer = pending.popLast() {
        byID[layer.id] = layer
        pending += layer.sublayers
        if let mask = layer.mask { pending.append(mask) }
    }
    let animations = JSON.array(snapshot.layers.map { presented in
        .array((byID[presented.id]?.animations ?? []).map(StudioJSON.animation))
    })
    let document = JSON.object([
        ("plugin", .object([("name", .string(loaded.info.name)), ("version", .string(loaded.info.version)),
                            ("description", .string(loaded.info.description)), ("file", .string(loaded.path))])),
        ("factory", .string(loaded.factory.name)),
        ("factories", .array(loaded.info.factories.map(StudioJSON.factory))),
        ("stage", .object([("width", .number(stage.size.width)), ("height", .number(stage.size.height)),
                           ("fps", .number(o.stage.fps))])),
        ("end", .number(end)),
        ("events", .array(stage.eventNames.map { .string($0) })),
        ("time", .number(t)),
        ("animations", animations),
    ])
    try standardOutput(document.text + "\n")
}

/// The studio's JSON for the plugin's declarations and a layer's animations.
enum StudioJSON {
    static func factory(_ f: FactoryInfo) -> JSON {
        .object([("name", .string(f.name)), ("help", .string(f.help)), ("parameters", .array(f.parameters.map(parameter)))])
    }

    static func parameter(_ p: ParameterInfo) -> JSON {
        .object([("name", .string(p.name)), ("type", .string(p.type.rawValue)), ("help", .string(p.help)),
                 ("default", .string(p.defaultText)), ("min", p.min.map(JSON.number) ?? .null),
                 ("max", p.max.map(JSON.number) ?? .null), ("choices", .array(p.choices.map { .string($0) }))])
    }

    /// An animation's timing as Core Animation states it; begin in the layer's time (the stage's,
    /// unless the layer or an ancestor has timing of its own); infinite repeats as null.
    static func animation(_ a: Animation) -> JSON {
        let timing = a.timing
        func number(_ x: Double) -> JSON { x.isFinite ? .number(x) : .null }
        var fields: [(String, JSON)] = [
            ("class", .string(a.className)), ("keyPath", a.keyPath.map { .string($0.description) } ?? .null),
            ("begin", number(timing.beginTime)), ("duration", number(timing.effectiveDuration)),
            ("active", number(timing.activeDuration)), ("repeatCount", number(timing.repeatCount)),
            ("autoreverses", .bool(timing.autoreverses)), ("fill", .string(timing.fillMode.rawValue)),
            ("speed", number(timing.speed))]
        // A keyframe animation along a path: how many keyframe segments the path gives it.
        if case .keyframe(let k) = a.kind, let path = k.path { fields.append(("pathSegments", .number(Double(path.keyframeCount - 1)))) }
        return .object(fields)
    }
}
