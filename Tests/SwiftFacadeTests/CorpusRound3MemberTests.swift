// SPDX-License-Identifier: MIT
import Foundation
import Testing
import UIKit

/// Members the third round of the Swift corpus reached for (docs/SWIFT-CORPUS.md), each
/// with the behaviour Apple documents; expected boxes worked out by hand from the geometry.
extension Facade {
    @Suite struct CorpusRound3MemberTests {
        func line(_ points: [CGPoint]) -> CGPath {
            let p = CGMutablePath()
            p.addLines(between: points)
            return p
        }

        func box(_ r: CGRect, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ eps: Double = 1e-9) -> Bool {
            near(r.minX, x, eps) && near(r.minY, y, eps) && near(r.width, w, eps) && near(r.height, h, eps)
        }

        @Test func aStrokedLinesBoxFollowsTheCap() {
            // A 10-long line stroked 4 wide: butt ends at the points, round and square ones reach 2 past them.
            let l = line([CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0)])
            let butt = l.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
            #expect(box(butt.boundingBoxOfPath, 0, -2, 10, 4))
            let round = l.copy(strokingWithWidth: 4, lineCap: .round, lineJoin: .miter, miterLimit: 10)
            #expect(box(round.boundingBoxOfPath, -2, -2, 14, 4))
            let square = l.copy(strokingWithWidth: 4, lineCap: .square, lineJoin: .miter, miterLimit: 10)
            #expect(box(square.boundingBoxOfPath, -2, -2, 14, 4))
        }

        @Test func aCornersJoinIsMiteredUpToTheLimitThenBevelled() {
            // A V, (0,0) → (5,10) → (10,0), stroked 2 wide with butt caps. The segments meet at
            // θ with cos θ = 0.6, so sin(θ/2) = 1/√5: a miter reaches 1/sin(θ/2) = √5 below the
            // corner (ratio √5 ≈ 2.24); a bevel's edge is the segments' outer corners, 1/√5 below;
            // a round join's disc reaches 1 below.
            let v = line([CGPoint(x: 0, y: 0), CGPoint(x: 5, y: 10), CGPoint(x: 10, y: 0)])
            let s5 = sqrt(5.0)
            let miter = v.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10).boundingBoxOfPath
            #expect(box(miter, -2 / s5, -1 / s5, 10 + 4 / s5, 10 + s5 + 1 / s5))
            let cut = v.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 2).boundingBoxOfPath
            #expect(near(cut.maxY, 10 + 1 / s5), "a ratio of √5 is over the limit 2: bevelled")
            let bevel = v.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .bevel, miterLimit: 10).boundingBoxOfPath
            #expect(near(bevel.maxY, 10 + 1 / s5))
            let round = v.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .round, miterLimit: 10).boundingBoxOfPath
            #expect(near(round.maxY, 11))
        }

        @Test func anOutlinesPiecesAllWindOneWaySoTheNonZeroFillIsTheirUnion() {
            let p = CGMutablePath()
            p.move(to: CGPoint(x: 0, y: 0))
            p.addCurve(to: CGPoint(x: 30, y: 0), control1: CGPoint(x: 10, y: 20), control2: CGPoint(x: 20, y: -20))
            p.addLine(to: CGPoint(x: 30, y: 30))
            p.closeSubpath()
            let outline = p.copy(strokingWithWidth: 3, lineCap: .round, lineJoin: .round, miterLimit: 10)
            var areas: [CGFloat] = []
            var poly: [CGPoint] = []
            for item in outline.items {
                switch item {
                case .move(let q): poly = [q]
                case .line(let q): poly.append(q)
                case .close:
                    areas.append(zip(poly, poly.dropFirst() + poly.prefix(1)).reduce(0) { $0 + $1.0.x * $1.1.y - $1.1.x * $1.0.y })
                default: Issue.record("an outline is polygons")
                }
            }
            #expect(areas.count > 3)
            #expect(areas.allSatisfy { $0 < 0 })
        }

        @Test func theCFormIsTheSameOutlineAndNilForAnEmptyPath() throws {
            let l = line([CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 5)])
            var shift = CGAffineTransform(translationX: 3, y: 4)
            let c = try #require(CGPath(__byStroking: l, transform: &shift, lineWidth: 2, lineCap: .round, lineJoin: .round, miterLimit: 4))
            #expect(c == l.copy(strokingWithWidth: 2, lineCap: .round, lineJoin: .round, miterLimit: 4, transform: shift))
            #expect(CGPath(__byStroking: CGMutablePath(), transform: nil, lineWidth: 2, lineCap: .round, lineJoin: .round, miterLimit: 4) == nil)
        }

        @Test func aControlsStateIsMadeOfItsFlags() throws {
            let k = try FacadeStage()
            try k.call { _ in
                let c = UIControl(frame: .zero)
                #expect(c.isEnabled && !c.isSelected && !c.isHighlighted)
                #expect(c.state == .normal)
                c.isSelected = true
                c.isHighlighted = true
                #expect(c.state == [.selected, .highlighted])
                c.isEnabled = false
                #expect(c.state.contains(.disabled))
                // Apple's raw values (UIControlState, UIControlEvents in UIControl.h).
                #expect(UIControl.State.highlighted.rawValue == 1 && UIControl.State.disabled.rawValue == 2)
                #expect(UIControl.State.selected.rawValue == 4 && UIControl.State.focused.rawValue == 8)
                #expect(UIControl.Event.touchUpInside.rawValue == 64 && UIControl.Event.valueChanged.rawValue == 4096)
                // A button is a control, and its states are the control's.
                let b: UIControl = UIButton(frame: .zero)
                b.isSelected = true
                #expect(b.state == UIButton.State.selected)
            }
        }

        @Test func anActivityIndicatorKeepsItsStyle() throws {
            let k = try FacadeStage()
            try k.call { _ in
                #expect(UIActivityIndicatorView(frame: .zero).style == .medium)
                let i = UIActivityIndicatorView(style: .whiteLarge)
                #expect(i.style == .whiteLarge)
                i.style = .gray
                #expect(i.style == .gray)
            }
        }

        final class Designable: UIView {
            var prepared = false
            override func prepareForInterfaceBuilder() { super.prepareForInterfaceBuilder(); prepared = true }
        }

        @Test func prepareForInterfaceBuilderIsAnOverridableHook() throws {
            let k = try FacadeStage()
            try k.call { _ in
                let v = Designable(frame: .zero)
                #expect(!v.prepared, "nothing calls it here")
                v.prepareForInterfaceBuilder()
                #expect(v.prepared)
            }
        }
    }
}
