// SPDX-License-Identifier: MIT
import CoreGraphics
import FXPluginKit

/// A layer that draws a colour gradient (`CAGradientLayer`).
open class CAGradientLayer: CALayer {
    override class var hostKind: Layer.Kind { .gradient }

    override public init() { super.init() }
    override public init(layer: Any) { super.init(layer: layer) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// CGColors (what `UIColor.cgColor` gives). A list of objects none of which is a CGColor or a number
    /// (`[UIColor]`, a common slip) is what iOS keeps and draws no gradient for: Apple's page asks for
    /// CGColor values, and Core Animation draws nothing for other objects (the layer shows as if it had no
    /// colours). It is kept as given, the gradient is drawn clear, and fxhost's log says so once, naming
    /// the fix (`.cgColor`). A list mixing CGColors and numbers fails the call with what to pass.
    open var colors: [Any]? {
        get {
            if let ignoredColors { return ignoredColors }
            if case .colors(let cs) = read("colors"), !cs.isEmpty { return cs.map(CGColor.init) }
            return nil
        }
        set {
            ignoredColors = nil
            if let list = newValue, !list.isEmpty, list.allSatisfy(CAGradientLayer.isNotAColour) {
                ignoredColors = list
                CAGradientLayer.warnIgnored(list)
                return write("colors", Colors([]))
            }
            guard let list = newValue, !list.isEmpty else { return write("colors", Colors([])) }
            do { write("colors", try HostValue.make(list, for: "CAGradientLayer.colors")) } catch { Fault.record(error) }
        }
    }
    /// The `colors` iOS keeps and draws nothing for (above).
    var ignoredColors: [Any]?

    static func isNotAColour(_ item: Any) -> Bool {
        !(Swift.type(of: item) is CGColor.Type) && HostValue.number(item) == nil
    }

    nonisolated(unsafe) static var warnedIgnored = false
    static func warnIgnored(_ list: [Any]) {
        guard !warnedIgnored else { return }
        warnedIgnored = true
        Host.log("CAGradientLayer.colors: an array of \(HostValue.describe(list[0])) values draws no gradient, as on iOS (Core Animation draws CGColors); pass each one's .cgColor", warning: true)
    }
    open var locations: [NSNumber]? {
        get { read("locations").numbers.flatMap { $0.isEmpty ? nil : $0.map { NSNumber(value: $0) } } }
        set { write("locations", (newValue ?? []).map(\.doubleValue)) }
    }
    open var startPoint: CGPoint {
        get { read("startPoint").cgPoint }
        set { write("startPoint", newValue.fx) }
    }
    open var endPoint: CGPoint {
        get { read("endPoint").cgPoint }
        set { write("endPoint", newValue.fx) }
    }
    open var type: CAGradientLayerType {
        get { CAGradientLayerType(rawValue: read("type").string ?? "axial") }
        set { write("type", newValue.rawValue) }
    }
}
