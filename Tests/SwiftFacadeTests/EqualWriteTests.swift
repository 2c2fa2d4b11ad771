// SPDX-License-Identifier: MIT
import CFX
import FXCore
@testable import FXHost
import Foundation
import FXPluginKit
@_spi(UIKit) import QuartzCore
import Testing
import UIKit

/// The host's `layer_set` and `layer_get` calls of one plugin call, by key
/// path: the real function table with those two counting before they forward.
enum LayerSets {
    nonisolated(unsafe) static var keys: [String] = []
    nonisolated(unsafe) static var reads: [String] = []
    nonisolated(unsafe) static var frames = 0
    nonisolated(unsafe) static let table: UnsafeMutablePointer<fx_api> = {
        let p = UnsafeMutablePointer<fx_api>.allocate(capacity: 1)
        p.initialize(to: HostAPI.table.pointee)
        p.pointee.layer_set = { layer, keyPath, value in
            LayerSets.keys.append(keyPath.map { String(cString: $0) } ?? "")
            return HostAPI.table.pointee.layer_set(layer, keyPath, value)
        }
        p.pointee.layer_set_frame = { layer, frame in
            LayerSets.frames += 1
            return HostAPI.table.pointee.layer_set_frame(layer, frame)
        }
        p.pointee.layer_get = { layer, keyPath, out in
            LayerSets.reads.append(keyPath.map { String(cString: $0) } ?? "")
            return HostAPI.table.pointee.layer_get(layer, keyPath, out)
        }
        return p
    }()

    /// Runs `body` as one plugin call on `k`'s stage through the counting table; the key paths it set.
    static func during(_ k: FacadeStage, _ body: (CALayer) throws -> Void) throws -> [String] {
        keys = []
        reads = []
        frames = 0
        let handle = k.rootHandle
        try k.session.callPlugin("test") {
            Host.build(table) {
                try UIKitSupport.run { try body(UIKitSupport.stage(FXPluginKit.Layer(handle: handle))) }
            }
        }
        return keys
    }
}

/// A text layer's write of a value the host already holds (its documented
/// default on a new layer, or the value the facade wrote) is not sent to the
/// host; the key's action still runs, and the value reads back.
extension Facade {
    @Suite(.serialized) struct EqualWriteTests {
        /// A CAAction that records the keys it ran for.
        final class Recorder: NSObject, CAAction {
            var ran: [String] = []
            func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) { ran.append(event) }
        }

        @Test func aLabelsDefaultsThatEqualTheHostsAreNotWrittenYetHeld() throws {
            // UIKit's label default font is the system font ("Sans" here) and natural alignment:
            // the host's own defaults for a text layer (docs/KEYPATHS.md); its 17 pt and black are not.
            let k = try FacadeStage()
            var read: (String?, CGFloat, CATextLayerAlignmentMode)?
            let sets = try LayerSets.during(k) { root in
                let label = UILabel(frame: CGRect(x: 0, y: 0, width: 50, height: 20))
                root.addSublayer(label.layer)
                let t = label.layer as! CATextLayer
                let font = (t.font as? NSString).map { String($0) }
                read = (font, t.fontSize, t.alignmentMode)
            }
            #expect(!sets.contains("font") && !sets.contains("alignmentMode"))
            #expect(sets.filter { $0 == "fontSize" }.count == 1 && sets.contains("foregroundColor"))
            let l = k.layers[0]
            #expect(l[.font] == .string("Sans") && l[.alignmentMode] == .choice(FXCore.AlignmentMode.natural))
            #expect(l[.fontSize].num == 17 && l[.foregroundColor].col == FXCore.Color(red: 0, green: 0, blue: 0, alpha: 1))
            #expect(read?.0 == "Sans" && read?.1 == 17 && read?.2 == .natural)
        }

        @Test func anEqualWriteIsSkippedButItsActionRuns() throws {
            // Core Animation looks an action up for every set, an equal value included.
            let k = try FacadeStage()
            let recorder = Recorder()
            var size: CGFloat = 0
            let sets = try LayerSets.during(k) { root in
                let t = CATextLayer()
                root.addSublayer(t)
                t.actions = ["fontSize": recorder, "alignmentMode": recorder]
                t.fontSize = 36            // the host's default
                t.alignmentMode = .center  // written
                t.alignmentMode = .center  // now held
                size = t.fontSize
            }
            #expect(sets.filter { $0 == "fontSize" || $0 == "alignmentMode" } == ["alignmentMode"])
            #expect(recorder.ran == ["fontSize", "alignmentMode", "alignmentMode"])
            #expect(size == 36 && k.layers[0][.fontSize].num == 36 && k.layers[0][.alignmentMode] == .choice(FXCore.AlignmentMode.center))
        }

        @Test func aValueTheFacadeCannotKnowIsWritten() throws {
            // setValue(_:forKeyPath:) keeps nothing: the next set of the default value must reach the host.
            let k = try FacadeStage()
            let sets = try LayerSets.during(k) { root in
                let t = CATextLayer()
                root.addSublayer(t)
                t.setValue(20.0, forKeyPath: "fontSize")
                t.fontSize = 36
            }
            #expect(sets.filter { $0 == "fontSize" }.count == 2)
            #expect(k.layers[0][.fontSize].num == 36)
        }

        @Test func aLaterCallWritesAgain() throws {
            // Nothing is kept past the plugin call: the host may have been changed by other code since.
            let k = try FacadeStage()
            var layer: CATextLayer?
            _ = try LayerSets.during(k) { root in
                let t = CATextLayer()
                root.addSublayer(t)
                t.font = "Serif" as NSString
                layer = t
            }
            let sets = try LayerSets.during(k) { _ in layer?.font = "Serif" as NSString }
            #expect(sets == ["font"])
        }
    
        @Test func aNewLayersGeometryIsKnownWithoutAskingTheHost() throws {
            // Apple's CALayer page and docs/KEYPATHS.md: bounds and position zero, anchorPoint (0.5, 0.5), identity transform.
            let k = try FacadeStage()
            var seen: [CGRect] = []
            var anchors: [CGPoint] = []
            var identity: [Bool] = []
            _ = try LayerSets.during(k) { root in
                for l in [CALayer(), CATextLayer(), CAShapeLayer(), CAGradientLayer(), CAReplicatorLayer(), CAEmitterLayer()] {
                    root.addSublayer(l)
                    seen.append(l.bounds); seen.append(l.frame)
                    anchors.append(l.anchorPoint); anchors.append(l.position)
                    identity.append(CATransform3DIsIdentity(l.transform))
                }
                let v = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
                root.addSublayer(v.layer)
                seen.append(v.frame)
            }
            #expect(LayerSets.reads.isEmpty)
            #expect(seen == Array(repeating: .zero, count: 12) + [CGRect(x: 10, y: 20, width: 30, height: 40)])
            #expect(anchors == Array(repeating: [CGPoint(x: 0.5, y: 0.5), .zero], count: 6).flatMap { $0 })
            #expect(identity == Array(repeating: true, count: 6))
            for l in k.layers.prefix(6) {  // what the host holds, read from the engine
                #expect(l[.bounds].rct == FXCore.Rect(0, 0, 0, 0) && l[.position].pt == FXCore.Point(0, 0))
                #expect(l[.anchorPoint].pt == FXCore.Point(0.5, 0.5) && l[.transform].xform == Transform3D.identity)
            }
            #expect(k.layers[6][.bounds].rct == FXCore.Rect(0, 0, 30, 40) && k.layers[6][.position].pt == FXCore.Point(25, 40))
        }
    
        /// A layer of the plugin's own that overrides `position`, as iOS code may.
        final class Tracked: CALayer {
            var positions: [CGPoint] = []
            override var position: CGPoint {
                get { super.position }
                set { positions.append(newValue); super.position = newValue }
            }
        }

        @Test func aFrameIsSetInOneHostCallUnlessASetterIsOverridden() throws {
            // Apple: setting frame sets bounds.size and position (through the anchor point).
            let k = try FacadeStage()
            var tracked: Tracked?
            var frames: [CGRect] = []
            let sets = try LayerSets.during(k) { root in
                let l = CALayer(), t = Tracked()
                root.addSublayer(l); root.addSublayer(t)
                l.bounds = CGRect(x: 3, y: 4, width: 1, height: 1)
                l.anchorPoint = CGPoint(x: 0.25, y: 1)
                l.frame = CGRect(x: 10, y: 20, width: 40, height: 60)
                t.frame = CGRect(x: 1, y: 2, width: 4, height: 6)
                frames = [l.frame, t.frame]
                tracked = t
            }
            #expect(LayerSets.frames == 1)
            #expect(sets.filter { $0 == "bounds" }.count == 2 && sets.filter { $0 == "position" }.count == 1)
            #expect(tracked?.positions == [CGPoint(x: 3, y: 5)])
            #expect(LayerSets.reads.isEmpty)
            #expect(frames == [CGRect(x: 10, y: 20, width: 40, height: 60), CGRect(x: 1, y: 2, width: 4, height: 6)])
            #expect(k.layers[0][.bounds].rct == FXCore.Rect(3, 4, 40, 60) && k.layers[0][.position].pt == FXCore.Point(20, 80))
            #expect(k.layers[1][.bounds].rct == FXCore.Rect(0, 0, 4, 6) && k.layers[1][.position].pt == FXCore.Point(3, 5))
        }

        @Test func aFrameTheHostHoldsIsNotWrittenAgainButItsActionRuns() throws {
            // Views lay their subviews out again as the call commits, often to the frame they have.
            // Apple: position = origin + anchorPoint × size, so (10 + 0.5 × 40, 20 + 0.5 × 61) = (30, 50.5).
            let k = try FacadeStage()
            let recorder = Recorder()
            _ = try LayerSets.during(k) { root in
                let l = CALayer()
                root.addSublayer(l)
                l.frame = CGRect(x: 10, y: 20, width: 40, height: 60)
                l.actions = ["position": recorder]
                l.frame = CGRect(x: 10, y: 20, width: 40, height: 60)  // held already: not written
                l.frame = CGRect(x: 10, y: 20, width: 40, height: 61)
            }
            #expect(LayerSets.frames == 2 && recorder.ran == ["position", "position"])
            #expect(k.layers[0][.bounds].rct == FXCore.Rect(0, 0, 40, 61) && k.layers[0][.position].pt == FXCore.Point(30, 50.5))
        }

        @Test func aFrameIsWrittenAgainInALaterCall() throws {
            // Nothing is kept past the plugin call.
            let k = try FacadeStage()
            var layer: CALayer?
            _ = try LayerSets.during(k) { root in
                let l = CALayer()
                root.addSublayer(l)
                l.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
                layer = l
            }
            _ = try LayerSets.during(k) { _ in
                CATransaction.setDisableActions(true)
                layer?.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
            }
            #expect(LayerSets.frames == 1)
        }

        @Test func aFramesImplicitAnimationsStillRun() throws {
            // A layer made in an earlier call animates both bounds and position on a frame change (Apple's default actions).
            let k = try FacadeStage()
            var layer: CALayer?
            _ = try LayerSets.during(k) { root in
                let l = CALayer()
                root.addSublayer(l)
                l.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
                layer = l
            }
            #expect(k.layers[0].animations.isEmpty)
            _ = try LayerSets.during(k) { _ in layer?.frame = CGRect(x: 20, y: 0, width: 30, height: 10) }
            #expect(Set(k.layers[0].animations.map(\.keyName)) == ["bounds", "position"])
            #expect(k.layers[0][.bounds].rct == FXCore.Rect(0, 0, 30, 10) && k.layers[0][.position].pt == FXCore.Point(35, 5))
        }
    }
}
