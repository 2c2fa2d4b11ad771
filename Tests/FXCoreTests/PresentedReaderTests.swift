// SPDX-License-Identifier: MIT
import Testing
@testable import FXCore

/// `PresentedLayer`'s typed readers: a property of the type read gives its
/// value; a read of another type stops the process instead of reading as 0,
/// .zero or "" (values are checked against the catalog type where they enter).
@Suite struct PresentedReaderTests {
    static func presented(_ set: (FXCore.Layer) throws -> Void) throws -> PresentedLayer {
        let stage = Stage(size: Size(100, 100))
        let l = stage.makeLayer(.shape, name: "l")
        try set(l)
        try stage.root.addSublayer(l)
        return try #require(try stage.sample(at: 0).layer(named: "l"))
    }

    @Test func eachReaderGivesTheValueSet() throws {
        let l = try Self.presented { l in
            try l.set(.opacity, .number(0.25))
            try l.set(.position, .point(Point(3, 4)))
            try l.set(.bounds, .rect(Rect(0, 0, 5, 6)))
            try l.set(.strokeColor, .color(Color(red: 0, green: 1, blue: 0)))
            try l.set(.isHidden, .bool(true))
            try l.set(.lineCap, .string("square"))
        }
        #expect(l.number(.opacity) == 0.25)
        #expect(l.point(.position) == Point(3, 4))
        #expect(l.rect(.bounds) == Rect(0, 0, 5, 6))
        #expect(l.color(.strokeColor) == Color(red: 0, green: 1, blue: 0))
        #expect(l.bool(.isHidden))
        #expect(l.lineCap == .square)
        #expect(l.transform(.transform) == .identity)
    }

    /// Apple's default of a property the plugin never set, read as its catalog type.
    @Test func defaultsReadAsTheirCatalogType() throws {
        let l = try Self.presented { _ in }
        #expect(l.number(.opacity) == 1)
        #expect(l.number(.lineWidth) == 1)
        #expect(l.point(.anchorPoint) == Point(0.5, 0.5))
        #expect(l.bool(.masksToBounds) == false)
        #expect(l.fillRule == .nonZero)
    }

    @Test func aReadOfAnotherTypeStops() async {
        await #expect(processExitsWith: .failure) {
            let l = try Self.presented { try $0.set(.opacity, .number(0.5)) }
            _ = l.color(.opacity)
        }
        await #expect(processExitsWith: .failure) {
            let l = try Self.presented { _ in }
            _ = l.number(.position)
        }
        // A choice is read by its enum's accessor, not as the string it crosses the ABI as.
        await #expect(processExitsWith: .failure) {
            let l = try Self.presented { try $0.set(.lineCap, .string("round")) }
            _ = l.string(.lineCap)
        }
    }
}
