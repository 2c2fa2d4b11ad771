// SPDX-License-Identifier: MIT
import Testing
@testable import FXRender

/// glibc's loader says "failed to map segment" or "Cannot allocate memory" when memory or
/// address space runs out during a load (elf/dl-map-segments.h, elf/dl-load.c): such a
/// failure is not taken for a missing cairo, whose line says to install it.
@Suite struct CairoLoadFailureTests {
    @Test func aLoadThatRanOutOfMemoryIsNotAMissingLibrary() {
        let memory = "memory ran out before it was loaded; give --memory-limit BYTES below what the machine allows"
        #expect(Renderer.hint(forLoadFailure: "cannot load libcairo.so.2 (libXdmcp.so.6: failed to map segment from shared object)") == memory)
        #expect(Renderer.hint(forLoadFailure: "cannot load libcairo.so.2 (libpixman-1.so.0: cannot create shared object descriptor: Cannot allocate memory)") == memory)
        #expect(Renderer.hint(forLoadFailure: "cannot load libcairo.so.2 (libcairo.so.2: cannot open shared object file: No such file or directory)")
                == "install Debian's libcairo2")
    }
}
