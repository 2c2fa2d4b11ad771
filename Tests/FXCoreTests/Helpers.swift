// SPDX-License-Identifier: MIT
import Glibc
@testable import FXCore

func close(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool { abs(a - b) <= tol }

func close(_ a: Transform3D, _ b: Transform3D, _ tol: Double = 1e-9) -> Bool {
    zip(a.entries, b.entries).allSatisfy { abs($0 - $1) <= tol }
}

func number(_ v: Value) -> Double {
    if case .number(let n) = v { return n }
    return .nan
}

/// A stage with one layer of `kind` named "l" in it.
func stageWithLayer(_ kind: LayerKind = .layer) -> (Stage, Layer) {
    let stage = Stage(size: Size(320, 240))
    let layer = stage.makeLayer(kind, name: "l")
    try! stage.root.addSublayer(layer)
    return (stage, layer)
}

/// The presented value at key path `kp` of the layer named "l" at time `t`.
func presented(_ stage: Stage, _ kp: String, at t: Double, layer name: String = "l") throws -> Value {
    let snap = try stage.sample(at: t)
    return snap.layer(named: name)!.value(at: try KeyPath(parsing: kp))
}

func basic(_ kp: String, from: Value? = nil, to: Value? = nil, by: Value? = nil,
           _ configure: (inout Animation) -> Void = { _ in }) -> Animation {
    var a = Animation.basic(try! KeyPath(parsing: kp), from: from, to: to, by: by)
    configure(&a)
    return a
}
