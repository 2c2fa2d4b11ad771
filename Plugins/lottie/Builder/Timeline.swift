// SPDX-License-Identifier: MIT
import FXPluginKit

/// The frames a run plays, and how each fx property follows them: output
/// frame j (at j / frame rate seconds) shows the file's frame `first + j`.
/// An animated property is a keyframe animation: planned (`KeyframePlan`),
/// keys at the file's keyframes with their easing; or baked, one value per
/// played frame evaluated by the plugin with After Effects' rules, linear in
/// between frames, where of a run of frames with equal values only the first
/// and last are keyframes.
struct Timeline {
    let first: Double
    let count: Int
    let frameRate: Double

    static let maxFrames = 5_000

    var duration: Double { Double(max(1, count - 1)) / frameRate }
    var keyTimes: [Double] { count < 2 ? [0] : (0..<count).map { Double($0) / Double(count - 1) } }
    /// Discrete values switch at their frame: a hair early, so that a sample exactly on it never rounds to the one before.
    var discreteKeyTimes: [Double] { keyTimes.enumerated().map { $0.offset == 0 ? 0 : max(0, $0.element - 1e-9) } }

    /// Sets `values[0]` as the model value and, when the values change, animates them over the
    /// played frames. `kept` (ascending, from 0 to the last frame) are the frames whose values
    /// become keyframes: the frames between two kept ones must hold the same value as both, so
    /// that the host's blend between them (linear, or discrete) gives that value exactly.
    func play(_ layer: Layer, _ keyPath: String, _ values: [any ValueConvertible], changes: Bool, kept: [Int]? = nil,
              discrete: Bool = false) throws(PluginError) {
        try layer.set(keyPath, values[0])
        guard changes, count > 1 else { return }
        let a = try Animation.keyframe(keyPath)
        let times = discrete ? discreteKeyTimes : keyTimes
        if let kept, kept.count < values.count {
            try a.values(kept.map { values[$0] })
            try a.set("keyTimes", kept.map { times[$0] })
        } else {
            try a.values(values)
            try a.set("keyTimes", times)
        }
        if discrete { try a.set("calculationMode", "discrete") }
        try a.duration(duration).fillMode("both").removedOnCompletion(false)
        try layer.add(a, forKey: "lottie." + keyPath)
    }

    /// Sets the plan's first value as the model value and, when there is more than one key,
    /// animates the keys with the plan's timing functions; `value` makes a key's host value.
    func play(_ layer: Layer, _ keyPath: String, _ plan: KeyframePlan,
              value: (KeyframePlan.Key) throws -> any ValueConvertible) throws {
        try layer.set(keyPath, value(plan.keys[0]))
        guard plan.keys.count > 1 else { return }
        let a = try Animation.keyframe(keyPath)
        var values: [any ValueConvertible] = []
        for k in plan.keys { values.append(try value(k)) }
        try a.values(values)
        try a.set("keyTimes", plan.keys.map(\.keyTime))
        if plan.curves.contains(where: { $0 != .linear }) { try a.timingFunctions(plan.curves) }
        try a.duration(duration).fillMode("both").removedOnCompletion(false)
        try layer.add(a, forKey: "lottie." + keyPath)
    }

    func play<V: ValueConvertible & Equatable>(_ layer: Layer, _ keyPath: String, _ values: [V], discrete: Bool = false) throws(PluginError) {
        let changes = values.contains { $0 != values[0] }
        try play(layer, keyPath, values.map { $0 as any ValueConvertible }, changes: changes,
                 kept: changes ? Timeline.runEnds(values) : nil, discrete: discrete)
    }

    /// The first and last frame of each run of equal values: a property that holds still for a
    /// while (most do, between their keyframes) needs no keyframe inside the run, and the host
    /// keeps and copies one value for it rather than one a frame.
    static func runEnds<V>(_ values: [V], equal: (V, V) -> Bool) -> [Int] {
        guard values.count > 2 else { return Array(values.indices) }
        var kept = [0]
        for i in 1..<(values.count - 1) where !equal(values[i], values[i - 1]) || !equal(values[i], values[i + 1]) {
            kept.append(i)
        }
        kept.append(values.count - 1)
        return kept
    }

    static func runEnds<V: Equatable>(_ values: [V]) -> [Int] { runEnds(values, equal: ==) }
}

extension Vec {
    var point: Point { Point(x, y) }
}

/// fx paths from contours.
enum PathMaker {
    enum Element { case move(Vec), line(Vec), cubic(Vec, Vec, Vec), close }

    /// The path's elements: a straight segment is a line, and a closed outline's straight way
    /// home is what close() draws.
    static func elements(_ contours: [Contour], _ body: (Element) throws(PluginError) -> Void) throws(PluginError) {
        for c in contours where !c.vertices.isEmpty {
            try body(.move(c.vertices[0]))
            let segments = c.segments
            for (k, s) in segments.enumerated() {
                let straight = s[1] == s[0] && s[2] == s[3]
                if straight && c.closed && k == segments.count - 1 { break }
                try body(straight ? .line(s[3]) : .cubic(s[1], s[2], s[3]))
            }
            if c.closed { try body(.close) }
        }
    }

    static func path(_ contours: [Contour]) throws(PluginError) -> Path {
        let p = try Path()
        try elements(contours) { e throws(PluginError) in
            switch e {
            case .move(let v): try p.move(to: v.point)
            case .line(let v): try p.line(to: v.point)
            case .cubic(let c1, let c2, let v): try p.cubic(to: v.point, control1: c1.point, control2: c2.point)
            case .close: try p.close()
            }
        }
        return p
    }

    /// The numbers the host blends when it blends two paths of the same elements: first how many
    /// numbers describe the elements (their kinds), then the kinds, then the points.
    static func vector(_ contours: [Contour]) -> [Double] {
        // Written out rather than through `elements`: this runs for every played frame of every outline.
        var kinds: [Double] = [], points: [Double] = []
        let count = contours.reduce(0) { $0 + $1.vertices.count }
        kinds.reserveCapacity(count + 2 * contours.count)
        points.reserveCapacity(6 * count + 2 * contours.count)
        for c in contours where !c.vertices.isEmpty {
            kinds.append(0)
            points.append(c.vertices[0].x); points.append(c.vertices[0].y)
            let n = c.vertices.count
            let last = n < 2 ? -1 : c.closed ? n - 1 : n - 2
            if last >= 0 {
                for k in 0...last {
                    let p0 = c.vertices[k], p3 = c.vertices[(k + 1) % n]
                    let c1 = p0 + c.outTangents[k], c2 = p3 + c.inTangents[(k + 1) % n]
                    let straight = c1 == p0 && c2 == p3
                    if straight && c.closed && k == last { break }
                    if straight {
                        kinds.append(1); points.append(p3.x); points.append(p3.y)
                    } else {
                        kinds.append(2)
                        points.append(c1.x); points.append(c1.y); points.append(c2.x); points.append(c2.y)
                        points.append(p3.x); points.append(p3.y)
                    }
                }
            }
            if c.closed { kinds.append(3) }
        }
        return [Double(kinds.count)] + kinds + points
    }

    /// Whether the host blends two paths' `vector`s number by number: they have the same elements.
    static func sameElements(_ a: [Double], _ b: [Double]) -> Bool {
        guard a.count == b.count, let n = a.first, n == b.first else { return false }
        return a.prefix(Int(n) + 1) == b.prefix(Int(n) + 1)
    }
}
