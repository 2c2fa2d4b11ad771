// SPDX-License-Identifier: MIT
import FXCore

/// The part of a frame to redraw: a few whole-pixel rectangles, the way
/// Core Animation and browser compositors keep a dirty region rather than one
/// box around everything. Two things that move far apart (a cloud at the
/// top, another at the bottom) redraw their own boxes, not the frame between.
///
/// Rectangles that overlap are merged into their union, so that no pixel is
/// cleared and drawn twice; past `limit` rectangles, the two whose union adds
/// the least area are merged, since every drawing operation is clipped
/// against each rectangle in turn.
struct DamageRegion: Equatable {
    private(set) var rects: [Rect] = []

    /// The most rectangles a region keeps.
    static let limit = 8

    init() {}

    init(_ r: Rect) { add(r) }

    var isEmpty: Bool { rects.isEmpty }

    /// The box around the whole region.
    var bounds: Rect {
        guard var b = rects.first else { return .zero }
        for r in rects.dropFirst() { b = b.union(r) }
        return b
    }

    mutating func add(_ r: Rect) {
        guard r.size.width > 0, r.size.height > 0 else { return }
        var merged = r
        // A union can reach rectangles neither part met: merge until nothing overlaps it.
        while let i = rects.firstIndex(where: { $0.intersection(merged) != nil }) {
            merged = merged.union(rects.remove(at: i))
        }
        rects.append(merged)
        if rects.count > DamageRegion.limit { mergeCheapestPair() }
    }

    private mutating func mergeCheapestPair() {
        func area(_ r: Rect) -> Double { r.size.width * r.size.height }
        var best = (0, 1), least = Double.infinity
        for i in rects.indices {
            for j in rects.indices where j > i {
                let added = area(rects[i].union(rects[j])) - area(rects[i]) - area(rects[j])
                if added < least { least = added; best = (i, j) }
            }
        }
        let b = rects.remove(at: best.1), a = rects.remove(at: best.0)
        add(a.union(b))
    }

    /// Each rectangle grown to whole pixels with a pixel of anti-aliasing, within `full`.
    func pixelAligned(within full: Rect) -> DamageRegion {
        var out = DamageRegion()
        for r in rects { out.add(Damage.pixelAligned(r, within: full)) }
        return out
    }
}
