// SPDX-License-Identifier: MIT
import Testing
@testable import FXCore

@Suite struct KeyPathTests {
    @Test(arguments: [
        ("position", ValueType.point), ("position.x", .number), ("bounds.size.width", .number),
        ("bounds.origin", .point), ("bounds.size", .size), ("transform", .transform), ("transform.scale", .number),
        ("transform.scale.y", .number), ("transform.rotation", .number), ("transform.rotation.x", .number),
        ("transform.translation", .size), ("transform.translation.z", .number), ("locations", .numbers),
        ("colors", .colors), ("strokeEnd", .number), ("hidden", .bool), ("shadowOffset.height", .number),
        ("sublayerTransform.rotation.y", .number), ("anchorPoint.y", .number), ("type", .string),
    ])
    func parsesCoreAnimationSpellings(_ text: String, _ type: ValueType) throws {
        let kp = try KeyPath(parsing: text)
        #expect(kp.type == type)
        #expect(kp.description == text)
    }

    @Test func unknownPathsAreNamedInTheError() {
        for bad in ["positon", "position.z", "opacity.x", "transform.spin", "", "bounds.size.depth"] {
            do {
                _ = try KeyPath(parsing: bad)
                Issue.record("'\(bad)' should not parse")
            } catch {
                #expect(error.message.contains("'\(bad)'"))
            }
        }
        let err = try? KeyPath(parsing: "position.z")
        #expect(err == nil)
    }

    @Test func kindAndTypeAreChecked() throws {
        let (_, layer) = stageWithLayer(.layer)
        #expect(throws: FXError.self) { try layer.set(KeyPath(parsing: "colors"), .colors([.white])) }
        #expect(throws: FXError.self) { try layer.set(.opacity, .string("half")) }
        #expect(throws: FXError.self) { try layer.set(.opacity, .number(.nan)) }
        #expect(throws: FXError.self) { try layer.set(.contentsGravity, .string("middle")) }
        do {
            try layer.set(KeyPath(parsing: "strokeEnd"), .number(0.5))
        } catch {
            #expect(error.message == "key path 'strokeEnd' does not apply to a Layer (it is a property of ShapeLayer)")
        }
        try layer.set(.contentsGravity, .string("resizeAspect"))
        #expect(layer[.contentsGravity] == .choice(ContentsGravity.resizeAspect))
    }

    @Test func subPathsReadAndWriteTheirComponent() throws {
        let (_, layer) = stageWithLayer()
        try layer.set(.bounds, .rect(Rect(1, 2, 30, 40)))
        try layer.set(KeyPath(parsing: "bounds.size.width"), .number(99))
        #expect(layer[.bounds] == .rect(Rect(1, 2, 99, 40)))
        try layer.set(KeyPath(parsing: "position.y"), .number(7))
        #expect(layer[.position] == .point(Point(0, 7)))
        #expect(try layer.value(at: KeyPath(parsing: "bounds.origin")) == .point(Point(1, 2)))
    }

    @Test func transformSubPathsUseTheDecomposition() throws {
        let (_, layer) = stageWithLayer()
        let scale = try KeyPath(parsing: "transform.scale")
        try layer.set(scale, .number(2))
        #expect(close(layer[.transform].transform!, .scale(2, 2, 2)))
        try layer.set(KeyPath(parsing: "transform.rotation.z"), .number(.pi / 2))
        #expect(close(layer[.transform].transform!, Transform3D.scale(2, 2, 2).concatenating(.rotation(.pi / 2, 0, 0, 1))))
        try layer.set(KeyPath(parsing: "transform.translation.x"), .number(10))
        #expect(close(number(try layer.value(at: KeyPath(parsing: "transform.translation.x"))), 10))
        #expect(close(number(try layer.value(at: KeyPath(parsing: "transform.rotation"))), .pi / 2))
        // transform.scale reads the average of the three factors.
        try layer.set(.transform, .transform(.scale(1, 0.1, 1)))
        #expect(close(number(try layer.value(at: scale)), 2.1 / 3))
    }
}

@Suite struct InterpolationTests {
    @Test func componentTypesBlendLinearly() {
        #expect(Value.number(2).interpolated(to: .number(4), 0.25) == .number(2.5))
        #expect(Value.point(Point(0, 10)).interpolated(to: .point(Point(10, 0)), 0.5) == .point(Point(5, 5)))
        #expect(Value.size(Size(0, 0)).interpolated(to: .size(Size(8, 4)), 0.5) == .size(Size(4, 2)))
        #expect(Value.rect(Rect(0, 0, 10, 10)).interpolated(to: .rect(Rect(10, 20, 30, 40)), 0.5) == .rect(Rect(5, 10, 20, 25)))
        let c = Value.color(Color(red: 0, green: 1, blue: 0, alpha: 0)).interpolated(to: .color(Color(red: 1, green: 0, blue: 0.5, alpha: 1)), 0.5)
        #expect(c == .color(Color(red: 0.5, green: 0.5, blue: 0.25, alpha: 0.5)))
        // Springs overshoot: extrapolation is linear.
        #expect(Value.number(0).interpolated(to: .number(10), 1.2) == .number(12))
    }

    @Test func arraysBlendElementWiseWhenTheyMatch() {
        #expect(Value.numbers([0, 0.25, 0.5]).interpolated(to: .numbers([0.5, 1, 1.5]), 0.5) == .numbers([0.25, 0.625, 1]))
        let cs = Value.colors([.black, .white]).interpolated(to: .colors([.white, .black]), 0.5)
        #expect(cs == .colors([Color(white: 0.5), Color(white: 0.5)]))
        // Different lengths switch half way.
        #expect(Value.numbers([0]).interpolated(to: .numbers([1, 2]), 0.49) == .numbers([0]))
        #expect(Value.numbers([0]).interpolated(to: .numbers([1, 2]), 0.5) == .numbers([1, 2]))
    }

    @Test func discreteTypesSwitchHalfWay() {
        #expect(Value.string("a").interpolated(to: .string("b"), 0.4) == .string("a"))
        #expect(Value.string("a").interpolated(to: .string("b"), 0.6) == .string("b"))
        #expect(Value.bool(false).interpolated(to: .bool(true), 0.5) == .bool(true))
    }

    @Test func pathsBlendPointWiseWhenShapesMatch() {
        var a = Path(); a.move(to: Point(0, 0)); a.line(to: Point(10, 0))
        var b = Path(); b.move(to: Point(0, 10)); b.line(to: Point(20, 10))
        var mid = Path(); mid.move(to: Point(0, 5)); mid.line(to: Point(15, 5))
        #expect(Value.path(a).interpolated(to: .path(b), 0.5) == .path(mid))
        var c = Path(); c.addEllipse(in: Rect(0, 0, 10, 10))
        #expect(Value.path(a).interpolated(to: .path(c), 0.3) == .path(a))
    }

    @Test func arcsFollowUIKitOrientation() {
        var p = Path()
        p.arc(center: Point(0, 0), radius: 10, startAngle: -.pi / 2, endAngle: 0, clockwise: true)
        // A quarter from 12 o'clock to 3 o'clock: one cubic ending at (10, 0).
        #expect(p.elements.count == 2)
        guard case .cubic(_, _, let end) = p.elements[1] else { Issue.record("expected a cubic"); return }
        #expect(close(end.x, 10) && close(end.y, 0))
        // Every flattened point lies on the circle, within the cubic approximation's error.
        for q in p.flattened()[0] { #expect(abs((q.x * q.x + q.y * q.y).squareRoot() - 10) < 0.003) }
    }

    @Test func addingAndScaling() {
        #expect(Value.number(1).adding(.number(2)) == .number(3))
        #expect(Value.point(Point(1, 2)).adding(.point(Point(3, 4))) == .point(Point(4, 6)))
        let r = Value.transform(.rotation(.pi / 2, 0, 0, 1)).scaled(by: 3)
        #expect(close(r.transform!, .rotation(3 * .pi / 2, 0, 0, 1), 1e-9))
        #expect(Value.number(4).subtracting(.number(1)) == .number(3))
        let t = Value.transform(.translation(5, 0)).subtracting(.transform(.translation(2, 0)))
        #expect(close(t.transform!, .translation(3, 0)))
    }
}
