// SPDX-License-Identifier: MIT
import CoreGraphics
import FXCore
import Foundation
import QuartzCore
import Testing
import UIKit

/// Arcs by Apple's two senses of "clockwise", path boxes, and UIKit's colours.
extension Facade {
    @Suite struct PathTests {
        /// The shape a facade path reaches the host as, read from the engine's model.
        func hostPath(_ make: () -> CGPath) throws -> FXCore.Path {
            let k = try FacadeStage()
            try k.call { root in
                let shape = CAShapeLayer()
                shape.path = make()
                root.addSublayer(shape)
            }
            return try #require(k.layers[0][.path].pth)
        }

        @Test func bezierArcClockwiseTrueTurnsClockwiseOnScreen() throws {
            // UIBezierPath: clockwise on a y-down screen, so 0 → π/2 clockwise is the short quarter through the lower right.
            let path = try hostPath {
                UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 20, startAngle: 0, endAngle: .pi / 2, clockwise: true).cgPath
            }
            let points = path.points
            #expect(points.allSatisfy { $0.x >= 50 - 1e-9 && $0.y >= 50 - 1e-9 })
            let end = try #require(path.current)
            #expect(near(end.x, 50, 1e-9) && near(end.y, 70, 1e-9))
        }

        @Test func cgPathAddArcClockwiseTrueTurnsCounterclockwiseOnScreen() throws {
            // Apple's addArc(…clockwise:) page: in a flipped (y-down) space clockwise: true appears counterclockwise,
            // so 0 → π/2 goes the long way, over the top (y = 30) and the left (x = 30).
            let path = try hostPath {
                let p = CGMutablePath()
                p.addArc(center: CGPoint(x: 50, y: 50), radius: 20, startAngle: 0, endAngle: .pi / 2, clockwise: true)
                return p
            }
            let ys = path.points.map(\.y), xs = path.points.map(\.x)
            #expect(ys.min()! < 50 - 15 && xs.min()! < 50 - 15)
            let end = try #require(path.current)
            #expect(near(end.x, 50, 1e-9) && near(end.y, 70, 1e-9))
        }

        @Test func boundingBoxOfPathOfArcsTakesTheirExtremes() {
            // A quarter from −π/4 to π/4 (clockwise on screen) reaches x = c + r at angle 0, not only its end points.
            let quarter = UIBezierPath(arcCenter: CGPoint(x: 0, y: 0), radius: 10, startAngle: -.pi / 4, endAngle: .pi / 4, clockwise: true)
            let b = quarter.cgPath.boundingBoxOfPath
            let h = 10 * sin(Double.pi / 4)
            #expect(near(b.minX, 10 * cos(Double.pi / 4), 1e-9) && near(b.maxX, 10, 1e-9))
            #expect(near(b.minY, -h, 1e-9) && near(b.maxY, h, 1e-9))
            // CGPath's clockwise: true from 0 to π/2 is three quarters of the circle: the box is the whole circle's.
            let p = CGMutablePath()
            p.addArc(center: CGPoint(x: 5, y: 5), radius: 3, startAngle: 0, endAngle: .pi / 2, clockwise: true)
            let box = p.boundingBoxOfPath
            #expect(near(box.minX, 2, 1e-9) && near(box.minY, 2, 1e-9) && near(box.width, 6, 1e-9) && near(box.height, 6, 1e-9))
        }

        @Test func boundingBoxIncludesControlPoints() {
            // Apple's CGPath.boundingBox: "including control points for Bézier and quadratic curves";
            // boundingBoxOfPath: "does not include control points".
            let p = CGMutablePath()
            p.move(to: .zero)
            p.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: 10))
            let tight = p.boundingBoxOfPath
            #expect(near(tight.height, 5, 1e-9) && near(tight.width, 10, 1e-9))
            #expect(p.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 10))
            // An arc is drawn as cubic Béziers (a quarter turn: handles of 4/3·tan(π/8)·r along the tangents), so
            // boundingBox reaches the handles: from −45° to 45° on the unit circle, x = cos 45° + k·sin 45°.
            let arc = CGMutablePath()
            arc.addArc(center: .zero, radius: 1, startAngle: -.pi / 4, endAngle: .pi / 4, clockwise: false)
            let k = 4.0 / 3 * tan(Double.pi / 8), s = 0.5.squareRoot()
            #expect(near(arc.boundingBoxOfPath.maxX, 1, 1e-9))
            #expect(near(arc.boundingBox.maxX, s + k * s, 1e-9) && near(arc.boundingBox.minX, s, 1e-9))
        }

        @Test func relativeArcAndCurrentPoint() {
            // addRelativeArc: delta > 0 grows the angle; the current point is the arc's end.
            let p = CGMutablePath()
            p.addRelativeArc(center: CGPoint(x: 10, y: 10), radius: 4, startAngle: 0, delta: .pi)
            #expect(near(p.currentPoint.x, 6, 1e-9) && near(p.currentPoint.y, 10, 1e-9))
            // Through y = 14 (angle π/2), never y < 10.
            let b = p.boundingBoxOfPath
            #expect(near(b.minY, 10, 1e-9) && near(b.maxY, 14, 1e-9))
        }
    }

    @Suite struct ColorTests {
        /// HSV → RGB by the chroma form (C = V·S, X = C·(1 − |H′ mod 2 − 1|)), a different route from the facade's.
        static func rgb(h: Double, s: Double, v: Double) -> [Double] {
            let hp = (h - h.rounded(.down)) * 6
            let c = v * s, x = c * (1 - abs(hp.truncatingRemainder(dividingBy: 2) - 1)), m = v - c
            let (r, g, b): (Double, Double, Double) = switch Int(hp) {
            case 0: (c, x, 0)
            case 1: (x, c, 0)
            case 2: (0, c, x)
            case 3: (0, x, c)
            case 4: (x, 0, c)
            default: (c, 0, x)
            }
            return [r + m, g + m, b + m]
        }

        @Test(arguments: [(0.0, 1.0, 1.0), (1.0 / 3, 1.0, 1.0), (0.5, 0.5, 0.8), (0.75, 0.25, 0.6), (0.95, 0.9, 0.4), (0.6, 0.7, 0.9), (0.1, 0.3, 0.5), (1.0, 1.0, 1.0)])
        func hueSaturationBrightness(h: Double, s: Double, v: Double) {
            let c = UIColor(hue: CGFloat(h), saturation: CGFloat(s), brightness: CGFloat(v), alpha: 0.5).cgColor.rgba.map { Double($0) }
            #expect(allClose(Array(c.prefix(3)), Self.rgb(h: h, s: s, v: v), 1e-12))
            #expect(c[3] == 0.5)
        }

        @Test func aViewsBackgroundColourReachesTheLayerModel() throws {
            let k = try FacadeStage()
            try k.call { root in
                let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                v.backgroundColor = UIColor(hue: 0.5, saturation: 0.5, brightness: 0.8, alpha: 1).withAlphaComponent(0.25)
                root.addSublayer(v.layer)
            }
            let c = try #require(k.layers[0][.backgroundColor].col)
            #expect(allClose([c.red, c.green, c.blue, c.alpha], [0.4, 0.8, 0.8, 0.25], 1e-12))
        }
    }
}

extension Facade {
    @Suite struct BezierPathTests {
        @Test func roundingOneCornerKeepsTheRectsBoxAndRoundsOnlyThatCorner() {
            let p = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 20), byRoundingCorners: [.topRight],
                                 cornerRadii: CGSize(width: 5, height: 5))
            #expect(p.bounds == CGRect(x: 0, y: 0, width: 40, height: 20))
            // The top edge stops 5 short of the right side, where the arc starts: clockwise on screen from −π/2 to 0.
            let items = p.cgPath.items
            guard case .arc(let c, let r, _, _, let increasing) = items.first(where: { if case .arc = $0 { true } else { false } }) else {
                Issue.record("no arc"); return
            }
            #expect(c == CGPoint(x: 35, y: 5) && r == 5 && increasing)
            #expect(items.filter { if case .arc = $0 { true } else { false } }.count == 1)
        }

        @Test func applyingARotationTurnsAnOvalsBox() {
            let p = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 20, height: 10))
            p.apply(CGAffineTransform(rotationAngle: .pi / 2))
            let b = p.bounds
            // (x, y) → (−y, x): the 20 × 10 oval becomes 10 wide and 20 tall, left of the y axis.
            #expect(abs(b.minX + 10) < 1e-9 && abs(b.maxX) < 1e-9 && abs(b.minY) < 1e-9 && abs(b.maxY - 20) < 1e-9)
        }

        @Test func namedColoursHaveApplesComponents() {
            // UIColor's class properties, as Apple's pages give their components.
            let expected: [(UIColor, [CGFloat])] = [
                (.orange, [1, 0.5, 0, 1]), (.brown, [0.6, 0.4, 0.2, 1]), (.purple, [0.5, 0, 0.5, 1]),
                (.darkGray, [1.0 / 3, 1.0 / 3, 1.0 / 3, 1]), (.lightGray, [2.0 / 3, 2.0 / 3, 2.0 / 3, 1]), (.clear, [0, 0, 0, 0]),
            ]
            for (colour, rgba) in expected { #expect(colour.cgColor.rgba == rgba) }
        }
    }
}
