// SPDX-License-Identifier: MIT
import CoreGraphics
import FXCore
import Foundation
import Testing
import UIKit

/// A facade arc sweeping past one turn reaches the host as the arc to its end
/// angle (Apple: the current point is "the point on the arc at the end
/// angle"), and CGPath's own current point agrees with what the host draws.
extension Facade {
    @Suite struct ArcSweepTests {
        @Test func bezierArcPastOneTurnEndsAtItsEndAngle() throws {
            let k = try FacadeStage()
            let bezier = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 20, startAngle: 0, endAngle: 2.5 * .pi, clockwise: true)
            try k.call { root in
                let shape = CAShapeLayer()
                shape.path = bezier.cgPath
                root.addSublayer(shape)
            }
            let path = try #require(k.layers[0][.path].pth)
            // The quarter 0 → π/2 clockwise on screen: (70, 50) to (50, 70), never left of or above the centre.
            #expect(path.points.allSatisfy { $0.x >= 50 - 1e-9 && $0.y >= 50 - 1e-9 })
            let end = try #require(path.current)
            #expect(near(end.x, 50, 1e-9) && near(end.y, 70, 1e-9))
            #expect(near(bezier.cgPath.currentPoint.x, 50, 1e-9) && near(bezier.cgPath.currentPoint.y, 70, 1e-9))
        }

        @Test func cgArcOfTwoTurnsIsOneCircle() throws {
            let p = CGMutablePath()
            p.addArc(center: CGPoint(x: 0, y: 0), radius: 10, startAngle: 0, endAngle: 4 * .pi, clockwise: false)
            #expect(near(p.currentPoint.x, 10, 1e-9) && near(p.currentPoint.y, 0, 1e-9))
            let box = p.boundingBoxOfPath
            #expect(near(box.minX, -10, 1e-9) && near(box.maxX, 10, 1e-9) && near(box.minY, -10, 1e-9) && near(box.maxY, 10, 1e-9))
        }
    }
}
