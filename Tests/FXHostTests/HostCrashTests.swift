// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import TestSupport
import Testing
@testable import FXHost
@testable import FXIsolation

/// A child that dies while no plugin code is being called died in fxhost's own work: the line
/// says so and does not blame the plugin (docs/isolation.md, "Memory budget").
@Suite struct HostCrashTests {
    @Test func aSignalOutsidePluginCodeIsFxhostsOwn() {
        let line = Isolation.Outcome(end: .crashed(SIGABRT), plugin: "memory").failure ?? ""
        #expect(line == "fxhost was stopped (SIGABRT, abort() was called) in its own work with plugin 'memory', while no plugin code was being called; if memory ran out, give --memory-limit BYTES below what the machine allows, and frames that would not fit are refused instead")
        let killed = Isolation.Outcome(end: .crashed(SIGKILL), plugin: "memory").failure ?? ""
        #expect(killed.hasPrefix("fxhost was killed (SIGKILL, most likely by the kernel's out-of-memory killer) in its own work"))
    }

    @Test func aSignalInPluginCodeIsThePlugins() {
        let line = Isolation.Outcome(end: .crashed(SIGABRT), plugin: "memory", phase: "the build of factory 'memory'").failure
        #expect(line == "plugin 'memory' crashed (SIGABRT, abort() was called) during the build of factory 'memory'")
    }

    /// The budget told to allow far more than the address space (100 MiB) holds: an allocation for
    /// the 99,900 copies fails in fxhost's own sampling (Swift's runtime aborts), and the run ends with fxhost's line, not the plugin's crash.
    @Test(.enabled(if: !TestSupport.isSanitizerPass && TestSupport.which("prlimit") != nil))
    func anAllocationFailureInTheHostIsNotThePlugins() throws {
        let dir = try Harness.temporaryFolder()
        let so = try Harness.compilePlugin(Harness.fixture("memory.c"), into: dir, name: "memory.so",
                                           defines: ["COPIES=1000", "CHILDREN=99"])
        let out = dir + "/big.png"
        let r = try runProcess(TestSupport.which("prlimit")!, ["--as=104857600", "--core=0", Harness.fxhost, "--plugin", so, "--time", "1",
                                                                "--out", out, "--memory-limit", "1024TiB", "--render-timeout", "300"])
        #expect(r.status == 1, "\(r.stderr)")
        let last = r.stderr.split(separator: "\n").last.map(String.init) ?? ""
        // cairo loads on a thread beside the build (Renderer.prepareLibrary): on a busy machine the
        // build can fill the address space before that load maps cairo, and the run then ends on
        // the load's own line, which names memory too.
        let stopped = last.hasPrefix("fxhost: error: fxhost was stopped (SIG")
            && last.contains("in its own work with plugin 'memory', while no plugin code was being called")
        let cairoUnloaded = last.hasPrefix("fxhost: error: cannot draw: cannot load libcairo.so.2 (")
            && last.hasSuffix("(memory ran out before it was loaded; give --memory-limit BYTES below what the machine allows)")
        #expect(stopped || cairoUnloaded, "\(r.stderr)")
        #expect(!r.stderr.contains("plugin 'memory' crashed"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(Rogue.temporaries(in: dir).isEmpty)
    }
}
