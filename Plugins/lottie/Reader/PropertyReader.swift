// SPDX-License-Identifier: MIT
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
        separate = [x, y]
    }
}
