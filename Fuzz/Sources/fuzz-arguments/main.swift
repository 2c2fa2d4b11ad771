// SPDX-License-Identifier: MIT
import FXHost

/// Parameter values from the command line: the first byte picks a parameter
/// declaration (type, range, choices), the rest is the text typed for it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    let specs: [ParameterInfo] = [
        ParameterInfo(name: "s", type: .string, help: "", defaultText: "", min: nil, max: nil, choices: []),
        ParameterInfo(name: "d", type: .double, help: "", defaultText: "0", min: -1, max: 1, choices: []),
        ParameterInfo(name: "i", type: .int, help: "", defaultText: "0", min: -5, max: nil, choices: []),
        ParameterInfo(name: "b", type: .bool, help: "", defaultText: "false", min: nil, max: nil, choices: []),
        ParameterInfo(name: "c", type: .color, help: "", defaultText: "white", min: nil, max: nil, choices: []),
        ParameterInfo(name: "f", type: .file, help: "", defaultText: "", min: nil, max: nil, choices: []),
        ParameterInfo(name: "k", type: .choice, help: "", defaultText: "up", min: nil, max: nil, choices: ["up", "down"]),
    ]
    let spec = specs[Int(bytes[0]) % specs.count]
    _ = try? ArgumentValue.parse(text, for: spec, checkFiles: false)
    _ = ColorText.parse(text)
    return 0
}

// SwiftPM links an executable's entry point as <module>_main; with -parse-as-library there is
// none, so this one hands control to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ test: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32

@_cdecl("fuzz_arguments_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var args = argv
    return LLVMFuzzerRunDriver(&count, &args) { data, size in fuzz(data, size) }
}
