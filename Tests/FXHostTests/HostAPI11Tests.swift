// SPDX-License-Identifier: MIT
import CFX
import FXCore
import Glibc
import Testing
@testable import FXHost

/// The fx.h 1.1 additions, driven from Swift as a plugin drives them from C.
@Suite(.serialized) struct HostAPI11Tests {
    let session: HostSession
    let stage: Stage
    let root: UInt64
    var api: fx_api { HostAPI.table.pointee }

    init() throws {
        session = HostSession(pluginName: "swift-test")
        stage = Stage(size: Size(200, 100))
        root = try session.attach(stage)
    }

    func inPlugin(_ body: () -> Void) throws {
        try session.callPlugin("test") { body(); return FX_OK }
    }

    func layer(_ name: String, kind: fx_layer_kind = FX_LAYER) -> fx_layer {
        var l: fx_layer = 0
        _ = api.layer_create(kind, name, &l)
        _ = api.layer_add_sublayer(root, l)
        return l
    }

    func number(_ v: fx_value) -> Double { v.type == FX_VALUE_NUMBER ? v.u.number : .nan }

    func presented(_ name: String, _ kp: String, at t: Double) throws -> Value {
        try stage.sample(at: t).layer(named: name)!.value(at: try KeyPath(parsing: kp))
    }

    @Test func repeatForeverIsInfinity() throws {
        try inPlugin {
            var a: fx_animation = 0
            _ = api.animation_create(FX_ANIMATION_BASIC, "opacity", &a)
            var forever = fx_number(.infinity)
            #expect(api.animation_set(a, "repeatCount", &forever) == FX_OK)
            #expect(api.animation_set(a, "repeatDuration", &forever) == FX_OK)
            var nan = fx_number(.nan)
            #expect(api.animation_set(a, "repeatCount", &nan) == FX_ERR_BAD_VALUE)
            #expect(String(cString: api.last_error()!).contains("'repeatCount'"))
            #expect(api.animation_set(a, "duration", &forever) == FX_ERR_BAD_VALUE)
            #expect(String(cString: api.last_error()!).contains("'duration'"))
            let l = layer("l")
            var inf = fx_number(.infinity)
            #expect(api.layer_set(l, "opacity", &inf) == FX_ERR_BAD_VALUE)
            #expect(String(cString: api.last_error()!).contains("'opacity'"))
        }
    }

    /// Every pair of keyframe fields, set in both orders, gives the same samples.
    @Test func keyframeFieldsDoNotDependOnTheirOrder() throws {
        typealias Setter = (fx_animation) -> Void
        let fields: [(String, Setter)] = [
            ("values", { a in
                var v = [fx_point_value(0, 0), fx_point_value(80, 0), fx_point_value(80, 60)]
                _ = api.animation_set_values(a, &v, 3) }),
            ("path", { a in
                var p: fx_path = 0
                _ = api.path_create(&p); _ = api.path_move_to(p, 0, 0); _ = api.path_line_to(p, 100, 0)
                _ = api.path_quad_to(p, 150, 50, 100, 100)
                var v = fx_path_value(p); _ = api.animation_set(a, "path", &v) }),
            ("keyTimes", { a in
                var kt = [0.0, 0.9, 1.0]
                var v = fx_numbers_value(&kt, 3); _ = api.animation_set(a, "keyTimes", &v) }),
            ("calculationMode", { a in
                var v = fx_string_value(cstr("cubic")); _ = api.animation_set(a, "calculationMode", &v) }),
            ("timingFunctions", { a in
                var names: [UnsafePointer<CChar>?] = [cstr("easeIn")]
                _ = api.animation_set_timing_functions(a, &names, 1) }),
            ("timingCurves", { a in
                var cp = [0.3, 0.0, 0.2, 1.0, 0.42, 0.0, 1.0, 1.0]
                _ = api.animation_set_timing_curves(a, &cp, 2) }),
            ("tensionValues", { a in
                var t = [0.5, -0.5, 0.0]
                var v = fx_numbers_value(&t, 3); _ = api.animation_set(a, "tensionValues", &v) }),
            ("continuityValues", { a in
                var t = [0.2, 0.1, 0.0]
                var v = fx_numbers_value(&t, 3); _ = api.animation_set(a, "continuityValues", &v) }),
            ("biasValues", { a in
                var t = [0.0, 0.3, 0.0]
                var v = fx_numbers_value(&t, 3); _ = api.animation_set(a, "biasValues", &v) }),
            ("timingFunction", { a in
                var v = fx_string_value(cstr("easeOut")); _ = api.animation_set(a, "timingFunction", &v) }),
            ("duration", { a in var v = fx_number(2); _ = api.animation_set(a, "duration", &v) }),
        ]
        let times = [0.1, 0.35, 0.7, 0.95, 1.3, 1.81]
        func run(_ order: [Setter]) throws -> [Value] {
            let s = HostSession(pluginName: "order")
            let st = Stage(size: Size(200, 100))
            let r = try s.attach(st)
            try s.callPlugin("order") {
                var l: fx_layer = 0, a: fx_animation = 0
                _ = api.layer_create(FX_LAYER, "l", &l)
                _ = api.layer_add_sublayer(r, l)
                _ = api.animation_create(FX_ANIMATION_KEYFRAME, "position", &a)
                for set in order { set(a) }
                return api.layer_add_animation(l, a, "k")
            }
            return try times.map { t in try st.sample(at: t).layer(named: "l")!.value(at: KeyPath(.position)) }
        }
        for i in fields.indices {
            // Names and custom curves are two ways of setting the one timingFunctions field: the later wins.
            for j in fields.indices where j > i && !(fields[i].0 == "timingFunctions" && fields[j].0 == "timingCurves") {
                let others = fields.indices.filter { $0 != i && $0 != j }.map { fields[$0].1 }
                let forward = try run(others + [fields[i].1, fields[j].1])
                let backward = try run(others + [fields[j].1, fields[i].1])
                #expect(forward == backward, "\(fields[i].0) then \(fields[j].0)")
            }
        }
    }

    /// The issue's case: path then keyTimes, or keyTimes then path, both give (55.56, 0) at t = 0.5.
    @Test(arguments: [true, false]) func pathWithKeyTimesInEitherOrder(pathFirst: Bool) throws {
        try inPlugin {
            let l = layer("l")
            var a: fx_animation = 0, p: fx_path = 0
            _ = api.animation_create(FX_ANIMATION_KEYFRAME, "position", &a)
            _ = api.path_create(&p); _ = api.path_move_to(p, 0, 0); _ = api.path_line_to(p, 100, 0); _ = api.path_line_to(p, 100, 100)
            var kt = [0.0, 0.9, 1.0]
            var pv = fx_path_value(p), kv = fx_numbers_value(&kt, 3), d = fx_number(1)
            if pathFirst { _ = api.animation_set(a, "path", &pv) }
            _ = api.animation_set(a, "keyTimes", &kv)
            if !pathFirst { _ = api.animation_set(a, "path", &pv) }
            _ = api.animation_set(a, "duration", &d)
            #expect(api.layer_add_animation(l, a, nil) == FX_OK)
        }
        guard case .point(let q) = try presented("l", "position", at: 0.5) else { Issue.record("not a point"); return }
        #expect(abs(q.x - 100 * 0.5 / 0.9) < 1e-9 && abs(q.y) < 1e-9)
    }

    /// `rotationMode` through `animation_set`, as `CAKeyframeAnimation.rotationMode` is set: the layer
    /// turns to the path's tangent, a turn by θ being CATransform3DMakeRotation(θ, 0, 0, 1):
    /// m11 = cos θ, m12 = sin θ, m21 = −sin θ, m22 = cos θ. A line from (0, 0) to (100, 100) has
    /// θ = π/4 everywhere ("autoReverse": π/4 + π); the cubic (0,0) (0,100) (100,100) (100,0) has
    /// B′(0) = 3·(c1 − p0) = (0, 300), θ = π/2, and by symmetry B′(½) = (150, 0), θ = 0, at its middle.
    @Test(arguments: [("auto", false, 0.5, Double.pi / 4), ("autoReverse", false, 0.5, Double.pi / 4 + Double.pi),
                      ("auto", true, 0, Double.pi / 2), ("auto", true, 0.5, 0)])
    func rotationModeTurnsToTheTangent(mode: String, curve: Bool, t: Double, angle: Double) throws {
        try inPlugin {
            let l = layer("l")
            var a: fx_animation = 0, p: fx_path = 0
            _ = api.animation_create(FX_ANIMATION_KEYFRAME, "position", &a)
            _ = api.path_create(&p); _ = api.path_move_to(p, 0, 0)
            if curve { _ = api.path_cubic_to(p, 0, 100, 100, 100, 100, 0) } else { _ = api.path_line_to(p, 100, 100) }
            var pv = fx_path_value(p), d = fx_number(1)
            _ = api.animation_set(a, "path", &pv)
            _ = api.animation_set(a, "duration", &d)
            mode.withCString { text in
                var m = fx_string_value(text)
                #expect(api.animation_set(a, "rotationMode", &m) == FX_OK)
            }
            var back = fx_value()
            #expect(api.animation_get(a, "rotationMode", &back) == FX_OK && String(cString: back.u.string) == mode)
            "sideways".withCString { text in
                var bad = fx_string_value(text)
                #expect(api.animation_set(a, "rotationMode", &bad) != FX_OK)
            }
            #expect(api.layer_add_animation(l, a, nil) == FX_OK)
        }
        guard case .transform(let m) = try presented("l", "transform", at: t) else { Issue.record("not a transform"); return }
        #expect(abs(m.m11 - cos(angle)) < 1e-9 && abs(m.m12 - sin(angle)) < 1e-9, "\(m)")
        #expect(abs(m.m21 + sin(angle)) < 1e-9 && abs(m.m22 - cos(angle)) < 1e-9)
        // Without rotationMode the layer does not turn.
        if mode == "auto" && !curve {
            let plain = stage.makeLayer(.layer, name: "plain")
            try stage.root.addSublayer(plain)
            try plain.add(Animation.keyframe(try KeyPath(parsing: "position"), Keyframes(path: Path(elements: [.move(Point(0, 0)), .line(Point(100, 100))]))), forKey: nil)
            #expect(try stage.sample(at: t + 0.1).layer(named: "plain")!.value(at: try KeyPath(parsing: "transform")) == .transform(.identity))
        }
    }

    /// now() is the media clock: the stage's time plus the origin (--media-time).
    @Test func nowReadsTheMediaClock() throws {
        stage.mediaTimeOrigin = 250
        try stage.advance(to: 0.5)
        try inPlugin { #expect(api.now() == 250.5) }
    }

    @Test func customCurvesPerSegment() throws {
        try inPlugin {
            let l = layer("l")
            var a: fx_animation = 0
            _ = api.animation_create(FX_ANIMATION_KEYFRAME, "opacity", &a)
            var v = [fx_number(0), fx_number(0.5), fx_number(1)]
            _ = api.animation_set_values(a, &v, 3)
            var cp = [0.3, 0.0, 0.2, 1.0, 0.42, 0.0, 1.0, 1.0]
            #expect(api.animation_set_timing_curves(a, &cp, 2) == FX_OK)
            var bad = [1.5, 0.0, 0.2, 1.0]
            #expect(api.animation_set_timing_curves(a, &bad, 1) == FX_ERR_BAD_VALUE)
            var d = fx_number(1); _ = api.animation_set(a, "duration", &d)
            #expect(api.layer_add_animation(l, a, nil) == FX_OK)
        }
        let first = bezierValue(0.3, 0, 0.2, 1, at: 0.5) * 0.5
        let second = 0.5 + bezierValue(0.42, 0, 1, 1, at: 0.5) * 0.5
        if case .number(let x) = try presented("l", "opacity", at: 0.25) { #expect(abs(x - first) < 1e-6) }
        if case .number(let x) = try presented("l", "opacity", at: 0.75) { #expect(abs(x - second) < 1e-6) }
    }

    @Test func nilWhereCoreAnimationTakesNil() throws {
        var shape: fx_layer = 0
        try inPlugin {
            shape = layer("s", kind: FX_LAYER_SHAPE)
            var none = fx_value()
            none.type = FX_VALUE_NONE
            #expect(api.layer_set(shape, "fillColor", &none) == FX_OK)
            #expect(api.layer_set(shape, "strokeColor", &none) == FX_OK)
            #expect(api.layer_set(shape, "contents", &none) == FX_OK)
            #expect(api.layer_set(shape, "opacity", &none) == FX_ERR_BAD_VALUE)
            #expect(String(cString: api.last_error()!).contains("'opacity' cannot be nil"))
            var a: fx_animation = 0
            _ = api.animation_create(FX_ANIMATION_BASIC, "position.x", &a)
            var v = fx_number(50); _ = api.animation_set(a, "from", &v)
            v = fx_number(10); _ = api.animation_set(a, "to", &v)
            #expect(api.animation_set(a, "from", &none) == FX_OK)
            var got = fx_value()
            #expect(api.animation_get(a, "from", &got) == FX_OK && got.type == FX_VALUE_NONE)
            #expect(api.animation_set(a, "duration", &none) == FX_ERR_BAD_VALUE)
            var x = fx_number(30); _ = api.layer_set(shape, "position.x", &x)
            var d = fx_number(1); _ = api.animation_set(a, "duration", &d)
            _ = api.layer_add_animation(shape, a, nil)
        }
        #expect(try session.layer(shape)!.value(at: KeyPath(.fillColor)) == .color(.clear))
        // from is nil again: the animation runs from the model value, 30 → 10.
        #expect(try presented("s", "position.x", at: 0.5) == .number(20))
    }

    @Test func presentedValuesReadBackAtTheCurrentTime() throws {
        var l: fx_layer = 0
        var seen: [Double] = []
        try inPlugin {
            l = layer("l")
            var a: fx_animation = 0
            _ = api.animation_create(FX_ANIMATION_BASIC, "opacity", &a)
            var v = fx_number(0); _ = api.animation_set(a, "from", &v)
            v = fx_number(1); _ = api.animation_set(a, "to", &v)
            v = fx_number(2); _ = api.animation_set(a, "duration", &v)
            _ = api.layer_add_animation(l, a, "fade")
        }
        try stage.advance(to: 0.5)
        try inPlugin {
            var out = fx_value()
            #expect(api.layer_get_presented(l, "opacity", &out) == FX_OK)
            seen.append(out.u.number)
            #expect(api.layer_get(l, "opacity", &out) == FX_OK)
            seen.append(out.u.number)
            #expect(api.layer_get_presented(l, "strokeEnd", &out) == FX_ERR_BAD_KEY_PATH)
        }
        // Presented 0.5 / 2 of the way; the model is still 1.
        #expect(seen == [0.25, 1])
    }

    /// settlingDuration from its definition (the last millisecond at which the
    /// closed-form displacement is at least 0.001), and the stiffness and damping
    /// a UIKit damping ratio stands for, computed here from the documented rules.
    @Test func springFieldsReadBack() throws {
        var values: [String: Double] = [:]
        try inPlugin {
            var a: fx_animation = 0
            _ = api.animation_create(FX_ANIMATION_SPRING, "position.y", &a)
            var v = fx_number(5); _ = api.animation_set(a, "damping", &v)
            var out = fx_value()
            _ = api.animation_get(a, "settlingDuration", &out)
            values["settling"] = out.u.number
            var r = fx_number(0.5); _ = api.animation_set(a, "dampingRatio", &r)
            v = fx_number(2); _ = api.animation_set(a, "duration", &v)
            for f in ["mass", "stiffness", "damping"] { _ = api.animation_get(a, f, &out); values[f] = out.u.number }
            _ = api.animation_get(a, "kind", &out)
            #expect(String(cString: out.u.string) == "SpringAnimation")
            #expect(api.animation_get(a, "calculationMode", &out) == FX_ERR_BAD_ARGUMENT)
        }
        // Mass 1, stiffness 100, damping 5: ζ = 0.25, ω0 = 10.
        let zeta = 0.25, w0 = 10.0, wd = w0 * (1 - zeta * zeta).squareRoot()
        var last = 0.0
        for i in 0...10_000 {
            let t = Double(i) / 1000
            let x = exp(-zeta * w0 * t) * (cos(wd * t) + (zeta * w0 / wd) * sin(wd * t))
            if abs(x) >= 0.001 { last = t }
        }
        #expect(abs(values["settling"]! - last) <= 0.001)
        let omega = log(1000) / (0.5 * 2)
        #expect(values["mass"] == 1)
        #expect(abs(values["stiffness"]! - omega * omega) < 1e-9)
        #expect(abs(values["damping"]! - 2 * 0.5 * omega) < 1e-9)
    }

    @Test func probesAnswerWithoutFailing() throws {
        try inPlugin {
            var yes: Int32 = -1
            #expect(api.animation_knows_field(FX_ANIMATION_SPRING, "settlingDuration", &yes) == FX_OK && yes == 1)
            #expect(api.animation_knows_field(FX_ANIMATION_BASIC, "mass", &yes) == FX_OK && yes == 0)
            #expect(api.animation_knows_field(FX_ANIMATION_KEYFRAME, "noSuchField", &yes) == FX_OK && yes == 0)
            #expect(api.layer_knows_key_path(FX_LAYER_SHAPE, "strokeEnd", &yes) == FX_OK && yes == 1)
            #expect(api.layer_knows_key_path(FX_LAYER, "strokeEnd", &yes) == FX_OK && yes == 0)
            #expect(api.layer_knows_key_path(FX_LAYER, "transform.rotation.z", &yes) == FX_OK && yes == 1)
            #expect(api.layer_knows_key_path(FX_LAYER, "positon", &yes) == FX_OK && yes == 0)
            #expect(String(cString: api.last_error()!) == "")
        }
    }

    /// The one table of fields: the read-only ones are Core Animation's derived properties
    /// (CASpringAnimation.settlingDuration, CAPropertyAnimation.keyPath, the class, and keyframe
    /// values and timingFunctions, which have calls of their own), and the fields that may be nil
    /// again are those Core Animation declares optional.
    @Test func fieldTableAgreesWithCoreAnimation() {
        #expect(AnimationFields.readOnly == ["settlingDuration", "keyPath", "kind", "values", "timingFunctions"])
        let clearable = Set(AnimationFields.fields.filter { $0.clear != nil }.map(\.name))
        #expect(clearable == ["from", "to", "by", "timingFunction", "dampingRatio", "path", "keyTimes",
                              "tensionValues", "continuityValues", "biasValues"])
        #expect(AnimationFields.fields.allSatisfy { $0.set != nil || $0.clear == nil })
    }

    /// The helpers against CATransform3D's definitions, computed here.
    @Test func transformHelpers() {
        let r = fx_transform_rotation(Double.pi / 2, 0, 0, 2)
        let e = withUnsafeBytes(of: r.m) { Array($0.bindMemory(to: Double.self)) }
        // CATransform3DMakeRotation(π/2, 0, 0, 1): m11 = cos = 0, m12 = sin = 1, m21 = −1, m22 = 0.
        let expected: [Double] = [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        #expect(zip(e, expected).allSatisfy { abs($0 - $1) < 1e-12 })
        // About (1, 1, 1) by 2π/3 the axes cycle: x → y.
        let c = fx_transform_rotation(2 * Double.pi / 3, 1, 1, 1)
        let ce = withUnsafeBytes(of: c.m) { Array($0.bindMemory(to: Double.self)) }
        #expect(abs(ce[0]) < 1e-12 && abs(ce[1] - 1) < 1e-12 && abs(ce[2]) < 1e-12)
        #expect(withUnsafeBytes(of: fx_transform_rotation(1, 0, 0, 0).m) { Array($0.bindMemory(to: Double.self)) } == expected.indices.map { $0 % 5 == 0 ? 1 : 0 })
        // Rotate/scale/translate apply their own transform first: translate then rotate a point (1, 0).
        let t = fx_transform_translate(fx_transform_rotation(Double.pi / 2, 0, 0, 1), 10, 0, 0)
        let te = withUnsafeBytes(of: t.m) { Array($0.bindMemory(to: Double.self)) }
        // Row vector (1, 0, 0, 1) × T: translation (10, 0) first, then the rotation: (0, 11).
        let x = 1 * te[0] + te[12], y = 1 * te[1] + te[13]
        #expect(abs(x) < 1e-12 && abs(y - 11) < 1e-12)
        let s = fx_transform_scale_by(fx_transform_identity(), 2, 3, 4)
        #expect(s.m.0 == 2 && s.m.5 == 3 && s.m.10 == 4)
        let p = fx_transform_perspective(500)
        #expect(p.m.11 == -1.0 / 500)
        var inv = fx_transform()
        let m = fx_transform_concat(fx_transform_rotation(0.7, 1, 2, 3), fx_transform_concat(fx_transform_scale(2, 3, 4), p))
        #expect(fx_transform_invert(m, &inv) == 1)
        let product = fx_transform_concat(m, inv)
        let pe = withUnsafeBytes(of: product.m) { Array($0.bindMemory(to: Double.self)) }
        #expect(pe.enumerated().allSatisfy { abs($0.element - ($0.offset % 5 == 0 ? 1 : 0)) < 1e-9 })
        #expect(fx_transform_invert(fx_transform_scale(0, 1, 1), &inv) == 0 && inv.m.0 == 0 && inv.m.5 == 1)
        #expect(abs(FX_PI - Double.pi) < 1e-15)
    }
}

/// A cubic Bézier timing curve by bisection (independent of FXCore's solver).
func bezierValue(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func coord(_ a: Double, _ b: Double, _ t: Double) -> Double { 3 * a * t * (1 - t) * (1 - t) + 3 * b * t * t * (1 - t) + t * t * t }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 { let mid = (lo + hi) / 2; if coord(x1, x2, mid) < x { lo = mid } else { hi = mid } }
    return coord(y1, y2, (lo + hi) / 2)
}
