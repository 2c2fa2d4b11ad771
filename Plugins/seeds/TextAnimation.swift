// SPDX-License-Identifier: MIT
// Seed 003's TextAnimation ("slide to unlock"), as the seed prints it, with
// only the Swift 2 → Swift 5 migration (docs/SWIFT-SEEDS.md lists each changed line).
import UIKit
import QuartzCore

class TextAnimation: NSObject, CAAnimationDelegate {
    var animationView: UIView?
    var notHighlightColor: UIColor!
    var highlightColor: UIColor!
    var currentAnimation: CABasicAnimation?
    var effectWidth: CGFloat = 20.0     // width of the gradient colors will take effect
    let repeatCount: Float = 10000000   // here, we will let the animation repeat like forever
    var animationDuration: CFTimeInterval = 0.5
    let kTextAnimationKey = "TextAnimation"

    override init(){
        notHighlightColor = UIColor(white: 1.0, alpha: 0.3)
        highlightColor = UIColor.white
    }

func start(){
        if self.animationView == nil {
            print("animtion view is nil!")
            return
        }
        // clear things used last time
        self.stop()
        let gradientMask = CAGradientLayer()
        gradientMask.frame = self.animationView!.bounds
        let gradientSize = self.effectWidth / self.animationView!.frame.width
        let startLocations: Array<NSNumber> = [0, NSNumber(value: Double(gradientSize / 2.0)), NSNumber(value: Double(gradientSize))]
        let endLocations: Array<NSNumber> = [NSNumber(value: Double(1.0 - gradientSize)), NSNumber(value: Double(1.0 - (gradientSize / 2.0))), 1.0]
        let colors: Array<AnyObject> = [self.notHighlightColor.cgColor, self.highlightColor.cgColor, self.notHighlightColor.cgColor]
        gradientMask.colors = colors
        gradientMask.locations = startLocations
        gradientMask.startPoint = CGPoint(x: -gradientSize, y: 0.5)
        gradientMask.endPoint = CGPoint(x: 1 + gradientSize, y: 0.5)
        self.animationView!.layer.mask = gradientMask
        self.currentAnimation = CABasicAnimation(keyPath: "locations")
        self.currentAnimation!.fromValue = startLocations
        self.currentAnimation!.toValue = endLocations
        self.currentAnimation!.repeatCount = self.repeatCount
        self.currentAnimation!.duration = self.animationDuration
        self.currentAnimation!.delegate = self
        gradientMask.add(self.currentAnimation!, forKey: kTextAnimationKey)
    }

    func stop(){
        if self.animationView != nil && self.animationView?.layer.mask != nil {
            self.animationView?.layer.mask?.removeAnimation(forKey: kTextAnimationKey)
            self.animationView?.layer.mask = nil
            self.currentAnimation = nil
        }
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        if anim == self.currentAnimation {
            self.stop()
        }
    }
}
