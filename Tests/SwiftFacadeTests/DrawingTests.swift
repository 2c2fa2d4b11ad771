// SPDX-License-Identifier: MIT
import FXCore
import Foundation
import Testing
import UIKit

/// Layers of the plugin's own drawing (`draw(in:)`, `UIView.draw(_:)`,
/// image renderers), what the engine is given for them, and keys of a layer's
/// own animated frame by frame. Expected values come from the geometry drawn
/// and Apple's documented rules, computed here.
extension Facade {
    @Suite struct DrawingTests {
        /// A layer that fills a rectangle and strokes a line under a scale.
        final class Sketch: CALayer {
            override func draw(in ctx: CGContext) {
                ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
                ctx.fill(CGRect(x: 10, y: 20, width: 30, height: 40))
                ctx.saveGState()
                ctx.scaleBy(x: 2, y: 2)
                ctx.setStrokeColor(UIColor.blue.cgColor)
                ctx.setLineWidth(3)
                ctx.setLineCap(.round)
                ctx.setLineDash(phase: 1, lengths: [4, 2])
                ctx.move(to: CGPoint(x: 5, y: 5))
                ctx.addLine(to: CGPoint(x: 25, y: 5))
                ctx.strokePath()
                ctx.restoreGState()
            }
        }

        static func path(_ l: FXCore.Layer) throws -> FXCore.Path? { try l.value(at: KeyPath(.path)).pth }
        static func color(_ l: FXCore.Layer, _ p: Property) throws -> FXCore.Color? { try l.value(at: KeyPath(p)).col }
        static func number(_ l: FXCore.Layer, _ p: Property) throws -> Double? { try l.value(at: KeyPath(p)).num }

        @Test func whatDrawInDrawsBecomesLayersBehindTheSublayers() throws {
            let k = try FacadeStage()
            try k.call { root in
                let l = Sketch()
                l.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
                l.addSublayer(CALayer())
                root.addSublayer(l)
                l.setNeedsDisplay()
            }
            let layer = k.layers[0]
            #expect(layer.sublayers.count == 2)
            let drawing = layer.sublayers[0]
            #expect(drawing.kind == .layer && layer.sublayers[1].sublayers.isEmpty)
            // The backing store's size: the container is the layer's bounds, clipped.
            #expect(try drawing.value(at: KeyPath(.masksToBounds)) == .bool(true))
            #expect(try drawing.value(at: KeyPath(.bounds)).rct == FXCore.Rect(0, 0, 100, 80))
            let fill = drawing.sublayers[0], stroke = drawing.sublayers[1]
            // The fill's rectangle, corner to corner, in the layer's space.
            let pts = try #require(try Self.path(fill)?.points)
            #expect(Set(pts.map(\.x)) == [10, 40] && Set(pts.map(\.y)) == [20, 60])
            #expect(try Self.color(fill, .fillColor) == FXCore.Color(red: 1, green: 0, blue: 0))
            // The stroke in user space, under the matrix (scale 2): width and dashes are user-space lengths.
            #expect(try Self.path(stroke)?.points == [FXCore.Point(5, 5), FXCore.Point(25, 5)])
            #expect(try Self.number(stroke, .lineWidth) == 3)
            #expect(try stroke.value(at: KeyPath(.lineDashPattern)) == .numbers([4, 2]))
            #expect(try Self.number(stroke, .lineDashPhase) == 1)
            let cap = try stroke.value(at: KeyPath(.lineCap))
            #expect("\(cap)".hasSuffix(".round)"), "\(cap)")
            let t = try #require(try stroke.value(at: KeyPath(.transform)).xform)
            #expect(t.m11 == 2 && t.m22 == 2 && t.m41 == 0 && t.m42 == 0)
            #expect(try Self.color(stroke, .strokeColor) == FXCore.Color(red: 0, green: 0, blue: 1))
        }

        @Test func aLayerNeverMarkedDrawsNothingAndMakesNoLayers() throws {
            let k = try FacadeStage()
            try k.call { root in
                let l = Sketch()
                l.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
                root.addSublayer(l)
            }
            #expect(k.layers[0].sublayers.isEmpty)
        }

        /// A progress ring: the arc from the top, clockwise on screen, to `progress` of a turn.
        final class Ring: CALayer {
            @CAManaged var progress: CGFloat
            nonisolated(unsafe) static var drawn: [(t: Double, progress: CGFloat)] = []

            override class func needsDisplay(forKey key: String) -> Bool {
                key == "progress" ? true : super.needsDisplay(forKey: key)
            }

            override func draw(in ctx: CGContext) {
                Ring.drawn.append((CACurrentMediaTime(), progress))
                ctx.setStrokeColor(UIColor.red.cgColor)
                ctx.setLineWidth(4)
                ctx.addArc(center: CGPoint(x: 50, y: 50), radius: 40, startAngle: -.pi / 2,
                           endAngle: -.pi / 2 + 2 * .pi * progress, clockwise: false)
                ctx.strokePath()
            }
        }

        @Test func aCustomKeyAnimatesAndRedrawsEveryFrameWithThePresentedValue() throws {
            // Apple: with needsDisplay(forKey:) true, the layer is redrawn as the key animates; a linear
            // CABasicAnimation from 0 to 1 over 1 s presents t at time t (fromValue + (toValue − fromValue) × t / duration).
            Ring.drawn = []
            let k = try FacadeStage()
            var ring: Ring!
            try k.call { root in
                ring = Ring()
                ring.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
                root.addSublayer(ring)
                ring.progress = 1
                let a = CABasicAnimation(keyPath: "progress")
                a.fromValue = 0
                a.toValue = 1
                a.duration = 1
                a.timingFunction = CAMediaTimingFunction(name: .linear)
                ring.add(a, forKey: "fill")
                #expect(ring.animationKeys() == ["fill"])
            }
            try k.advance(to: 0.3)
            // presentation() reads the same rule's value at the time of the call.
            try k.call { _ in
                let shown = try #require(ring.presentation()?.value(forKey: "progress") as? CGFloat)
                #expect(near(shown, 0.3, 1e-9))
                #expect(ring.progress == 1)
            }
            try k.advance(to: 0.5)
            // One drawing per frame of the display's 60 Hz grid, each with the value of its own time.
            let during = Ring.drawn.filter { $0.t > 0 && $0.t <= 0.5 }
            #expect(during.count == 30)
            for d in during { #expect(near(Double(d.progress), d.t, 1e-9), "\(d)") }
            #expect(during.map(\.t).allSatisfy { near($0 * 60, ($0 * 60).rounded(), 1e-6) })
            // The stroke's end at t = 0.5: half a turn from the top, (50, 90).
            let shape = k.layers[0].sublayers[0].sublayers[0]
            let end = try #require(try Self.path(shape)?.points.last)
            #expect(near(end.x, 50, 1e-6) && near(end.y, 90, 1e-6), "\(end)")
            // After the end the model value (1) is drawn once more, and frames stop.
            try k.advance(to: 2)
            let after = Ring.drawn.filter { $0.t >= 1 }
            #expect(after.last?.progress == 1)
            #expect(after.count <= 2, "\(after)")
            try k.call { _ in #expect(ring.animationKeys() == nil) }
        }

        @Test func aCustomKeyWithAValueThatCannotAnimateIsRefusedAtAdd() throws {
            let k = try FacadeStage()
            #expect {
                try k.call { root in
                    let ring = Ring()
                    root.addSublayer(ring)
                    let a = CABasicAnimation(keyPath: "progress")
                    a.toValue = "full"
                    ring.add(a, forKey: nil)
                }
            } throws: { error in
                "\(error)".contains("CABasicAnimation(keyPath: \"progress\") animates a String; a key of the layer's own animates when its values are numbers, colours (CGColor), points, sizes, rects or transforms")
            }
        }

        final class NaNDrawing: CALayer {
            override func draw(in ctx: CGContext) {
                ctx.move(to: .zero)
                ctx.addLine(to: CGPoint(x: CGFloat.nan, y: 3))
                ctx.strokePath()
            }
        }

        @Test func aDrawingCallWithNaNFailsTheCallInOneLine() throws {
            let k = try FacadeStage()
            #expect {
                try k.call { root in
                    let l = NaNDrawing()
                    root.addSublayer(l)
                    l.setNeedsDisplay()
                }
            } throws: { error in
                let s = "\(error)"
                return s.contains("CGContext.addLine(to:): a coordinate is nan; drawing takes finite numbers") && !s.contains("\n")
            }
        }

        final class HugePath: CALayer {
            override func draw(in ctx: CGContext) {
                ctx.move(to: .zero)
                for i in 0..<1_000_000 { ctx.addLine(to: CGPoint(x: CGFloat(i % 100), y: CGFloat(i % 7))) }
                ctx.fillPath()
            }
        }

        @Test func aPathOfAMillionPointsMeetsTheHostsPathBudget() throws {
            let k = try FacadeStage()
            #expect {
                try k.call { root in
                    let l = HugePath()
                    root.addSublayer(l)
                    l.setNeedsDisplay()
                }
            } throws: { error in
                "\(error)".contains("elements; the limit is 100000")
            }
        }

        final class Oval: UIView {
            override func draw(_ rect: CGRect) {
                UIColor.green.setFill()
                UIBezierPath(ovalIn: rect.insetBy(dx: 10, dy: 10)).fill()
                let clip = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 50, height: 100))
                clip.addClip()
                let g = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                                   colors: [UIColor.red.cgColor, UIColor.blue.cgColor] as CFArray, locations: [0, 1])!
                UIGraphicsGetCurrentContext()?.drawLinearGradient(g, start: CGPoint(x: 0, y: 20), end: CGPoint(x: 0, y: 70), options: [])
            }
        }

        @Test func aViewsDrawIsCalledWhenCommittedAndClipsAndGradientsBecomeMasksAndGradientLayers() throws {
            let k = try FacadeStage()
            var kept: Oval?  // a view lives while something holds it (a layer holds its delegate weakly)
            try k.call { root in
                let v = Oval(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                kept = v
                root.addSublayer(v.layer)
            }
            defer { withExtendedLifetime(kept) {} }
            let view = k.layers[0]
            #expect(view.sublayers.count == 1, "\(k.layers.map { ($0.kind, $0.sublayers.count) })")
            let drawing = view.sublayers[0]
            let oval = drawing.sublayers[0]
            let box = try #require(try Self.path(oval)?.points)
            #expect(near(box.map(\.x).min()!, 10, 1e-9) && near(box.map(\.x).max()!, 90, 1e-9))
            #expect(try Self.color(oval, .fillColor) == FXCore.Color(red: 0, green: 1, blue: 0))
            // The clip: a group masked by the clip's rectangle, holding the gradient.
            let group = drawing.sublayers[1]
            let mask = try #require(group.mask)
            #expect(Set(try #require(try Self.path(mask)?.points).map(\.x)) == [0, 50])
            let gradient = group.sublayers[0]
            // Its region is the clip's box (0…50 × 0…100) in user space, so the unit points are
            // start (0, 20) → (0, 0.2) and end (0, 70) → (0, 0.7).
            #expect(try gradient.value(at: KeyPath(.bounds)).rct == FXCore.Rect(0, 0, 50, 100))
            #expect(try gradient.value(at: KeyPath(.startPoint)).pt == FXCore.Point(0, 0.2))
            #expect(try gradient.value(at: KeyPath(.endPoint)).pt == FXCore.Point(0, 0.7))
            // No extension options: Core Graphics paints only between the two lines, so a mask cuts the band y 20…70.
            let bandMask = try #require(gradient.mask)
            let band = try #require(try Self.path(bandMask)?.points)
            #expect(Set(band.map { ($0.y * 1e6).rounded() / 1e6 }) == [20, 70])
        }

        @Test func aRenderersImageIsADrawingShownScaledByContentsGravity() throws {
            let k = try FacadeStage()
            try k.call { root in
                let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10)).image { c in
                    UIColor.red.setFill()
                    c.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
                }
                #expect(image.size == CGSize(width: 10, height: 10))
                let l = CALayer()
                l.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
                l.contentsGravity = .resizeAspect
                l.contents = image.cgImage
                root.addSublayer(l)
            }
            let drawing = k.layers[0].sublayers[0]
            // resizeAspect: 10 × 10 into 40 × 20 is 20 × 20, centred at (20, 10): scale 2.
            let t = try #require(try drawing.value(at: KeyPath(.transform)).xform)
            #expect(t.m11 == 2 && t.m22 == 2)
            #expect(try drawing.value(at: KeyPath(.position)).pt == FXCore.Point(20, 10))
        }

        /// A ring whose `progress` animates implicitly, through its own `action(forKey:)`, as iOS code writes it.
        final class ImplicitRing: CALayer {
            @CAManaged var progress: CGFloat

            override class func needsDisplay(forKey key: String) -> Bool {
                key == "progress" ? true : super.needsDisplay(forKey: key)
            }

            override func action(forKey event: String) -> CAAction? {
                guard event == "progress" else { return super.action(forKey: event) }
                let a = CABasicAnimation(keyPath: event)
                a.duration = 1
                a.timingFunction = CAMediaTimingFunction(name: .linear)
                return a
            }
        }

        @Test func settingAManagedPropertyRunsTheLayersActionFromThePresentedValue() throws {
            // Apple's CABasicAnimation page: with fromValue, toValue and byValue nil, an action animates
            // from the value presented before the change to the new model value; linear over 1 s from t = 1,
            // the presented value at t = 1.25 is 0 + (1 − 0) × 0.25.
            let k = try FacadeStage()
            var ring: ImplicitRing!
            try k.call { root in
                ring = ImplicitRing()
                root.addSublayer(ring)
            }
            try k.advance(to: 1)
            try k.call { _ in
                ring.progress = 1
                #expect(ring.progress == 1)
            }
            try k.advance(to: 1.25)
            try k.call { _ in
                let shown = try #require(ring.presentation()?.value(forKey: "progress") as? CGFloat)
                #expect(near(shown, 0.25, 1e-9), "\(shown)")
            }
        }

        @Test func aRendererOfASizeThatIsNotFiniteFailsInOneLineAndAHugeOneAllocatesNothing() throws {
            let k = try FacadeStage()
            #expect {
                try k.call { _ in
                    _ = UIGraphicsImageRenderer(size: CGSize(width: CGFloat.infinity, height: 10)).image { _ in }
                }
            } throws: { error in
                "\(error)".contains("UIGraphicsImageRenderer(size:): the size inf × 10.0 is not a finite size of zero or more points")
            }
            // 100,000 points square: a bitmap would be 40 GB; the recorded image is one fill.
            try k.call { _ in
                let image = UIGraphicsImageRenderer(size: CGSize(width: 100_000, height: 100_000)).image { c in
                    c.fill(CGRect(x: 0, y: 0, width: 100_000, height: 100_000))
                }
                #expect(image.size == CGSize(width: 100_000, height: 100_000))
            }
        }

        final class Counted: UIView {
            nonisolated(unsafe) static var sizes: [CGSize] = []
            override func draw(_ rect: CGRect) { Counted.sizes.append(rect.size) }
        }

        @Test func aViewWithContentModeRedrawIsDrawnAgainWhenItsSizeChanges() throws {
            // UIView.ContentMode.redraw: "redisplay the view when the bounds change by invoking setNeedsDisplay()".
            Counted.sizes = []
            let k = try FacadeStage()
            var view: Counted!
            try k.call { root in
                view = Counted(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                view.contentMode = .redraw
                root.addSublayer(view.layer)
            }
            try k.call { _ in view.frame = CGRect(x: 5, y: 5, width: 30, height: 20) }
            try k.call { _ in view.frame = CGRect(x: 9, y: 9, width: 30, height: 20) }  // moved, same size: not redrawn
            #expect(Counted.sizes == [CGSize(width: 10, height: 10), CGSize(width: 30, height: 20)])
        }
    }
}
