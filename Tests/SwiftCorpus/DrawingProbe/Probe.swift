// SPDX-License-Identifier: MIT
// Apple's custom-drawing API as the corpus's drawing sources call it: a view
// drawing in draw(_:) through UIKit's current context and UIBezierPath, and a
// layer drawing in draw(in:) through CGContext. scripts/swift-corpus.sh
// compiles this file to learn whether the modules have drawing yet; while it
// does not compile, a source whose SOURCE says `needs drawing` is excused the
// errors its `drawing-error` lines name (docs/SWIFT-CORPUS.md).
import UIKit

final class ProbeRingView: UIView {
    var progress: CGFloat = 0.25 { didSet { setNeedsDisplay() } }

    override func draw(_ rect: CGRect) {
        super.draw(rect)
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.setLineWidth(4)
        context.setStrokeColor(UIColor.red.cgColor)
        context.addArc(center: CGPoint(x: rect.midX, y: rect.midY), radius: rect.width / 2 - 2,
                       startAngle: -.pi / 2, endAngle: -.pi / 2 + 2 * .pi * progress, clockwise: false)
        context.strokePath()
        context.saveGState()
        let path = UIBezierPath(ovalIn: rect.insetBy(dx: 8, dy: 8))
        UIColor.blue.setFill()
        path.fill()
        UIColor.black.setStroke()
        path.stroke()
        context.restoreGState()
    }
}

final class ProbeRingLayer: CALayer {
    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        ctx.setFillColor(UIColor.green.cgColor)
        ctx.fill(bounds)
    }
}
