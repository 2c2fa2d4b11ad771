// SPDX-License-Identifier: MIT
import CFX
import Glibc

/// Reads and checks a plugin's descriptor. Each struct is read only as far
/// as its own `struct_size` says it exists (fields a plugin's minor lacks
/// read as their defaults), and must be at least as large as the plugin's
/// minor made it (`ABISizeTable`); arrays of structs step by the plugin's
/// size, not the host's. Anything malformed is refused with a message naming the field.
enum DescriptorReader {
    static let maxFactories = 256
    static let maxParameters = 64
    static let maxChoices = 256
    static let maxText = 4096

    /// `valueBuilds`: the builds the entry registered with `factory_set_build_values` (1.2), by factory name.
    /// `hostOptions`: the names of the host's own options (without dashes), which a parameter may not take.
    static func read(_ p: UnsafePointer<fx_plugin>, path: String, sizes: ABISizeTable = .frozen, hostOptions: Set<String> = [],
                     valueBuilds: [String: (fx_build_values_fn, UnsafeMutableRawPointer?)] = [:]) throws -> PluginInfo {
        let file = baseName(path)
        func bad(_ what: String) -> HostError {
            HostError.plugin("plugin '\(file)' has a malformed descriptor: \(what)")
        }
        // The version fields sit at the same place in every minor.
        let minor = Int(UnsafeRawPointer(p).loadUnaligned(fromByteOffset: MemoryLayout<fx_plugin>.offset(of: \.abi_minor)!, as: UInt16.self))
        let minimum = sizes.minimum(forMinor: minor)
        let version = "ABI 1.\(min(minor, sizes.byMinor.count - 1))"
        let pluginSize = PluginStruct.declaredSize(p)
        guard pluginSize >= minimum.plugin, pluginSize <= ABISizeTable.maxStructBytes else {
            throw bad("fx_plugin.struct_size is \(pluginSize), but \(version)'s fx_plugin is \(minimum.plugin) bytes (set it to sizeof(fx_plugin))")
        }
        let d = PluginStruct.load(p, declared: pluginSize, over: fx_plugin())
        guard let name = try text(d.name, "name", bad), !name.isEmpty else { throw bad("the plugin has no name") }
        let pluginVersion = try text(d.version, "version", bad) ?? "0"
        let description = try text(d.description, "description", bad) ?? ""
        guard d.factory_count > 0 else { throw bad("it declares no factories") }
        guard d.factory_count <= UInt32(maxFactories) else {
            throw bad("it declares \(d.factory_count) factories; the limit is \(maxFactories)")
        }
        guard let factories = d.factories else { throw bad("factory_count is \(d.factory_count) but factories is NULL") }
        let factoryStride = try stride(of: UnsafeRawPointer(factories), "fx_factory", "factory 0", minimum.factory, version, bad)

        var infos: [FactoryInfo] = []
        for i in 0..<Int(d.factory_count) {
            let raw = UnsafeRawPointer(factories) + i * factoryStride
            guard PluginStruct.declaredSize(raw) == factoryStride else {
                throw bad("factory \(i): struct_size is \(PluginStruct.declaredSize(raw)), but factory 0's is \(factoryStride) (every element is sizeof(fx_factory))")
            }
            let f = PluginStruct.load(raw, declared: factoryStride, over: fx_factory())
            guard let fname = try text(f.name, "factory \(i) name", bad), !fname.isEmpty else {
                throw bad("factory \(i) has no name")
            }
            guard !infos.contains(where: { $0.name == fname }) else { throw bad("two factories are named '\(fname)'") }
            let build: FactoryInfo.Build
            if let registered = valueBuilds[fname] {
                build = .values(registered.0, registered.1)
            } else if let natural = f.build {
                build = .natural(natural)
            } else {
                throw bad("factory '\(fname)' has no build function (set fx_factory.build, or register one with factory_set_build_values)")
            }
            guard f.param_count <= UInt32(maxParameters) else {
                throw bad("factory '\(fname)' declares \(f.param_count) parameters; the limit is \(maxParameters)")
            }
            guard f.param_count == 0 || f.params != nil else {
                throw bad("factory '\(fname)' declares \(f.param_count) parameters but params is NULL")
            }
            var params: [ParameterInfo] = []
            let paramStride = f.param_count == 0 ? 0
                : try stride(of: UnsafeRawPointer(f.params!), "fx_param", "factory '\(fname)' parameter 0", minimum.param, version, bad)
            for j in 0..<Int(f.param_count) {
                let raw = UnsafeRawPointer(f.params!) + j * paramStride
                guard PluginStruct.declaredSize(raw) == paramStride else {
                    throw bad("factory '\(fname)' parameter \(j): struct_size is \(PluginStruct.declaredSize(raw)), but parameter 0's is \(paramStride) (every element is sizeof(fx_param))")
                }
                let param = try readParameter(PluginStruct.load(raw, declared: paramStride, over: fx_param()),
                                              factory: fname, index: j, bad)
                // The host reads its own options first: a parameter of the same name could never be given.
                guard !hostOptions.contains(param.name) else {
                    throw HostError.plugin("plugin '\(file)': factory '\(fname)' parameter '\(param.name)' has the name of fxhost's own option --\(param.name), which hides it: rename the parameter")
                }
                guard !params.contains(where: { $0.name == param.name }) else {
                    throw bad("factory '\(fname)' has two parameters named '\(param.name)'")
                }
                params.append(param)
            }
            infos.append(FactoryInfo(name: fname, help: try text(f.help, "factory help", bad) ?? "",
                                     parameters: params, build: build))
        }
        if let stray = valueBuilds.keys.sorted().first(where: { n in !infos.contains { $0.name == n } }) {
            throw bad("factory_set_build_values registered '\(stray)', which is not a factory of the descriptor")
        }
        return PluginInfo(path: path, name: name, version: pluginVersion, description: description,
                          abiMajor: Int(d.abi_major), abiMinor: Int(d.abi_minor), factories: infos)
    }

    private static func readParameter(_ q: fx_param, factory: String, index: Int,
                                      _ bad: (String) -> HostError) throws -> ParameterInfo {
        let where_ = "factory '\(factory)' parameter \(index)"
        guard let name = try text(q.name, "\(where_) name", bad), !name.isEmpty else { throw bad("\(where_) has no name") }
        guard name.utf8.allSatisfy({ ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 45 }),
              name.first != "-" else {
            throw bad("factory '\(factory)' parameter '\(name)': names are lowercase letters, digits and '-'")
        }
        guard let type = ParameterType(code: q.type) else {
            throw bad("factory '\(factory)' parameter '\(name)' has unknown type \(q.type) (expected FX_PARAM_STRING … FX_PARAM_CHOICE)")
        }
        var choices: [String] = []
        if type == .choice {
            guard q.choice_count > 0, q.choice_count <= UInt32(maxChoices), let list = q.choices else {
                throw bad("factory '\(factory)' parameter '\(name)' is a choice but has no choices (or more than \(maxChoices))")
            }
            for k in 0..<Int(q.choice_count) {
                guard let c = try text(list[k], "choice", bad), !c.isEmpty else {
                    throw bad("factory '\(factory)' parameter '\(name)' choice \(k) is empty or NULL")
                }
                choices.append(c)
            }
        }
        let hasMin = q.flags & FX_PARAM_HAS_MIN != 0, hasMax = q.flags & FX_PARAM_HAS_MAX != 0
        if (hasMin && !q.min.isFinite) || (hasMax && !q.max.isFinite) || (hasMin && hasMax && q.min > q.max) {
            throw bad("factory '\(factory)' parameter '\(name)' has an impossible range \(q.min)…\(q.max)")
        }
        let info = ParameterInfo(name: name, type: type, help: try text(q.help, "parameter help", bad) ?? "",
                                 defaultText: try text(q.default_value, "default value", bad) ?? "",
                                 min: hasMin ? q.min : nil, max: hasMax ? q.max : nil, choices: choices)
        do {
            _ = try ArgumentValue.parse(info.defaultText, for: info, checkFiles: false)
        } catch let e as HostError {
            throw bad("factory '\(factory)': its own default for '\(name)' is not valid: \(e.message)")
        }
        return info
    }

    /// The size of each element of a plugin's array of `type`, read from its
    /// first element: at least the plugin's minor's size, at most `ABISizeTable.maxStructBytes`.
    private static func stride(of first: UnsafeRawPointer, _ type: String, _ what: String, _ minimum: Int, _ version: String,
                               _ bad: (String) -> HostError) throws -> Int {
        let size = PluginStruct.declaredSize(first)
        guard size >= minimum, size <= ABISizeTable.maxStructBytes else {
            throw bad("\(what): struct_size is \(size), but \(version)'s \(type) is \(minimum) bytes (set it to sizeof(\(type)))")
        }
        return size
    }

    /// A plugin string: NULL is nil; invalid UTF-8 or an unterminated monster is refused.
    private static func text(_ p: UnsafePointer<CChar>?, _ what: String, _ bad: (String) -> HostError) throws -> String? {
        guard let p else { return nil }
        let n = strnlen(p, maxText + 1)
        guard n <= maxText else { throw bad("\(what) is longer than \(maxText) bytes") }
        let bytes = UnsafeRawBufferPointer(start: p, count: n).bindMemory(to: UInt8.self)
        guard let s = String(validating: bytes, as: UTF8.self) else { throw bad("\(what) is not valid UTF-8") }
        return s
    }

    static func baseName(_ path: String) -> String { PluginLocator.fileName(path) }
}
