// SPDX-License-Identifier: MIT
import CFX

/// The sizes of fx.h's size-prefixed structs as one minor version shipped
/// them (LP64 Linux, the only targets fxhost builds for).
public struct ABIStructSizes: Sendable, Equatable {
    public var plugin: Int
    public var factory: Int
    public var param: Int
    public var layerTiming: Int

    public init(plugin: Int, factory: Int, param: Int, layerTiming: Int) {
        self.plugin = plugin
        self.factory = factory
        self.param = param
        self.layerTiming = layerTiming
    }

    /// The sizes of the header this host was compiled with.
    public static let compiled = ABIStructSizes(
        plugin: MemoryLayout<fx_plugin>.size, factory: MemoryLayout<fx_factory>.size,
        param: MemoryLayout<fx_param>.size, layerTiming: MemoryLayout<fx_layer_timing>.size)
}

/// Each minor's struct sizes, frozen when the minor shipped (docs/ABI.md):
/// a plugin's struct is accepted when its `struct_size` is at least its own
/// minor's size, so that a minor which appends a field still loads every
/// plugin built before it. A minor that grows a struct appends its row here.
public struct ABISizeTable: Sendable {
    /// Row `n` is minor `n` of major 1.
    public var byMinor: [ABIStructSizes]

    public init(byMinor: [ABIStructSizes]) { self.byMinor = byMinor }

    /// 1.0 to 1.6 (1.1, 1.2 and 1.4 grew only fx_api, which the host hands
    /// out, not reads; 1.3, 1.5 and 1.6 added only a layer key).
    public static let frozen = ABISizeTable(byMinor: [
        ABIStructSizes(plugin: 48, factory: 48, param: 80, layerTiming: 32),
        ABIStructSizes(plugin: 48, factory: 48, param: 80, layerTiming: 32),
        ABIStructSizes(plugin: 48, factory: 48, param: 80, layerTiming: 32),
        ABIStructSizes(plugin: 48, factory: 48, param: 80, layerTiming: 32),
        ABIStructSizes(plugin: 48, factory: 48, param: 80, layerTiming: 32),
        ABIStructSizes(plugin: 48, factory: 48, param: 80, layerTiming: 32),
        ABIStructSizes(plugin: 48, factory: 48, param: 80, layerTiming: 32),
    ])

    /// The smallest sizes a plugin built for `minor` may declare. A plugin of
    /// a minor newer than the host's has structs at least as large as the
    /// newest the host knows.
    public func minimum(forMinor minor: Int) -> ABIStructSizes {
        byMinor[max(0, min(minor, byMinor.count - 1))]
    }

    /// The largest `struct_size` believed: far past any struct a minor could
    /// grow to, small enough that an array of them stays inside what a
    /// descriptor could really hold.
    public static let maxStructBytes = 4096
}

/// Copies of plugin structs that read no byte past the plugin's struct.
enum PluginStruct {
    /// A plugin struct's declared size (its first field, in every minor).
    static func declaredSize(_ raw: UnsafeRawPointer) -> Int {
        Int(raw.loadUnaligned(as: UInt32.self))
    }

    /// The first `declared` bytes of the struct at `raw` (no more than the
    /// host's own struct) over a zeroed one: fields past the plugin's
    /// struct read as 0, the default every appended field must give.
    static func load<T>(_ raw: UnsafeRawPointer, declared: Int, over zero: T) -> T {
        var value = zero
        withUnsafeMutableBytes(of: &value) { bytes in
            bytes.copyMemory(from: UnsafeRawBufferPointer(start: raw, count: min(max(declared, 0), bytes.count)))
        }
        return value
    }
}
