// SPDX-License-Identifier: MIT
import CFX
import FXCore
@testable import FXHost
import FXPluginKit

/// A host session on a fresh stage, with the kit's calls run as plugin code
/// against the real function table. The model it builds is read back from
/// FXCore directly, never through the kit.
final class KitStage {
    let session: HostSession
    let stage: Stage
    let root: UInt64

    init() throws {
        session = HostSession(pluginName: "kit-test")
        stage = Stage(size: FXCore.Size(200, 100))
        root = try session.attach(stage)
    }

    /// Runs `body` as a build function would: inside a plugin call, with the kit's table installed.
    func build(_ body: () throws -> Void) throws {
        try session.callPlugin("test") { Host.build(HostAPI.table, body) }
    }

    /// The stage's layers in tree order, below the root.
    var layers: [FXCore.Layer] { stage.root.sublayers }

    /// The first animation on the root's first sublayer.
    var firstAnimation: FXCore.Animation? { layers.first?.animations.first }

    /// Samples the stage at `t`, delivering what is due.
    func sample(at t: Double) throws { _ = try stage.sample(at: t) }

    func schedule(event: String, at t: Double) throws { try stage.schedule(event: event, at: t) }
}

/// A model value as plain numbers and text, so that tests compare it with
/// what they wrote by hand without naming the engine's types.
enum Plain: Equatable {
    case numbers([Double])
    case text(String)
    case other

    init(_ v: FXCore.Value) {
        switch v {
        case .number(let n): self = .numbers([n])
        case .numbers(let ns): self = .numbers(ns)
        case .color(let c): self = .numbers([c.red, c.green, c.blue, c.alpha])
        case .colors(let cs): self = .numbers(cs.flatMap { [$0.red, $0.green, $0.blue, $0.alpha] })
        case .string(let s): self = .text(s)
        default: self = .other
        }
    }
}
