// SPDX-License-Identifier: MIT
import FXCore
import Testing
@testable import FXRender

/// The dirty region's bookkeeping, against boxes worked out by hand.
@Suite struct DamageRegionTests {
    func area(_ r: DamageRegion) -> Double { r.rects.reduce(0) { $0 + $1.size.width * $1.size.height } }

    @Test func farApartBoxesStaySeparateAndOverlappingOnesMerge() {
        var r = DamageRegion()
        r.add(Rect(0, 0, 10, 10))
        r.add(Rect(100, 100, 10, 10))
        #expect(r.rects.count == 2 && area(r) == 200)
        // Overlapping the first: the union 0…15 × 0…12.
        r.add(Rect(5, 2, 10, 10))
        #expect(r.rects.count == 2 && r.rects.contains(Rect(0, 0, 15, 12)))
        // A box that reaches both merges all three into one: 0…110 × 0…110.
        r.add(Rect(10, 10, 95, 95))
        #expect(r.rects == [Rect(0, 0, 110, 110)])
        #expect(r.bounds == Rect(0, 0, 110, 110))
        // Empty boxes add nothing.
        r.add(Rect(500, 500, 0, 10))
        #expect(r.rects.count == 1)
    }

    /// Past the limit, the two boxes whose union adds the least area are merged: here the two
    /// neighbours 10 apart (union 10 × 30 adds 100) rather than any pair 40 or more apart.
    @Test func pastTheLimitTheCheapestPairMerges() {
        var r = DamageRegion()
        for i in 0..<DamageRegion.limit { r.add(Rect(Double(i) * 50, 0, 10, 10)) }
        #expect(r.rects.count == DamageRegion.limit)
        r.add(Rect(0, 20, 10, 10))
        #expect(r.rects.count == DamageRegion.limit)
        #expect(r.rects.contains(Rect(0, 0, 10, 30)))
        #expect(area(r) == Double(DamageRegion.limit - 1) * 100 + 300)
    }

    @Test func pixelAlignmentGrowsEachBoxByAPixelWithinTheFrame() {
        var r = DamageRegion()
        r.add(Rect(10.5, 20.2, 5, 5))
        r.add(Rect(-3, 95, 10, 10))
        let aligned = r.pixelAligned(within: Rect(0, 0, 100, 100))
        #expect(aligned.rects.contains(Rect(9, 19, 8, 8)))      // 10.5…15.5 × 20.2…25.2, grown a pixel, whole
        #expect(aligned.rects.contains(Rect(0, 94, 8, 6)))      // clipped to the frame
    }
}
