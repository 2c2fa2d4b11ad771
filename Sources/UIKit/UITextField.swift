// SPDX-License-Identifier: MIT
import QuartzCore

/// Insets from each edge (`UIEdgeInsets`).
public struct UIEdgeInsets: Equatable, Sendable {
    public var top, left, bottom, right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

extension CGRect {
    /// The rectangle made smaller by `insets` (`inset(by:)`).
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: minX + insets.left, y: minY + insets.top,
               width: width - insets.left - insets.right, height: height - insets.top - insets.bottom)
    }
}

/// What a text field tells its delegate (`UITextFieldDelegate`); fxhost has no
/// keyboard, so plugins call these themselves, for instance from an event.
public protocol UITextFieldDelegate: AnyObject {
    func textFieldDidBeginEditing(_ textField: UITextField)
    func textFieldDidEndEditing(_ textField: UITextField)
}

extension UITextFieldDelegate {
    public func textFieldDidBeginEditing(_ textField: UITextField) {}
    public func textFieldDidEndEditing(_ textField: UITextField) {}
}

/// A text field (`UITextField`) as a view showing its text, or its
/// placeholder in 70 % gray when it has none, laid out in `textRect(forBounds:)`
/// and `placeholderRect(forBounds:)` and centred vertically there (a line is
/// 4/3 of the font size high). There is no editing.
open class UITextField: UIView {
    let label = UILabel(frame: .zero)
    public weak var delegate: UITextFieldDelegate?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        label.font = font
        label.textColor = UIColor(white: 0.7, alpha: 1)
        label.textAlignment = .left
        addSubview(label)
        layoutSubviews()
    }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    public var text: String? { didSet { update() } }
    public var placeholder: String? { didSet { update() } }
    /// UIKit's body size, 17 points, unless set.
    public var font: UIFont? = UIFont.systemFont(ofSize: 17) { didSet { update() } }
    public var textColor: UIColor? = .black { didSet { update() } }
    public var textAlignment: NSTextAlignment = .natural { didSet { label.textAlignment = textAlignment } }

    open func textRect(forBounds bounds: CGRect) -> CGRect { bounds }
    open func placeholderRect(forBounds bounds: CGRect) -> CGRect { bounds }
    open func editingRect(forBounds bounds: CGRect) -> CGRect { bounds }

    func update() {
        let showing = !(text ?? "").isEmpty
        label.text = showing ? text : placeholder
        label.textColor = showing ? (textColor ?? .black) : UIColor(white: 0.7, alpha: 1)
        if let font { label.font = font }
        layoutSubviews()
    }

    override open func layoutSubviews() {
        let showing = !(text ?? "").isEmpty
        let r = showing ? textRect(forBounds: bounds) : placeholderRect(forBounds: bounds)
        let line = ((font ?? UIFont.systemFont(ofSize: 17)).pointSize * 4 / 3).rounded()
        label.frame = CGRect(x: r.minX, y: r.midY - line / 2, width: r.width, height: line)
    }
}
