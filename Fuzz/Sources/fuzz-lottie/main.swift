// SPDX-License-Identifier: MIT
import FXCore
import FXHost
import Glibc

/// The Lottie file → layers path: any bytes, as the file given to
/// `--plugin lottie --file`, must build or be refused with the plugin's
/// input error — never crash, hang or exhaust memory. The plugin (built with
/// this harness's instrumentation, beside it) is loaded and called through
/// the host's real function table, in process, as fxhost calls it; the built
/// stage is then sampled, so that the values the plugin handed over are
/// evaluated too.
enum LottieHarness {
    /// The bytes go into a memory file (memfd_create, looked up at run time: Glibc's module
    /// does not declare it), opened by its /proc path.
    static let memory: Int32 = {
        typealias MemfdCreate = @convention(c) (UnsafePointer<CChar>, UInt32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "memfd_create") else { return -1 }
        return unsafeBitCast(symbol, to: MemfdCreate.self)("fuzz-lottie", 0)
    }()

    static let pluginPath: String = {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let exe = String(decoding: buffer[..<max(0, n)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return String(exe[..<(exe.lastIndex(of: "/") ?? exe.endIndex)]) + "/liblottie.so"
    }()

    /// Loaded once, as fxhost loads it; each input is then built in a session of its own.
    static let plugin: PluginInfo = {
        // The plugin's parameter names are not what this harness fuzzes (fxhost check covers them).
        do { return try PluginLoader.load(pluginPath, session: HostSession(pluginName: "lottie"), hostOptions: []) } catch { fatalError("\(error)") }
    }()

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        precondition(memory >= 0, "memfd_create failed")
        ftruncate(memory, 0)
        var done = 0
        while done < bytes.count {
            let n = pwrite(memory, bytes.baseAddress! + done, bytes.count - done, off_t(done))
            precondition(n > 0, "cannot write the memory file")
            done += n
        }
        let session = HostSession(pluginName: "lottie")
        let stage = Stage(size: Size(64, 48))
        do {
            let factory = plugin.factories[0]
            let arguments = factory.parameters.map { p -> ArgumentValue in
                p.name == "file" ? .file("/proc/self/fd/\(memory)") : .string("")
            }
            try session.build(factory, arguments: arguments, on: stage)
        } catch let e as HostError {
            // The plugin's refusal of a bad file is one line naming the file, as a usage error (exit 2);
            // anything else is a finding.
            guard e.kind == .usage else { fatalError("not an input error: \(e)") }
            precondition(!e.message.contains("\n"), "more than one line: \(e)")
            precondition(e.message.contains("/proc/self/fd/"), "the file is not named: \(e)")
            return
        } catch {
            fatalError("unexpected error: \(error)")
        }
        for t in [0, 0.05, 0.5, 2] { _ = try? stage.sample(at: t) }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    LottieHarness.run(UnsafeBufferPointer(start: data, count: size))
    return 0
}

// SwiftPM links an executable's entry point as <module>_main; with -parse-as-library there is
// none, so this one hands control to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ test: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32

@_cdecl("fuzz_lottie_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var args = argv
    return LLVMFuzzerRunDriver(&count, &args) { data, size in fuzz(data, size) }
}
