// SPDX-License-Identifier: MIT
import FXCore
import Testing
@testable import FXRender

/// Redrawing only what changed must give exactly the pixels of drawing everything.
@Suite struct DamageTests {
    /// A scene with something of everything that moves: a spinning arc, a sliding text,
    /// a fading image, a mask whose gradient sweeps, a layer that appears and one that goes.
    func stage() throws -> (Stage, Layer, Layer) {
        let stage = Stage(size: Size(160, 120))
        try stage.root.set(.backgroundColor, .color(Color(red: 0.1, green: 0.2, blue: 0.3)))
        let arc = stage.makeLayer(.shape, name: "arc")
        var p = Path()
        p.arc(center: .zero, radius: 20, startAngle: -.pi / 2, endAngle: 0, clockwise: true)
        try arc.set(.path, .path(p)); try arc.set(.position, .point(Point(40, 40)))
        try arc.set(.strokeColor, .color(.white)); try arc.set(.fillColor, .color(.clear)); try arc.set(.lineWidth, .number(3))
        try stage.root.addSublayer(arc)
        var spin = Animation.basic(KeyPath(.transform), to: .transform(.rotation(.pi / 2, 0, 0, 1)))
        spin.timing.duration = 0.25; spin.timing.repeatCount = .infinity; spin.isCumulative = true
        try arc.add(spin, forKey: nil)
        let text = stage.makeLayer(.text, name: "text")
        try text.setFrame(Rect(0, 80, 160, 30)); try text.set(.string, .string("damage")); try text.set(.fontSize, .number(20))
        try stage.root.addSublayer(text)
        var slide = Animation.basic(KeyPath(.position, .x), from: .number(40), to: .number(120))
        slide.timing.duration = 0.4
        try text.add(slide, forKey: nil)
        let mask = stage.makeLayer(.gradient, name: "mask")
        try mask.setFrame(Rect(0, 0, 160, 30))
        try mask.set(.colors, .colors([Color(white: 1, alpha: 0.2), .white, Color(white: 1, alpha: 0.2)]))
        try mask.set(.startPoint, .point(Point(0, 0.5))); try mask.set(.endPoint, .point(Point(1, 0.5)))
        var sweep = Animation.basic(KeyPath(.locations), from: .numbers([0, 0.1, 0.2]), to: .numbers([0.8, 0.9, 1]))
        sweep.timing.duration = 0.5; sweep.timing.repeatCount = .infinity
        try mask.add(sweep, forKey: nil)
        try text.setMask(mask)
        let box = stage.makeLayer(.layer, name: "box")
        try box.setFrame(Rect(100, 10, 40, 40)); try box.set(.backgroundColor, .color(.white)); try box.set(.cornerRadius, .number(8))
        var fade = Animation.basic(KeyPath(.opacity), from: .number(1), to: .number(0.2))
        fade.timing.duration = 0.3; fade.timing.beginTime = 0.2
        try box.add(fade, forKey: nil)
        let late = stage.makeLayer(.layer, name: "late")
        try late.setFrame(Rect(60, 50, 20, 20)); try late.set(.backgroundColor, .color(Color(red: 1, green: 0, blue: 0)))
        return (stage, box, late)
    }

    @Test func incrementalFramesEqualFullFrames() throws {
        let (stage, box, late) = try stage()
        let incremental = Renderer(stageSize: stage.size)
        for i in 0..<30 {
            let t = Double(i) / 30
            if i == 10 { try stage.root.addSublayer(late) }
            if i == 20 { box.removeFromSuperlayer() }
            let snap = try stage.sample(at: t)
            let a = incremental.render(snap)
            let b = Renderer(stageSize: stage.size).render(snap)
            #expect(a.pixels == b.pixels, "frame \(i)")
        }
    }

    /// Things that move far apart (a fading cloud at the top left, a sliding box at the bottom right,
    /// a gradient between them that stays still) are redrawn in boxes of their own: the region has
    /// two rectangles, the still gradient between them is not redrawn, and every frame is the one a
    /// fresh renderer draws.
    @Test func farApartChangesRedrawTheirOwnBoxes() throws {
        let stage = Stage(size: Size(200, 150))
        try stage.root.set(.backgroundColor, .color(.black))
        let sky = stage.makeLayer(.gradient, name: "sky")
        try sky.setFrame(Rect(10.5, 5.25, 180, 140))
        try sky.set(.colors, .colors([Color(red: 0.27, green: 0.6, blue: 0.89), Color(red: 0.68, green: 0.86, blue: 0.98)]))
        try stage.root.addSublayer(sky)
        let cloud = stage.makeLayer(.shape, name: "cloud")
        try cloud.setFrame(Rect(12, 8, 40, 20))
        var p = Path()
        p.addEllipse(in: Rect(0, 5, 25, 15)); p.addEllipse(in: Rect(12, 0, 28, 20))
        try cloud.set(.path, .path(p)); try cloud.set(.fillColor, .color(Color(white: 1, alpha: 0.95)))
        try stage.root.addSublayer(cloud)
        var fade = Animation.basic(KeyPath(.opacity), from: .number(0), to: .number(1))
        fade.timing.duration = 1
        try cloud.add(fade, forKey: nil)
        let box = stage.makeLayer(.layer, name: "box")
        try box.setFrame(Rect(150, 120, 20, 20)); try box.set(.backgroundColor, .color(Color(red: 1, green: 0.5, blue: 0)))
        try box.set(.cornerRadius, .number(4))
        try stage.root.addSublayer(box)
        var slide = Animation.basic(KeyPath(.position, .x), from: .number(150), to: .number(170))
        slide.timing.duration = 1
        try box.add(slide, forKey: nil)
        let incremental = Renderer(stageSize: stage.size)
        var damage = Damage()
        for i in 0..<12 {
            let snap = try stage.sample(at: Double(i) / 12)
            let region = damage.compute(RenderTree(snap.layers), device: .identity, width: 200, height: 150)
            if i > 0 {
                // The cloud's box (12…52 × 8…28) and the box's (about 150…192 × 120…140), a pixel or two wider.
                #expect(region?.rects.count == 2, "frame \(i): \(String(describing: region))")
                #expect((region?.bounds.size.width ?? 0) > 150 && (region.map { r in r.rects.allSatisfy { $0.size.width < 60 } } ?? false))
            }
            let a = incremental.render(snap)
            let b = Renderer(stageSize: stage.size).render(snap)
            #expect(a.pixels == b.pixels, "frame \(i)")
        }
    }

    @Test func anUnchangedFrameIsNotRedrawnButStaysTheSame() throws {
        let stage = Stage(size: Size(64, 48))
        let l = stage.makeLayer(.layer, name: "still")
        try l.setFrame(Rect(8, 8, 20, 20)); try l.set(.backgroundColor, .color(.white))
        try stage.root.addSublayer(l)
        let r = Renderer(stageSize: stage.size)
        let a = r.render(try stage.sample(at: 0))
        let b = r.render(try stage.sample(at: 1))
        #expect(a.pixels == b.pixels && a.pixels.contains(255))
    }
}
