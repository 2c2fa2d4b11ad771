// SPDX-License-Identifier: MIT
import CoreGraphics
import CFX
import FXPluginKit

/// A plugin written in Swift against Core Animation's names: factories are
/// closures that receive their stage as a `CALayer` and their arguments by
/// name (fx.h 1.2's value builds; no C signature to write). The one line of
/// C-facing code left is the exported entry:
///
///     @_cdecl("fx_plugin_entry")
///     public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }
public struct FXPlugin: Sendable {
    public let name: String
    public let version: String
    public let description: String
    public let factories: [FXFactory]

    public init(name: String, version: String, description: String, factories: [FXFactory]) {
        self.name = name; self.version = version; self.description = description; self.factories = factories
    }

    nonisolated(unsafe) static var made: UnsafePointer<fx_plugin>?

    /// What `fx_plugin_entry` returns: the descriptor, made once, with the builds registered.
    public func entry(_ api: OpaquePointer?) -> OpaquePointer? {
        let table = UnsafePointer<fx_api>(api)
        if FXPlugin.made == nil {
            FXPlugin.made = Descriptor.make(name: name, version: version, description: description,
                                            factories: factories.map(\.factory))
        }
        return Host.entry(table, FXPlugin.made!).map(OpaquePointer.init)
    }
}

/// One effect of a Swift plugin.
public struct FXFactory: @unchecked Sendable {
    let factory: Factory

    /// `build` receives the stage's root layer and the arguments; it runs as one
    /// transaction, and a misuse inside it fails the build with the host's message.
    public init(_ name: String, help: String, parameters: [FXParameter] = [],
                build: @escaping @Sendable (CALayer, FXArguments) throws -> Void) {
        factory = Factory(name, help: help, parameters: parameters.map(\.parameter)) { stage, args in
            try Entry.run { try build(CALayer(wrapping: stage), FXArguments(args)) }
        }
    }
}

/// A factory parameter (`--name value` on the command line).
public struct FXParameter: Sendable {
    let parameter: Parameter

    public static func string(_ name: String, default value: String, help: String) -> FXParameter {
        FXParameter(parameter: Parameter(name, .string, default: value, help: help))
    }
    public static func double(_ name: String, default value: Double, range: ClosedRange<Double>? = nil, help: String) -> FXParameter {
        FXParameter(parameter: Parameter(name, .double, default: "\(value)", range: range, help: help))
    }
    public static func int(_ name: String, default value: Int, range: ClosedRange<Double>? = nil, help: String) -> FXParameter {
        FXParameter(parameter: Parameter(name, .int, default: "\(value)", range: range, help: help))
    }
    public static func bool(_ name: String, default value: Bool, help: String) -> FXParameter {
        FXParameter(parameter: Parameter(name, .bool, default: value ? "true" : "false", help: help))
    }
    /// `value`: "#rrggbb", "#rrggbbaa" or a colour name.
    public static func color(_ name: String, default value: String, help: String) -> FXParameter {
        FXParameter(parameter: Parameter(name, .color, default: value, help: help))
    }
    public static func file(_ name: String, help: String) -> FXParameter {
        FXParameter(parameter: Parameter(name, .file, default: "", help: help))
    }
    public static func choice(_ name: String, _ choices: [String], default value: String, help: String) -> FXParameter {
        FXParameter(parameter: Parameter(name, .choice(choices), default: value, help: help))
    }
}

/// A build's arguments by parameter name, checked by the host against the declarations.
public struct FXArguments: Sendable {
    let arguments: Arguments
    init(_ arguments: Arguments) { self.arguments = arguments }

    public func string(_ name: String) -> String { arguments.string(name) }
    public func double(_ name: String) -> Double { arguments.double(name) }
    public func cgFloat(_ name: String) -> CGFloat { CGFloat(arguments.double(name)) }
    public func int(_ name: String) -> Int { arguments.int(name) }
    public func bool(_ name: String) -> Bool { arguments.bool(name) }
    public func color(_ name: String) -> CGColor { CGColor(arguments.color(name)) }
    /// A choice's chosen name.
    public func choice(_ name: String) -> String { arguments.string(name) }
}
