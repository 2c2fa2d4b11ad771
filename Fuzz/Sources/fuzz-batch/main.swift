// SPDX-License-Identifier: MIT
@testable import FXCommandLine
import FXHost
import Glibc

/// Batch job lines: any bytes, as the job file of `fxhost batch`, must give
/// jobs or be refused with one line naming the file — never crash or hang.
/// Each job's words are then read as the command line its run gets.
enum BatchHarness {
    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        // The text as BatchJob.load has it once read (reading files is the manifest harness's).
        let text = String(decoding: bytes, as: UTF8.self)
        let file = "jobs.jsonl"
        let jobs: [BatchJob]
        do {
            jobs = try BatchJob.parse(text, file: file)
        } catch let e as HostError {
            // fxhost prints the message with its control characters escaped (TerminalText): one line.
            precondition(e.kind == .usage, "not a usage error: \(e)")
            precondition(e.message.contains(file), "the file is not named: \(e)")
            return
        } catch {
            fatalError("unexpected error: \(error)")
        }
        for job in jobs {
            precondition(!job.plugin.isEmpty && !job.out.isEmpty)
            precondition(Array(job.words.suffix(3)) == ["--out", job.out, "--manifest"])
            do {
                _ = try Command.parse(job.words)
            } catch is HostError {
            } catch {
                fatalError("unexpected error: \(error)")
            }
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    BatchHarness.run(UnsafeBufferPointer(start: data, count: size))
    return 0
}

// SwiftPM links an executable's entry point as <module>_main; with -parse-as-library there is
// none, so this one hands control to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ test: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32

@_cdecl("fuzz_batch_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var args = argv
    return LLVMFuzzerRunDriver(&count, &args) { data, size in fuzz(data, size) }
}
