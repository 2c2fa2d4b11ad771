// SPDX-License-Identifier: MIT
import FXImageSinks

/// The part reader (`.fxpart`, what `fxhost join` reads): the first two bytes choose the layout a
/// manifest would give (a frame of 1–8 × 1–8 pixels, the part's first frame and frame count, an end
/// sample and whether the end is known), the rest is the part. Any bytes must be read or refused
/// with a message — never crash, and never inflate a frame of another size than the layout's.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size >= 2 else { return 0 }
    let a = Int(data[0]), b = Int(data[1])
    let first = (b >> 2) & 3, count = (b >> 4) & 3
    let layout = FramePartLayout(width: 1 + a & 7, height: 1 + (a >> 3) & 7, frames: first..<(first + count), fps: 10,
                                 endSample: b & 1 != 0, end: b & 2 != 0 ? Double(first + count) / 10 - 0.05 : nil)
    let bytes = Array(UnsafeBufferPointer(start: data + 2, count: size - 2))
    guard let reader = try? FramePartReader(bytes: bytes, name: "fuzz", layout: layout) else { return 0 }
    precondition(reader.count == layout.count)
    try? reader.forEachFrame { frame in
        precondition(frame.width == layout.width && frame.height == layout.height)
        precondition(frame.pixels.count == layout.width * layout.height * 4)
    }
    return 0
}

// SwiftPM links an executable's entry point as <module>_main; with -parse-as-library there is
// none, so this one hands control to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ test: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32

@_cdecl("fuzz_part_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var args = argv
    return LLVMFuzzerRunDriver(&count, &args) { data, size in fuzz(data, size) }
}
