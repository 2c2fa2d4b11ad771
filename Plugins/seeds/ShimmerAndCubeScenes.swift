// SPDX-License-Identifier: MIT
// The views seeds 003 and 004 animate, built in code where the seeds use a
// storyboard, laid out as the hand-ported shimmer and cube plugins lay them out.
import UIKit

/// Seed 003's ViewController: a white label on black, and its TextAnimation.
final class ShimmerViewController {
    let view: UIView
    var textExampleLabel: UILabel!
    var textAnimation: TextAnimation!

    init(view: UIView, text: String, effectWidth: CGFloat, duration: Double, fontSize: CGFloat,
         highlight: UIColor, dim: UIColor, backdrop: UIColor) {
        self.view = view
        let size = UIScreen.main.bounds.size
        let height = (fontSize * 1.5).rounded()
        self.view.backgroundColor = backdrop
        textExampleLabel = UILabel(frame: CGRect(x: 20, y: ((size.height - height) / 2).rounded(), width: size.width - 40, height: height))
        textExampleLabel.text = text
        textExampleLabel.font = UIFont.systemFont(ofSize: fontSize)
        textExampleLabel.textAlignment = .center
        textExampleLabel.backgroundColor = backdrop // background color -> black
        textExampleLabel.textColor = UIColor.white       // foreground color -> white
        self.view.addSubview(textExampleLabel)
        self.textAnimation = TextAnimation()
        self.textAnimation.animationView = textExampleLabel
        self.textAnimation.effectWidth = effectWidth
        self.textAnimation.animationDuration = duration
        self.textAnimation.highlightColor = highlight
        self.textAnimation.notHighlightColor = dim
    }

    func viewDidAppear() {
        self.textAnimation.start()
    }
}

/// Seed 004's label turning on a cube: the label, centred, and one cubeTransition.
func cubeScene(view: UIView, from: String, to: String, direction: AnimationDirection, duration: Double, fontSize: CGFloat,
               color: UIColor, backdrop: UIColor) {
    let size = UIScreen.main.bounds.size
    let height = (fontSize * 1.4).rounded()
    let label = UILabel(frame: CGRect(x: 0, y: ((size.height - height) / 2).rounded(), width: size.width, height: height))
    label.text = from
    label.font = UIFont.systemFont(ofSize: fontSize)
    label.textAlignment = .center
    label.textColor = color
    label.backgroundColor = backdrop
    view.addSubview(label)
    cubeTransition(label: label, text: to, direction: direction, duration: duration)
}
