// SPDX-License-Identifier: MIT
import Glibc

/// After Effects' easing between two keyframes: a cubic Bézier from (0, 0)
/// to (1, 1) through the previous keyframe's out handle `o` and the next
/// one's in handle `i`, each dimension with its own handles when the file
/// gives arrays (per-dimension easing).
struct Easing {
    var outX: [Double], outY: [Double], inX: [Double], inY: [Double]

    static let linear = Easing(outX: [0], outY: [0], inX: [1], inY: [1])

    /// How far eased progress may stray from 0…1: a handle's y may be any finite number (exporters
    /// write values such as 16,926,231 for a steep ramp), but the values the plugin hands the host
    /// stay as bounded as when handles were limited to ±10⁷ (progress then reached at most 0.89 × 10⁷).
    static let maxProgress = 1e7

    /// Eased progress of dimension `dim` at linear progress `p`.
    func progress(_ p: Double, dim: Int) -> Double {
        func pick(_ a: [Double]) -> Double { a.isEmpty ? 0 : a[min(dim, a.count - 1)] }
        let x1 = min(1, max(0, pick(outX))), y1 = pick(outY), x2 = min(1, max(0, pick(inX))), y2 = pick(inY)
        if x1 == y1 && x2 == y2 { return p }
        // Solve x(t) = p by bisection (x is monotonic for x1, x2 in 0…1), then read y(t).
        func bez(_ t: Double, _ a: Double, _ b: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
        }
        var lo = 0.0, hi = 1.0, t = p
        for _ in 0..<60 {
            let x = bez(t, x1, x2)
            if abs(x - p) < 1e-12 { break }
            if x < p { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        // Each term of bez is at most 4/9 of its handle, so this is finite for any finite handles.
        return min(Easing.maxProgress, max(-Easing.maxProgress, bez(t, y1, y2)))
    }
}

/// One keyframe: its frame, value, whether it holds until the next, the
/// easing towards the next, and for positions the spatial tangents.
struct Keyframe<V> {
    var time: Double
    var value: V
    /// The value the segment ends at (old Bodymovin files give it as "e").
    var end: V?
    var hold: Bool
    var easing: Easing
    var spatialOut: Vec?
    var spatialIn: Vec?
}

/// A property that is either one value or keyframes over the file's frames.
struct Animated<V> {
    var keyframes: [Keyframe<V>]

    init(constant: V) { keyframes = [Keyframe(time: 0, value: constant, end: nil, hold: true, easing: .linear)] }
    init(keyframes: [Keyframe<V>]) { self.keyframes = keyframes }

    var isAnimated: Bool { keyframes.count > 1 }

    /// The last keyframe at or before frame `f` (keyframes are in time order, as
    /// the reader checks), found by bisection: a property may have many thousands.
    func segment(at f: Double) -> Int {
        var lo = 0, hi = keyframes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if keyframes[mid].time <= f { lo = mid + 1 } else { hi = mid }
        }
        return max(0, lo - 1)
    }

    /// The value at frame `f`, with `mix(a, b, progress-of-dim)` blending two values.
    func value(at f: Double, mix: (V, V, Easing, Double) -> V) -> V {
        let k = keyframes
        guard k.count > 1, f > k[0].time else { return k[0].value }
        let n = segment(at: f)
        if n == k.count - 1 {
            // After the last keyframe: its value, or where the previous segment ended in old files.
            return k[n].value
        }
        let a = k[n], b = k[n + 1]
        if a.hold || b.time <= a.time { return a.value }
        let p = (f - a.time) / (b.time - a.time)
        return mix(a.value, a.end ?? b.value, a.easing, p)
    }
}

extension Animated where V == [Double] {
    /// Multi-dimensional values blend each dimension with its own easing; a
    /// position with spatial tangents moves along its Bézier at the eased
    /// fraction of the curve's length, as After Effects does.
    func at(_ f: Double) -> [Double] {
        let k = keyframes
        if k.count > 1, f > k[0].time {
            let n = segment(at: f)
            if n < k.count - 1, !k[n].hold, let to = k[n].spatialOut, let ti = k[n].spatialIn,
               to != Vec(0, 0) || ti != Vec(0, 0), k[n].value.count >= 2 {
                let a = k[n], bv = a.end ?? k[n + 1].value
                guard bv.count >= 2, k[n + 1].time > a.time else { return a.value }
                let p0 = Vec(a.value[0], a.value[1]), p3 = Vec(bv[0], bv[1])
                let seg = [p0, p0 + to, p3 + ti, p3]
                let e = a.easing.progress((f - a.time) / (k[n + 1].time - a.time), dim: 0)
                let pt = cubicPoint(seg, cubicParameter(seg, atFraction: min(1, max(0, e))))
                var out = a.value
                out[0] = pt.x; out[1] = pt.y
                return out
            }
        }
        return value(at: f) { a, b, e, p in
            (0..<min(a.count, b.count)).map { d in a[d] + (b[d] - a[d]) * e.progress(p, dim: d) }
        }
    }
}

extension Animated where V == Double {
    func at(_ f: Double) -> Double {
        value(at: f) { a, b, e, p in a + (b - a) * e.progress(p, dim: 0) }
    }
}

extension Animated where V == Contour {
    /// Shapes blend vertex by vertex (one easing for the whole shape); shapes
    /// of different vertex counts switch at the keyframe.
    func at(_ f: Double) -> Contour {
        value(at: f) { a, b, e, p in
            guard a.vertices.count == b.vertices.count else { return a }
            let t = e.progress(p, dim: 0)
            func mixed(_ x: [Vec], _ y: [Vec]) -> [Vec] { zip(x, y).map { $0 + ($1 - $0) * t } }
            return Contour(vertices: mixed(a.vertices, b.vertices), inTangents: mixed(a.inTangents, b.inTangents),
                           outTangents: mixed(a.outTangents, b.outTangents), closed: a.closed)
        }
    }
}

/// Reading properties (`{"a": 0|1, "k": …}`) from the file.
enum PropertyReader {
    static let maxKeyframes = 10_000

    static func easing(_ k: Node) throws(LottieError) -> Easing {
        guard let o = k["o"], let i = k["i"] else { return .linear }
        func part(_ n: Node, _ key: String) throws(LottieError) -> [Double] {
            guard let v = n[key] else { return [] }
            // Any finite number: the reader refuses what is not (1e999), and progress is bounded above.
            return try v.numbers(in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude)
        }
        return Easing(outX: try part(o, "x"), outY: try part(o, "y"), inX: try part(i, "x"), inY: try part(i, "y"))
    }

    /// Whether `k` holds keyframes (an array of objects with "t") rather than a value: by its shape,
    /// since some exporters write "a": 0 over keyframes.
    static func isKeyframed(_ prop: Node, _ k: Node) -> Bool {
        guard let first = k.json.array?.first else { return false }
        return first["t"] != nil
    }

    static func read<V>(_ prop: Node, _ value: (Node) throws(LottieError) -> V) throws(LottieError) -> Animated<V> {
        try prop.requireObject()
        if prop["x"] != nil, case .string = prop.json["x"]! {
            Warnings.note("expressions", at: prop.path)
        }
        let k = try prop.require("k")
        guard isKeyframed(prop, k) else { return Animated(constant: try value(k)) }
        let list = try k.items()
        guard !list.isEmpty else { throw k.fail("a keyframe list with no keyframes") }
        guard list.count <= maxKeyframes else { throw k.fail("\(list.count) keyframes; the limit is \(maxKeyframes)") }
        var frames: [Keyframe<V>] = []
        var previous = -Double.infinity
        for kf in list {
            let t = try kf.require("t").number(in: -1e6...1e6)
            guard t >= previous else { throw kf.fail("keyframe time \(t) comes before the previous one's (\(previous))") }
            previous = t
            let s: V
            if let sv = kf["s"] {
                s = try value(sv)
            } else if let last = frames.last {
                // The last keyframe of old files has only a time: the previous segment's end holds.
                s = last.end ?? last.value
            } else {
                throw kf.fail("the first keyframe has no value (\"s\")")
            }
            let e = try kf["e"].map { n throws(LottieError) in try value(n) }
            let hold = (try kf["h"]?.number() ?? 0) != 0
            func vec(_ key: String) throws(LottieError) -> Vec? {
                guard let n = kf[key] else { return nil }
                let v = try n.numbers()
                return v.count >= 2 ? Vec(v[0], v[1]) : nil
            }
            frames.append(Keyframe(time: t, value: s, end: e, hold: hold, easing: try easing(kf),
                                   spatialOut: try vec("to"), spatialIn: try vec("ti")))
        }
        return Animated(keyframes: frames)
    }

    static func scalar(_ prop: Node?, default d: Double) throws(LottieError) -> Animated<Double> {
        guard let prop else { return Animated(constant: d) }
        return try read(prop) { n throws(LottieError) in try n.number(in: -1e7...1e7) }
    }

    static func vector(_ prop: Node?, default d: [Double]) throws(LottieError) -> Animated<[Double]> {
        guard let prop else { return Animated(constant: d) }
        // Position with separate dimensions: {"s": true, "x": {…}, "y": {…}}.
        if prop.json["s"].map({ if case .bool(true) = $0 { true } else { false } }) ?? false {
            let x = try scalar(prop["x"], default: 0), y = try scalar(prop["y"], default: 0)
            return Animated(separate: x, y)
        }
        return try read(prop) { n throws(LottieError) in
            let v = try n.numbers()
            guard !v.isEmpty else { throw n.fail("expected numbers, found an empty array") }
            return v
        }
    }

    static func shape(_ prop: Node?) throws(LottieError) -> Animated<Contour> {
        guard let prop else { return Animated(constant: Contour()) }
        return try read(prop) { n throws(LottieError) in
            // Keyframed shapes wrap each value in a one-element array.
            var node = n
            if case .array(let a) = n.json, a.count == 1 { node = Node(a[0], path: n.path + "[0]") }
            return try contour(node)
        }
    }

    static func contour(_ n: Node) throws(LottieError) -> Contour {
        try n.requireObject()
        func points(_ key: String) throws(LottieError) -> [Vec] {
            guard let list = n[key] else { return [] }
            let items = try list.items()
            guard items.count <= 100_000 else { throw list.fail("\(items.count) points; the limit is 100000") }
            var out: [Vec] = []
            for p in items {
                let v = try p.numbers()
                guard v.count >= 2 else { throw p.fail("a point needs two numbers") }
                out.append(Vec(v[0], v[1]))
            }
            return out
        }
        let v = try points("v")
        var i = try points("i"), o = try points("o")
        if i.count != v.count { i = Array(repeating: Vec(0, 0), count: v.count) }
        if o.count != v.count { o = Array(repeating: Vec(0, 0), count: v.count) }
        let closed: Bool
        if case .bool(let c) = n.json["c"] ?? .bool(false) { closed = c } else { closed = (n.json["c"]?.number ?? 0) != 0 }
        return Contour(vertices: v, inTangents: i, outTangents: o, closed: closed)
    }
}

extension Animated where V == [Double] {
    /// A position whose x and y are keyframed apart: sampled as one at each of both lists' keyframe times.
    init(separate x: Animated<Double>, _ y: Animated<Double>) {
        let times = Set(x.keyframes.map(\.time) + y.keyframes.map(\.time)).sorted()
        guard times.count > 1 else {
            self.init(constant: [x.at(0), y.at(0)])
            return
        }
        // Between the union of keyframe times each dimension has its own curve; sample every
        // frame in between so that the per-dimension easing survives.
        var frames: [Keyframe<[Double]>] = []
        var t = times.first!
        let last = times.last!
        while t <= last + 1e-9 && frames.count < PropertyReader.maxKeyframes {
            frames.append(Keyframe(time: t, value: [x.at(t), y.at(t)], end: nil, hold: false, easing: .linear))
            t += 1
        }
        self.init(keyframes: frames)
    }
}
