// SPDX-License-Identifier: MIT
import FXPluginKit

/// The order After Effects composites 3D layers in: a run of 3D layers adjacent in the layer
/// list is drawn from the farthest to the nearest, each frame, and a 2D layer between two 3D
/// layers splits the run (each run is its own 3D space; the 2D layers keep their place). The
/// depth of a layer is its anchor point's distance along the active camera's view axis; equal
/// depths keep the layer order. The engine draws siblings by `zPosition` (ties in sublayer
/// order), and a flat layer's `zPosition` moves nothing it draws, so the order reaches it as
/// `zPosition`: each drawn layer's place in the composition, a run's places dealt out by depth
/// per played frame (a discrete animation). A composition without two adjacent 3D layers is
/// left as it was.
extension Builder {
    /// `drawn`: the composition's drawn layers, bottom first, with their index in `layers`.
    func orderByDepth(_ drawn: [(layer: Layer, index: Int)], _ layers: [LottieLayer], frames: [Double],
                      size: (Double, Double), path: String) throws {
        let runs = DepthOrder.runs(drawn.map { layers[$0.index].is3D })
        guard !runs.isEmpty, !frames.isEmpty else { return }
        var places = frames.map { _ in drawn.indices.map(Double.init) }
        for run in runs {
            for (j, f) in frames.enumerated() {
                var depths: [Double] = []
                for k in run {
                    let i = drawn[k].index
                    let m = try transform3D(layers[i], layers, size: size, at: f, "\(path)[\(i)]")
                    depths.append(DepthOrder.depth(of: layers[i].transform.anchor.at(f), through: m))
                }
                for (rank, k) in DepthOrder.farthestFirst(depths).enumerated() { places[j][run[k]] = Double(run[rank]) }
            }
        }
        for k in drawn.indices { try timeline.play(drawn[k].layer, "zPosition", places.map { $0[k] }, discrete: true) }
    }
}

enum DepthOrder {
    /// The runs of two or more adjacent 3D layers (indices into `is3D`, bottom first).
    static func runs(_ is3D: [Bool]) -> [[Int]] {
        var runs: [[Int]] = [], current: [Int] = []
        for (k, flag) in is3D.enumerated() {
            if flag { current.append(k); continue }
            if current.count > 1 { runs.append(current) }
            current = []
        }
        if current.count > 1 { runs.append(current) }
        return runs
    }

    /// The anchor's depth seen through a 3D layer's whole transform (camera included): the
    /// perspective's w, which is the depth in the camera's space over its zoom, so it orders as
    /// the depth does. Rounded to 10⁻⁹ so that layers in one plane under a turned camera tie
    /// rather than order by rounding noise; a collapsed or unusable transform gives 0.
    static func depth(of anchor: [Double], through m: Transform) -> Double {
        func part(_ i: Int) -> Double { i < anchor.count ? anchor[i] : 0 }
        let w = part(0) * m.m[3] + part(1) * m.m[7] + part(2) * m.m[11] + m.m[15]
        guard w.isFinite else { return 0 }
        return (w * 1e9).rounded() / 1e9
    }

    /// The positions of `depths` (bottom first) in drawing order: deepest first, ties in layer order.
    static func farthestFirst(_ depths: [Double]) -> [Int] {
        depths.indices.sorted { (-depths[$0], $0) < (-depths[$1], $1) }
    }
}
