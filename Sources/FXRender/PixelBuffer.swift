// SPDX-License-Identifier: MIT
import Glibc

/// Frame-sized bytes a sink keeps of its own (a frame's Y′CbCr planes), on the memory
/// `SurfaceMemory` gives surfaces: a one-frame run touches them once, and 2 MiB pages take
/// two faults where 4 KiB pages take seven hundred (2.7 MB at 1280 × 720). Below one huge
/// page, or where the mapping fails, ordinary zeroed memory. Zeroed either way; freed with
/// the object.
public final class PixelBuffer {
    public let base: UnsafeMutablePointer<UInt8>
    public let count: Int
    private let mapping: SurfaceMemory.Mapping?

    public init(count: Int) {
        precondition(count > 0, "a pixel buffer holds at least one byte")
        self.count = count
        if let m = SurfaceMemory.allocate(bytes: count) {
            mapping = m
            base = m.base.assumingMemoryBound(to: UInt8.self)
        } else {
            mapping = nil
            guard let p = calloc(count, 1) else { fatalError("out of memory for \(count) bytes of pixels") }
            base = p.assumingMemoryBound(to: UInt8.self)
        }
    }

    deinit {
        if let m = mapping { munmap(m.base, m.size) } else { free(base) }
    }

    /// The bytes, for writing out.
    public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }
}
