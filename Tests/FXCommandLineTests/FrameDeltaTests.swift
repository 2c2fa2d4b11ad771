// SPDX-License-Identifier: MIT
import Testing
@testable import FXStudio

/// The studio's frame deltas (docs/STUDIO.md, `GET /api/frame.rgba` with `since`): the box where two
/// frames differ, its rows, and the frames kept for each page. Boxes are worked out by hand from
/// the pixels each test changes.
@Suite struct FrameDeltaTests {
    static let width = 7, height = 5

    /// A frame of distinct pixels (no two equal), with `changed` pixels (x, y) given another value.
    static func frame(_ changed: [(Int, Int)] = [], seed: UInt8 = 0) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                bytes[i] = UInt8(x); bytes[i + 1] = UInt8(y); bytes[i + 2] = seed; bytes[i + 3] = 255
            }
        }
        for (x, y) in changed { bytes[(y * width + x) * 4 + 2] = 200 }
        return bytes
    }

    @Test func equalFramesGiveAnEmptyBox() {
        let box = FrameDelta.box(from: Self.frame(), to: Self.frame(), width: Self.width, height: Self.height)
        #expect(box == FrameDelta(x: 0, y: 0, width: 0, height: 0))
        #expect(box.rows(of: Self.frame(), frameWidth: Self.width).isEmpty)
    }

    /// Pixels changed at (2, 1), (4, 3) and (3, 2): the box spans x 2…4 and y 1…3.
    @Test func theBoxHoldsEveryChangedPixelAndNoMore() {
        let old = Self.frame(), new = Self.frame([(2, 1), (4, 3), (3, 2)])
        let box = FrameDelta.box(from: old, to: new, width: Self.width, height: Self.height)
        #expect(box == FrameDelta(x: 2, y: 1, width: 3, height: 3))
        // Its rows, row by row: pixels (2…4, 1), (2…4, 2), (2…4, 3) of the new frame.
        var expected: [UInt8] = []
        for y in 1...3 { for x in 2...4 { expected += [UInt8(x), UInt8(y), [(2, 1), (4, 3), (3, 2)].contains { $0 == (x, y) } ? 200 : 0, 255] } }
        #expect(box.rows(of: new, frameWidth: Self.width) == expected)
        #expect(box.text == "2,1,3,3")
        // One byte of one pixel (its alpha) is a change too; corners widen the box to the whole frame.
        var alpha = old
        alpha[(4 * Self.width + 6) * 4 + 3] = 254
        #expect(FrameDelta.box(from: old, to: alpha, width: Self.width, height: Self.height) == FrameDelta(x: 6, y: 4, width: 1, height: 1))
        let corners = Self.frame([(0, 0), (6, 4)])
        #expect(FrameDelta.box(from: old, to: corners, width: Self.width, height: Self.height) == .whole(Self.width, Self.height))
        #expect(FrameDelta.whole(Self.width, Self.height).rows(of: corners, frameWidth: Self.width) == corners)
    }

    /// The history: the whole frame for an unknown id, another tab's id, an evicted one or another
    /// size; a box against a frame the tab was sent; ids increase.
    @Test func theHistorySendsABoxOnlyAgainstAFrameThePageWasSent() {
        let history = FrameHistory()
        let w = Self.width, h = Self.height
        func frame(_ bytes: [UInt8]) -> FrameWorker.Frame { FrameWorker.Frame(width: w, height: h, bytes: bytes) }
        let first = history.delta(tab: "a", since: nil, frame: frame(Self.frame()))
        #expect(first.box == .whole(w, h))
        let unknown = history.delta(tab: "a", since: 999, frame: frame(Self.frame()))
        #expect(unknown.box == .whole(w, h))
        let same = history.delta(tab: "a", since: unknown.id, frame: frame(Self.frame()))
        #expect(same.box == FrameDelta())
        let changed = history.delta(tab: "a", since: same.id, frame: frame(Self.frame([(5, 0)])))
        #expect(changed.box == FrameDelta(x: 5, y: 0, width: 1, height: 1))
        #expect([first.id, unknown.id, same.id, changed.id] == [1, 2, 3, 4])
        // Tab b was never sent frame 4.
        #expect(history.delta(tab: "b", since: changed.id, frame: frame(Self.frame())).box == .whole(w, h))
        // Tab a keeps its last three (2, 3, 4 before this one): 3 is kept, against which the box is (5, 0) again.
        #expect(history.delta(tab: "a", since: same.id, frame: frame(Self.frame([(5, 0)]))).box == FrameDelta(x: 5, y: 0, width: 1, height: 1))
        // Now 4, 5 (tab b's was 5, so a's is 6) and 6: 1 and 2 are gone.
        #expect(history.delta(tab: "a", since: first.id, frame: frame(Self.frame())).box == .whole(w, h))
        // Another size: the whole frame.
        let wide = FrameWorker.Frame(width: h, height: w, bytes: Self.frame())
        #expect(history.delta(tab: "a", since: changed.id, frame: wide).box == .whole(h, w))
    }
}
