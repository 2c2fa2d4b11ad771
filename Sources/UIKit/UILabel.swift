// SPDX-License-Identifier: MIT
@_spi(UIKit) import QuartzCore

/// Text alignment (`NSTextAlignment`).
public enum NSTextAlignment: Int, Sendable {
    case left, center, right, justified, natural

    var mode: CATextLayerAlignmentMode {
        switch self {
        case .left: .left
        case .center: .center
        case .right: .right
        case .justified: .justified
        case .natural: .natural
        }
    }
}

/// How a label wraps and truncates lines that do not fit (`NSLineBreakMode`), with Apple's raw values.
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// A line of text (`UILabel`), drawn by its CATextLayer: from the top of its
/// bounds, as CATextLayer draws (UIKit centres a label's text vertically;
/// give the label the text's height to match: docs/SWIFT.md).
open class UILabel: UIView {
    override open class var layerClass: AnyClass { CATextLayer.self }
    var textLayer: CATextLayer { layer as! CATextLayer }

    /// UIKit's defaults: the 17-pt system font, black, natural alignment.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        textLayer.setFontName(font.fontName)
        textLayer.fontSize = font.pointSize
        textLayer.foregroundColor = UIColor.black.cgColor
        textLayer.alignmentMode = .natural
    }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open var text: String? {
        get { textLayer.attributedString?.string ?? textLayer.string as? String }
        set { textLayer.string = newValue ?? "" }
    }
    open var font: UIFont! = UIFont.systemFont(ofSize: 17) {
        didSet {
            textLayer.setFontName(font.fontName)
            textLayer.fontSize = font.pointSize
        }
    }
    /// Apple: with styled text, "assigning a new value to this property applies the color to the entirety
    /// of the string in the attributedText property".
    open var textColor: UIColor! {
        get { textLayer.foregroundColor.map(UIColor.init(cgColor:)) }
        set {
            textLayer.foregroundColor = newValue?.cgColor
            if let styled = textLayer.attributedString { textLayer.string = styled.colored(newValue) }
        }
    }
    public var textAlignment: NSTextAlignment = .natural {
        didSet { textLayer.alignmentMode = textAlignment.mode }
    }
    /// Kept; lines wrap when this is not 1.
    public var numberOfLines = 1 {
        didSet { textLayer.isWrapped = numberOfLines != 1 }
    }
    public var adjustsFontSizeToFitWidth = false
    /// Apple's default is `.byTruncatingTail`. Kept; the CATextLayer wraps by `numberOfLines` and does not
    /// truncate, since fxhost cannot measure text.
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail
    /// The styled text: each range's `foregroundColor` is drawn (the label's CATextLayer draws the runs,
    /// docs/SWIFT.md); other attributes are kept here but not drawn. Setting `text` replaces it.
    open var attributedText: NSAttributedString? {
        get { textLayer.attributedString ?? text.map { NSAttributedString(string: $0) } }
        set {
            if let newValue { textLayer.string = newValue } else { text = nil }
        }
    }
}

/// An image in a view (`UIImageView`): the image is the layer's contents.
open class UIImageView: UIView {
    public var image: UIImage? {
        didSet { layer.contents = image?.shown(tint: tintColor) }
    }
    /// A template image is drawn in the tint colour (`UIImage.RenderingMode`).
    override open var tintColor: UIColor! {
        didSet { if image?.renderingMode == .alwaysTemplate { layer.contents = image?.shown(tint: tintColor) } }
    }
    public var highlightedImage: UIImage?
    public var isHighlighted = false

    /// A view the image's size, showing it.
    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        layer.contents = image?.shown(tint: tintColor)
    }
}

/// A button (`UIButton`) as a control with a centred title; titles are kept per
/// `UIControl.State` and fxhost shows `.normal`'s. There are no touches here
/// (see `UIControl`).
open class UIButton: UIControl {
    public let titleLabel: UILabel?
    /// The titles by state: the normal one, and a list for the others. Not a
    /// dictionary: the first dictionary keyed by a type the process has not
    /// hashed yet makes the Swift runtime look its Hashable conformance up
    /// through every conformance loaded (Foundation's thousands), about
    /// 340,000 instructions on a scene's build; and the list's own type is
    /// made only when a state other than normal gets a title.
    var normalTitle: String?
    var otherTitles: [(state: UInt, title: String)] = []

    public override init(frame: CGRect) {
        let label = UILabel(frame: .zero)
        titleLabel = label
        super.init(frame: frame)
        label.textAlignment = .center
        label.font = UIFont.systemFont(ofSize: 18)
        label.textColor = .white
        addSubview(label)
        layoutTitle()
    }
    public required init?(coder: NSCoder) {
        titleLabel = nil
        super.init(coder: coder)
    }

    public func setTitle(_ title: String?, for state: State) {
        if state == .normal {
            normalTitle = title
        } else if let i = otherTitles.firstIndex(where: { $0.state == state.rawValue }) {
            if let title { otherTitles[i].title = title } else { otherTitles.remove(at: i) }
        } else if let title {
            otherTitles.append((state.rawValue, title))
        }
        if state == .normal { titleLabel?.text = title }
        layoutTitle()
    }
    public func title(for state: State) -> String? {
        state == .normal ? normalTitle : otherTitles.first { $0.state == state.rawValue }?.title
    }
    public func setTitleColor(_ color: UIColor?, for state: State) {
        if state == .normal { titleLabel?.textColor = color }
    }

    /// The title is a line (4/3 of the font size high) as wide as the button
    /// when its title was set (fxhost cannot measure text), centred in the button.
    func layoutTitle() {
        guard let titleLabel else { return }
        let line = (titleLabel.font.pointSize * 4 / 3).rounded()
        let b = bounds
        titleLabel.frame = CGRect(x: 0, y: (b.height - line) / 2, width: b.width, height: line)
    }

    /// Keeps the title centred as the button's size changes.
    override open func layoutSubviews() {
        guard let titleLabel else { return }
        titleLabel.center = CGPoint(x: bounds.midX, y: bounds.midY)
    }
}

/// A spinning indicator (`UIActivityIndicatorView`): its layer is a 2.5-pt
/// white arc of three quarters, turning once a second while animating.
open class UIActivityIndicatorView: UIView {
    public enum Style: Int, Sendable { case whiteLarge, white, gray, medium, large }
    /// Kept (Apple's default `.medium`); the indicator is drawn one way whatever the style.
    public var style: Style = .medium
    override open class var layerClass: AnyClass { CAShapeLayer.self }
    var arc: CAShapeLayer { layer as! CAShapeLayer }
    public private(set) var isAnimating = false
    /// Apple: "When true, the indicator is hidden when it is not animating" (shown again by `startAnimating()`).
    public var hidesWhenStopped = true {
        didSet { if hidesWhenStopped && !isAnimating { isHidden = true } }
    }
    public var color: UIColor! = .white {
        didSet { arc.strokeColor = color.cgColor }
    }

    public convenience init(style: Style) {
        self.init(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        self.style = style
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        arc.fillColor = UIColor.clear.cgColor
        arc.strokeColor = UIColor.white.cgColor
        arc.lineWidth = 2.5
        isHidden = true
    }
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isHidden = true
    }

    /// The arc is drawn for the bounds the view has now, and turns about its centre.
    public func startAnimating() {
        let b = bounds
        arc.path = UIBezierPath(arcCenter: CGPoint(x: b.width / 2, y: b.height / 2), radius: b.width / 2 - 2,
                                startAngle: 0, endAngle: 1.5 * .pi, clockwise: true).cgPath
        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
        turn.fromValue = 0.0
        turn.toValue = 2 * Double.pi
        turn.duration = 1
        turn.repeatCount = .infinity
        arc.add(turn, forKey: "turn")
        isAnimating = true
        if hidesWhenStopped { isHidden = false }
    }

    public func stopAnimating() {
        arc.removeAnimation(forKey: "turn")
        isAnimating = false
        if hidesWhenStopped { isHidden = true }
    }
}
