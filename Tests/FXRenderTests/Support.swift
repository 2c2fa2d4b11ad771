// SPDX-License-Identifier: MIT
import CCairo
import FXCore
import Testing
@testable import FXRender

/// A stage of `w`×`h` points whose root has the layers `build` adds.
func scene(_ w: Double = 160, _ h: Double = 120, _ build: (Stage) throws -> Void) throws -> Stage {
    let stage = Stage(size: Size(w, h))
    try build(stage)
    return stage
}

func layer(_ stage: Stage, _ kind: LayerKind = .layer, frame: Rect, _ props: [(Property, Value)] = [],
           in parent: Layer? = nil) throws -> Layer {
    let l = stage.makeLayer(kind, name: "l")
    try l.setFrame(frame)
    for (p, v) in props { try l.set(p, v) }
    try (parent ?? stage.root).addSublayer(l)
    return l
}

func render(_ stage: Stage, at t: Double = 0, scale: Double = 1) throws -> Frame {
    let r = Renderer(stageSize: stage.size, scale: scale)
    return r.render(try stage.sample(at: t))
}

/// A reference picture drawn directly with cairo, as premultiplied RGBA.
func reference(_ w: Int, _ h: Int, _ draw: (OpaquePointer) -> Void) -> [UInt8] {
    let s = Surface(width: w, height: h)
    draw(s.cr)
    return s.rgba()
}

/// How two pictures differ: the largest channel difference, the mean, and
/// how many pixels differ by more than `threshold` in some channel.
struct Difference: CustomStringConvertible {
    let max: Int
    let mean: Double
    let pixelsOver: Int
    var description: String { "max \(max), mean \(mean), \(pixelsOver) pixels over threshold" }
}

func difference(_ a: [UInt8], _ b: [UInt8], threshold: Int = 8) -> Difference {
    precondition(a.count == b.count)
    var mx = 0, sum = 0, over = 0
    for p in stride(from: 0, to: a.count, by: 4) {
        var pixelMax = 0
        for c in 0..<4 {
            let d = abs(Int(a[p + c]) - Int(b[p + c]))
            sum += d
            pixelMax = Swift.max(pixelMax, d)
        }
        mx = Swift.max(mx, pixelMax)
        if pixelMax > threshold { over += 1 }
    }
    return Difference(max: mx, mean: Double(sum) / Double(a.count), pixelsOver: over)
}

func rgba(_ f: Frame, _ x: Int, _ y: Int) -> [Int] {
    let p = f.pixel(x, y)
    return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
}

func near(_ a: [Int], _ b: [Int], _ tol: Int = 2) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= tol } }

/// A rounded rectangle with cairo's own arcs (not FXCore's path), for references.
func cairoRoundedRect(_ cr: OpaquePointer, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double) {
    cairo_new_sub_path(cr)
    cairo_arc(cr, x + w - r, y + r, r, -.pi / 2, 0)
    cairo_arc(cr, x + w - r, y + h - r, r, 0, .pi / 2)
    cairo_arc(cr, x + r, y + h - r, r, .pi / 2, .pi)
    cairo_arc(cr, x + r, y + r, r, .pi, 1.5 * .pi)
    cairo_close_path(cr)
}
