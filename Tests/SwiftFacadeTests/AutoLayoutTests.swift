// SPDX-License-Identifier: MIT
import Foundation
import Testing
@testable import UIKit

/// fxhost's Auto Layout subset: frames worked out by hand from Apple's
/// constraint equation, item1.attribute1 = multiplier × item2.attribute2 +
/// constant, in the superview's bounds (here 200 × 100 at the origin).
extension Facade {
    @Suite struct AutoLayoutTests {
        /// A 200 × 100 view on the stage with the view `make` makes in it, constrained by `constraints`.
        func laidOut(_ make: () -> UIView, _ constraints: (UIView, UIView) -> [NSLayoutConstraint]) throws -> CGRect {
            let k = try FacadeStage(width: 400, height: 300)
            var frame = CGRect.null
            try k.call { root in
                let parent = UIView(frame: CGRect(x: 50, y: 50, width: 200, height: 100))
                root.addSublayer(parent.layer)
                let child = make()
                parent.addSubview(child)
                child.translatesAutoresizingMaskIntoConstraints = false
                NSLayoutConstraint.activate(constraints(parent, child))
                parent.layoutIfNeeded()
                frame = child.frame
            }
            return frame
        }

        @Test func edgesPinnedWithConstants() throws {
            // minX = 0 + 10, maxX = 200 − 10, minY = 0 + 20, height = 30.
            let f = try laidOut({ UIView() }) { p, c in
                [c.leadingAnchor.constraint(equalTo: p.leadingAnchor, constant: 10),
                 c.trailingAnchor.constraint(equalTo: p.trailingAnchor, constant: -10),
                 c.topAnchor.constraint(equalTo: p.topAnchor, constant: 20),
                 c.heightAnchor.constraint(equalToConstant: 30)]
            }
            #expect(f == CGRect(x: 10, y: 20, width: 180, height: 30))
        }

        @Test func centredWithAFixedSize() throws {
            // centre (100, 50), size 40 × 20: origin (100 − 20, 50 − 10).
            let f = try laidOut({ UIView() }) { p, c in
                [c.centerXAnchor.constraint(equalTo: p.centerXAnchor), c.centerYAnchor.constraint(equalTo: p.centerYAnchor),
                 c.widthAnchor.constraint(equalToConstant: 40), c.heightAnchor.constraint(equalToConstant: 20)]
            }
            #expect(f == CGRect(x: 80, y: 40, width: 40, height: 20))
        }

        @Test func multipliersScaleTheOtherSide() throws {
            // width = 0.5 × 200 + 4 = 104, height = 0.25 × 100 = 25, bottom = 100 − 5, right = 200.
            let f = try laidOut({ UIView() }) { p, c in
                [c.widthAnchor.constraint(equalTo: p.widthAnchor, multiplier: 0.5, constant: 4),
                 c.heightAnchor.constraint(equalTo: p.heightAnchor, multiplier: 0.25),
                 c.bottomAnchor.constraint(equalTo: p.bottomAnchor, constant: -5),
                 c.rightAnchor.constraint(equalTo: p.rightAnchor)]
            }
            #expect(f == CGRect(x: 96, y: 70, width: 104, height: 25))
        }

        @Test func theEquationFormAndAnAspectRatio() throws {
            // NSLayoutConstraint(item:…): left = 1 × superview.left + 12; width = 60; height = 0.5 × width = 30; top = 7.
            let f = try laidOut({ UIView() }) { p, c in
                [NSLayoutConstraint(item: c, attribute: .left, relatedBy: .equal, toItem: p, attribute: .left, multiplier: 1, constant: 12),
                 NSLayoutConstraint(item: c, attribute: .width, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 60),
                 NSLayoutConstraint(item: c, attribute: .height, relatedBy: .equal, toItem: c, attribute: .width, multiplier: 0.5, constant: 0),
                 NSLayoutConstraint(item: c, attribute: .top, relatedBy: .equal, toItem: p, attribute: .top, multiplier: 1, constant: 7)]
            }
            #expect(f == CGRect(x: 12, y: 7, width: 60, height: 30))
        }

        @Test func siblingsChainFromAViewPlacedByCode() throws {
            // `a` has a frame set by code (10, 10, 50, 20); b.leading = a.trailing + 8 = 68, b.top = a.bottom + 5 = 35,
            // b.width = a.width = 50, b.height = 20; c.leading = b.trailing + 8 = 126, c.centerY = b.centerY = 45, size 10 × 10.
            let k = try FacadeStage(width: 400, height: 300)
            var frames: [CGRect] = []
            try k.call { root in
                let parent = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
                root.addSublayer(parent.layer)
                let a = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 20)), b = UIView(), c = UIView()
                for v in [a, b, c] { parent.addSubview(v) }
                for v in [b, c] { v.translatesAutoresizingMaskIntoConstraints = false }
                NSLayoutConstraint.activate([
                    c.leadingAnchor.constraint(equalTo: b.trailingAnchor, constant: 8),
                    c.centerYAnchor.constraint(equalTo: b.centerYAnchor),
                    c.widthAnchor.constraint(equalToConstant: 10), c.heightAnchor.constraint(equalToConstant: 10),
                    b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8),
                    b.topAnchor.constraint(equalTo: a.bottomAnchor, constant: 5),
                    b.widthAnchor.constraint(equalTo: a.widthAnchor), b.heightAnchor.constraint(equalToConstant: 20),
                ])
                parent.layoutIfNeeded()
                frames = [a.frame, b.frame, c.frame]
            }
            #expect(frames == [CGRect(x: 10, y: 10, width: 50, height: 20), CGRect(x: 68, y: 35, width: 50, height: 20),
                               CGRect(x: 126, y: 40, width: 10, height: 10)])
        }

        @Test func aNewConstantOrADeactivationLaysOutAgain() throws {
            let k = try FacadeStage(width: 400, height: 300)
            var frames: [CGRect] = []
            try k.call { root in
                let parent = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
                root.addSublayer(parent.layer)
                let c = UIView(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
                parent.addSubview(c)
                c.translatesAutoresizingMaskIntoConstraints = false
                let left = c.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: 10)
                left.isActive = true
                let rest = [c.topAnchor.constraint(equalTo: parent.topAnchor), c.widthAnchor.constraint(equalToConstant: 20),
                            c.heightAnchor.constraint(equalToConstant: 20)]
                NSLayoutConstraint.activate(rest)
                parent.layoutIfNeeded()
                frames.append(c.frame)
                left.constant = 30
                parent.layoutIfNeeded()
                frames.append(c.frame)
                #expect(left.isActive)
                NSLayoutConstraint.deactivate(rest)
                left.constant = 50
                parent.layoutIfNeeded()
                // Only the x axis is fixed now: min x 50 and the frame's width (20, kept, logged); y keeps the frame's.
                frames.append(c.frame)
            }
            #expect(frames == [CGRect(x: 10, y: 0, width: 20, height: 20), CGRect(x: 30, y: 0, width: 20, height: 20),
                               CGRect(x: 50, y: 0, width: 20, height: 20)])
            #expect(AutoLayout.warned.contains { $0.contains("no constraint fixes the width of a UIView") })
        }

        @Test func anEmptyLabelHasNoSizeAndALabelWithTextKeepsItsFramesAndSaysSo() throws {
            // iOS: an empty label's intrinsic size is zero, so its centre is the parent's: (100, 50).
            let empty = try laidOut({ UILabel() }) { p, c in
                [c.centerXAnchor.constraint(equalTo: p.centerXAnchor), c.centerYAnchor.constraint(equalTo: p.centerYAnchor)]
            }
            #expect(empty == CGRect(x: 100, y: 50, width: 0, height: 0))
            let worded = try laidOut({
                let label = UILabel(frame: CGRect(x: 0, y: 0, width: 60, height: 20))
                label.text = "75%"
                return label
            }) { p, c in
                [c.centerXAnchor.constraint(equalTo: p.centerXAnchor), c.centerYAnchor.constraint(equalTo: p.centerYAnchor)]
            }
            #expect(worded == CGRect(x: 70, y: 40, width: 60, height: 20))
            #expect(AutoLayout.warned.contains { $0.contains("no constraint fixes the width of a UILabel, and fxhost cannot measure its content: its frame's width (60.0) is kept") })
        }

        @Test func conflictsKeepTheFirstAndInequalitiesAreNotSolved() throws {
            let f = try laidOut({ UIView() }) { p, c in
                [c.leadingAnchor.constraint(equalTo: p.leadingAnchor, constant: 10),
                 c.leadingAnchor.constraint(equalTo: p.leadingAnchor, constant: 20),
                 NSLayoutConstraint(item: c, attribute: .top, relatedBy: .greaterThanOrEqual, toItem: p, attribute: .top, multiplier: 1, constant: 33),
                 c.topAnchor.constraint(equalTo: p.topAnchor, constant: 5),
                 c.widthAnchor.constraint(equalToConstant: 5), c.heightAnchor.constraint(equalToConstant: 5)]
            }
            #expect(f == CGRect(x: 10, y: 5, width: 5, height: 5))
            #expect(AutoLayout.warned.contains { $0.contains("UIView.leading == UIView.leading + 20.0 conflicts with the constraints before it") })
            #expect(AutoLayout.warned.contains { $0.contains("UIView.top >= UIView.top + 33.0 is not solved: fxhost's Auto Layout subset solves equalities only") })
        }
    }
}
