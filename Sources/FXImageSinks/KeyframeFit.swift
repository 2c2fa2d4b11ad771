// SPDX-License-Identifier: MIT

/// The fewest linear keyframes that reproduce a sampled property: a greedy fit
/// in time. From each keyframe the next one is the farthest sample such that a
/// straight line between them passes within `tolerance` of every sample in
/// between, component by component; where two samples cannot be interpolated
/// (a path whose vertex count changes) the earlier keyframe holds (`h: 1`).
/// Lottie interpolates keyframes linearly in time when their easing handles lie
/// on the diagonal, so the file reproduces each sample within the tolerance.
enum KeyframeFit {
    struct Key: Equatable {
        /// The sample's index (its frame within the run).
        let index: Int
        /// Whether the value holds until the next keyframe instead of moving toward it.
        var hold: Bool
    }

    /// `samples[k]` is the value at frame k, nil where it does not matter (the
    /// layer is not drawn then); `structure[k]`, when given, must be equal for
    /// two samples to be interpolated. `tolerance[c]` bounds component c (the
    /// last entry bounds the components past the array's end).
    static func fit(_ samples: [[Double]?], tolerance: [Double], structure: [Int]? = nil) -> [Key] {
        let present = samples.indices.filter { samples[$0] != nil }
        guard let first = present.first else { return [] }
        var keys = [Key(index: first, hold: false)]
        func compatible(_ a: Int, _ b: Int) -> Bool {
            guard let structure else { return samples[a]!.count == samples[b]!.count }
            return structure[a] == structure[b] && samples[a]!.count == samples[b]!.count
        }
        func reproduces(from a: Int, to b: Int, between: ArraySlice<Int>) -> Bool {
            let va = samples[a]!, vb = samples[b]!
            let span = Double(b - a)
            for k in between {
                let vk = samples[k]!
                let f = Double(k - a) / span
                for c in vk.indices {
                    let tol = c < tolerance.count ? tolerance[c] : tolerance[tolerance.count - 1]
                    if abs(va[c] + (vb[c] - va[c]) * f - vk[c]) > tol { return false }
                }
            }
            return true
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
            var best = p + 1
            var constant = samples[present[p + 1]]! == samples[start]!
            var e = p + 2
            while e < present.count, compatible(start, present[e]) {
                if constant, samples[present[e]]! == samples[start]! {
                    best = e; e += 1; continue
                }
                constant = false
                guard reproduces(from: start, to: present[e], between: present[(p + 1)..<e]) else { break }
                best = e; e += 1
            }
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
                s += ",\"o\":{\"x\":0,\"y\":0},\"i\":{\"x\":1,\"y\":1}"
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
