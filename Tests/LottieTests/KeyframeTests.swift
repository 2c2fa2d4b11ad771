// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import XCTest

/// Keyframes reach the host as keyframes: between two frames of the file (60 samples a second of
/// a 30 fps file, `--time 0.51`) a property follows its easing curve, a hold holds, and at every
/// played frame the output is what the per-frame bake (FXHOST_LOTTIE_BAKE=1) gives.
final class KeyframeTests: XCTestCase {
    /// keyframes-between.json's properties at frame f (30 a second), from its keyframes by hand.
    func slideX(_ f: Double) -> Double { f >= 20 ? 90 : 10 + 80 * eased(max(0, f) / 20, 0.7, 0, 0.3, 1) }
    func slideOpacity(_ f: Double) -> Double {
        if f < 10 { return 1 }  // held from frame 0 until frame 10
        return f >= 25 ? 0.6 : 0.2 + 0.4 * eased((f - 10) / 15, 0.2, 0.6, 0.4, 1)
    }
    func slideRed(_ f: Double) -> Double { f <= 5 ? 1 : f >= 25 ? 0 : 1 - eased((f - 5) / 20, 0.5, 0, 0.5, 1) }
    func growScale(_ f: Double) -> Double { f <= 3 ? 0.5 : f >= 27 ? 1.5 : 0.5 + eased((f - 3) / 24, 0.9, 0, 0.1, 1) }
    func blobX(_ f: Double) -> Double { -10 - 10 * eased(min(29, f) / 29, 0.6, 0.1, 0.2, 0.9) }

    struct Sample {
        let time: Double
        let x, opacity, red, scale, scaleTx, blob: Double
    }

    func samples(_ extra: [String]) throws -> [Sample] {
        let r = try Lottie.run(["--file", Lottie.fixture("keyframes-between.json"), "--sink", "jsonl"] + extra)
        XCTAssertEqual(r.status, 0, r.stderr)
        return try JSONLinesReader.read(r.stdout).map { line in
            let layers = line["layers"] as! [[String: Any]]
            func props(_ path: String) throws -> [String: Any] {
                try XCTUnwrap(layers.first { $0["path"] as? String == "stage/composition/" + path }?["props"] as? [String: Any], path)
            }
            let slide = try props("slide"), grow = try props("grow")
            let m = slide["transform"] as! [Double], g = grow["transform"] as! [Double]
            let fill = try props("slide/paint")["fillColor"] as! [Double]
            let path = try props("blob/paint")["path"] as! String
            let blob = Double(path.split(separator: " ")[1])!
            return Sample(time: line["t"] as! Double, x: m[12], opacity: slide["opacity"] as? Double ?? 1, red: fill[0],
                          scale: g[0], scaleTx: g[12], blob: blob)
        }
    }

    func testSamplesBetweenFramesFollowTheCurves() throws {
        let all = try samples(["--fps", "60"]) + samples(["--time", "0.51"])
        XCTAssertEqual(all.count, 62)  // 0 … 1 s at 60 a second, and 0.51 s
        // The per-frame bake's linear blend of the two frames around f, to show the samples tell them apart.
        func bake(_ v: (Double) -> Double, _ f: Double) -> Double {
            let a = f.rounded(.down), b = min(29, a + 1)
            return b == a ? v(a) : v(a) + (v(b) - v(a)) * (f - a)
        }
        var apart = [String: Double]()
        for s in all {
            let f = s.time * 30
            let checks: [(String, Double, (Double) -> Double)] = [
                ("slide x", s.x, slideX), ("slide opacity", s.opacity, slideOpacity), ("fill red", s.red, slideRed),
                ("grow scale", s.scale, growScale), ("blob vertex", s.blob, blobX),
            ]
            for (name, got, rule) in checks {
                XCTAssertEqual(got, rule(f), accuracy: 2e-4, "\(name) at \(s.time) s (frame \(f))")
                apart[name] = max(apart[name] ?? 0, abs(bake(rule, f) - rule(f)))
            }
            // The scale is about the anchor (10, 10): the layer's origin moves with it.
            XCTAssertEqual(s.scaleTx, 50 - 10 * growScale(f), accuracy: 2e-3, "grow's translation at \(s.time) s")
        }
        for (name, d) in apart { XCTAssertGreaterThan(d, 1e-3, "\(name): the bake would give these samples too") }
    }

    func testTheHoldHoldsUntilItsNextKeyframe() throws {
        // Frame 9.9 is inside the hold (100 %); frame 10 is the next keyframe's 20 %.
        let held = try samples(["--time", "\(9.9 / 30)"])[0], next = try samples(["--time", "\(10.0 / 30)"])[0]
        XCTAssertEqual(held.opacity, 1, accuracy: 1e-9)
        XCTAssertEqual(next.opacity, 0.2, accuracy: 1e-6)
    }

    /// Every number fxhost reports for every layer, in order (a path's points read from its text),
    /// and every word (property names, path elements).
    func numbers(_ value: Any?, _ out: inout [Double], _ words: inout [String]) {
        switch value {
        case let d as [String: Any]:
            for k in d.keys.sorted() { words.append(k); numbers(d[k], &out, &words) }
        case let a as [Any]: for v in a { numbers(v, &out, &words) }
        case let s as String:
            for w in s.split(separator: " ") { if let v = Double(w) { out.append(v) } else { words.append(String(w)) } }
        case let n as NSNumber: out.append(n.doubleValue)  // booleans as 0 and 1
        default: words.append("\(value.map { "\($0)" } ?? "nil")")
        }
    }

    /// A layer's properties with its `position` folded into its `transform` (the host's matrix is
    /// T(position) · transform about a top-left anchor), so that a layer moved along a path and its
    /// bake, which keeps it in the transform, read alike; when `place` is given, the translation
    /// goes to it instead and the properties keep 0 there.
    static func placeless(_ layer: [String: Any], _ place: (((Double, Double)) -> Void)?) -> [String: Any] {
        var props = layer["props"] as? [String: Any] ?? [:]
        guard props["position"] != nil || place != nil else { return props }
        let p = props.removeValue(forKey: "position") as? [Double] ?? [0, 0]
        var m = props["transform"] as? [Double] ?? [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        m[12] += p[0]; m[13] += p[1]
        if let place { place((m[12], m[13])); m[12] = 0; m[13] = 0 }
        props["transform"] = m
        return props
    }

    func testEveryPlayedFrameOfEveryFixtureIsTheBakesValue() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Lottie.fixtures).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThan(files.count, 40)
        for name in files + [""] {
            let path = name.isEmpty ? "" : Lottie.fixture(name)
            var fps = 30.0
            if !path.isEmpty, let d = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any] {
                fps = (d["fr"] as? Double) ?? 30
            }
            let args = ["--plugin", "lottie"] + (path.isEmpty ? [] : ["--file", path]) + ["--sink", "jsonl", "--fps", "\(fps)"]
            let planned = try runProcess(Lottie.fxhost, args)
            let baked = try runProcess(Lottie.fxhost, args, environment: ["FXHOST_LOTTIE_BAKE": "1"])
            XCTAssertEqual(planned.status, baked.status, name)
            let a = try JSONLinesReader.read(planned.stdout), b = try JSONLinesReader.read(baked.stdout)
            XCTAssertEqual(a.count, b.count, name)
            var worst = 0.0, worstMoved = 0.0
            for (x, y) in zip(a, b) {
                var nx: [Double] = [], ny: [Double] = [], wx: [String] = [], wy: [String] = []
                // A layer moving along a path (its `position` animated) is where the bake puts it
                // to the path's tolerance, in pixels; everything else to 10⁻⁶ of its size.
                let moving = Set((x["layers"] as! [[String: Any]]).filter { ($0["animated"] as? [String] ?? []).contains("position") }
                    .map { $0["path"] as! String })
                var placed: [String: (Double, Double)] = [:]
                for l in x["layers"] as! [[String: Any]] {
                    let path = l["path"] as! String
                    wx.append(path); numbers(Self.placeless(l, moving.contains(path) ? { placed[path] = $0 } : nil), &nx, &wx)
                }
                for l in y["layers"] as! [[String: Any]] {
                    let path = l["path"] as! String
                    wy.append(path)
                    numbers(Self.placeless(l, moving.contains(path) ? { p in
                        let q = placed[path] ?? (.infinity, .infinity)
                        worstMoved = max(worstMoved, ((p.0 - q.0) * (p.0 - q.0) + (p.1 - q.1) * (p.1 - q.1)).squareRoot())
                    } : nil), &ny, &wy)
                }
                XCTAssertEqual(wx, wy, "\(name) at \(x["t"]!) s: other layers, properties or path elements")
                XCTAssertEqual(nx.count, ny.count, "\(name) at \(x["t"]!) s")
                for (p, q) in zip(nx, ny) { worst = max(worst, abs(p - q) / (1 + abs(q))) }
            }
            XCTAssertLessThan(worst, 1e-6, "\(name): a played frame differs from the bake")
            XCTAssertLessThanOrEqual(worstMoved, 1e-3, "\(name): a layer moving along a path is not where the bake puts it")
        }
    }
}
