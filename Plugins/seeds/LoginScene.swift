// SPDX-License-Identifier: MIT
// The BahamaAir screen seeds 000 and 001 animate, built in code where the seed
// loads images: a gradient sky, white clouds drawn as ovals, a banner drawn as a
// rounded panel. The seed's screen is 320 × 568 points, scaled to fit the stage
// (fxhost --size 320x568 shows it 1:1), as the hand-ported pulse plugin lays it out.
import UIKit

final class LoginViewController {
    let screenWidth: CGFloat = 320
    let screenHeight: CGFloat = 568
    /// The seed's `view`: the 320 × 568 screen, inside a view that scales it onto the stage.
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 568))
    let titleLabel = UILabel()
    let backgroundImage = SkyView()
    let usernameTextField = TextField()
    let passwordTextField = TextField()
    let loginButton = UIButton()
    let cloud1 = CloudView()
    let cloud2 = CloudView()
    let cloud3 = CloudView()
    let cloud4 = CloudView()
    let spinner = UIActivityIndicatorView(style: .whiteLarge)
    let status = UIImageView()
    let label = UILabel()
    let info = UILabel()
    let messages = ["Connecting ...", "Authorizing ...", "Sending credentials ...", "Failed"]
    var statusPosition = CGPoint.zero
    let loopUntil: Double
    /// The controllers on screen, kept for the run (a window keeps its view controller on iOS).
    nonisolated(unsafe) static var shown: [LoginViewController] = []

    init(stage: UIView, title: String, loopUntil: Double) {
        self.loopUntil = loopUntil
        let size = UIScreen.main.bounds.size
        let s = min(size.width / screenWidth, size.height / screenHeight)
        let screen = UIView(frame: CGRect(x: 0, y: 0, width: screenWidth, height: screenHeight))
        screen.center = CGPoint(x: size.width / 2, y: size.height / 2)
        screen.transform = CGAffineTransform(scaleX: s, y: s)
        screen.clipsToBounds = true
        stage.addSubview(screen)
        screen.addSubview(view)
        viewDidLoad(title: title)
    }

    func viewDidLoad(title: String) {
        view.addSubview(backgroundImage)
        view.addSubview(titleLabel)
        view.addSubview(usernameTextField)
        view.addSubview(passwordTextField)
        view.addSubview(loginButton)
        view.addSubview(cloud1)
        view.addSubview(cloud2)
        view.addSubview(cloud3)
        view.addSubview(cloud4)
        loginButton.addSubview(spinner)

        let textFieldWidth = screenWidth - 60
        let buttonWidth = 260

        backgroundImage.frame = CGRect(x: 0, y: 0, width: screenWidth, height: screenHeight)

        titleLabel.text = title
        titleLabel.textColor = .white
        titleLabel.font = UIFont.systemFont(ofSize: 28)
        titleLabel.textAlignment = .center
        titleLabel.frame = CGRect(x: 0, y: 120, width: screenWidth, height: 36)

        usernameTextField.backgroundColor = .white
        usernameTextField.layer.cornerRadius = 5
        usernameTextField.placeholder = "  Username"
        usernameTextField.delegate = self
        usernameTextField.frame = CGRect(x: 30, y: 202, width: textFieldWidth, height: 40)

        passwordTextField.backgroundColor = .white
        passwordTextField.layer.cornerRadius = 5
        passwordTextField.placeholder = "  Password"
        passwordTextField.delegate = self
        passwordTextField.frame = CGRect(x: 30, y: 263, width: textFieldWidth, height: 40)

        loginButton.frame = CGRect(x: (Int(screenWidth) - buttonWidth) / 2, y: 343, width: buttonWidth, height: 50)
        loginButton.setTitle("Login", for: .normal)
        loginButton.setTitleColor(.red, for: .normal)
        loginButton.layer.cornerRadius = 5
        loginButton.backgroundColor = UIColor(red: 0.63, green: 0.84, blue: 0.35, alpha: 1.0)

        spinner.frame = CGRect(x: -20.0, y: 6.0, width: 20.0, height: 20.0)
        spinner.startAnimating()
        spinner.alpha = 0.0

        cloud1.frame = CGRect(x: -120, y: 79, width: 160, height: 50)
        cloud2.frame = CGRect(x: 256, y: 213, width: 160, height: 50)
        cloud3.frame = CGRect(x: 284, y: 503, width: 74, height: 35)
        cloud4.frame = CGRect(x:22 , y: 545, width: 115, height: 50)
        for cloud in [cloud1, cloud2, cloud3, cloud4] { cloud.drawOvals() }

        status.frame = CGRect(x: 0, y: 0, width: 230, height: 50)
        status.backgroundColor = UIColor(red: 0.99, green: 0.96, blue: 0.85, alpha: 1)
        status.layer.cornerRadius = 8
        status.isHidden = true
        status.center = loginButton.center
        view.addSubview(status)

        label.frame = CGRect(x: 0.0, y: 14.0, width: status.frame.size.width, height: 24)
        label.font = UIFont(name: "HelveticaNeue", size: 18.0)
        label.textColor = UIColor(red: 0.89, green: 0.38, blue: 0.0, alpha: 1.0)
        label.textAlignment = .center
        status.addSubview(label)

        statusPosition = status.center

        info.frame = CGRect(x: 0.0, y: loginButton.center.y + 60.0,  width: view.frame.size.width, height: 30)
        info.backgroundColor = UIColor.clear
        info.font = UIFont(name: "HelveticaNeue", size: 12.0)
        info.textAlignment = .center
        info.textColor = UIColor.white
        info.text = "Tap on a field and enter username and password"
        view.insertSubview(info, belowSubview: loginButton)
    }
}

/// The seed's "bg-sunny" image: a sky gradient.
final class SkyView: UIView {
    override class var layerClass: AnyClass { CAGradientLayer.self }

    override init(frame: CGRect) {
        super.init(frame: frame)
        (layer as! CAGradientLayer).colors = [UIColor(red: 0.27, green: 0.6, blue: 0.89, alpha: 1).cgColor,
                                              UIColor(red: 0.68, green: 0.86, blue: 0.98, alpha: 1).cgColor]
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }
}

/// The seed's cloud images: three overlapping white ovals.
final class CloudView: UIView {
    override class var layerClass: AnyClass { CAShapeLayer.self }

    func drawOvals() {
        let w = bounds.width, h = bounds.height
        let path = UIBezierPath(ovalIn: CGRect(x: 0, y: h * 0.35, width: w * 0.55, height: h * 0.65))
        path.append(UIBezierPath(ovalIn: CGRect(x: w * 0.25, y: 0, width: w * 0.5, height: h * 0.9)))
        path.append(UIBezierPath(ovalIn: CGRect(x: w * 0.45, y: h * 0.3, width: w * 0.55, height: h * 0.7)))
        let shape = layer as! CAShapeLayer
        shape.path = path.cgPath
        shape.fillColor = UIColor(white: 1, alpha: 0.95).cgColor
    }
}
