// SPDX-License-Identifier: MIT
import FXCore

/// The animation fields of the C ABI, by name: one table that `animation_set`, `animation_get`,
/// `animation_knows_field` and a nil (`FX_VALUE_NONE`) given to `animation_set` all read, so that
/// the header's list, the errors and the code cannot drift apart. Core Animation's read-only fields
/// (derived by the host) have no setter.
enum AnimationFields {
    typealias Setter = @Sendable (inout Animation, Value) throws(FXAPIError) -> Void
    typealias Clearer = @Sendable (inout Animation) throws(FXAPIError) -> Void

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

        static let all: Classes = [.basic, .spring, .keyframe, .group, .transition]
        /// `CAPropertyAnimation`: the classes with a key path.
        static let property: Classes = [.basic, .spring, .keyframe]
    }

    /// A set of classes as bits, not a `Set<Class>`: the first `Set` of a type the process has
    /// not hashed makes the Swift runtime look its `Hashable` conformance up through every
    /// conformance loaded (hundreds of thousands of instructions inside a plugin's first
    /// `animation_set`, more the more libraries the plugin loads).
    struct Classes: OptionSet, Sendable {
        let rawValue: UInt8
        static let basic = Classes(rawValue: 1 << 0)
        static let spring = Classes(rawValue: 1 << 1)
        static let keyframe = Classes(rawValue: 1 << 2)
        static let group = Classes(rawValue: 1 << 3)
        static let transition = Classes(rawValue: 1 << 4)

        func contains(_ c: Class) -> Bool {
            switch c {
            case .basic: contains(Classes.basic)
            case .spring: contains(Classes.spring)
            case .keyframe: contains(Classes.keyframe)
            case .group: contains(Classes.group)
            case .transition: contains(Classes.transition)
            }
        }
    }

    struct Field: Sendable {
        let name: String
        /// The classes whose animations have the field.
        let classes: Classes
        /// nil reads as `FX_VALUE_NONE`.
        let get: @Sendable (Animation) -> Value?
        /// nil: read-only.
        let set: Setter?
        /// How the field is made nil again; nil: Core Animation has no nil for it.
        let clear: Clearer?
    }

    static func field(_ name: String, _ classes: Classes, get: @escaping @Sendable (Animation) -> Value?,
                      set: Setter?, clear: Clearer? = nil) -> Field {
        Field(name: name, classes: classes, get: get, set: set, clear: clear)
    }

    static let fields: [Field] = [
        field("duration", Class.all, get: { .number($0.timing.duration) }, set: { a, v throws(FXAPIError) in
            let d = try number(v, "duration")
            guard d >= 0 else { throw FXAPIError(.badValue, "field 'duration' must not be negative") }
            a.timing.duration = d
        }),
        field("beginTime", Class.all, get: { .number($0.timing.beginTime) },
              set: { a, v throws(FXAPIError) in a.timing.beginTime = try number(v, "beginTime") }),
        field("speed", Class.all, get: { .number($0.timing.speed) },
              set: { a, v throws(FXAPIError) in a.timing.speed = try number(v, "speed") }),
        field("timeOffset", Class.all, get: { .number($0.timing.timeOffset) },
              set: { a, v throws(FXAPIError) in a.timing.timeOffset = try number(v, "timeOffset") }),
        field("repeatCount", Class.all, get: { .number($0.timing.repeatCount) }, set: { a, v throws(FXAPIError) in
            let n = try number(v, "repeatCount")
            guard n >= 0 else { throw FXAPIError(.badValue, "field 'repeatCount' must not be negative") }
            a.timing.repeatCount = n
        }),
        field("repeatDuration", Class.all, get: { .number($0.timing.repeatDuration) }, set: { a, v throws(FXAPIError) in
            let n = try number(v, "repeatDuration")
            guard n >= 0 else { throw FXAPIError(.badValue, "field 'repeatDuration' must not be negative") }
            a.timing.repeatDuration = n
        }),
        field("autoreverses", Class.all, get: { .bool($0.timing.autoreverses) },
              set: { a, v throws(FXAPIError) in a.timing.autoreverses = try bool(v, "autoreverses") }),
        field("fillMode", Class.all, get: { .string($0.timing.fillMode.rawValue) },
              set: { a, v throws(FXAPIError) in a.timing.fillMode = try choice(v, "fillMode", FillMode.self) }),
        field("removedOnCompletion", Class.all, get: { .bool($0.isRemovedOnCompletion) },
              set: { a, v throws(FXAPIError) in a.isRemovedOnCompletion = try bool(v, "removedOnCompletion") }),
        field("additive", Class.property, get: { .bool($0.isAdditive) },
              set: { a, v throws(FXAPIError) in a.isAdditive = try bool(v, "additive") }),
        field("cumulative", Class.property, get: { .bool($0.isCumulative) },
              set: { a, v throws(FXAPIError) in a.isCumulative = try bool(v, "cumulative") }),
        field("timingFunction", Class.all, get: { a in a.timingFunction.map { .numbers(curve($0)) } },
              set: { a, v throws(FXAPIError) in a.timingFunction = try timingFunction(v) }, clear: { a in a.timingFunction = nil }),
        endpoint("from", { $0.0 }),
        endpoint("to", { $0.1 }),
        endpoint("by", { $0.2 }),
        field("mass", [.spring], get: { a in resolvedSpring(a).map { .number($0.mass) } }, set: { a, v throws(FXAPIError) in
            try spring(&a, "mass") { s throws(FXAPIError) in s.mass = try positive(v, "mass") }
        }),
        field("stiffness", [.spring], get: { a in resolvedSpring(a).map { .number($0.stiffness) } }, set: { a, v throws(FXAPIError) in
            try spring(&a, "stiffness") { s throws(FXAPIError) in s.stiffness = try positive(v, "stiffness") }
        }),
        field("damping", [.spring], get: { a in resolvedSpring(a).map { .number($0.damping) } }, set: { a, v throws(FXAPIError) in
            try spring(&a, "damping") { s throws(FXAPIError) in
                let d = try number(v, "damping")
                guard d >= 0 else { throw FXAPIError(.badValue, "field 'damping' must not be negative") }
                s.damping = d
            }
        }),
        field("initialVelocity", [.spring], get: { a in resolvedSpring(a).map { .number($0.initialVelocity) } },
              set: { a, v throws(FXAPIError) in
                  try spring(&a, "initialVelocity") { s throws(FXAPIError) in s.initialVelocity = try number(v, "initialVelocity") }
              }),
        field("allowsOverdamping", [.spring], get: { a in resolvedSpring(a).map { .bool($0.allowsOverdamping) } },
              set: { a, v throws(FXAPIError) in
                  try spring(&a, "allowsOverdamping") { s throws(FXAPIError) in s.allowsOverdamping = try bool(v, "allowsOverdamping") }
              }),
        field("dampingRatio", [.spring], get: { a in resolvedSpring(a).map { .number($0.dampingRatio) } },
              set: { a, v throws(FXAPIError) in
                  let ratio = try positive(v, "dampingRatio")
                  try spring(&a, "dampingRatio") { s in s.uiKitDampingRatio = ratio }
              }, clear: { a throws(FXAPIError) in try spring(&a, "dampingRatio") { s in s.uiKitDampingRatio = nil } }),
        field("settlingDuration", [.spring], get: { a in resolvedSpring(a).map { .number($0.settlingDuration) } }, set: nil),
        field("keyTimes", [.keyframe], get: { a in keyframesOf(a)?.keyTimes.map { .numbers($0) } },
              set: { a, v throws(FXAPIError) in
                  let kt = try numbers(v, "keyTimes")
                  try keyframes(&a, "keyTimes") { k in k.keyTimes = kt }
              }, clear: { a throws(FXAPIError) in try keyframes(&a, "keyTimes") { k in k.keyTimes = nil } }),
        field("calculationMode", [.keyframe], get: { a in keyframesOf(a).map { .string($0.calculationMode.rawValue) } },
              set: { a, v throws(FXAPIError) in
                  let m = try choice(v, "calculationMode", Keyframes.CalculationMode.self)
                  try keyframes(&a, "calculationMode") { k in k.calculationMode = m }
              }),
        field("path", [.keyframe], get: { a in keyframesOf(a)?.path.map { .path($0.path) } },
              set: { a, v throws(FXAPIError) in
                  guard case .path(let p) = v else { throw FXAPIError(.badType, "field 'path' takes a path, not a \(v.type.rawValue)") }
                  try keyframes(&a, "path") { k in k.path = KeyframePath(p) }
              }, clear: { a throws(FXAPIError) in try keyframes(&a, "path") { k in k.path = nil } }),
        field("rotationMode", [.keyframe], get: { a in keyframesOf(a)?.rotationMode.map { .string($0.rawValue) } },
              set: { a, v throws(FXAPIError) in
                  let mode = try choice(v, "rotationMode", Keyframes.RotationMode.self)
                  try keyframes(&a, "rotationMode") { k in k.rotationMode = mode }
              }),
        keyframeNumbers("tensionValues", { $0.tensionValues }, { $0.tensionValues = $1 }),
        keyframeNumbers("continuityValues", { $0.continuityValues }, { $0.continuityValues = $1 }),
        keyframeNumbers("biasValues", { $0.biasValues }, { $0.biasValues = $1 }),
        field("timingFunctions", [.keyframe], get: { a in keyframesOf(a)?.timingFunctions.map { .numbers($0.flatMap(curve)) } },
              set: nil),
        field("values", [.keyframe], get: { a in
            guard let k = keyframesOf(a) else { return nil }
            var numbers: [Double] = []
            for v in k.values { guard case .number(let n) = v else { return nil }; numbers.append(n) }
            return .numbers(numbers)
        }, set: nil),
        field("type", [.transition], get: { a in transitionOf(a).map { .string($0.type.rawValue) } },
              set: { a, v throws(FXAPIError) in
                  let kind = try choice(v, "type", Transition.Kind.self)
                  try transition(&a, "type") { t in t.type = kind }
              }),
        field("subtype", [.transition], get: { a in transitionOf(a).map { .string($0.subtype.rawValue) } },
              set: { a, v throws(FXAPIError) in
                  let sub = try choice(v, "subtype", Transition.Subtype.self)
                  try transition(&a, "subtype") { t in t.subtype = sub }
              }),
        field("startProgress", [.transition], get: { a in transitionOf(a).map { .number($0.startProgress) } },
              set: { a, v throws(FXAPIError) in
                  let p = try unit(v, "startProgress")
                  try transition(&a, "startProgress") { t in t.startProgress = p }
              }),
        field("endProgress", [.transition], get: { a in transitionOf(a).map { .number($0.endProgress) } },
              set: { a, v throws(FXAPIError) in
                  let p = try unit(v, "endProgress")
                  try transition(&a, "endProgress") { t in t.endProgress = p }
              }),
        field("keyPath", Class.property, get: { a in a.keyPath.map { .string($0.description) } }, set: nil),
        field("kind", Class.all, get: { .string($0.className) }, set: nil),
    ]

    /// from, to or by: set checked against the key path, nil allowed.
    static func endpoint(_ name: String, _ pick: @escaping @Sendable ((Value?, Value?, Value?)) -> Value?) -> Field {
        field(name, [.basic, .spring], get: { pick(endpoints($0)) },
              set: { a, v throws(FXAPIError) in try endpoint(&a, name, v) },
              clear: { a throws(FXAPIError) in try replaceEndpoint(&a, name, nil) })
    }

    /// A keyframe field that takes numbers (the Kochanek–Bartels parameters), nil allowed. By a
    /// getter and a setter, not a key path: instantiating key paths costs the runtime about 40,000
    /// instructions each on first use.
    static func keyframeNumbers(_ name: String, _ read: @escaping @Sendable (Keyframes) -> [Double]?,
                                _ write: @escaping @Sendable (inout Keyframes, [Double]?) -> Void) -> Field {
        field(name, [.keyframe], get: { a in keyframesOf(a).flatMap(read).map { .numbers($0) } },
              set: { a, v throws(FXAPIError) in
                  let values = try numbers(v, name)
                  try keyframes(&a, name) { k in write(&k, values) }
              }, clear: { a throws(FXAPIError) in try keyframes(&a, name) { k in write(&k, nil) } })
    }

    /// The fields `animation_set` takes.
    static var setters: [Field] { fields.filter { $0.set != nil } }
    /// Every field `animation_get` reads.
    static var readers: [Field] { fields }
    /// Read-only fields: derived by the host, never set.
    static var readOnly: Set<String> { Set(fields.filter { $0.set == nil }.map(\.name)) }

    private static func unknown(_ field: String, _ listed: [Field]) -> FXAPIError {
        FXAPIError(.badArgument, "unknown animation field '\(field)' (fields: \(listed.map(\.name).joined(separator: ", ")))")
    }

    static func set(_ a: inout Animation, _ field: String, _ v: Value) throws(FXAPIError) {
        guard let set = fields.first(where: { $0.name == field })?.set else { throw unknown(field, setters) }
        try set(&a, v)
    }

    /// Whether animations of class `c` take `field` (set or read).
    static func knows(_ c: Class, _ field: String) -> Bool {
        fields.contains { $0.name == field && $0.classes.contains(c) }
    }

    static func get(_ a: Animation, _ field: String) throws(FXAPIError) -> Value? {
        guard let f = fields.first(where: { $0.name == field }) else { throw unknown(field, readers) }
        guard f.classes.contains(Class(a.kind)) else {
            throw FXAPIError(.badArgument, "field '\(field)' does not apply to a \(a.className)")
        }
        return f.get(a)
    }

    /// Makes a field nil again, for the fields Core Animation lets be nil.
    static func clear(_ a: inout Animation, _ field: String) throws(FXAPIError) {
        guard let f = fields.first(where: { $0.name == field }), f.set != nil else { throw unknown(field, setters) }
        guard let clear = f.clear else {
            throw FXAPIError(.badValue, "field '\(field)' cannot be nil (FX_VALUE_NONE): Core Animation has no nil for it; give a value")
        }
        try clear(&a)
    }
}
