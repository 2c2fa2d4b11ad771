// SPDX-License-Identifier: MIT
import Testing
@testable import FXCore

/// `presentsSameValues(as:)` against its definition: every property of
/// `Property.allCases` presents equal values in both layers.
@Suite struct PresentedValuesTests {
    static func sameByDefinition(_ a: PresentedLayer, _ b: PresentedLayer) -> Bool {
        Property.allCases.allSatisfy { a[$0] == b[$0] }
    }

    /// Snapshots of one stage at several instants, and of variants of it, compared pairwise.
    @Test func agreesWithComparingEveryProperty() throws {
        func stage(_ variant: Int) throws -> Stage {
            let stage = Stage(size: Size(100, 100))
            let l = stage.makeLayer(.layer, name: "l")
            try l.setFrame(Rect(10, 10, 40, 40))
            if variant == 1 { try l.set(.opacity, .number(0.5)) }
            // Set to the default explicitly: presents the same as never set.
            if variant == 2 { try l.set(.opacity, .number(1)) }
            if variant == 3 { try l.set(.backgroundColor, .color(Color(red: 1, green: 0, blue: 0))) }
            // An animation that holds the model's own value: presents the same as none.
            if variant == 4 {
                var hold = Animation.basic(KeyPath(.opacity), from: .number(1), to: .number(1))
                hold.timing.duration = 10
                try l.add(hold, forKey: "hold")
            }
            if variant >= 5 {
                var fade = Animation.basic(KeyPath(.opacity), from: .number(0), to: .number(1))
                fade.timing.duration = 1
                if variant == 6 { fade.timing.beginTime = 0.5 }
                try l.add(fade, forKey: "fade")
            }
            try stage.root.addSublayer(l)
            return stage
        }
        var layers: [(String, PresentedLayer)] = []
        for variant in 0...6 {
            let s = try stage(variant)
            for t in [0.0, 0.25, 0.75, 2.0] {
                guard let l = try s.sample(at: t).layer(named: "l") else { Issue.record("no layer"); return }
                layers.append(("variant \(variant) at \(t)", l))
            }
        }
        var same = 0, different = 0
        for (na, a) in layers {
            for (nb, b) in layers {
                let expected = Self.sameByDefinition(a, b)
                #expect(a.presentsSameValues(as: b) == expected, "\(na) against \(nb)")
                if expected { same += 1 } else { different += 1 }
            }
        }
        // Both answers occur often, including across variants.
        #expect(same > 100 && different > 100, "\(same) same, \(different) different")
    }
}
