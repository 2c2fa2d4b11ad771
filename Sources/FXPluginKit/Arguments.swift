// SPDX-License-Identifier: MIT
import CFX

/// The arguments of a closure build (fx.h 1.2's value form), by parameter
/// name, already converted and checked by the host against the declarations.
public struct Arguments: Sendable {
    /// One argument and its parameter's name.
    ///
    /// A class in a list, found by a scan of the few names a factory
    /// declares: a dictionary keyed by name, or an array of a struct, is a
    /// generic type the runtime makes by name on a process's first build
    /// (15,000–20,000 instructions); an array of a class needs none.
    final class Named: Sendable {
        let name: String
        let value: ReadValue
        init(_ name: String, _ value: ReadValue) { self.name = name; self.value = value }
    }
    let named: [Named]

    init(_ parameters: [Parameter], _ args: UnsafePointer<fx_value>?, _ count: UInt32) {
        var named: [Named] = []
        named.reserveCapacity(min(parameters.count, Int(count)))
        for (i, p) in parameters.enumerated() where i < Int(count) {
            named.append(Named(p.name, args.map { ReadValue($0[i]) } ?? ReadValue.none))
        }
        self.named = named
    }

    /// The argument of the parameter named `name` (the last, should two share a name); `.none` for no such parameter.
    public subscript(name: String) -> ReadValue {
        var i = named.count
        while i > 0 {
            i -= 1
            if named[i].name == name { return named[i].value }
        }
        return .none
    }

    /// A string, file or choice parameter ("" when absent).
    public func string(_ name: String) -> String { if case .string(let s) = self[name] { s } else { "" } }
    /// A double or int parameter (0 when absent).
    public func double(_ name: String) -> Double { self[name].number ?? 0 }
    public func int(_ name: String) -> Int { Int(self[name].number ?? 0) }
    public func bool(_ name: String) -> Bool { if case .bool(let b) = self[name] { b } else { false } }
    public func color(_ name: String) -> Color { if case .color(let c) = self[name] { c } else { .black } }
}

/// A closure build and its parameters, kept for the run behind the `user` pointer.
final class ClosureBuild {
    let parameters: [Parameter]
    let body: (Layer, Arguments) throws -> Void
    init(_ parameters: [Parameter], _ body: @escaping (Layer, Arguments) throws -> Void) {
        self.parameters = parameters; self.body = body
    }

    static let trampoline: fx_build_values_fn = { api, stage, args, count, user in
        Host.build(api) {
            guard let user else { throw PluginError("closure build called without its closure") }
            let build = Unmanaged<ClosureBuild>.fromOpaque(user).takeUnretainedValue()
            try build.body(Layer(handle: stage), Arguments(build.parameters, args, count))
        }
    }
}
