// SPDX-License-Identifier: MIT
// Seed 002's ViewController: the login button shrinks to a circle, ActivityLayer
// spins in it, and two seconds later the button spreads back. The seed lays the
// button out with Interface Builder constraints; here the view is built in code
// and the constraint changes become the frame changes they cause
// (docs/SWIFT-SEEDS.md lists each changed line). `clickLogin` and the two animation functions are the
// seed's own.
import UIKit

final class SpinnerViewController {
    let view: UIView
    let loginButton: UIButton
    //旋转动画效果的图层，动画的旋转效果都在这个图层中实现
    private var testLayer: ActivityLayer!
    private var isAnimation: Bool = false
    let buttonWidth: CGFloat
    let spreadAt: Double

    init(view: UIView, width: CGFloat, height: CGFloat, color: UIColor, spreadAt: Double) {
        self.view = view
        self.spreadAt = spreadAt
        buttonWidth = width
        let size = UIScreen.main.bounds.size
        loginButton = UIButton(frame: CGRect(x: (size.width - width) / 2, y: (size.height - height) / 2, width: width, height: height))
        loginButton.backgroundColor = color
        loginButton.setTitle("Login", for: .normal)
        view.backgroundColor = UIColor(red: 0.16, green: 0.5, blue: 0.73, alpha: 1)
        view.addSubview(loginButton)
        viewDidLoad()
    }

    func viewDidLoad() {
        self.loginButton.layer.cornerRadius = self.loginButton.bounds.height / 2
    }

    func clickLogin() {

        //模拟网络请求
        self.shrinkLoginButton()
        guard spreadAt >= 0 else { return }
        SimulatedClock.main.asyncAfter(deadline: .now() + spreadAt) {
            self.spreadLoginButton()
        }
    }
    //按钮缩小动画
    private func shrinkLoginButton() {

        UIView.animate(withDuration: 0.25, animations: {
            self.loginButton.bounds.size.width = self.loginButton.bounds.size.height
            self.view.layoutIfNeeded()
            self.loginButton.setTitleColor(UIColor(white: 1, alpha: 0), for: .normal)
        }) { (finished) in
            if finished {
                self.testLayer = ActivityLayer.init(self.loginButton.bounds)
                self.loginButton.layer.addSublayer(self.testLayer)
                self.testLayer.startAnimation()
            }
        }
    }
    //按钮拉长动画
    private func spreadLoginButton() {

        self.testLayer?.removeFromSuperlayer()
        UIView.animate(withDuration: 0.25) {
            self.loginButton.bounds.size.width = self.buttonWidth
            self.view.layoutIfNeeded()
            self.loginButton.setTitleColor(UIColor(white: 1, alpha: 1), for: .normal)
        }
    }

    /// The spinner's pause and resume, which the seed's ActivityLayer offers.
    func pause() { testLayer?.stopAnimation() }
    func resume() { testLayer?.startAnimation() }
}
