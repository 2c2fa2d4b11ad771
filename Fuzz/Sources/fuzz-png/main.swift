// SPDX-License-Identifier: MIT
import FXPNG

/// The PNG input path: any bytes must decode or fail with a message — never crash,
/// and never allocate for more than 8192 pixels a side.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let image = try? PNGDecoder.decode(bytes, label: "fuzz", maxSide: 1024) {
        precondition(image.pixels.count == image.width * image.height * 4)
    }
    return 0
}

// SwiftPM links an executable's entry point as <module>_main; with -parse-as-library there is
// none, so this one hands control to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ test: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32

@_cdecl("fuzz_png_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var args = argv
    return LLVMFuzzerRunDriver(&count, &args) { data, size in fuzz(data, size) }
}
