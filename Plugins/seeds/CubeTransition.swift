// SPDX-License-Identifier: MIT
// Seed 004's cubeTransition, as the seed prints it, with only the Swift 2 →
// Swift 5 migration and the duration as a parameter (docs/SWIFT-SEEDS.md lists
// each changed line).
import UIKit

enum AnimationDirection: Int { case Positive = 1
case Negative = -1
}

func cubeTransition(label: UILabel, text: String, direction: AnimationDirection, duration: TimeInterval) {
let auxLabel = UILabel(frame: label.frame) 
auxLabel.text = text
auxLabel.font = label.font 
auxLabel.textAlignment = label.textAlignment 
auxLabel.textColor = label.textColor; auxLabel.backgroundColor = label.backgroundColor

let auxLabelOffset = CGFloat(direction.rawValue) * label.frame.size.height/2.0
//同时进行两个变形动画
auxLabel.transform = CGAffineTransform(scaleX: 1.0, y: 0.1).concatenating(CGAffineTransform(translationX: 0.0, y: auxLabelOffset))

label.superview!.addSubview(auxLabel)

UIView.animate(withDuration: duration, delay: 0.0, options: .curveEaseOut, animations: {
auxLabel.transform = CGAffineTransform.identity; label.transform = CGAffineTransform(scaleX: 1.0, y: 0.1).concatenating(
CGAffineTransform(translationX: 0.0, y: -auxLabelOffset)) }, completion: {_ in
label.text = auxLabel.text
label.transform = CGAffineTransform.identity
auxLabel.removeFromSuperview() })
}
