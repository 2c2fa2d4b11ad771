// SPDX-License-Identifier: MIT
import FXCore

/// The values animation fields take, checked as `animation_set` takes them, and the parts of an
/// animation that only some classes have (a spring, keyframes, a transition).
extension AnimationFields {
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
        let admitted: Value
        do { admitted = try kp.admit(v) } catch { throw error.apiError }
        try replaceEndpoint(&a, field, admitted)
    }

    /// Puts `v` (nil: none) as from, to or by, for basic and spring animations.
    static func replaceEndpoint(_ a: inout Animation, _ field: String, _ v: Value?) throws(FXAPIError) {
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

    /// The spring a template stands for at its current duration (dampingRatio resolved).
    static func resolvedSpring(_ a: Animation) -> Spring? {
        guard case .spring(_, _, _, let s) = a.kind else { return nil }
        return s.resolved(duration: a.timing.effectiveDuration)
    }

    static func keyframesOf(_ a: Animation) -> Keyframes? {
        if case .keyframe(let k) = a.kind { return k }
        return nil
    }

    static func transitionOf(_ a: Animation) -> Transition? {
        if case .transition(let t) = a.kind { return t }
        return nil
    }

    static func endpoints(_ a: Animation) -> (Value?, Value?, Value?) {
        switch a.kind {
        case let .basic(f, t, b), let .spring(f, t, b, _): (f, t, b)
        default: (nil, nil, nil)
        }
    }

    static func curve(_ f: TimingFunction) -> [Double] { [f.x1, f.y1, f.x2, f.y2] }
}
