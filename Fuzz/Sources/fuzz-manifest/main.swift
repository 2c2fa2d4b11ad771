// SPDX-License-Identifier: MIT
import FXCommandLine
import Glibc

/// The manifest reader, as `fxhost join` uses it: the input up to its first zero byte is the
/// manifest of one part, the rest (when there is a zero byte) the manifest of a second. Any text
/// must give a plan or a one-line refusal — never crash — and a plan must cover a render fxhost
/// can make, its frames once each.
let folder: String = {
    var template = Array("/tmp/fuzz-manifest-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    precondition(made != nil, "fuzz-manifest: cannot make a temporary folder")
    let path = String(cString: made!)
    for name in ["a.fxpart", "b.fxpart"] { fclose(fopen(path + "/" + name, "w")) }
    return path
}()

func write(_ bytes: ArraySlice<UInt8>, to path: String) {
    let f = fopen(path, "w")!
    _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
    fclose(f)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let cut = bytes.firstIndex(of: 0) ?? bytes.count
    write(bytes[..<cut], to: folder + "/a.fxpart.manifest.json")
    var parts = [folder + "/a.fxpart"]
    if cut < bytes.count {
        write(bytes[(cut + 1)...], to: folder + "/b.fxpart.manifest.json")
        parts.append(folder + "/b.fxpart")
    }
    if let plan = try? JoinPlan(arguments: [folder + "/out.y4m"] + parts) {
        precondition(plan.pixelWidth >= 1 && plan.pixelHeight >= 1 && plan.pixelWidth * plan.pixelHeight <= OutputLimits.maxPixels)
        precondition(plan.total >= 1 && plan.total <= OutputLimits.maxFrames && !plan.parts.isEmpty)
        var next = 0
        for part in plan.parts {
            precondition(part.frames.lowerBound == next && !part.frames.isEmpty)
            next = part.frames.upperBound
        }
        precondition(next == plan.total)
    }
    return 0
}

// SwiftPM links an executable's entry point as <module>_main; with -parse-as-library there is
// none, so this one hands control to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ test: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32

@_cdecl("fuzz_manifest_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var args = argv
    return LLVMFuzzerRunDriver(&count, &args) { data, size in fuzz(data, size) }
}
