// SPDX-License-Identifier: MIT
import CFX
import Glibc

/// One parameter of a factory, as fx_param describes it.
public struct Parameter: Sendable {
    public enum Kind: Sendable {
        case string, double, int, bool, color, file
        case choice([String])
    }
    public let name: String
    public let kind: Kind
    public let help: String
    public let defaultValue: String
    /// The lower bound of a number (FX_PARAM_HAS_MIN), if any.
    public let minimum: Double?
    /// The upper bound of a number (FX_PARAM_HAS_MAX), if any.
    public let maximum: Double?
    /// Both bounds, when there are both.
    public var range: ClosedRange<Double>? {
        guard let minimum, let maximum, minimum <= maximum else { return nil }
        return minimum...maximum
    }

    /// `range: a...b` bounds a number on both sides; `minimum:` or `maximum:`
    /// alone bounds one side (and overrides that side of `range`).
    public init(_ name: String, _ kind: Kind, default defaultValue: String, range: ClosedRange<Double>? = nil,
                minimum: Double? = nil, maximum: Double? = nil, help: String) {
        self.name = name; self.kind = kind; self.help = help; self.defaultValue = defaultValue
        self.minimum = minimum ?? range?.lowerBound
        self.maximum = maximum ?? range?.upperBound
    }
}

/// One factory: its name, parameters and its build: a C function with the
/// signature its parameters imply (see fx.h, fx_build_fn), or (fx.h 1.2) a
/// Swift closure that receives the stage and the arguments by name.
public struct Factory {
    public let name: String
    public let help: String
    public let parameters: [Parameter]
    /// The C build function; nil for a closure build.
    public let build: fx_build_fn?
    let closure: ((Layer, Arguments) throws -> Void)?

    /// `build` is a `@convention(c)` function; it is passed through untyped, as in C.
    public init<F>(_ name: String, help: String, parameters: [Parameter], build: F) {
        precondition(MemoryLayout<F>.size == MemoryLayout<fx_build_fn>.size, "build must be a @convention(c) function")
        self.name = name; self.help = help; self.parameters = parameters
        self.build = unsafeBitCast(build, to: fx_build_fn.self)
        closure = nil
    }

    /// A build written as a Swift closure: no C signature to keep in step
    /// with the parameters. Needs a host with fx.h 1.2 (`factory_set_build_values`).
    public init(_ name: String, help: String, parameters: [Parameter], build: @escaping (Layer, Arguments) throws -> Void) {
        self.name = name; self.help = help; self.parameters = parameters
        self.build = nil
        closure = build
    }
}

/// Makes the static descriptor a plugin's entry returns. The memory is
/// allocated once and never freed: the host reads it for the whole run.
public enum Descriptor {
    public static func make(name: String, version: String, description: String, factories: [Factory]) -> UnsafePointer<fx_plugin> {
        func text(_ s: String) -> UnsafePointer<CChar> { UnsafePointer(strdup(s)!) }
        let fs = UnsafeMutablePointer<fx_factory>.allocate(capacity: factories.count)
        for (i, f) in factories.enumerated() {
            let ps = UnsafeMutablePointer<fx_param>.allocate(capacity: max(1, f.parameters.count))
            for (j, p) in f.parameters.enumerated() {
                var q = fx_param()
                q.struct_size = UInt32(MemoryLayout<fx_param>.size)
                q.name = text(p.name)
                q.help = text(p.help)
                q.default_value = text(p.defaultValue)
                switch p.kind {
                case .string: q.type = FX_PARAM_STRING
                case .double: q.type = FX_PARAM_DOUBLE
                case .int: q.type = FX_PARAM_INT
                case .bool: q.type = FX_PARAM_BOOL
                case .color: q.type = FX_PARAM_COLOR
                case .file: q.type = FX_PARAM_FILE
                case .choice(let names):
                    q.type = FX_PARAM_CHOICE
                    let list = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: names.count)
                    for (k, n) in names.enumerated() { list[k] = text(n) }
                    q.choices = UnsafePointer(list)
                    q.choice_count = UInt32(names.count)
                }
                if let minimum = p.minimum {
                    q.flags |= FX_PARAM_HAS_MIN
                    q.min = minimum
                }
                if let maximum = p.maximum {
                    q.flags |= FX_PARAM_HAS_MAX
                    q.max = maximum
                }
                ps[j] = q
            }
            if let closure = f.closure {
                Host.closureBuilds.append((f.name, Unmanaged.passRetained(ClosureBuild(f.parameters, closure)).toOpaque()))
            }
            fs[i] = fx_factory(struct_size: UInt32(MemoryLayout<fx_factory>.size), name: text(f.name), help: text(f.help),
                               params: UnsafePointer(ps), param_count: UInt32(f.parameters.count), build: f.build)
        }
        let d = UnsafeMutablePointer<fx_plugin>.allocate(capacity: 1)
        d.initialize(to: fx_plugin(struct_size: UInt32(MemoryLayout<fx_plugin>.size), abi_major: UInt16(FX_ABI_MAJOR),
                                   abi_minor: UInt16(FX_ABI_MINOR), name: text(name), version: text(version),
                                   description: text(description), factories: UnsafePointer(fs),
                                   factory_count: UInt32(factories.count)))
        return UnsafePointer(d)
    }

    /// Reads a string parameter as it arrives (`const char *`).
    public static func string(_ p: UnsafePointer<CChar>?) -> String { p.map { String(cString: $0) } ?? "" }
}
