// SPDX-License-Identifier: MIT
import FXCore
import Foundation
import Glibc
import Testing
@testable import FXRender

/// Five places where the renderer disagreed with Core Animation, each
/// measured on the property itself, with the expected geometry computed here
/// by hand: coverage inside and outside a rounded corner, pixels outside an
/// analytically projected quad, the sub-pixel position and the width of an
/// edge, and the fitted sigma of a shadow's edge.
@Suite struct CoreAnimationRulesTests {
    let red = Color(red: 1, green: 0, blue: 0)
    let blue = Color(red: 0, green: 0, blue: 1)

    func alpha(_ f: Frame, _ x: Int, _ y: Int) -> Double { Double(f.pixel(x, y).a) / 255 }

    // MARK: - Gradients fill the rounded shape

    /// CAGradientLayer.h: the gradient fills "the shape of the layer (i.e. including rounded corners)".
    /// Pixels whose centre lies more than 1 px outside the rounded rectangle must be empty, those more
    /// than 1 px inside it full.
    @Test func aGradientFillsOnlyItsRoundedShape() throws {
        let box = Rect(20, 10, 120, 100), r = 48.0
        let stage = try scene { s in
            _ = try layer(s, .gradient, frame: box, [(.colors, .colors([red, blue])), (.cornerRadius, .number(r))])
        }
        let frame = try render(stage)
        var outside = 0, holes = 0
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let d = signedDistance(Double(x) + 0.5, Double(y) + 0.5, box, r)
                if d > 1 && alpha(frame, x, y) > 0 { outside += 1 }
                if d < -1 && alpha(frame, x, y) < 1 { holes += 1 }
            }
        }
        #expect(outside == 0 && holes == 0, "\(outside) pixels painted outside the corners, \(holes) missing inside")
    }

    /// Distance from a point to a rounded rectangle's outline, negative inside.
    func signedDistance(_ px: Double, _ py: Double, _ b: Rect, _ r: Double) -> Double {
        let cx = min(max(px, b.minX + r), b.maxX - r), cy = min(max(py, b.minY + r), b.maxY - r)
        let dx = px - cx, dy = py - cy
        let inCore = px >= b.minX + r && px <= b.maxX - r || py >= b.minY + r && py <= b.maxY - r
        if inCore { return max(b.minX - px, px - b.maxX, b.minY - py, py - b.maxY) }
        return (dx * dx + dy * dy).squareRoot() - r
    }

    // MARK: - masksToBounds clips the layer's own shadow

    /// With masksToBounds, Core Animation clips the shadow to the (rounded) bounds: an opaque layer
    /// shows none, and a clear one shows its sublayers' shadow only inside its bounds.
    @Test func masksToBoundsClipsTheLayersOwnShadow() throws {
        let opaque = Rect(20, 20, 50, 40), clear = Rect(90, 20, 60, 60)
        let stage = try scene { s in
            _ = try layer(s, frame: opaque, [
                (.backgroundColor, .color(.white)), (.masksToBounds, .bool(true)), (.shadowOpacity, .number(1)),
                (.shadowOffset, .size(Size(8, 8))), (.shadowRadius, .number(2)),
            ])
            let l = try layer(s, frame: clear, [
                (.masksToBounds, .bool(true)), (.cornerRadius, .number(10)), (.shadowOpacity, .number(1)),
                (.shadowOffset, .size(Size(10, 10))), (.shadowRadius, .number(1)),
            ])
            _ = try layer(s, frame: Rect(10, 10, 30, 30), [(.backgroundColor, .color(red))], in: l)
        }
        let frame = try render(stage)
        var outside = 0
        for y in 0..<frame.height {
            for x in 0..<frame.width where alpha(frame, x, y) > 0 {
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                let inOpaque = px > opaque.minX - 1 && px < opaque.maxX + 1 && py > opaque.minY - 1 && py < opaque.maxY + 1
                if !inOpaque && signedDistance(px, py, clear, 10) > 1 { outside += 1 }
            }
        }
        #expect(outside == 0, "\(outside) shadow pixels outside the bounds")
        // Inside the clear layer the sublayer's shadow still falls: at (135, 55) = child (100…130) + 10, + 5.
        #expect(frame.pixel(135, 55) == (0, 0, 0, 255) ? true : alpha(frame, 135, 55) > 0.9)
        #expect(rgba(frame, 45, 40) == [255, 255, 255, 255])
    }

    // MARK: - Perspective

    /// A card of `w` × `h` at `centre`, rotated by `angle` about y, seen with m34 = −1/`d`, projected by
    /// hand: [x y 0 1] · R · P gives (x·cos θ, y, −x·sin θ, 1 + x·sin θ / d).
    struct ProjectedCard {
        let corners: [(Double, Double)]

        init(centre: (Double, Double), w: Double, h: Double, angle: Double, d: Double, scale: Double = 1) {
            corners = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)].map { x, y in
                let wz = 1 + x * sin(angle) / d
                return ((centre.0 + x * cos(angle) / wz) * scale, (centre.1 + y / wz) * scale)
            }
        }

        /// Signed distance from the quad's outline (negative inside), for a convex quad in clockwise order.
        func distance(_ px: Double, _ py: Double) -> Double {
            var d = -Double.infinity
            for i in 0..<4 {
                let (ax, ay) = corners[i], (bx, by) = corners[(i + 1) % 4]
                let ex = bx - ax, ey = by - ay, len = (ex * ex + ey * ey).squareRoot()
                d = max(d, ((px - ax) * ey - (py - ay) * ex) / len)
            }
            return d
        }

        /// Where the edge from corner i to corner j crosses the horizontal line at `y`.
        func x(at y: Double, _ i: Int, _ j: Int) -> Double {
            let (ax, ay) = corners[i], (bx, by) = corners[j]
            return ax + (bx - ax) * (y - ay) / (by - ay)
        }
    }

    func card(angle: Double, d: Double, sublayer: Bool, scale: Double = 1) throws -> Frame {
        let stage = try scene(200, 120) { s in
            var t = Transform3D.rotation(angle, 0, 1, 0)
            var p = Transform3D.identity
            p.m34 = -1 / d
            if sublayer {
                let parent = try layer(s, frame: Rect(0, 0, 200, 120), [(.sublayerTransform, .transform(p))])
                _ = try layer(s, frame: Rect(50, 20, 100, 80), [(.backgroundColor, .color(red)), (.transform, .transform(t))], in: parent)
            } else {
                t = t.concatenating(p)
                _ = try layer(s, frame: Rect(50, 20, 100, 80), [(.backgroundColor, .color(red)), (.transform, .transform(t))])
            }
        }
        return try render(stage, scale: scale)
    }

    /// Nothing is painted more than 1 px outside the projected quad and nothing is missing more than
    /// 1 px inside it, at angles from 10° to 75°, with m34 in the layer's own transform or in its
    /// superlayer's sublayerTransform (about the superlayer's centre, here the card's centre too).
    /// "Nothing" allows the tail of the resampling filter (a pixel box over a one-image-pixel tent):
    /// at most 6 % alpha beyond 1 px outside, at least 94 % beyond 1 px inside.
    @Test(arguments: [false, true]) func perspectivePaintsOnlyInsideTheProjectedQuad(sublayer: Bool) throws {
        var report: [String] = []
        for degrees in [10.0, 25, 40, 55, 63, 75] {
            let angle = degrees * .pi / 180
            let frame = try card(angle: angle, d: 300, sublayer: sublayer)
            let quad = ProjectedCard(centre: (100, 60), w: 100, h: 80, angle: angle, d: 300)
            var outside = 0, holes = 0
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    let dist = quad.distance(Double(x) + 0.5, Double(y) + 0.5)
                    if dist > 1 && alpha(frame, x, y) > 0.06 { outside += 1 }
                    if dist < -1 && alpha(frame, x, y) < 0.94 { holes += 1 }
                }
            }
            if outside + holes > 0 { report.append("\(degrees)°: \(outside) outside, \(holes) holes") }
        }
        #expect(report.isEmpty, "\(report.joined(separator: "; "))")
    }

    /// Each vertical edge, read along rows, sits where the projection puts it: the full pixels plus the
    /// coverage of the partial ones give the edge's position to 0.15 px, on both sides (so both are
    /// anti-aliased, and neither is shifted).
    @Test(arguments: [false, true]) func perspectiveEdgesSitWhereTheyProject(sublayer: Bool) throws {
        var report: [String] = []
        for degrees in [20.0, 40, 55] {
            let angle = degrees * .pi / 180
            let frame = try card(angle: angle, d: 300, sublayer: sublayer)
            let quad = ProjectedCard(centre: (100, 60), w: 100, h: 80, angle: angle, d: 300)
            for y in stride(from: 45, through: 75, by: 10) {
                let cy = Double(y) + 0.5
                let left = quad.x(at: cy, 0, 3), right = quad.x(at: cy, 1, 2)
                let row = (0..<frame.width).map { alpha(frame, $0, y) }
                guard let firstFull = row.firstIndex(where: { $0 >= 1 }), let lastFull = row.lastIndex(where: { $0 >= 1 }) else {
                    report.append("\(degrees)° row \(y): no full pixel"); continue
                }
                let measuredLeft = Double(firstFull) - row[..<firstFull].reduce(0, +)
                let measuredRight = Double(lastFull + 1) + row[(lastFull + 1)...].reduce(0, +)
                if abs(measuredLeft - left) > 0.15 || abs(measuredRight - right) > 0.15 {
                    report.append(String(format: "%.0f° row %d: left %.2f (true %.2f), right %.2f (true %.2f)",
                                         degrees, y, measuredLeft, left, measuredRight, right))
                }
            }
        }
        #expect(report.isEmpty, "\(report.joined(separator: "; "))")
    }

    /// At --scale 3 a steeply turned card keeps edges as sharp as an unturned one: across its near
    /// (left) edge no row has more than 2 partly covered pixels, and across the top edge no column more
    /// than the edge's slope allows plus 2. The offscreen image must be as fine as the largest local
    /// magnification, not the average.
    @Test func perspectiveStaysSharpAtScale3() throws {
        var report: [String] = []
        for degrees in [50.0, 65, 75] {
            let angle = degrees * .pi / 180
            let frame = try card(angle: angle, d: 300, sublayer: false, scale: 3)
            let quad = ProjectedCard(centre: (100, 60), w: 100, h: 80, angle: angle, d: 300, scale: 3)
            for y in stride(from: 150, through: 210, by: 20) {
                let left = Int(quad.x(at: Double(y) + 0.5, 0, 3))
                let partial = (max(0, left - 8)...(left + 8)).filter { alpha(frame, $0, y) > 0.02 && alpha(frame, $0, y) < 0.98 }.count
                if partial > 2 { report.append("\(degrees)° row \(y): \(partial) partial pixels across the left edge") }
            }
            let (ax, ay) = quad.corners[0], (bx, by) = quad.corners[1]
            let slope = abs((by - ay) / (bx - ax))
            for x in stride(from: Int(ax) + 10, through: Int(bx) - 10, by: 15) {
                let top = Int(ay + (by - ay) * (Double(x) + 0.5 - ax) / (bx - ax))
                let partial = (max(0, top - 8)...(top + 8)).filter { alpha(frame, x, $0) > 0.02 && alpha(frame, x, $0) < 0.98 }.count
                if Double(partial) > slope.rounded(.up) + 2 {
                    report.append("\(degrees)° column \(x): \(partial) partial pixels across the top edge (slope \(slope))")
                }
            }
        }
        #expect(report.isEmpty, "\(report.joined(separator: "; "))")
    }

    /// A card so wide and so turned that its far half passes behind the eye (w < 0 beyond x = −51 about
    /// its centre, with m34 = −1/100 and 80° about y) draws only its front half: the projection of a
    /// point in front, computed by hand, is covered, and the frame is the same on every render.
    @Test func aCardCrossingTheEyePlaneDrawsItsFrontPart() throws {
        let angle = 80 * Double.pi / 180
        var t = Transform3D.rotation(angle, 0, 1, 0)
        var p = Transform3D.identity
        p.m34 = -1.0 / 100
        t = t.concatenating(p)
        let stage = try scene(200, 120) { s in
            _ = try layer(s, frame: Rect(-100, 40, 400, 40), [(.backgroundColor, .color(red)), (.transform, .transform(t))])
        }
        let frame = try render(stage)
        // Local x = 100 about the centre (100, 60): w = 1 + 100·sin 80°/100, x' = 100 + 100·cos 80°/w.
        let w = 1 + 100 * sin(angle) / 100
        #expect(alpha(frame, Int(100 + 100 * cos(angle) / w), 60) == 1)
        #expect(try render(stage).pixels == frame.pixels)
    }

    /// A perspective card inside a rounded masksToBounds superlayer is clipped by the rounded bounds,
    /// corners included: nothing more than 1 px outside them is painted.
    @Test func aRoundedMaskClipsAPerspectiveSublayer() throws {
        let box = Rect(20, 10, 120, 100), r = 30.0
        var t = Transform3D.rotation(35 * .pi / 180, 0, 1, 0)
        var p = Transform3D.identity
        p.m34 = -1.0 / 250
        t = t.concatenating(p)
        let stage = try scene { s in
            let clip = try layer(s, frame: box, [(.cornerRadius, .number(r)), (.masksToBounds, .bool(true))])
            _ = try layer(s, frame: Rect(-10, 10, 140, 80), [(.backgroundColor, .color(red)), (.transform, .transform(t))], in: clip)
        }
        let frame = try render(stage)
        var outside = 0
        for y in 0..<frame.height {
            for x in 0..<frame.width where signedDistance(Double(x) + 0.5, Double(y) + 0.5, box, r) > 1 && alpha(frame, x, y) > 0 {
                outside += 1
            }
        }
        #expect(outside == 0, "\(outside) pixels painted outside the rounded bounds")
        #expect(alpha(frame, 80, 60) == 1)
    }

    /// A card brought toward the eye (zPosition 200 under a sublayerTransform with m34 = −1/300, so
    /// w = 1/3) and drawn at --scale 2 is magnified 6×; its edges stay as sharp as an unturned layer's.
    /// They fall exactly on pixel boundaries (x = 140, y = 60), where a sharp edge has no partly
    /// covered pixel: at most 1 is allowed for the filter's tail. (An average scale, √|det| of the
    /// 2 × 2 part, ignores the 1/w and draws it from an image a third as fine: 2 or more.)
    @Test func aCardNearTheEyeStaysSharp() throws {
        var p = Transform3D.identity
        p.m34 = -1.0 / 300
        let stage = try scene(200, 120) { s in
            let parent = try layer(s, frame: Rect(0, 0, 200, 120), [(.sublayerTransform, .transform(p))])
            _ = try layer(s, frame: Rect(90, 50, 20, 20), [(.backgroundColor, .color(red)), (.zPosition, .number(200))], in: parent)
        }
        let frame = try render(stage, scale: 2)
        // By hand: the card's corners (90, 50)…(110, 70) about the centre (100, 60), times 3, times 2.
        let left = (100 - 10 * 3.0) * 2, top = (60 - 10 * 3.0) * 2
        let rows = [Int(top) + 20, Int(top) + 60], columns = [Int(left) + 20, Int(left) + 60]
        var report: [String] = []
        for y in rows {
            let partial = (Int(left) - 8...Int(left) + 8).filter { alpha(frame, $0, y) > 0.02 && alpha(frame, $0, y) < 0.98 }.count
            if partial > 1 { report.append("row \(y): \(partial) partial pixels across the left edge") }
        }
        for x in columns {
            let partial = (Int(top) - 8...Int(top) + 8).filter { alpha(frame, x, $0) > 0.02 && alpha(frame, x, $0) < 0.98 }.count
            if partial > 1 { report.append("column \(x): \(partial) partial pixels across the top edge") }
        }
        #expect(alpha(frame, Int(left) + 30, Int(top) + 30) == 1)
        #expect(report.isEmpty, "\(report.joined(separator: "; "))")
    }

    // MARK: - Shadow blur

    /// shadowRadius r is a Gaussian blur of standard deviation r (docs/RENDERING.md gives the sources):
    /// across the straight edge of a large opaque layer the shadow's alpha is ½·erfc(d / (σ√2)) at
    /// distance d outside; σ fitted by least squares to the pixels must be r within 4 %.
    @Test(arguments: [3.0, 8.0, 12.0]) func shadowRadiusIsTheGaussiansSigma(radius: Double) throws {
        let stage = try scene(200, 160) { s in
            _ = try layer(s, frame: Rect(80, 20, 100, 120), [
                (.backgroundColor, .color(.white)), (.shadowOpacity, .number(1)), (.shadowColor, .color(Color(red: 0, green: 0, blue: 0))),
                (.shadowRadius, .number(radius)),
            ])
        }
        let frame = try render(stage)
        // Row through the middle of the left edge (x = 80), outside the layer; the edge is long enough
        // (120 ≥ 10 σ) that the row sees a one-dimensional step.
        let samples = (0..<80).map { x in (80 - (Double(x) + 0.5), alpha(frame, x, 80)) }
        var best = (err: Double.infinity, sigma: 0.0)
        for k in 100...2000 {
            let sigma = Double(k) / 100
            let err = samples.reduce(0) { e, s in
                let model = 0.5 * erfc(s.0 / (sigma * 2.0.squareRoot()))
                return e + (model - s.1) * (model - s.1)
            }
            if err < best.err { best = (err, sigma) }
        }
        #expect(abs(best.sigma - radius) <= 0.04 * radius, "fitted sigma \(best.sigma) for shadowRadius \(radius)")
    }
}
