// SPDX-License-Identifier: MIT
import FXCore

/// The fewest keyframes that reproduce a sampled property: a greedy fit in
/// time. From each keyframe the next one is the farthest sample such that the
/// way between them — a straight line, one of Core Animation's named timing
/// functions as the keyframe's easing, or the cubic Bézier that passes through
/// the samples (`TimingCurveFit`: a custom timing function found again) —
/// passes within `tolerance` of every
/// sample in between, component by component; where two samples cannot be
/// interpolated (a path whose vertex count changes) the earlier keyframe holds
/// (`h: 1`). Lottie eases a keyframe by the cubic Bézier of its handles, as
/// Core Animation times an animation by its timing function's, so a
/// `CABasicAnimation` with `easeInEaseOut` that starts and ends on frames is two
/// keyframes, and the file reproduces each sample within the tolerance.
enum KeyframeFit {
    struct Key: Equatable {
        /// The sample's index (its frame within the run).
        let index: Int
        /// Whether the value holds until the next keyframe instead of moving toward it.
        var hold: Bool
        /// How the value moves toward the next keyframe: the keyframe's Bézier easing.
        var easing = TimingFunction.linear

        init(index: Int, hold: Bool, easing: TimingFunction = .linear) {
            self.index = index; self.hold = hold; self.easing = easing
        }
    }

    /// The easings a segment tries first: linear, then Core Animation's named timing functions.
    static let easings: [TimingFunction] = [.linear, .easeInEaseOut, .easeIn, .easeOut, .default]

    /// How many samples on an eased segment's end is looked for.
    static let lookahead = 240

    /// `samples[k]` is the value at frame k, nil where it does not matter (the
    /// layer is not drawn then); `structure[k]`, when given, must be equal for
    /// two samples to be interpolated. `tolerance[c]` bounds component c (the
    /// last entry bounds the components past the array's end).
    static func fit(_ samples: [[Double]?], tolerance: [Double], structure: [Int]? = nil) -> [Key] {
        let present = samples.indices.filter { samples[$0] != nil }
        guard let first = present.first else { return [] }
        var keys = [Key(index: first, hold: false)]
        // The named easings, then the curves fitted to this property's earlier segments.
        var easings = Self.easings
        // A property whose motion from rest to rest twice fitted no Bézier is not timed by one.
        var fitsLeft = 2
        func bound(_ c: Int) -> Double { c < tolerance.count ? tolerance[c] : tolerance[tolerance.count - 1] }
        func compatible(_ a: Int, _ b: Int) -> Bool {
            guard let structure else { return samples[a]!.count == samples[b]!.count }
            return structure[a] == structure[b] && samples[a]!.count == samples[b]!.count
        }
        func reproduces(from a: Int, to b: Int, between: ArraySlice<Int>, easing: TimingFunction) -> Bool {
            let va = samples[a]!, vb = samples[b]!
            let span = Double(b - a)
            for k in between {
                let vk = samples[k]!
                let f = easing == .linear ? Double(k - a) / span : easing(Double(k - a) / span)
                for c in vk.indices where abs(va[c] + (vb[c] - va[c]) * f - vk[c]) > bound(c) { return false }
            }
            return true
        }
        /// The Bézier through the progress of the component that moves most (in tolerances) from
        /// `a` to `b`; nil when it moves too little to tell, or there are too few samples between.
        func fitted(from a: Int, to b: Int, between: ArraySlice<Int>) -> TimingFunction? {
            guard between.count >= 4 else { return nil }
            let va = samples[a]!, vb = samples[b]!
            guard let c = va.indices.max(by: { abs(vb[$0] - va[$0]) / bound($0) < abs(vb[$1] - va[$1]) / bound($1) }),
                  abs(vb[c] - va[c]) >= 8 * bound(c) else { return nil }
            let span = Double(b - a)
            return TimingCurveFit.fit(between.map { k in (Double(k - a) / span, (samples[k]![c] - va[c]) / (vb[c] - va[c])) })
        }
        /// The first few places after `after` where the motion from `present[p]` stops or turns
        /// (some component moving up to it and not after, or moving back), at most
        /// `lookahead` samples on: the farthest that one eased segment from `p` reproduces,
        /// by a named easing or else by the Bézier fitted to the samples. A Bézier is fitted only
        /// from rest to rest (the value held before `p`, or `p` the first sample; and held after the
        /// end, which is not the last sample), as an animation with a timing function moves: a sway or a spring
        /// that never rests is not looked for in it (it is sampled, and fitting it would be slow).
        func easedWhole(from p: Int, after: Int) -> (Int, TimingFunction)? {
            let start = present[p]
            var fromRest = p == 0 || !compatible(present[p - 1], start) || samples[present[p - 1]]! == samples[start]!
            var found: (Int, TimingFunction)?
            var candidates = 0
            var e = after
            while e < min(present.count, p + lookahead), candidates < 6, compatible(start, present[e]) {
                let a = samples[present[e - 1]]!, b = samples[present[e]]!
                let next = e + 1 < present.count && compatible(start, present[e + 1]) ? samples[present[e + 1]] : nil
                let turns = next.map { n in a.indices.contains { c in (b[c] - a[c]) * (n[c] - b[c]) < 0 || (b[c] != a[c] && n[c] == b[c]) } } ?? true
                if turns {
                    candidates += 1
                    let between = present[(p + 1)..<e]
                    if let easing = easings.dropFirst().first(where: { reproduces(from: start, to: present[e], between: between, easing: $0) }) {
                        found = (e, easing)
                    } else if fromRest, fitsLeft > 0, next == b {
                        // The first rest is the only end a timing function from this rest can have.
                        fromRest = false
                        if let curve = fitted(from: start, to: present[e], between: between),
                           reproduces(from: start, to: present[e], between: between, easing: curve) {
                            found = (e, curve)
                            if !easings.contains(curve) { easings.append(curve) }
                        } else {
                            fitsLeft -= 1
                        }
                    }
                }
                e += 1
            }
            return found
        }
        var p = 0
        while p < present.count - 1 {
            let start = present[p]
            guard compatible(start, present[p + 1]) else {
                keys[keys.count - 1].hold = true
                p += 1
                keys.append(Key(index: present[p], hold: false))
                continue
            }
            var best = p + 1, bestEasing = TimingFunction.linear
            var constant = samples[present[p + 1]]! == samples[start]!
            var e = p + 2
            while e < present.count, compatible(start, present[e]) {
                if constant, samples[present[e]]! == samples[start]! {
                    best = e; e += 1; continue
                }
                constant = false
                // The easing that reached this far first, then the others.
                let order = [bestEasing] + easings.filter { $0 != bestEasing }
                guard let easing = order.first(where: { reproduces(from: start, to: present[e], between: present[(p + 1)..<e], easing: $0) }) else { break }
                best = e; bestEasing = easing; e += 1
            }
            // An eased animation fits only as a whole: from here to where its motion stops or turns.
            if e < present.count, !constant, let (end, easing) = easedWhole(from: p, after: e) {
                best = end; bestEasing = easing
            }
            keys[keys.count - 1].easing = best == p + 1 ? .linear : bestEasing
            p = best
            keys.append(Key(index: present[p], hold: false))
        }
        // A last keyframe that the one before holds to within the tolerance adds nothing: a value
        // holds after its last keyframe.
        func within(_ a: [Double], _ b: [Double]) -> Bool {
            a.count == b.count && a.indices.allSatisfy { c in abs(a[c] - b[c]) <= (c < tolerance.count ? tolerance[c] : tolerance[tolerance.count - 1]) }
        }
        while keys.count > 1 {
            let from = keys[keys.count - 2].index
            let held = samples[from]!
            guard present.filter({ $0 > from }).allSatisfy({ within(samples[$0]!, held) && (structure == nil || structure![$0] == structure![from]) }) else { break }
            keys.removeLast()
            keys[keys.count - 1].hold = false
            keys[keys.count - 1].easing = .linear
        }
        return keys
    }

    /// A Lottie animatable property: `{"a":0,"k":…}` when one keyframe holds for the whole
    /// layer, else the keyframes at `frames[key.index]`, linear (diagonal easing handles on
    /// every keyframe but the last and the held ones, as Bodymovin writes them and rlottie
    /// needs). `still` writes a value as a static property holds it, `keyed` as a keyframe's `s`.
    static func property(_ samples: [[Double]?], tolerance: [Double], structure: [Int]? = nil, frames: [Int],
                         still: ([Double]) -> String, keyed: ([Double]) -> String) -> String {
        let keys = fit(samples, tolerance: tolerance, structure: structure)
        guard let first = keys.first else { return "{\"a\":0,\"k\":0}" }
        if keys.count == 1 || keys.allSatisfy({ samples[$0.index]! == samples[first.index]! }) {
            return "{\"a\":0,\"k\":" + still(samples[first.index]!) + "}"
        }
        var parts: [String] = []
        for (n, key) in keys.enumerated() {
            var s = "{\"t\":\(frames[key.index]),\"s\":" + keyed(samples[key.index]!)
            if key.hold {
                s += ",\"h\":1"
            } else if n < keys.count - 1 {
                let f = key.easing
                s += ",\"o\":{\"x\":" + LottieJSON.number(f.x1, 6) + ",\"y\":" + LottieJSON.number(f.y1, 6)
                    + "},\"i\":{\"x\":" + LottieJSON.number(f.x2, 6) + ",\"y\":" + LottieJSON.number(f.y2, 6) + "}"
            }
            parts.append(s + "}")
        }
        return "{\"a\":1,\"k\":[" + parts.joined(separator: ",") + "]}"
    }

    /// A number or a point: still as a bare number or an array, keyed always as an array.
    static func numbers(_ samples: [[Double]?], tolerance: [Double], frames: [Int], decimals: Int = 3) -> String {
        property(samples, tolerance: tolerance, frames: frames,
                 still: { $0.count == 1 ? LottieJSON.number($0[0], decimals) : LottieJSON.array($0, decimals) },
                 keyed: { LottieJSON.array($0, decimals) })
    }
}
