// SPDX-License-Identifier: MIT
import FXCore

/// Key path parsing: any bytes, as text, must parse or fail with a message — never crash.
/// A key path that parses is then applied to a layer of every kind with a value of its type.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let kp = try? KeyPath(parsing: text) else { return 0 }
    let stage = Stage(size: Size(10, 10))
    for kind in LayerKind.allCases {
        let layer = stage.makeLayer(kind)
        guard let current = try? layer.value(at: kp) else { continue }
        try? layer.set(kp, current)
        _ = kp.extract(from: kp.replace(in: layer[kp.property], with: current))
        _ = Sampler.snapshot(of: stage, at: 0)
    }
    return 0
}

// SwiftPM links an executable's entry point as <module>_main; with -parse-as-library there is
// none, so this one hands control to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ test: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32

@_cdecl("fuzz_keypath_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var args = argv
    return LLVMFuzzerRunDriver(&count, &args) { data, size in fuzz(data, size) }
}
