// SPDX-License-Identifier: MIT
import Glibc

/// The motion path of a layer turned to its motion (auto-orient as Core Animation's
/// `rotationMode` "auto"), cut to where its position keyframes are: from the first to the last,
/// within the run. Outside that stretch the position stands still, and a still stretch of path
/// has no direction (the host would turn the layer to 0°), while After Effects keeps the
/// direction the motion starts and ends with (lottie-web measures it from the first keyframe
/// forward and into the last). So the path animation covers only its stretch of the run and its
/// fills hold the ends, at the path's end points and turned to its end tangents.
struct OrientedPath {
    /// The path over its stretch: key times 0…1 from the stretch's start to its end.
    private(set) var path: PositionPath
    /// The stretch, in key time over the run.
    let window: ClosedRange<Double>
    /// The elements as the host flattens them.
    private let host: [HostPathElement]

    /// `plan` (key times over the run) cut to `start`…`end` (key times over the run), or nil
    /// when it moves outside them or the stretch is empty. The cut falls on the plan's nearest
    /// key times (the plan cuts its path at every keyframe, the stretch's ends among them).
    init?(_ plan: PositionPath, from start: Double, to end: Double) {
        let kt = plan.keyTimes, n = kt.count
        guard n >= 2, plan.elements.count == n - 1 else { return nil }
        var vertices = [plan.start], elements: [HostPathElement] = []
        for e in plan.elements {
            let from = vertices[vertices.count - 1]
            switch e {
            case .line(let v): vertices.append(v); elements.append(HostPathElement(line: from, v))
            case .cubic(let c1, let c2, let v): vertices.append(v); elements.append(HostPathElement(cubic: [from, c1, c2, v]))
            }
        }
        var lo = 0, hi = n - 1
        while lo + 1 < n && kt[lo + 1] <= start + 1e-9 { lo += 1 }
        while hi - 1 > lo && kt[hi - 1] >= end - 1e-9 { hi -= 1 }
        guard hi > lo, kt[hi] > kt[lo],
              (0...lo).allSatisfy({ vertices[$0] == vertices[lo] }),
              (hi..<n).allSatisfy({ vertices[$0] == vertices[hi] }) else { return nil }
        let span = kt[hi] - kt[lo]
        var cut = PositionPath(start: vertices[lo])
        cut.elements = Array(plan.elements[lo..<hi])
        cut.curves = Array(plan.curves[lo..<hi])
        cut.keyTimes = kt[lo...hi].map { ($0 - kt[lo]) / span }
        cut.keyTimes[cut.keyTimes.count - 1] = 1
        cut.curved = plan.curved
        path = cut
        window = kt[lo]...kt[hi]
        host = Array(elements[lo..<hi])
    }

    /// The angle (radians, clockwise from +x on screen) the host turns the layer to at key time
    /// `t` of the run: `Keyframes.rotationAngle`'s rule, copied here because the plugin links
    /// only the C ABI: the segment holding the progress (before the stretch its start, after it
    /// its end, as the fills hold them), its timing function, then the element's tangent there.
    func angle(atKeyTime t: Double) -> Double {
        let p = min(1, max(0, (t - window.lowerBound) / (window.upperBound - window.lowerBound)))
        let kt = path.keyTimes, n = kt.count
        var i = 0, u = 0.0
        if p >= kt[n - 1] {
            (i, u) = (n - 2, 1)
        } else if p > kt[0] {
            while i < n - 2 && p >= kt[i + 1] { i += 1 }
            let span = kt[i + 1] - kt[i]
            u = span > 0 ? (p - kt[i]) / span : 1
        }
        if path.curves.contains(where: { $0 != .linear }) { u = EasingCurve.progress(path.curves[i], u) }
        let d = host[i].tangent(at: u)
        return atan2(d.y, d.x)
    }

    /// The path moved by `offset` (the parents' translation, which the host's position carries
    /// for a turned layer: its `transform` turns about the layer's own origin).
    func path(shiftedBy offset: Vec) -> PositionPath {
        var out = path
        out.start = out.start + offset
        out.elements = out.elements.map {
            switch $0 {
            case .line(let v): .line(v + offset)
            case .cubic(let c1, let c2, let v): .cubic(c1 + offset, c2 + offset, v + offset)
            }
        }
        return out
    }
}
