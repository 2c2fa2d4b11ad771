// SPDX-License-Identifier: MIT
import CFFI
import CFX
import FXCore
import Glibc

/// Calls a factory's build function through libffi, as GObject's generic
/// marshaller does: the C signature is derived from the declared parameters,
/// `fx_status build(const fx_api *, fx_layer, <one argument per parameter>)`.
enum FactoryCall {
    static func ffiType(_ t: ParameterType) -> UnsafeMutablePointer<ffi_type> {
        switch t {
        case .string, .file, .color: fxffi_type_pointer()
        case .double: fxffi_type_double()
        case .int, .bool, .choice: fxffi_type_sint32()
        }
    }

    /// Builds `factory` on the session's stage with `arguments` (one per parameter, in order).
    static func build(_ factory: FactoryInfo, arguments: [ArgumentValue], session: HostSession, stage: UInt64) throws {
        precondition(arguments.count == factory.parameters.count)
        switch factory.build {
        case .natural(let fn): try callNatural(fn, factory, arguments: arguments, session: session, stage: stage)
        case .values(let fn, let user): try callValues(fn, user, factory, arguments: arguments, session: session, stage: stage)
        }
    }

    /// fx.h 1.2's value form: the arguments as an array of fx_value, in order
    /// (a choice as its name), with copies of the text that live for the call.
    static func callValues(_ fn: fx_build_values_fn, _ user: UnsafeMutableRawPointer?, _ factory: FactoryInfo,
                           arguments: [ArgumentValue], session: HostSession, stage: UInt64) throws {
        var owned: [UnsafeMutablePointer<CChar>] = []
        defer { owned.forEach { free($0) } }
        func text(_ s: String) -> fx_value {
            let c = strdup(s)!
            owned.append(c)
            return fx_string_value(c)
        }
        let values: [fx_value] = zip(arguments, factory.parameters).map { arg, p in
            switch arg {
            case .string(let s), .file(let s): text(s)
            case .double(let d): fx_number(d)
            case .int(let n): fx_number(Double(n))
            case .bool(let b): fx_bool_value(b ? 1 : 0)
            case .color(let c): fx_color_value(c.red, c.green, c.blue, c.alpha)
            case .choice(let i): text(p.choices[Int(i)])
            }
        }
        try session.callPlugin("the build of factory '\(factory.name)'") {
            values.withUnsafeBufferPointer { fn(HostAPI.table, stage, $0.baseAddress, UInt32($0.count), user) }
        }
    }

    /// The natural form: one C argument per parameter, through libffi.
    static func callNatural(_ build: fx_build_fn, _ factory: FactoryInfo, arguments: [ArgumentValue],
                            session: HostSession, stage: UInt64) throws {
        let count = arguments.count + 2
        let types = UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>.allocate(capacity: count)
        defer { types.deallocate() }
        types[0] = fxffi_type_pointer()
        types[1] = fxffi_type_uint64()
        for (i, p) in factory.parameters.enumerated() { types[i + 2] = ffiType(p.type) }

        var cif = ffi_cif()
        let prep = ffi_prep_cif(&cif, fxffi_default_abi(), UInt32(count), fxffi_type_sint32(), types)
        guard prep == FFI_OK else {
            throw HostError.plugin("plugin '\(session.pluginName)': cannot prepare the call of factory '\(factory.name)': ffi_prep_cif failed with status \(prep.rawValue)")
        }

        // Each argument lives in its own 16-byte slot; strings and colours are
        // copies whose pointers go in the slot, freed after the call.
        let slots = UnsafeMutableRawPointer.allocate(byteCount: count * 16, alignment: 16)
        let values = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: count)
        var owned: [UnsafeMutableRawPointer] = []
        defer {
            for p in owned { free(p) }
            slots.deallocate()
            values.deallocate()
        }
        var api: UnsafePointer<fx_api>? = UnsafePointer(HostAPI.table)
        slots.copyMemory(from: &api, byteCount: 8)
        slots.storeBytes(of: stage, toByteOffset: 16, as: UInt64.self)
        for (i, arg) in arguments.enumerated() {
            let slot = slots + (i + 2) * 16
            switch arg {
            case .string(let s), .file(let s):
                let c = strdup(s)!
                owned.append(UnsafeMutableRawPointer(c))
                slot.storeBytes(of: UnsafeRawPointer(c), as: UnsafeRawPointer.self)
            case .double(let d): slot.storeBytes(of: d, as: Double.self)
            case .int(let n), .choice(let n): slot.storeBytes(of: n, as: Int32.self)
            case .bool(let b): slot.storeBytes(of: Int32(b ? 1 : 0), as: Int32.self)
            case .color(let c):
                let p = malloc(MemoryLayout<fx_color>.stride)!
                p.storeBytes(of: fx_color(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha), as: fx_color.self)
                owned.append(p)
                slot.storeBytes(of: UnsafeRawPointer(p), as: UnsafeRawPointer.self)
            }
        }
        for i in 0..<count { values[i] = slots + i * 16 }

        var result: ffi_arg = 0
        try session.callPlugin("the build of factory '\(factory.name)'") {
            ffi_call(&cif, build, &result, values)
            return Int32(truncatingIfNeeded: result)
        }
    }
}

extension HostSession {
    /// Builds `factory` with `arguments` into `stage`: the stage's root is
    /// handed to the build function as its `stage` layer.
    public func build(_ factory: FactoryInfo, arguments: [ArgumentValue], on stage: Stage) throws {
        let root = try attach(stage)
        try FactoryCall.build(factory, arguments: arguments, session: self, stage: root)
    }
}
