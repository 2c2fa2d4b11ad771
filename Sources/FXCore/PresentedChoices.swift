/// The choice properties, presented, as their enums. Every way a string
/// reaches a choice property (`layer_set`, an animation's values) passes
/// `KeyPath.check`, which refuses a spelling not among the choices, so a
/// value that does not parse is a broken invariant of the engine, not bad input.
extension PresentedLayer {
    public var contentsGravity: ContentsGravity { choice(.contentsGravity) }
    public var gradientType: GradientType { choice(.gradientType) }
    public var fillRule: FillRule { choice(.fillRule) }
    public var lineCap: LineCap { choice(.lineCap) }
    public var lineJoin: LineJoin { choice(.lineJoin) }
    public var alignmentMode: AlignmentMode { choice(.alignmentMode) }
    public var truncationMode: TruncationMode { choice(.truncationMode) }
    public var emitterShape: EmitterShape { choice(.emitterShape) }
    public var emitterMode: EmitterMode { choice(.emitterMode) }
    public var renderMode: RenderMode { choice(.renderMode) }
    public var maskMode: MaskMode { choice(.maskMode) }

    private func choice<C: Choice>(_ p: Property) -> C {
        guard case .string(let s) = self[p], let c = C(rawValue: s) else {
            preconditionFailure("'\(p.key)' holds \(self[p]), not one of \(C.names): a value got past KeyPath.check")
        }
        return c
    }
}
