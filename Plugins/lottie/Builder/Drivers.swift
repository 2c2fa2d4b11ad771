// SPDX-License-Identifier: MIT
import FXPluginKit

/// One segment of a keyframed property, as the planner needs it: from one keyframe to the
/// next (file frames), whether it holds, whether its value changes, and its easing (nil: its
/// dimensions ease differently).
struct DriverSegment {
    var start: Double, end: Double
    var hold: Bool
    var moves: Bool
    var curve: TimingCurve?
}

/// A keyframed property of the model, whatever its value type.
protocol Driver {
    var driverSegments: [DriverSegment] { get }
}

extension Animated: Driver where V: Equatable {
    var driverSegments: [DriverSegment] {
        guard keyframes.count > 1 else { return [] }
        return (0..<(keyframes.count - 1)).map { i in
            let a = keyframes[i], b = keyframes[i + 1]
            // A position may loop back to where it started along its spatial tangents.
            let curved = (a.spatialOut ?? Vec(0, 0)) != Vec(0, 0) || (a.spatialIn ?? Vec(0, 0)) != Vec(0, 0)
            return DriverSegment(start: a.time, end: b.time, hold: a.hold, moves: (a.end ?? b.value) != a.value || curved,
                                 curve: EasingCurve.uniform(a.easing))
        }
    }
}

extension Animated where V == [Double] {
    /// The segments of one dimension, eased by that dimension's own curve (per-dimension
    /// easing, or its own keyframes when the dimensions are keyframed apart), for a plan of
    /// that dimension alone (`position.x`, `position.y`).
    func driverSegments(dimension d: Int) -> [DriverSegment] {
        if let separate { return d < separate.count ? separate[d].driverSegments : [] }
        guard keyframes.count > 1 else { return [] }
        return (0..<(keyframes.count - 1)).map { i in
            let a = keyframes[i], b = keyframes[i + 1]
            let end = a.end ?? b.value
            let moves = d < a.value.count && d < end.count && a.value[d] != end[d]
            return DriverSegment(start: a.time, end: b.time, hold: a.hold, moves: moves, curve: a.easing.curve(d))
        }
    }
}

enum Drivers {
    /// Every animated property inside `model` (a shape item list, a transform, …), found by
    /// reflection so that a new model field needs no list kept here.
    static func all(in model: Any) -> [[DriverSegment]] {
        var out: [[DriverSegment]] = []
        func walk(_ value: Any) {
            if let d = value as? Driver {
                let s = d.driverSegments
                if !s.isEmpty { out.append(s) }
                return
            }
            let m = Mirror(reflecting: value)
            switch m.displayStyle {
            case .struct, .enum, .tuple, .collection, .optional: for c in m.children { walk(c.value) }
            default: break
            }
        }
        walk(model)
        return out
    }
}

extension LottieTransform {
    /// Its animated properties, listed rather than reflected: every layer asks, for itself and its parents.
    var drivers: [[DriverSegment]] {
        [anchor.driverSegments, position.driverSegments, scale.driverSegments, rotation.driverSegments,
         opacity.driverSegments, skew.driverSegments, skewAxis.driverSegments].filter { !$0.isEmpty }
    }
}
