// SPDX-License-Identifier: MIT
import Glibc
import Testing
@testable import FXCore

/// CAReplicatorLayer: each expectation computed here from Apple's description
/// (copy i: instanceTransform applied i times about the replicator's centre,
/// i × instanceDelay later, colour instanceColor + i × offsets, clamped).
@Suite struct ReplicatorTests {
    /// A 100×100 replicator at the stage origin holding one 10×10 dot.
    func scene(count: Double, _ configure: (Layer, Layer) throws -> Void) throws -> Stage {
        let stage = Stage(size: Size(200, 200))
        let rep = stage.makeLayer(.replicator, name: "rep")
        try rep.setFrame(Rect(0, 0, 100, 100))
        try rep.set(.instanceCount, .number(count))
        let dot = stage.makeLayer(.layer, name: "dot")
        try dot.setFrame(Rect(45, 5, 10, 10))
        try rep.addSublayer(dot)
        try stage.root.addSublayer(rep)
        try configure(rep, dot)
        return stage
    }

    func copies(_ s: Snapshot) -> [PresentedLayer] {
        s.layers.filter { $0.name == "dot" || $0.name.hasPrefix("dot#") }
    }

    /// Where a copy's anchor lands in the replicator's space.
    func anchor(_ l: PresentedLayer) -> Point {
        let p = l.point(.position)
        let q = l.transform(.transform).apply(to: Point(0, 0))!
        return Point(p.x + q.x, p.y + q.y)
    }

    @Test func copiesTurnAboutTheReplicatorsCentre() throws {
        let step = 2 * Double.pi / 8
        let stage = try scene(count: 8) { rep, _ in
            try rep.set(.instanceTransform, .transform(.rotation(step, 0, 0, 1)))
        }
        let dots = copies(try stage.sample(at: 0))
        #expect(dots.map(\.name) == ["dot"] + (1..<8).map { "dot#\($0)" })
        for (i, d) in dots.enumerated() {
            // The dot's centre (50, 10) is 40 above the centre (50, 50); y grows down, so a positive
            // angle turns clockwise on screen: (0, −40) becomes (40 sin a, −40 cos a).
            let a = Double(i) * step
            let p = anchor(d)
            #expect(close(p.x, 50 + 40 * sin(a), 1e-9) && close(p.y, 50 - 40 * cos(a), 1e-9), "copy \(i): \(p)")
        }
    }

    @Test func translationsAccumulate() throws {
        let stage = try scene(count: 4) { rep, _ in
            try rep.set(.instanceTransform, .transform(.translation(30, 5)))
        }
        for (i, d) in copies(try stage.sample(at: 0)).enumerated() {
            let p = anchor(d)
            #expect(close(p.x, 50 + 30 * Double(i)) && close(p.y, 10 + 5 * Double(i)))
        }
    }

    @Test func delaysShiftEachCopysAnimations() throws {
        let stage = try scene(count: 3) { rep, dot in
            try rep.set(.instanceDelay, .number(0.25))
            var a = Animation.basic(KeyPath(.opacity), from: .number(0), to: .number(1))
            a.timing.duration = 1
            a.timing.repeatCount = 2
            a.timing.fillMode = .backwards
            try dot.add(a, forKey: "fade")
        }
        // t = 0.1: copy 0 at 0.1; copies 1 and 2 are before their start and fill backwards (0).
        var o = copies(try stage.sample(at: 0.1)).map { $0.number(.opacity) }
        #expect(close(o[0], 0.1) && o[1] == 0 && o[2] == 0)
        // t = 1.2: copy 0 is 0.2 into its second cycle, copy 1 at 0.95, copy 2 at 0.7.
        o = copies(try stage.sample(at: 1.2)).map { $0.number(.opacity) }
        #expect(close(o[0], 0.2) && close(o[1], 0.95) && close(o[2], 0.7))
        // t = 2.3: copy 0 and 1 have ended (the model's 1 shows); copy 2 is 0.8 into its second cycle.
        o = copies(try stage.sample(at: 2.3)).map { $0.number(.opacity) }
        #expect(o[0] == 1 && o[1] == 1 && close(o[2], 0.8))
    }

    @Test func coloursMultiplyAndOffsetsAccumulateClamped() throws {
        let stage = try scene(count: 4) { rep, dot in
            try rep.set(.instanceColor, .color(Color(red: 1, green: 0.5, blue: 1, alpha: 1)))
            try rep.set(.instanceGreenOffset, .number(-0.2))
            try rep.set(.instanceAlphaOffset, .number(-0.25))
            try dot.set(.backgroundColor, .color(Color(red: 0.8, green: 0.6, blue: 0.4, alpha: 1)))
        }
        let dots = copies(try stage.sample(at: 0))
        for (i, d) in dots.enumerated() {
            let green = min(1, max(0, 0.5 - 0.2 * Double(i))), alpha = min(1, max(0, 1 - 0.25 * Double(i)))
            let c = d.color(.backgroundColor)
            #expect(close(c.red, 0.8) && close(c.green, 0.6 * green) && close(c.blue, 0.4) && c.alpha == 1, "copy \(i)")
            #expect(close(d.number(.opacity), alpha), "copy \(i)")
        }
    }

    @Test func instanceKeyPathsAnimate() throws {
        let stage = try scene(count: 1) { rep, _ in
            var grow = Animation.basic(KeyPath(.instanceCount), from: .number(1), to: .number(5))
            grow.timing.duration = 1
            try rep.add(grow, forKey: "grow")
            var spread = Animation.basic(try KeyPath(parsing: "instanceTransform.translation.x"), from: .number(0), to: .number(20))
            spread.timing.duration = 1
            try rep.add(spread, forKey: "spread")
        }
        // t = 0.5: count 3 (1 + 4·0.5), step 10 to the right.
        let dots = copies(try stage.sample(at: 0.5))
        #expect(dots.count == 3)
        #expect(close(anchor(dots[2]).x, 50 + 2 * 10))
    }

    @Test func theNaturalEndWaitsForTheLastCopy() throws {
        let stage = try scene(count: 4) { rep, dot in
            try rep.set(.instanceDelay, .number(0.5))
            var a = Animation.basic(KeyPath(.opacity), from: .number(0), to: .number(1))
            a.timing.duration = 1
            try dot.add(a, forKey: nil)
        }
        let (end, infinite) = stage.endOfAnimations()
        #expect(!infinite && close(end, 1 + 3 * 0.5))
    }

    @Test func copiesAreStableAndDistinct() throws {
        let stage = try scene(count: 3) { _, _ in }
        let a = copies(try stage.sample(at: 0)).map(\.id), b = copies(try stage.sample(at: 1)).map(\.id)
        #expect(a == b && Set(a).count == 3)
    }
}
