import FXCore

/// The fields `animation_set` accepts, by name: one table, so that the
/// header's list, the errors and the code cannot drift apart.
enum AnimationFields {
    typealias Setter = @Sendable (inout Animation, Value) throws(FXAPIError) -> Void

    static func number(_ v: Value, _ field: String) throws(FXAPIError) -> Double {
        guard case .number(let n) = v else { throw FXAPIError(.badType, "field '\(field)' takes a number, not a \(v.type.rawValue)") }
        // Repeating forever is said with infinity (FX_REPEAT_FOREVER, Swift's .infinity, C's HUGE_VALF).
        guard n.isFinite || ((field == "repeatCount" || field == "repeatDuration") && n == .infinity) else {
            let hint = n.isNaN ? "NaN" : "\(n)"
            throw FXAPIError(.badValue, "field '\(field)' must be a finite number, not \(hint)")
        }
        return n
    }

    static func bool(_ v: Value, _ field: String) throws(FXAPIError) -> Bool {
        switch v {
        case .bool(let b): return b
        case .number(let n) where n == 0 || n == 1: return n == 1
        default: throw FXAPIError(.badType, "field '\(field)' takes a bool, not a \(v.type.rawValue)")
        }
    }

    static func choice<T: RawRepresentable & CaseIterable>(_ v: Value, _ field: String, _: T.Type) throws(FXAPIError) -> T
    where T.RawValue == String {
        guard case .string(let s) = v else { throw FXAPIError(.badType, "field '\(field)' takes a string, not a \(v.type.rawValue)") }
        guard let c = T(rawValue: s) else {
            throw FXAPIError(.badValue, "field '\(field)' does not accept '\(s)': expected one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return c
    }

    static func timingFunction(_ v: Value) throws(FXAPIError) -> TimingFunction {
        switch v {
        case .string(let name):
            guard let f = TimingFunction.named(name) else {
                throw FXAPIError(.badValue, "unknown timing function '\(name)': expected one of \(TimingFunction.named.map(\.name).joined(separator: ", ")), or 4 numbers")
            }
            return f
        case .numbers(let cp) where cp.count == 4:
            do { return try TimingFunction(cp[0], cp[1], cp[2], cp[3]) } catch { throw error.apiError }
        default:
            throw FXAPIError(.badType, "field 'timingFunction' takes a name or 4 numbers (x1, y1, x2, y2)")
        }
    }

    static func numbers(_ v: Value, _ field: String) throws(FXAPIError) -> [Double] {
        guard case .numbers(let a) = v else { throw FXAPIError(.badType, "field '\(field)' takes numbers, not a \(v.type.rawValue)") }
        return a
    }

    /// Runs `body` on the animation's spring, for spring animations only.
    static func spring(_ a: inout Animation, _ field: String, _ body: (inout Spring) throws(FXAPIError) -> Void) throws(FXAPIError) {
        guard case .spring(let f, let t, let b, var s) = a.kind else {
            throw FXAPIError(.badArgument, "field '\(field)' applies to spring animations only, not a \(a.className)")
        }
        try body(&s)
        a.kind = .spring(from: f, to: t, by: b, spring: s)
    }

    static func keyframes(_ a: inout Animation, _ field: String, _ body: (inout Keyframes) throws(FXAPIError) -> Void) throws(FXAPIError) {
        guard case .keyframe(var k) = a.kind else {
            throw FXAPIError(.badArgument, "field '\(field)' applies to keyframe animations only, not a \(a.className)")
        }
        try body(&k)
        a.kind = .keyframe(k)
    }

    static func transition(_ a: inout Animation, _ field: String, _ body: (inout Transition) throws(FXAPIError) -> Void) throws(FXAPIError) {
        guard case .transition(var t) = a.kind else {
            throw FXAPIError(.badArgument, "field '\(field)' applies to transitions only, not a \(a.className)")
        }
        try body(&t)
        a.kind = .transition(t)
    }

    /// Sets from, to or by, checked against the key path.
    static func endpoint(_ a: inout Animation, _ field: String, _ v: Value) throws(FXAPIError) {
        guard let kp = a.keyPath else { throw FXAPIError(.badArgument, "field '\(field)' needs an animation with a key path") }
        do { try kp.check(v) } catch { throw error.apiError }
        switch a.kind {
        case .basic(var f, var t, var b):
            if field == "from" { f = v } else if field == "to" { t = v } else { b = v }
            a.kind = .basic(from: f, to: t, by: b)
        case .spring(var f, var t, var b, let s):
            if field == "from" { f = v } else if field == "to" { t = v } else { b = v }
            a.kind = .spring(from: f, to: t, by: b, spring: s)
        default:
            throw FXAPIError(.badArgument, "field '\(field)' applies to basic and spring animations, not a \(a.className)")
        }
    }

    static let setters: [(name: String, set: Setter)] = [
        ("duration", { a, v throws(FXAPIError) in
            let d = try number(v, "duration")
            guard d >= 0 else { throw FXAPIError(.badValue, "field 'duration' must not be negative") }
            a.timing.duration = d
        }),
        ("beginTime", { a, v throws(FXAPIError) in a.timing.beginTime = try number(v, "beginTime") }),
        ("speed", { a, v throws(FXAPIError) in a.timing.speed = try number(v, "speed") }),
        ("timeOffset", { a, v throws(FXAPIError) in a.timing.timeOffset = try number(v, "timeOffset") }),
        ("repeatCount", { a, v throws(FXAPIError) in
            let n = try number(v, "repeatCount")
            guard n >= 0 else { throw FXAPIError(.badValue, "field 'repeatCount' must not be negative") }
            a.timing.repeatCount = n
        }),
        ("repeatDuration", { a, v throws(FXAPIError) in
            let n = try number(v, "repeatDuration")
            guard n >= 0 else { throw FXAPIError(.badValue, "field 'repeatDuration' must not be negative") }
            a.timing.repeatDuration = n
        }),
        ("autoreverses", { a, v throws(FXAPIError) in a.timing.autoreverses = try bool(v, "autoreverses") }),
        ("fillMode", { a, v throws(FXAPIError) in a.timing.fillMode = try choice(v, "fillMode", FillMode.self) }),
        ("removedOnCompletion", { a, v throws(FXAPIError) in a.isRemovedOnCompletion = try bool(v, "removedOnCompletion") }),
        ("additive", { a, v throws(FXAPIError) in a.isAdditive = try bool(v, "additive") }),
        ("cumulative", { a, v throws(FXAPIError) in a.isCumulative = try bool(v, "cumulative") }),
        ("timingFunction", { a, v throws(FXAPIError) in a.timingFunction = try timingFunction(v) }),
        ("from", { a, v throws(FXAPIError) in try endpoint(&a, "from", v) }),
        ("to", { a, v throws(FXAPIError) in try endpoint(&a, "to", v) }),
        ("by", { a, v throws(FXAPIError) in try endpoint(&a, "by", v) }),
        ("mass", { a, v throws(FXAPIError) in
            try spring(&a, "mass") { s throws(FXAPIError) in s.mass = try positive(v, "mass") }
        }),
        ("stiffness", { a, v throws(FXAPIError) in
            try spring(&a, "stiffness") { s throws(FXAPIError) in s.stiffness = try positive(v, "stiffness") }
        }),
        ("damping", { a, v throws(FXAPIError) in
            try spring(&a, "damping") { s throws(FXAPIError) in
                let d = try number(v, "damping")
                guard d >= 0 else { throw FXAPIError(.badValue, "field 'damping' must not be negative") }
                s.damping = d
            }
        }),
        ("initialVelocity", { a, v throws(FXAPIError) in
            try spring(&a, "initialVelocity") { s throws(FXAPIError) in s.initialVelocity = try number(v, "initialVelocity") }
        }),
        ("allowsOverdamping", { a, v throws(FXAPIError) in
            try spring(&a, "allowsOverdamping") { s throws(FXAPIError) in s.allowsOverdamping = try bool(v, "allowsOverdamping") }
        }),
        ("dampingRatio", { a, v throws(FXAPIError) in
            let ratio = try positive(v, "dampingRatio")
            try spring(&a, "dampingRatio") { s in s.uiKitDampingRatio = ratio }
        }),
        ("keyTimes", { a, v throws(FXAPIError) in
            let kt = try numbers(v, "keyTimes")
            try keyframes(&a, "keyTimes") { k in k.keyTimes = kt }
        }),
        ("calculationMode", { a, v throws(FXAPIError) in
            let m = try choice(v, "calculationMode", Keyframes.CalculationMode.self)
            try keyframes(&a, "calculationMode") { k in k.calculationMode = m }
        }),
        ("rotationMode", { a, v throws(FXAPIError) in
            let mode = try choice(v, "rotationMode", Keyframes.RotationMode.self)
            try keyframes(&a, "rotationMode") { k in k.rotationMode = mode }
        }),
        ("path", { a, v throws(FXAPIError) in
            guard case .path(let p) = v else { throw FXAPIError(.badType, "field 'path' takes a path, not a \(v.type.rawValue)") }
            try keyframes(&a, "path") { k in k.path = KeyframePath(p) }
        }),
        ("tensionValues", keyframeNumbers("tensionValues", \.tensionValues)),
        ("continuityValues", keyframeNumbers("continuityValues", \.continuityValues)),
        ("biasValues", keyframeNumbers("biasValues", \.biasValues)),
        ("type", { a, v throws(FXAPIError) in
            let kind = try choice(v, "type", Transition.Kind.self)
            try transition(&a, "type") { t in t.type = kind }
        }),
        ("subtype", { a, v throws(FXAPIError) in
            let sub = try choice(v, "subtype", Transition.Subtype.self)
            try transition(&a, "subtype") { t in t.subtype = sub }
        }),
        ("startProgress", { a, v throws(FXAPIError) in
            let p = try unit(v, "startProgress")
            try transition(&a, "startProgress") { t in t.startProgress = p }
        }),
        ("endProgress", { a, v throws(FXAPIError) in
            let p = try unit(v, "endProgress")
            try transition(&a, "endProgress") { t in t.endProgress = p }
        }),
    ]

    /// A keyframe field that takes numbers (the Kochanek–Bartels parameters).
    static func keyframeNumbers(_ field: String, _ path: WritableKeyPath<Keyframes, [Double]?> & Sendable) -> Setter {
        { a, v throws(FXAPIError) in
            let values = try numbers(v, field)
            try keyframes(&a, field) { k in k[keyPath: path] = values }
        }
    }

    static func positive(_ v: Value, _ field: String) throws(FXAPIError) -> Double {
        let n = try number(v, field)
        guard n > 0 else { throw FXAPIError(.badValue, "field '\(field)' must be greater than 0") }
        return n
    }

    static func unit(_ v: Value, _ field: String) throws(FXAPIError) -> Double {
        let n = try number(v, field)
        guard (0...1).contains(n) else { throw FXAPIError(.badValue, "field '\(field)' must be within 0…1") }
        return n
    }

    static func set(_ a: inout Animation, _ field: String, _ v: Value) throws(FXAPIError) {
        guard let setter = setters.first(where: { $0.name == field }) else {
            throw FXAPIError(.badArgument, "unknown animation field '\(field)' (fields: \(setters.map(\.name).joined(separator: ", ")))")
        }
        try setter.set(&a, v)
    }
}
