// SPDX-License-Identifier: MIT
import FXCore
import Testing
@testable import FXRender

/// The scene budget's pixels (docs/isolation.md, "Scene budget"): the estimate of
/// what a frame will draw, each case counted here by hand from the rule in
/// `PixelBudget` (own drawing, clipped to the stage and to masksToBounds;
/// offscreen groups; a shadow's blur over the stage), and a frame over the
/// budget refused with one line naming the layer, before anything is drawn.
@Suite struct PixelBudgetTests {
    let fill: (Property, Value) = (.backgroundColor, .color(Color(red: 1, green: 0, blue: 0)))

    func estimate(_ stage: Stage, scale: Double = 1) throws -> Double {
        let r = Renderer(stageSize: stage.size, scale: scale)
        return r.pixelEstimate(try stage.sample(at: 0), limit: .infinity).0
    }

    /// A 50×40 layer draws 2,000 pixels; one of 200×200 on a 100×100 stage, the stage's 10,000;
    /// the root and a layer that draws nothing, none. At scale 2, four times as many.
    @Test func layersCountTheirAreaWithinTheStage() throws {
        let stage = try scene(100, 100) { s in
            _ = try layer(s, frame: Rect(10, 10, 50, 40), [fill])
            _ = try layer(s, frame: Rect(0, 0, 200, 200), [fill])
            _ = try layer(s, frame: Rect(0, 0, 80, 80))
        }
        #expect(try estimate(stage) == 12_000)
        #expect(try estimate(stage, scale: 2) == 48_000)
    }

    /// masksToBounds clips what the sublayers count: a 100×100 sublayer of a 20×20 clipping layer
    /// counts 400.
    @Test func masksToBoundsClipsTheCount() throws {
        let stage = try scene(100, 100) { s in
            let clip = try layer(s, frame: Rect(5, 5, 20, 20), [(.masksToBounds, .bool(true))])
            _ = try layer(s, frame: Rect(-10, -10, 100, 100), [fill], in: clip)
        }
        #expect(try estimate(stage) == 400)
    }

    /// A 30×30 layer at the stage's corner at half opacity over two 10×10 sublayers is an offscreen
    /// group the size of its subtree's box, widened by a pixel each side for antialiasing and cut
    /// at the stage (0…31 both ways: 961), then the two sublayers (100 each): 1,161. A 10×10 layer with a
    /// shadow is a group over the whole 100×100 stage (10,000), the shadow's blur over it again
    /// (10,000), and its own 100: 20,100.
    @Test func groupsAndShadowsCountTheirSurfaces() throws {
        let group = try scene(100, 100) { s in
            let g = try layer(s, frame: Rect(0, 0, 30, 30), [(.opacity, .number(0.5))])
            _ = try layer(s, frame: Rect(0, 0, 10, 10), [fill], in: g)
            _ = try layer(s, frame: Rect(20, 20, 10, 10), [fill], in: g)
        }
        #expect(try estimate(group) == 1_161)
        let shadow = try scene(100, 100) { s in
            _ = try layer(s, frame: Rect(40, 40, 10, 10), [fill, (.shadowOpacity, .number(1))])
        }
        #expect(try estimate(shadow) == 20_100)
    }

    /// A 1024×1024 stage's budget is 256 × 1,048,576 = 268,435,456 pixels. A replicator of 300
    /// stage-sized layers draws 300 × 1,048,576 = 314,572,800; the count passes the budget at the
    /// 257th copy (256 × 1,048,576 is not over it), `sheet#256`. One line, and nothing drawn.
    @Test func aFrameOverTheBudgetIsRefusedNamingTheLayer() throws {
        let stage = try scene(1024, 1024) { s in
            let r = s.makeLayer(.replicator, name: "copies")
            try r.setFrame(Rect(0, 0, 1024, 1024))
            try r.set(.instanceCount, .number(300))
            try s.root.addSublayer(r)
            let sheet = s.makeLayer(.layer, name: "sheet")
            try sheet.setFrame(Rect(0, 0, 1024, 1024))
            try sheet.set(.backgroundColor, .color(Color(red: 0, green: 0, blue: 1)))
            try r.addSublayer(sheet)
        }
        #expect(PixelBudget.limit(width: 1024, height: 1024) == 268_435_456)
        #expect(PixelBudget.limit(width: 100, height: 100) == 67_108_864)
        let renderer = Renderer(stageSize: stage.size)
        var message = ""
        do {
            try renderer.checkBudget(try stage.sample(at: 0))
        } catch let e as FXError {
            message = e.message
            #expect(e.kind == .limit)
        }
        #expect(message.hasPrefix("scene budget: drawing layer 'stage/copies/sheet#256' would take the frame to 314,572,800 pixels"), "\(message)")
        #expect(message.contains("the budget is 268,435,456 pixels a frame"))
        #expect(!message.contains("\n"))
    }

    /// A masked 30×30 layer at (10, 10) is a group over its box widened a pixel each side (9…41:
    /// 32 × 32 = 1,024), its mask's surface the same 1,024, the mask's own 10×10 drawing 100 and the
    /// layer's 900: 3,048. A mask mode other than alpha rewrites the mask's surface once more: 4,072.
    @Test func maskModesCountTheirPass() throws {
        for (mode, count) in [("alpha", 3_048.0), ("alphaInverted", 4_072), ("luminance", 4_072)] {
            let stage = try scene(100, 100) { s in
                let l = try layer(s, frame: Rect(10, 10, 30, 30), [fill, (.maskMode, .string(mode))])
                let m = s.makeLayer(.layer, name: "mask")
                try m.setFrame(Rect(0, 0, 10, 10)); try m.set(fill.0, fill.1)
                try l.setMask(m)
            }
            #expect(try estimate(stage) == count, "\(mode)")
        }
    }
}
