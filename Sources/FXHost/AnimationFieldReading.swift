import FXCore

/// What `animation_get`, `animation_knows_field` and a nil (`FX_VALUE_NONE`)
/// given to `animation_set` do, by field name. Every field `animation_set`
/// takes is here too (a test keeps the two tables in step), plus the
/// read-only ones Core Animation derives.
extension AnimationFields {
    /// The CAAnimation classes, as sets of fields apply to them.
    enum Class: CaseIterable {
        case basic, spring, keyframe, group, transition

        init(_ kind: Animation.Kind) {
            switch kind {
            case .basic: self = .basic
            case .spring: self = .spring
            case .keyframe: self = .keyframe
            case .group: self = .group
            case .transition: self = .transition
            }
        }

        static let all = Set(allCases)
        /// `CAPropertyAnimation`: the classes with a key path.
        static let property: Set<Class> = [.basic, .spring, .keyframe]
    }

    struct Reader: Sendable {
        let name: String
        let classes: Set<Class>
        /// nil reads as `FX_VALUE_NONE`.
        let get: @Sendable (Animation) -> Value?
    }

    static func reader(_ name: String, _ classes: Set<Class>, _ get: @escaping @Sendable (Animation) -> Value?) -> Reader {
        Reader(name: name, classes: classes, get: get)
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

    static let readers: [Reader] = [
        reader("duration", Class.all) { .number($0.timing.duration) },
        reader("beginTime", Class.all) { .number($0.timing.beginTime) },
        reader("speed", Class.all) { .number($0.timing.speed) },
        reader("timeOffset", Class.all) { .number($0.timing.timeOffset) },
        reader("repeatCount", Class.all) { .number($0.timing.repeatCount) },
        reader("repeatDuration", Class.all) { .number($0.timing.repeatDuration) },
        reader("autoreverses", Class.all) { .bool($0.timing.autoreverses) },
        reader("fillMode", Class.all) { .string($0.timing.fillMode.rawValue) },
        reader("removedOnCompletion", Class.all) { .bool($0.isRemovedOnCompletion) },
        reader("additive", Class.property) { .bool($0.isAdditive) },
        reader("cumulative", Class.property) { .bool($0.isCumulative) },
        reader("timingFunction", Class.all) { a in a.timingFunction.map { .numbers(curve($0)) } },
        reader("from", [.basic, .spring]) { endpoints($0).0 },
        reader("to", [.basic, .spring]) { endpoints($0).1 },
        reader("by", [.basic, .spring]) { endpoints($0).2 },
        reader("mass", [.spring]) { a in resolvedSpring(a).map { .number($0.mass) } },
        reader("stiffness", [.spring]) { a in resolvedSpring(a).map { .number($0.stiffness) } },
        reader("damping", [.spring]) { a in resolvedSpring(a).map { .number($0.damping) } },
        reader("initialVelocity", [.spring]) { a in resolvedSpring(a).map { .number($0.initialVelocity) } },
        reader("allowsOverdamping", [.spring]) { a in resolvedSpring(a).map { .bool($0.allowsOverdamping) } },
        reader("dampingRatio", [.spring]) { a in resolvedSpring(a).map { .number($0.dampingRatio) } },
        reader("settlingDuration", [.spring]) { a in resolvedSpring(a).map { .number($0.settlingDuration) } },
        reader("keyTimes", [.keyframe]) { a in keyframesOf(a)?.keyTimes.map { .numbers($0) } },
        reader("calculationMode", [.keyframe]) { a in keyframesOf(a).map { .string($0.calculationMode.rawValue) } },
        reader("path", [.keyframe]) { a in keyframesOf(a)?.path.map { .path($0.path) } },
        reader("rotationMode", [.keyframe]) { a in keyframesOf(a)?.rotationMode.map { .string($0.rawValue) } },
        reader("tensionValues", [.keyframe]) { a in keyframesOf(a)?.tensionValues.map { .numbers($0) } },
        reader("continuityValues", [.keyframe]) { a in keyframesOf(a)?.continuityValues.map { .numbers($0) } },
        reader("biasValues", [.keyframe]) { a in keyframesOf(a)?.biasValues.map { .numbers($0) } },
        reader("timingFunctions", [.keyframe]) { a in keyframesOf(a)?.timingFunctions.map { .numbers($0.flatMap(curve)) } },
        reader("values", [.keyframe]) { a in
            guard let k = keyframesOf(a) else { return nil }
            var numbers: [Double] = []
            for v in k.values { guard case .number(let n) = v else { return nil }; numbers.append(n) }
            return .numbers(numbers)
        },
        reader("type", [.transition]) { a in transitionOf(a).map { .string($0.type.rawValue) } },
        reader("subtype", [.transition]) { a in transitionOf(a).map { .string($0.subtype.rawValue) } },
        reader("startProgress", [.transition]) { a in transitionOf(a).map { .number($0.startProgress) } },
        reader("endProgress", [.transition]) { a in transitionOf(a).map { .number($0.endProgress) } },
        reader("keyPath", Class.property) { a in a.keyPath.map { .string($0.description) } },
        reader("kind", Class.all) { .string($0.className) },
    ]

    /// Read-only fields: derived by the host, never set.
    static let readOnly: Set<String> = ["settlingDuration", "keyPath", "kind", "values", "timingFunctions"]

    /// Whether animations of class `c` take `field` (set or read).
    static func knows(_ c: Class, _ field: String) -> Bool {
        readers.contains { $0.name == field && $0.classes.contains(c) }
    }

    static func get(_ a: Animation, _ field: String) throws(FXAPIError) -> Value? {
        guard let r = readers.first(where: { $0.name == field }) else {
            throw FXAPIError(.badArgument, "unknown animation field '\(field)' (fields: \(readers.map(\.name).joined(separator: ", ")))")
        }
        guard r.classes.contains(Class(a.kind)) else {
            throw FXAPIError(.badArgument, "field '\(field)' does not apply to a \(a.className)")
        }
        return r.get(a)
    }

    /// Makes a field nil again, for the fields Core Animation lets be nil.
    static func clear(_ a: inout Animation, _ field: String) throws(FXAPIError) {
        switch field {
        case "from", "to", "by":
            switch a.kind {
            case .basic(var f, var t, var b):
                if field == "from" { f = nil } else if field == "to" { t = nil } else { b = nil }
                a.kind = .basic(from: f, to: t, by: b)
            case .spring(var f, var t, var b, let s):
                if field == "from" { f = nil } else if field == "to" { t = nil } else { b = nil }
                a.kind = .spring(from: f, to: t, by: b, spring: s)
            default:
                throw FXAPIError(.badArgument, "field '\(field)' applies to basic and spring animations, not a \(a.className)")
            }
        case "timingFunction": a.timingFunction = nil
        case "dampingRatio": try spring(&a, field) { s in s.uiKitDampingRatio = nil }
        case "path": try keyframes(&a, field) { k in k.path = nil }
        case "keyTimes": try keyframes(&a, field) { k in k.keyTimes = nil }
        case "tensionValues": try keyframes(&a, field) { k in k.tensionValues = nil }
        case "continuityValues": try keyframes(&a, field) { k in k.continuityValues = nil }
        case "biasValues": try keyframes(&a, field) { k in k.biasValues = nil }
        default:
            guard setters.contains(where: { $0.name == field }) else {
                throw FXAPIError(.badArgument, "unknown animation field '\(field)' (fields: \(setters.map(\.name).joined(separator: ", ")))")
            }
            throw FXAPIError(.badValue, "field '\(field)' cannot be nil (FX_VALUE_NONE): Core Animation has no nil for it; give a value")
        }
    }
}
