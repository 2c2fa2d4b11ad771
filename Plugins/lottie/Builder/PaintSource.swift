// SPDX-License-Identifier: MIT
/// A shape layer's paints at any frame, for planned keyframes: the played frames, the layer's
/// animated properties, and its paints laid out at frames between them (kept, as each of the
/// paint's properties asks for the same frames).
final class PaintSource {
    let frames: [Double]
    let drivers: [[DriverSegment]]
    let items: [ShapeItem]
    private var laidOut: [Double: [Paint]] = [:]

    init(frames: [Double], drivers: [[DriverSegment]], items: [ShapeItem]) {
        self.frames = frames
        self.drivers = drivers
        self.items = items
    }

    func paints(at f: Double) -> [Paint] {
        if let p = laidOut[f] { return p }
        let p = PaintLayout.paints(items, at: f)
        laidOut[f] = p
        return p
    }
}
