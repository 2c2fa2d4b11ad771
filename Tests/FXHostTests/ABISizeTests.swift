// SPDX-License-Identifier: MIT
import CFX
import Foundation
import Glibc
import TestSupport
import Testing
@testable import FXHost

/// Struct sizes frozen per minor (docs/ABI.md): a plugin's structs need only
/// be as large as its own minor made them; larger ones (a later minor's) are
/// read up to what the host knows, stepping through arrays by the plugin's size.
@Suite struct ABISizeTests {
    let dir: String

    init() throws { dir = try Harness.temporaryFolder() }

    /// The sizes `cc` gives the structs of the 1.0 header kept in the fixtures and of today's header.
    func compiledSizes(header: String) throws -> [Int] {
        let exe = dir + "/sizes-\(UUID().uuidString)"
        let cc = try runProcess("/usr/bin/env", ["cc", "-std=c99", "-I", header, Harness.fixture("struct-sizes.c"), "-o", exe])
        #expect(cc.status == 0, "\(cc.stderr)")
        return try runProcess(exe, []).stdout.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    }

    @Test func theFrozenSizesAreThoseOfEachMinorsHeader() throws {
        func row(_ s: ABIStructSizes) -> [Int] { [s.plugin, s.factory, s.param, s.layerTiming] }
        #expect(try compiledSizes(header: Harness.fixture("abi-1.0")) == row(ABISizeTable.frozen.byMinor[0]))
        #expect(try compiledSizes(header: Harness.header) == row(ABISizeTable.frozen.byMinor[1]))
        // The newest row is the header the host is compiled with: a minor that grows a struct adds its row.
        #expect(ABISizeTable.frozen.byMinor.last == ABIStructSizes.compiled)
        #expect(ABISizeTable.frozen.byMinor.count == Int(FX_ABI_MINOR) + 1)
    }

    /// A plugin built against the 1.0 header, read by a host whose current
    /// structs are larger (a simulated next minor that appended 16 bytes to each):
    /// it still loads, read exactly as the real table reads it.
    @Test func aPluginBuiltAgainst10LoadsWhenTheCurrentStructsAreLarger() throws {
        let so = dir + "/badge10.so"
        let cc = try runProcess("/usr/bin/env", ["cc", "-std=c99", "-shared", "-fPIC", "-I", Harness.fixture("abi-1.0"),
                                                 Harness.root + "/Plugins/examples/badge.c", "-o", so])
        #expect(cc.status == 0, "\(cc.stderr)")
        guard let handle = dlopen(so, RTLD_NOW | RTLD_LOCAL), let symbol = dlsym(handle, FX_ENTRY_SYMBOL) else {
            Issue.record("cannot load \(so)")
            return
        }
        let entry = unsafeBitCast(symbol, to: fx_entry_fn.self)
        let descriptor = try #require(entry(HostAPI.table))
        var grown = ABISizeTable.frozen
        let last = grown.byMinor.last!
        grown.byMinor.append(ABIStructSizes(plugin: last.plugin + 16, factory: last.factory + 16,
                                            param: last.param + 16, layerTiming: last.layerTiming + 16))
        let today = try DescriptorReader.read(descriptor, path: so)
        let later = try DescriptorReader.read(descriptor, path: so, sizes: grown)
        #expect(later.abiMinor == 0 && later.name == "badge")
        #expect(later.factories.map(\.name) == ["badge"])
        #expect(later.factories[0].parameters.map(\.name) == ["count", "color", "bounce", "drop"])
        #expect(later.factories[0].parameters.map(\.defaultText) == today.factories[0].parameters.map(\.defaultText))
        #expect(later.factories[0].parameters[2].min == 0.05 && later.factories[0].parameters[2].max == 1)
    }

    /// A plugin claiming the simulated next minor with 1.0-sized structs is refused, naming the minor and the size.
    @Test func aPluginSmallerThanItsOwnMinorIsRefused() throws {
        var grown = ABISizeTable.frozen
        grown.byMinor.append(ABIStructSizes(plugin: 64, factory: 64, param: 96, layerTiming: 48))
        let name = strdup("small")!, factoryName = strdup("f")!
        defer { free(name); free(factoryName) }
        var factory = fx_factory()
        factory.struct_size = UInt32(MemoryLayout<fx_factory>.size)
        factory.name = UnsafePointer(factoryName)
        factory.build = unsafeBitCast(dlsym(nil, "abort"), to: fx_build_fn.self)
        try withUnsafePointer(to: &factory) { f in
            var plugin = fx_plugin()
            plugin.struct_size = UInt32(MemoryLayout<fx_plugin>.size)
            plugin.abi_major = 1
            plugin.abi_minor = UInt16(grown.byMinor.count - 1)
            plugin.name = UnsafePointer(name)
            plugin.factories = f
            plugin.factory_count = 1
            #expect(throws: HostError.self) { try DescriptorReader.read(&plugin, path: "small.so", sizes: grown) }
            do {
                _ = try DescriptorReader.read(&plugin, path: "small.so", sizes: grown)
            } catch let e as HostError {
                #expect(e.message.contains("fx_plugin.struct_size is 48, but ABI 1.\(grown.byMinor.count - 1)'s fx_plugin is 64 bytes"))
            }
            // The same struct claiming the current minor is read by the real table.
            plugin.abi_minor = UInt16(FX_ABI_MINOR)
            #expect(try DescriptorReader.read(&plugin, path: "small.so", sizes: grown).factories.map(\.name) == ["f"])
        }
    }

    /// A plugin of a later minor, whose descriptor structs are larger than
    /// this host's, through the real fxhost: both factories and every
    /// parameter read right, the appended fields ignored.
    @Test func aPluginOfALaterMinorWithLargerStructsLoads() throws {
        let plugin = try Harness.compilePlugin(Harness.fixture("grown.c"), into: dir)
        let help = try Harness.fxhost(["--plugin", plugin, "--help"])
        #expect(help.status == 0, "\(help.stderr)")
        #expect(help.stdout.contains("ABI 1.9"))
        let run = try Harness.fxhost(["--plugin", plugin, "--factory", "two", "--width", "42", "--name", "wide",
                                      "--sink", "jsonl", "--time", "0"])
        #expect(run.status == 0, "\(run.stderr)")
        let line = try jsonObject(Substring(run.stdout.split(separator: "\n").first ?? ""))
        let layers = line["layers"] as? [[String: Any]] ?? []
        let wide = layers.first { ($0["path"] as? String) == "stage/wide" }
        let bounds = (wide?["props"] as? [String: Any])?["bounds"] as? [Double]
        #expect(bounds == [0, 0, 42, 10])
    }
}
