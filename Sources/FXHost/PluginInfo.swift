// SPDX-License-Identifier: MIT
import CFX

/// A plugin as its descriptor describes it, copied out of plugin memory and checked.
public struct PluginInfo: Sendable {
    public let path: String
    public let name: String
    public let version: String
    public let description: String
    public let abiMajor: Int
    public let abiMinor: Int
    public let factories: [FactoryInfo]

    public func factory(named name: String?) throws -> FactoryInfo {
        guard let name else { return factories[0] }
        guard let f = factories.first(where: { $0.name == name }) else {
            throw HostError.usage("plugin '\(self.name)' has no factory '\(name)' (it has: \(factories.map(\.name).joined(separator: ", ")))")
        }
        return f
    }
}

/// One factory: its parameters and the address of its build function.
public struct FactoryInfo: @unchecked Sendable {
    public let name: String
    public let help: String
    public let parameters: [ParameterInfo]
    let build: Build

    /// How the host calls a factory's build.
    enum Build {
        /// `fx_factory.build`, called through libffi with the parameters' C types.
        case natural(fx_build_fn)
        /// 1.2: registered by the entry with `factory_set_build_values`; called with the arguments as values.
        case values(fx_build_values_fn, UnsafeMutableRawPointer?)
    }
}

/// The parameter types of fx.h, with their C spelling for help and errors.
public enum ParameterType: String, Sendable, CaseIterable {
    case string, double, int, bool, color, file, choice

    init?(code: fx_param_type) {
        switch code {
        case FX_PARAM_STRING: self = .string
        case FX_PARAM_DOUBLE: self = .double
        case FX_PARAM_INT: self = .int
        case FX_PARAM_BOOL: self = .bool
        case FX_PARAM_COLOR: self = .color
        case FX_PARAM_FILE: self = .file
        case FX_PARAM_CHOICE: self = .choice
        default: return nil
        }
    }

    /// How the type reads in help and errors.
    public var phrase: String {
        switch self {
        case .string: "any text"
        case .double: "a number"
        case .int: "a whole number"
        case .bool: "true or false"
        case .color: "a colour (#rrggbb, #rrggbbaa or a name)"
        case .file: "a path to a readable file"
        case .choice: "a choice"
        }
    }
}

/// One declared parameter.
public struct ParameterInfo: Sendable {
    public let name: String
    public let type: ParameterType
    public let help: String
    public let defaultText: String
    public let min: Double?
    public let max: Double?
    public let choices: [String]

    public init(name: String, type: ParameterType, help: String, defaultText: String, min: Double?, max: Double?,
                choices: [String]) {
        self.name = name; self.type = type; self.help = help; self.defaultText = defaultText
        self.min = min; self.max = max; self.choices = choices
    }

    /// "a number from 0 to 10", "one of up, down", … for help and errors.
    public var expectation: String {
        switch type {
        case .choice: return "one of \(choices.joined(separator: ", "))"
        case .double, .int:
            let noun = type == .int ? "a whole number" : "a number"
            switch (min, max) {
            case let (lo?, hi?): return "\(noun) from \(ParameterInfo.format(lo)) to \(ParameterInfo.format(hi))"
            case let (lo?, nil): return "\(noun) of at least \(ParameterInfo.format(lo))"
            case let (nil, hi?): return "\(noun) of at most \(ParameterInfo.format(hi))"
            case (nil, nil): return noun
            }
        default: return type.phrase
        }
    }

    static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
    }
}
