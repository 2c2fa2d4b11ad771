// SPDX-License-Identifier: MIT
import FXCore
import Foundation
@_spi(UIKit) import QuartzCore
import Testing
import UIKit

/// The look of a layer made in the current plugin call (background colour,
/// opacity, transform, a text layer's colour and font size) reaches the host
/// once, at the end of the call, and only where it differs from the host's new
/// layer (docs/KEYPATHS.md: backgroundColor rgba(0, 0, 0, 0), opacity 1, the
/// identity transform, a text layer's foregroundColor opaque white and
/// fontSize 36). Host calls are counted through the real function table
/// (`LayerSets`); what the host holds is read from the engine.
extension Facade {
    @Suite(.serialized) struct HeldLookTests {
        final class Recorder: NSObject, CAAction {
            var ran: [String] = []
            func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) { ran.append(event) }
        }

        @Test func aLabelGivenTheHostsDefaultsInItsFirstCallWritesNoneOfThem() throws {
            // UILabel's init sets UIKit's 17 pt black text; the code then sets 36 pt white on clear, the host's own.
            let k = try FacadeStage()
            let sets = try LayerSets.during(k) { root in
                let label = UILabel(frame: CGRect(x: 0, y: 0, width: 50, height: 20))
                label.font = UIFont.systemFont(ofSize: 36)
                label.textColor = .white
                label.backgroundColor = .clear
                root.addSublayer(label.layer)
            }
            #expect(!sets.contains("fontSize") && !sets.contains("foregroundColor") && !sets.contains("backgroundColor"))
            let l = k.layers[0]
            #expect(l[.fontSize].num == 36 && l[.foregroundColor].col == FXCore.Color(red: 1, green: 1, blue: 1, alpha: 1))
            #expect(l[.backgroundColor].col == FXCore.Color(red: 0, green: 0, blue: 0, alpha: 0))
        }

        @Test func aHeldValueThatDiffersReachesTheHostOnceWhenTheCallEnds() throws {
            let k = try FacadeStage()
            var during: FXCore.Value?
            let sets = try LayerSets.during(k) { root in
                let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                root.addSublayer(view.layer)
                view.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
                view.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
                view.alpha = 0.5
                during = k.layers[0][.backgroundColor]  // the engine, read directly: nothing written yet
            }
            #expect(during?.col == FXCore.Color(red: 0, green: 0, blue: 0, alpha: 0))
            #expect(sets.filter { $0 == "backgroundColor" }.count == 1 && sets.filter { $0 == "opacity" }.count == 1)
            #expect(k.layers[0][.backgroundColor].col == FXCore.Color(red: 0, green: 0, blue: 1, alpha: 1))
            #expect(k.layers[0][.opacity].num == 0.5)
        }

        @Test func aReadSeesWhatIsHeld() throws {
            // A held key reads back as held; a key path the host computes from a held value has it written first.
            let k = try FacadeStage()
            var color: CGColor?
            var scale: Any?
            let sets = try LayerSets.during(k) { root in
                let l = CATextLayer()
                root.addSublayer(l)
                l.foregroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
                color = l.foregroundColor
                l.transform = CATransform3DMakeScale(1, 2, 1)
                scale = l.value(forKeyPath: "transform.scale.y")
            }
            #expect(!LayerSets.reads.contains("foregroundColor") && LayerSets.reads.contains("transform.scale.y"))
            #expect(color?.components == [0, 1, 0, 1])
            #expect((scale as? CGFloat) == 2 || (scale as? Double) == 2 || (scale as? NSNumber)?.doubleValue == 2)
            #expect(sets.filter { $0 == "transform" }.count == 1 && sets.filter { $0 == "foregroundColor" }.count == 1)
            #expect(k.layers[0][.foregroundColor].col == FXCore.Color(red: 0, green: 1, blue: 0, alpha: 1))
        }

        @Test func everySetStillRunsItsAction() throws {
            // A standalone layer's own actions: the default value is not written (the host has it), the other is, at once.
            let k = try FacadeStage()
            let recorder = Recorder()
            var atTheSet: FXCore.Value?
            let sets = try LayerSets.during(k) { root in
                let l = CALayer()
                root.addSublayer(l)
                l.actions = ["opacity": recorder, "backgroundColor": recorder]
                l.opacity = 1
                l.backgroundColor = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
                atTheSet = k.layers[0][.backgroundColor]
            }
            #expect(recorder.ran == ["opacity", "backgroundColor"])
            #expect(!sets.contains("opacity") && sets.filter { $0 == "backgroundColor" }.count == 1)
            #expect(atTheSet?.col == FXCore.Color(red: 1, green: 1, blue: 0, alpha: 1))
            #expect(k.layers[0][.opacity].num == 1)
        }

        @Test func aViewSetUpThenAnimatedBackWritesOnlyTheAnimation() throws {
            // Seed 004's cube: a new label is squashed, then animated back to the identity; seed 001's fade-ins: alpha 0, then 1.
            let k = try FacadeStage()
            let squash = CGAffineTransform(scaleX: 1, y: 0.1)
            let sets = try LayerSets.during(k) { root in
                let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
                root.addSublayer(view.layer)
                view.transform = squash
                view.alpha = 0
                UIView.animate(withDuration: 1, animations: {
                    view.transform = .identity
                    view.alpha = 1
                })
            }
            #expect(!sets.contains("transform") && !sets.contains("opacity"))
            let l = k.layers[0]
            #expect(l[.transform].xform == Transform3D.identity && l[.opacity].num == 1)
            // The animations start from the values set before the block: m22 = 0.1 and opacity 0.
            let t = try #require(l.animation(forKey: "transform")?.fromToBy?.from?.xform)
            #expect(t.entries[5] == 0.1 && t.entries[0] == 1)
            #expect(l.animation(forKey: "opacity")?.fromToBy?.from?.num == 0)
        }

        @Test func aLayerFromAnEarlierCallIsWrittenAtOnce() throws {
            // The host may hold anything by then: each set is written, the default value included.
            let k = try FacadeStage()
            var view: UIView?
            _ = try LayerSets.during(k) { root in
                let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                root.addSublayer(v.layer)
                view = v
            }
            var during: FXCore.Value?
            let sets = try LayerSets.during(k) { _ in
                view?.backgroundColor = .clear
                view?.alpha = 0.25
                during = k.layers[0][.opacity]
            }
            #expect(sets == ["backgroundColor", "opacity"])
            #expect(during?.num == 0.25)
        }

        @Test func aKeyWrittenByAnotherPathIsNotHeldAgain() throws {
            // setValue(_:forKeyPath:) writes at once; a later set of the default value must then reach the host.
            let k = try FacadeStage()
            let sets = try LayerSets.during(k) { root in
                let l = CALayer()
                root.addSublayer(l)
                l.setValue(CGColor(red: 1, green: 0, blue: 0, alpha: 1), forKeyPath: "backgroundColor")
                l.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0)
            }
            #expect(sets.filter { $0 == "backgroundColor" }.count == 2)
            #expect(k.layers[0][.backgroundColor].col == FXCore.Color(red: 0, green: 0, blue: 0, alpha: 0))
        }

        @Test func aKeyPathIntoAHeldPropertyChangesTheModelsValue() throws {
            // Apple: `transform.scale.x` sets the x scale of the layer's transform; the held (2, 2) scale must be the one changed.
            let k = try FacadeStage()
            _ = try LayerSets.during(k) { root in
                let l = CALayer()
                root.addSublayer(l)
                l.transform = CATransform3DMakeScale(2, 2, 1)
                l.setValue(3, forKeyPath: "transform.scale.x")
            }
            let m = try #require(k.layers[0][.transform].xform).entries
            #expect(m[0] == 3 && m[5] == 2 && m[10] == 1 && m[15] == 1)
        }

        @Test func aKeyPathIntoTheTransformEndsItsHolding() throws {
            // After `transform.scale.x` the host's transform is no longer the identity: setting the identity must reach it.
            let k = try FacadeStage()
            let sets = try LayerSets.during(k) { root in
                let l = CALayer()
                root.addSublayer(l)
                l.setValue(2, forKeyPath: "transform.scale.x")
                l.transform = CATransform3DIdentity
            }
            #expect(sets == ["transform.scale.x", "transform"])
            #expect(k.layers[0][.transform].xform == Transform3D.identity)
        }

        @Test func theStagesRootIsNotHeld() throws {
            // The root is the host's layer, not one the facade made at the defaults: each call's set reaches it.
            let k = try FacadeStage()
            _ = try LayerSets.during(k) { root in root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1) }
            let sets = try LayerSets.during(k) { root in root.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0) }
            #expect(sets == ["backgroundColor"])
            #expect(k.stage.root[.backgroundColor].col == FXCore.Color(red: 0, green: 0, blue: 0, alpha: 0))
        }

        /// A layer class of the plugin's own.
        final class SpinnerLayer: CALayer {}

        @Test func hostLayersAreNamedByTheirClass() throws {
            // The facade's classes by Apple's names (given without demangling); a plugin's subclass by its own.
            let k = try FacadeStage()
            _ = try LayerSets.during(k) { root in
                for l in [CALayer(), CATextLayer(), CAShapeLayer(), CAGradientLayer(), CAReplicatorLayer(), CAEmitterLayer(),
                          SpinnerLayer()] { root.addSublayer(l) }
            }
            #expect(k.layers.map(\.name) == ["CALayer", "CATextLayer", "CAShapeLayer", "CAGradientLayer", "CAReplicatorLayer",
                                              "CAEmitterLayer", "SpinnerLayer"])
        }

        @Test func opacityKeepsTheDecimalTheCodeWrote() throws {
            // Float(0.3) is 0.30000001192…; the author meant 0.3. Whole and half numbers convert exactly.
            let k = try FacadeStage()
            var view: UIView?
            _ = try LayerSets.during(k) { root in
                let v = UIView(frame: .zero)
                root.addSublayer(v.layer)
                view = v
            }
            var seen: [Double?] = []
            for alpha in [0.3, 0.5, 0.25, 0, 1, 2.5] as [CGFloat] {
                _ = try LayerSets.during(k) { _ in view?.layer.opacity = Float(alpha) }
                seen.append(k.layers[0][.opacity].num)
            }
            #expect(seen == [0.3, 0.5, 0.25, 0, 1, 2.5])
        }
    }
}
