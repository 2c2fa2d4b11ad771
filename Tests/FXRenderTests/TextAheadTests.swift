// SPDX-License-Identifier: MIT
import CCairo
import FXCore
import Testing
@testable import FXRender

/// A frame whose text needs fonts at several sizes has its text rasterised ahead, on two threads,
/// each with a font map of its own (`ContentCache.prepareText`). What it draws must be what pango
/// draws straight into the frame: TextInkTests' seven cases, each in a band of its own in one
/// stage, against the same cases drawn by pango into one reference picture.
@Suite struct TextAheadTests {
    @Test(arguments: [1.0, 2.0]) func textMadeAheadIsThePangoTextOfEveryLayer(scale: Double) throws {
        let band = 130.0, width = 250.0
        let cases = TextInkTests.cases.enumerated().map { i, c in
            TextInkTests.Case(string: c.string, size: c.size,
                              frame: Rect(c.frame.origin.x, Double(i) * band + c.frame.origin.y, c.frame.size.width, c.frame.size.height),
                              scale: scale, alignment: c.alignment, wrapped: c.wrapped, truncation: c.truncation)
        }
        let height = band * Double(cases.count)
        let stage = Stage(size: Size(width, height))
        for c in cases { try TextInkTests.addLayer(c, to: stage) }
        let renderer = Renderer(stageSize: stage.size, scale: scale)
        let drawn = renderer.render(try stage.sample(at: 0))
        // Five sizes among the seven layers: all seven made ahead, on the two threads.
        #expect(renderer.cache.madeAhead == cases.count)

        let expected = reference(Int(width * scale), Int(height * scale)) { cr in
            for c in cases {
                cairo_save(cr)
                TextInkTests.pangoText(c, cr)
                cairo_restore(cr)
            }
        }
        let d = difference(drawn.pixels, expected, threshold: 0)
        #expect(d.max == 0, "at \(scale)×: \(d)")
    }

    /// Only text the frame will draw is made ahead: not a layer under a hidden parent, nor one
    /// under a parent of opacity 0; and none when the frame's new text is all of one size.
    @Test func onlyTextTheFrameDrawsIsMadeAhead() throws {
        func text(_ stage: Stage, _ size: Double, _ y: Double, in parent: Layer? = nil) throws {
            let l = stage.makeLayer(.text, name: "text")
            try l.setFrame(Rect(0, y, 200, 40))
            try l.set(.string, .string("Text \(size)"))
            try l.set(.fontSize, .number(size))
            try (parent ?? stage.root).addSublayer(l)
        }
        let stage = Stage(size: Size(200, 240))
        try text(stage, 12, 0)
        try text(stage, 20, 40)
        let hidden = stage.makeLayer(.layer, name: "hidden")
        try hidden.set(.isHidden, .bool(true))
        try stage.root.addSublayer(hidden)
        try text(stage, 30, 80, in: hidden)
        let clear = stage.makeLayer(.layer, name: "clear")
        try clear.set(.opacity, .number(0))
        try stage.root.addSublayer(clear)
        try text(stage, 40, 120, in: clear)
        let renderer = Renderer(stageSize: stage.size, scale: 1)
        _ = renderer.render(try stage.sample(at: 0))
        #expect(renderer.cache.madeAhead == 2)

        let single = Stage(size: Size(200, 120))
        try text(single, 16, 0)
        try text(single, 16, 40)
        let one = Renderer(stageSize: single.size, scale: 1)
        _ = one.render(try single.sample(at: 0))
        #expect(one.cache.madeAhead == 0)
    }
}
