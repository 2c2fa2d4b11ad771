// SPDX-License-Identifier: MIT
import CCairo
import Glibc

/// Pixel memory for large surfaces (a frame, the renderer's group and mask
/// surfaces), mapped by the renderer and advised as transparent huge pages.
///
/// Why: a surface's pages are zeroed by the kernel on first touch, one fault
/// for every 4 KiB: a 1280 × 720 surface is 900 faults, and a one-frame run
/// that draws a masked layer touches several such surfaces once each, so
/// page faults were most of its time (a third of a 1-frame Lottie file's CPU
/// time beside rlottie's whole run). Backed by 2 MiB pages where the kernel
/// allows (`/sys/kernel/mm/transparent_hugepage/enabled` set to `madvise` or
/// `always`), the same memory is two faults. The memory is zeroed as cairo's
/// own is, and laid out as cairo lays it out (rows of 4 × width bytes), so
/// drawing is unchanged; where the advice is not taken it is ordinary memory.
enum SurfaceMemory {
    static let hugePage = 2 << 20

    /// An ARGB32 image surface on such memory, or nil below one huge page of pixels (cairo's own
    /// allocation serves those) or when the mapping fails. The memory lives as long as cairo's surface
    /// (released by cairo's destroy callback, whoever lets go of it last).
    static func surface(width: Int, height: Int) -> OpaquePointer? {
        guard width > 0, height > 0, width <= Int(Int32.max) / 4, height <= Int(Int32.max) / (4 * width) else { return nil }
        let stride = 4 * width  // cairo's stride for ARGB32: four bytes a pixel, rows aligned to four bytes
        guard let m = allocate(bytes: stride * height) else { return nil }
        let s: OpaquePointer = cairo_image_surface_create_for_data(m.base.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                                    Int32(width), Int32(height), Int32(stride))
        let owner = UnsafeMutablePointer<Mapping>.allocate(capacity: 1)
        owner.initialize(to: m)
        guard cairo_image_surface_get_data(s) != nil,
              cairo_surface_set_user_data(s, key, owner, { SurfaceMemory.release($0) }) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(s)
            release(owner)
            return nil
        }
        // cairo marks a surface it allocated "clear", and reduces some operators on a clear surface (OVER
        // becomes SOURCE), whose roundings differ by a level here and there; a surface on memory it did not
        // allocate is marked clear by a paint with CLEAR and no clip, as a cleared one of its own is.
        let cr: OpaquePointer = cairo_create(s)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        cairo_destroy(cr)
        return s
    }

    typealias Mapping = (base: UnsafeMutableRawPointer, size: Int)
    nonisolated(unsafe) private static let key = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

    /// Zeroed memory of at least `bytes`, aligned to a huge page, or nil below one huge page or when the mapping fails.
    static func allocate(bytes: Int) -> Mapping? {
        guard bytes >= hugePage else { return nil }
        let size = (bytes + hugePage - 1) / hugePage * hugePage
        guard let raw = mmap(nil, size + hugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              raw != MAP_FAILED else { return nil }
        // Keep the aligned `size` bytes of the mapping; give the rest back.
        let start = UInt(bitPattern: raw)
        let aligned = (start + UInt(hugePage) - 1) & ~UInt(hugePage - 1)
        let head = Int(aligned - start)
        if head > 0 { munmap(raw, head) }
        let base = UnsafeMutableRawPointer(bitPattern: aligned)!
        if hugePage - head > 0 { munmap(base + size, hugePage - head) }
        _ = madvise(base, size, MADV_HUGEPAGE)
        return (base, size)
    }

    private static func release(_ owner: UnsafeMutableRawPointer?) {
        guard let p = owner?.assumingMemoryBound(to: Mapping.self) else { return }
        munmap(p.pointee.base, p.pointee.size)
        p.deinitialize(count: 1)
        p.deallocate()
    }
}
