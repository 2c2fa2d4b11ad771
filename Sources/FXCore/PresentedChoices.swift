// SPDX-License-Identifier: MIT
/// The choice properties, presented, as their enums. Every value reaches a
/// choice property through `KeyPath.admit`, which makes a string its enum's
/// case or refuses it, so a value that is not a case of the property's enum
/// is a broken invariant of the engine, not bad input.
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
        guard case .choice(let v) = self[p], let c = v.as(C.self) else {
            preconditionFailure("'\(p.key)' holds \(self[p]), not one of \(C.names): a value got past KeyPath.admit")
        }
        return c
    }
}
