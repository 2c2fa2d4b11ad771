// SPDX-License-Identifier: MIT
/// A shape layer's paints at any frame, for planned keyframes: the played frames, the layer's
/// animated properties, and its paints laid out at frames between them (kept, as each of the
/// paint's properties asks for the same frames).
final class PaintSource {
    let frames: [Double]
    let items: [ShapeItem]
    /// Found by reflection (`Drivers.all`), which is slow: only when a paint's values change
    /// between played frames and a plan is made for them.
    private(set) lazy var drivers: [[DriverSegment]] = Drivers.all(in: items)
    private var laidOut: [Double: [Paint]] = [:]

    init(frames: [Double], items: [ShapeItem]) {
        self.frames = frames
        self.items = items
    }

    func paints(at f: Double) -> [Paint] {
        if let p = laidOut[f] { return p }
        let p = PaintLayout.paints(items, at: f)
        laidOut[f] = p
        return p
    }
}
