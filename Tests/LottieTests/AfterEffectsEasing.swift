// SPDX-License-Identifier: MIT

/// After Effects' keyframe easing, written for the tests independently of the plugin and of the
/// host's solver: the cubic Bézier (0,0), (x1,y1), (x2,y2), (1,1), solved for x = p by bisection,
/// its y read at that parameter.
func eased(_ p: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
    func b(_ t: Double, _ a: Double, _ c: Double) -> Double { 3 * (1 - t) * (1 - t) * t * a + 3 * (1 - t) * t * t * c + t * t * t }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if b(mid, x1, x2) < p { lo = mid } else { hi = mid }
    }
    return b(lo, y1, y2)
}
