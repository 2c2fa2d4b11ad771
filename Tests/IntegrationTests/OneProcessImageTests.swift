// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// An image run is one program start: fxhost renders itself and hands the run to
/// no second executable (docs/ARCHITECTURE.md, why there is one executable).
struct OneProcessImageTests {
    /// glibc's dynamic loader, asked with LD_DEBUG=files, writes one "initialize
    /// program: PATH" line for every program it starts, to standard error, and
    /// the variable reaches any program fxhost would exec. The supervised child
    /// is a fork, not a new program, so the count is exactly one: fxhost itself.
    @Test func aPNGRunStartsOneProgram() throws {
        let dir = try TestSupport.temporaryFolder()
        let png = dir + "/cube.png"
        let r = try runProcess(Plugins.fxhost, ["--plugin", "cube", "--size", "64x48", "--end", "0.1", "--out", png],
                               environment: ["LD_DEBUG": "files"])
        #expect(r.status == 0, "\(r.stderr.suffix(2000))")
        #expect(FileManager.default.contents(atPath: png)?.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let started = r.stderr.split(separator: "\n").filter { $0.contains("initialize program:") }
        #expect(started.count == 1, "\(started)")
        #expect(started.first?.hasSuffix("initialize program: " + Plugins.fxhost) == true, "\(started)")
    }
}
