// SPDX-License-Identifier: MIT
import FXCore
import FXSinks
import Testing

/// Paths name one layer each (docs/jsonl.md): an unnamed layer is its kind and its position among its
/// siblings, and a name an earlier sibling already has (the QuartzCore facade names layers by class) gets
/// its position the same way.
@Suite struct LayerPathTests {
    @Test func repeatedSiblingNamesGetTheirPosition() throws {
        let stage = Stage(size: Size(100, 100))
        let named = ["CAShapeLayer", "CAShapeLayer", "", "CAShapeLayer", "dot", ""]
        for name in named {
            try stage.root.addSublayer(stage.makeLayer(name.isEmpty ? .layer : .shape, name: name))
        }
        // Positions 0…5 among the siblings: the first CAShapeLayer keeps its name, the later ones take
        // their position (1, 3); the unnamed ones are layer2 and layer5.
        let paths = LayerPaths.paths(try stage.sample(at: 0))
        #expect(paths == ["stage", "stage/CAShapeLayer", "stage/CAShapeLayer1", "stage/layer2", "stage/CAShapeLayer3",
                          "stage/dot", "stage/layer5"])
    }
}
