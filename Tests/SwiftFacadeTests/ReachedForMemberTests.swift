// SPDX-License-Identifier: MIT
import FXCore
import Foundation
import Testing
import UIKit

/// Members public iOS code reached for that the facade lacked (issue: iOS code from the wild, round 2),
/// each with the behaviour Apple documents.
extension Facade {
    @Suite struct ReachedForMemberTests {
        @Test func anEmptyColourIsTransparent() {
            let c = UIColor()
            #expect(c.cgColor.alpha == 0)
            #expect(c.cgColor == UIColor(white: 0, alpha: 0).cgColor)
        }

        @Test func geometryStringsReadAndWriteApplesForm() {
            // CGPointFromString and siblings: "{x, y}", "{{x, y}, {w, h}}", numbers in order.
            #expect(NSCoder.cgPoint(for: "{3.5, -2}") == CGPoint(x: 3.5, y: -2))
            #expect(NSCoder.cgPoint(for: "{3.5,-2}") == CGPoint(x: 3.5, y: -2))
            #expect(NSCoder.cgSize(for: "{5, 6}") == CGSize(width: 5, height: 6))
            #expect(NSCoder.cgRect(for: "{{1, 2}, {3, 4}}") == CGRect(x: 1, y: 2, width: 3, height: 4))
            #expect(NSCoder.cgAffineTransform(for: "{1, 0, 0, 1, 5, 6}") == CGAffineTransform(translationX: 5, y: 6))
            #expect(NSCoder.cgVector(for: "{1e2, .5}") == CGVector(dx: 100, dy: 0.5))
            #expect(NSCoder.uiEdgeInsets(for: "{1, 2, 3, 4}") == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
            // Not well formed: zero (Apple's page), the identity for a transform.
            #expect(NSCoder.cgPoint(for: "{1}") == .zero)
            #expect(NSCoder.cgRect(for: "nonsense") == .zero)
            #expect(NSCoder.cgAffineTransform(for: "{1, 2}") == .identity)
            #expect(NSCoder.string(for: CGPoint(x: 1, y: 2)) == "{1, 2}")
            #expect(NSCoder.string(for: CGRect(x: 1, y: 2, width: 3, height: 4)) == "{{1, 2}, {3, 4}}")
            // 0.1 is 0.1000000000000000055511151231257827… in binary: 17 significant digits.
            #expect(NSCoder.string(for: CGSize(width: 0.1, height: -3)) == "{0.10000000000000001, -3}")
            let p = CGPoint(x: 0.1, y: 1.0 / 3)
            #expect(NSCoder.cgPoint(for: NSCoder.string(for: p)) == p)
        }

        @Test func keyedArchivesKeepGeometry() throws {
            let archiver = NSKeyedArchiver(requiringSecureCoding: false)
            archiver.encode(CGPoint(x: 1, y: 2), forKey: "p")
            archiver.encode(CGRect(x: 1, y: 2, width: 3, height: 4), forKey: "r")
            archiver.encode(CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 4, ty: 5), forKey: "t")
            archiver.encode(UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4), forKey: "i")
            archiver.finishEncoding()
            let reader = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
            reader.requiresSecureCoding = false
            #expect(reader.decodeCGPoint(forKey: "p") == CGPoint(x: 1, y: 2))
            #expect(reader.decodeCGRect(forKey: "r") == CGRect(x: 1, y: 2, width: 3, height: 4))
            #expect(reader.decodeCGAffineTransform(forKey: "t") == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 4, ty: 5))
            #expect(reader.decodeUIEdgeInsets(forKey: "i") == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
            #expect(reader.decodeCGAffineTransform(forKey: "missing") == .identity)
            #expect(reader.decodeCGPoint(forKey: "missing") == .zero)
        }

        @Test func scaleXYScalesXAndYTogether() throws {
            // transform.scale.xy from 1 to 3 over 1 s, linear: at 0.5 s x and y scale by 2, z stays 1.
            let k = try FacadeStage()
            try k.call { root in
                let l = CALayer()
                root.addSublayer(l)
                let a = CAKeyframeAnimation(keyPath: "transform.scale.xy")
                a.values = [1, 3]
                a.duration = 1
                l.add(a, forKey: "pulse")
            }
            let m = try k.presented(k.layers[0], at: 0.5).transform(.transform)
            #expect(near(m.m11, 2) && near(m.m22, 2) && near(m.m33, 1) && near(m.m12, 0) && near(m.m21, 0))
            // Read back as the mean of x and y, as transform.scale is the mean of all three.
            let p = try k.presented(k.layers[0], at: 0.75)
            #expect(near(p.value(at: try KeyPath(parsing: "transform.scale.xy")).num ?? 0, 2.5))
        }

        @Test func boxedTransformsInAMutableArrayAnimate() throws {
            // values.add(NSValue(caTransform3D: t)) in an NSMutableArray, read back as [AnyObject] (boxed on Linux).
            let k = try FacadeStage()
            try k.call { root in
                let l = CALayer()
                root.addSublayer(l)
                let values = NSMutableArray()
                values.add(NSValue(caTransform3D: CATransform3DMakeScale(1, 1, 1)))
                values.add(NSValue(caTransform3D: CATransform3DMakeScale(3, 5, 1)))
                let times = NSMutableArray()
                times.add(NSNumber(value: 0))
                times.add(NSNumber(value: 1))
                let a = CAKeyframeAnimation(keyPath: "transform")
                a.values = values as [AnyObject]
                a.keyTimes = times as? [NSNumber]
                a.duration = 1
                l.add(a, forKey: "grow")
            }
            // Transforms interpolate by their decomposition: half way, scale (2, 3).
            let m = try k.presented(k.layers[0], at: 0.5).transform(.transform)
            #expect(near(m.m11, 2) && near(m.m22, 3))
        }

        /// A view that records the lifecycle calls it hears, in one shared log.
        final class Logged: UIView {
            nonisolated(unsafe) static var log: [String] = []
            var label = ""
            convenience init(_ label: String) { self.init(frame: .zero); self.label = label }
            override func willMove(toSuperview newSuperview: UIView?) { Logged.log.append("\(label).willMove(toSuperview: \(newSuperview == nil ? "nil" : "view"))") }
            override func didMoveToSuperview() { Logged.log.append("\(label).didMoveToSuperview") }
            override func willMove(toWindow newWindow: UIWindow?) { Logged.log.append("\(label).willMove(toWindow: \(newWindow == nil ? "nil" : "window"))") }
            override func didMoveToWindow() { Logged.log.append("\(label).didMoveToWindow") }
            override func didAddSubview(_ subview: UIView) { Logged.log.append("\(label).didAddSubview(\((subview as? Logged)?.label ?? ""))") }
            override func willRemoveSubview(_ subview: UIView) { Logged.log.append("\(label).willRemoveSubview(\((subview as? Logged)?.label ?? ""))") }
        }

        @Test func viewLifecycleCallsComeInUIKitsOrder() throws {
            let k = try FacadeStage()
            try k.call { root in
                let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                root.addSublayer(window.layer)
                let parent = Logged("parent"), child = Logged("child")
                parent.addSubview(child)
                // Not in a window yet: superview calls only.
                #expect(Logged.log == ["child.willMove(toSuperview: view)", "child.didMoveToSuperview", "parent.didAddSubview(child)"])
                Logged.log = []
                window.addSubview(parent)
                // Into the window: the whole subtree hears of its window, parent first.
                #expect(Logged.log == ["parent.willMove(toSuperview: view)", "parent.didMoveToSuperview",
                                       "parent.willMove(toWindow: window)", "child.willMove(toWindow: window)",
                                       "parent.didMoveToWindow", "child.didMoveToWindow"])
                #expect(child.window === window)
                Logged.log = []
                window.bringSubviewToFront(parent)  // a move among siblings calls nothing
                #expect(Logged.log.isEmpty)
                child.removeFromSuperview()
                #expect(Logged.log == ["parent.willRemoveSubview(child)", "child.willMove(toSuperview: nil)",
                                       "child.willMove(toWindow: nil)", "child.didMoveToWindow", "child.didMoveToSuperview"])
                #expect(child.window == nil)
                Logged.log = []
            }
        }
    }
}
