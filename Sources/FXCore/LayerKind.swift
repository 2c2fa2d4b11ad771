// SPDX-License-Identifier: MIT
/// The layer classes of Core Animation that fxhost models.
public enum LayerKind: String, Sendable, CaseIterable {
    case layer, gradient, shape, text, replicator, emitter

    /// The Core Animation class name without the CA prefix, for messages and traces.
    public var className: String {
        switch self {
        case .layer: "Layer"
        case .gradient: "GradientLayer"
        case .shape: "ShapeLayer"
        case .text: "TextLayer"
        case .replicator: "ReplicatorLayer"
        case .emitter: "EmitterLayer"
        }
    }
}
