// SPDX-License-Identifier: MIT
import CFX
import FXCore
@testable import FXHost
import FXPluginKit
@_spi(UIKit) import QuartzCore
import Testing

/// A host session on a fresh stage, with the facade's code run as plugin
/// calls against the real function table, each one an implicit transaction
/// (as the facade's own entries run it). What the facade builds is read back
/// from FXCore directly, never through the facade.
final class FacadeStage {
    let session: HostSession
    let stage: Stage
    let rootHandle: UInt64

    init(width: Double = 200, height: Double = 100) throws {
        session = HostSession(pluginName: "facade-test")
        stage = Stage(size: FXCore.Size(width, height))
        rootHandle = try session.attach(stage)
    }

    /// Runs `body` as one plugin call at the stage's current time; `root` is the stage as a CALayer.
    /// `table` stands for an older host's shorter table (`olderHostTable`).
    func call(table: UnsafePointer<fx_api> = UnsafePointer(HostAPI.table), _ body: (CALayer) throws -> Void) throws {
        let handle = rootHandle
        try session.callPlugin("test") {
            Host.build(table) {
                try UIKitSupport.run { try body(UIKitSupport.stage(FXPluginKit.Layer(handle: handle))) }
            }
        }
    }

    /// The function table a host built against fx.h 1.3 hands a plugin: the same functions, its
    /// `struct_size` ending before 1.4's first member (`image_decode_png`), which is what FX_API_HAS reads.
    nonisolated(unsafe) static let olderHostTable: UnsafePointer<fx_api> = {
        var api = HostAPI.table.pointee
        api.abi_minor = 3
        api.struct_size = UInt32(MemoryLayout<fx_api>.offset(of: \.image_decode_png)!)
        let p = UnsafeMutablePointer<fx_api>.allocate(capacity: 1)
        p.initialize(to: api)
        return UnsafePointer(p)
    }()

    /// Moves the clock to `t`, delivering what is due (timers, did-start, did-stop).
    func advance(to t: Double) throws { try stage.advance(to: t) }

    /// The engine's layers below the root, in tree order.
    var layers: [FXCore.Layer] { stage.root.sublayers }

    /// The presented state of `layer` at `t` (advancing the clock there).
    func presented(_ layer: FXCore.Layer, at t: Double) throws -> PresentedLayer {
        let snapshot = try stage.sample(at: t)
        return try #require(snapshot.layers.first { $0.id == layer.id })
    }
}

/// Numbers out of the engine's values, for comparing with hand-computed ones.
extension FXCore.Value {
    var num: Double? { if case .number(let n) = self { n } else { nil } }
    var pt: FXCore.Point? { if case .point(let p) = self { p } else { nil } }
    var rct: FXCore.Rect? { if case .rect(let r) = self { r } else { nil } }
    var col: FXCore.Color? { if case .color(let c) = self { c } else { nil } }
    var xform: Transform3D? { if case .transform(let t) = self { t } else { nil } }
    var pth: FXCore.Path? { if case .path(let p) = self { p } else { nil } }
}

extension FXCore.Animation {
    /// From, to and by of a basic or spring animation.
    var fromToBy: (from: FXCore.Value?, to: FXCore.Value?, by: FXCore.Value?)? {
        switch kind {
        case .basic(let f, let t, let b): (f, t, b)
        case .spring(let f, let t, let b, _): (f, t, b)
        default: nil
        }
    }
    var spring: Spring? { if case .spring(_, _, _, let s) = kind { s } else { nil } }
    var keyName: String { keyPath.map { "\($0)" } ?? "" }
}

func near(_ a: Double, _ b: Double, _ eps: Double = 1e-9) -> Bool { abs(a - b) <= eps }
func near(_ a: CGFloat, _ b: Double, _ eps: Double = 1e-9) -> Bool { abs(Double(a) - b) <= eps }

/// y of a CSS/CA cubic Bézier timing curve at x, solved by bisection (independent of the engine's solver).
func bezierY(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, atX x: Double) -> Double {
    func coord(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if coord(x1, x2, mid) < x { lo = mid } else { hi = mid }
    }
    return coord(y1, y2, (lo + hi) / 2)
}

/// Row-vector 4×4 product a·b, written out here rather than taken from the engine.
func matrixProduct(_ a: [Double], _ b: [Double]) -> [Double] {
    var out = [Double](repeating: 0, count: 16)
    for r in 0..<4 { for c in 0..<4 { for k in 0..<4 { out[r * 4 + c] += a[r * 4 + k] * b[k * 4 + c] } } }
    return out
}

extension CATransform3D {
    var entries: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44].map { Double($0) }
    }
}

func allClose(_ a: [Double], _ b: [Double], _ eps: Double = 1e-9) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= eps }
}

/// A delegate that records what it hears.
final class HeardDelegate: NSObject, CAAnimationDelegate {
    var started: [CAAnimation] = []
    var stopped: [(anim: CAAnimation, finished: Bool, at: Double)] = []
    func animationDidStart(_ anim: CAAnimation) { started.append(anim) }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stopped.append((anim, flag, CACurrentMediaTime())) }
}

/// Every suite of this target runs inside this one, one test at a time: the
/// facade keeps the current transaction and the host keeps the current session in globals.
@Suite(.serialized) enum Facade {}

extension FacadeStage {
    /// A standalone layer made and committed at t = 0, then `change` run on it in a plugin call at
    /// t = 1 (so that implicit actions apply): the stage and the host's layer.
    static func changedAtOne(_ change: @escaping (CALayer) -> Void) throws -> (FacadeStage, FXCore.Layer) {
        let k = try FacadeStage()
        var layer: CALayer!
        try k.call { root in
            layer = CALayer()
            root.addSublayer(layer)
        }
        try k.advance(to: 1)
        try k.call { _ in change(layer) }
        return (k, k.layers[0])
    }
}
