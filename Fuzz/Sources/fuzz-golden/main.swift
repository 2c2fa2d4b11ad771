// SPDX-License-Identifier: MIT
@testable import FXCommandLine
import FXCore
import FXHost
import Glibc

// GoldenSamples and SampleDifferences are the command line's own (internal, hence @testable).

/// Golden snapshot files: any bytes, as a snapshot's `samples.jsonl`, must be
/// read back or refused in one line — never crash or hang. What is read is
/// then compared both ways with a recorded snapshot, as
/// `fxhost check --golden` compares, and a stage is sampled at its instants.
enum GoldenHarness {
    /// Two instants of a small recorded snapshot: a box fading and moving.
    static let recorded: [JSON] = [
        #"{"t":0,"layers":[{"path":"stage","kind":"plain","props":{"bounds":[0,0,320,240]}},{"path":"stage/box","kind":"shape","props":{"opacity":1,"position":[10,20],"fillColor":[1,0,0,1]},"animated":["opacity"]}]}"#,
        #"{"t":0.5,"layers":[{"path":"stage","kind":"plain","props":{"bounds":[0,0,320,240]}},{"path":"stage/box","kind":"shape","props":{"opacity":0.5,"position":[60,20],"fillColor":[1,0,0,1]},"animated":["opacity"],"particles":{"count":3,"cells":[{"name":"a","count":3,"scale":[1,1,1]}]}}]}"#,
    ].map { JSON.parsed($0)! }

    static func run(_ text: String) {
        let golden: [JSON]
        do {
            golden = try GoldenSamples.read(text, file: "golden/p/f/samples.jsonl")
        } catch let e as HostError {
            precondition(!e.message.contains("\n"), "more than one line: \(e)")
            precondition(e.message.contains("golden/p/f/samples.jsonl"), "the file is not named: \(e)")
            return
        } catch {
            fatalError("unexpected error: \(error)")
        }
        for line in SampleDifferences.between(golden: golden, actual: recorded) + SampleDifferences.between(golden: recorded, actual: golden) {
            precondition(!line.contains("\n"), "a difference of more than one line: \(line)")
        }
        let stage = Stage(size: Size(32, 24))
        for sample in golden {
            precondition((try? stage.sample(at: sample["t"]!.number!)) != nil, "an instant the reader let through cannot be sampled")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    GoldenHarness.run(String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self))
    return 0
}

// SwiftPM links an executable's entry point as <module>_main; with -parse-as-library there is
// none, so this one hands control to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ test: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32

@_cdecl("fuzz_golden_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var args = argv
    return LLVMFuzzerRunDriver(&count, &args) { data, size in fuzz(data, size) }
}
