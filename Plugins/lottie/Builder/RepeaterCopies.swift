// SPDX-License-Identifier: MIT
import Glibc

/// A repeater's copies at a frame, as the builder lays them out.
extension RepeaterItem {
    /// More copies than this are drawn as this many (rlottie's and Skottie's bound is 1,024).
    static let maxCopies = 1000

    /// Copies at frame `f`: the whole number of the value, 0…maxCopies.
    func count(at f: Double) -> Int { RepeaterItem.clampCopies(copies.at(f)) }

    static func clampCopies(_ v: Double) -> Int { v.isFinite ? Int(min(Double(maxCopies), max(0, v))) : 0 }

    /// The most copies at any keyframe: a layer's paints keep their number across frames, so a
    /// repeater always makes this many, those past the frame's count fully transparent.
    var maxCount: Int { copies.keyframes.reduce(0) { max($0, RepeaterItem.clampCopies($1.value), RepeaterItem.clampCopies($1.end ?? 0)) } }

    /// Copy `i`'s transform and opacity (0…100) at frame `f`, as a group transform.
    func copyTransform(_ i: Int, at f: Double) -> LottieTransform {
        let t = Double(i) + offset.at(f)
        let a = anchor.at(f), p = position.at(f), s = scale.at(f)
        let ax = a.first ?? 0, ay = a.count > 1 ? a[1] : 0
        let sx = (s.first ?? 100) / 100, sy = (s.count > 1 ? s[1] : s.first ?? 100) / 100
        let n = count(at: f)
        let so = startOpacity.at(f), eo = endOpacity.at(f)
        var opacity = i < n ? so + (eo - so) * Double(i) / Double(max(1, n)) : 0
        var kx = RepeaterItem.power(sx, t), ky = RepeaterItem.power(sy, t)
        // A scale to a large power (or 0 to a negative one) grows past any picture: such a copy is not drawn.
        if !(abs(kx) <= 1e6 && abs(ky) <= 1e6) { kx = 0; ky = 0; opacity = 0 }
        // A group's transform: minus its anchor, scale, rotate, plus its position.
        return LottieTransform(anchor: Animated(constant: [ax, ay]),
                               position: Animated(constant: [(p.first ?? 0) * t + ax, (p.count > 1 ? p[1] : 0) * t + ay]),
                               scale: Animated(constant: [kx * 100, ky * 100]),
                               rotation: Animated(constant: rotation.at(f) * t),
                               opacity: Animated(constant: min(100, max(0, opacity))),
                               skew: Animated(constant: 0), skewAxis: Animated(constant: 0))
    }

    /// `s` to the power `t`, for a negative scale too (a mirror applied t times: its size to the power t,
    /// mirrored when t rounds to an odd number), where `pow` would give NaN for a fractional t.
    static func power(_ s: Double, _ t: Double) -> Double {
        let v = pow(abs(s), t)
        guard s < 0 else { return v }
        return Int(t.rounded()) % 2 != 0 ? -v : v
    }

    /// A group's items at frame `f` with its last repeater applied: the items before it become
    /// `maxCount` groups (listed top first, as a group's items are), followed by the items after it.
    /// Repeaters among the items before it are applied when each copy's group is laid out.
    static func expand(_ items: [ShapeItem], at f: Double) -> [ShapeItem] {
        guard let r = items.lastIndex(where: { if case .repeater = $0 { true } else { false } }),
              case .repeater(let rep) = items[r] else { return items }
        let before = Array(items[..<r])
        let order = rep.above ? Array((0..<rep.maxCount).reversed()) : Array(0..<rep.maxCount)
        let copies = order.map { ShapeItem.group(items: before, transform: rep.copyTransform($0, at: f)) }
        return copies + items[(r + 1)...]
    }
}
