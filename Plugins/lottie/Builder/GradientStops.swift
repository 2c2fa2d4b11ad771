// SPDX-License-Identifier: MIT
/// A gradient's stops at a frame, as the builder hands them to the host.
extension LottieGradient {
    /// Stops at frame `f`, (location, RGBA), in order of location. Colour and
    /// opacity stops are two ramps with their own locations (as After Effects
    /// and lottie-web draw them): each colour stop takes the opacity ramp's
    /// value at its location and each opacity stop the colour ramp's, so an
    /// opacity stop between two colour stops keeps its place. The count is the
    /// file's colour and opacity stop counts together at every frame.
    func colors(at f: Double) -> [(location: Double, color: [Double])] {
        let v = stops.at(f)
        var colours: [(Double, [Double])] = []
        for k in 0..<colorCount where k * 4 + 3 < v.count {
            colours.append((v[k * 4], [v[k * 4 + 1], v[k * 4 + 2], v[k * 4 + 3]]))
        }
        let alphas = stride(from: colorCount * 4, to: v.count - 1, by: 2).map { (v[$0], v[$0 + 1]) }
        guard !alphas.isEmpty, !colours.isEmpty else { return colours.map { ($0.0, $0.1 + [1]) } }
        /// The ramp's value at `at`; where stops share that location (a hard
        /// step), the first one's (`after` false) or the last one's.
        func ramp<T>(_ stops: [(Double, T)], _ at: Double, after: Bool, _ mix: (T, T, Double) -> T) -> T {
            for k in stops.indices where after ? at < stops[k].0 : at <= stops[k].0 {
                guard k > 0 else { return stops[0].1 }
                let (l0, v0) = stops[k - 1], (l1, v1) = stops[k]
                return l1 > l0 ? mix(v0, v1, (at - l0) / (l1 - l0)) : v1
            }
            return stops[stops.count - 1].1
        }
        func byLocation<T>(_ s: [(Double, T)]) -> [(Double, T)] {
            s.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)
        }
        let c = byLocation(colours), a = byLocation(alphas)
        // At a shared location the colour stops come first and take the opacity
        // arriving there; the opacity stops follow and take the colour leaving it.
        let merged = c.map { ($0.0, $0.1 + [ramp(a, $0.0, after: false) { $0 + ($1 - $0) * $2 }]) }
            + a.map { stop in (stop.0, ramp(c, stop.0, after: true) { x, y, t in zip(x, y).map { $0 + ($1 - $0) * t } } + [stop.1]) }
        return byLocation(merged)
    }
}
