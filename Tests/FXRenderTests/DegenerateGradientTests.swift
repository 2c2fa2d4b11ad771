// SPDX-License-Identifier: MIT
import FXCore
import Testing
@testable import FXRender

/// A radial gradient whose ellipse has no size (startPoint on endPoint, or
/// on its row or column) lies wholly past its last location, so it paints
/// its last colour (cairo's PAD extend, the rule CAGradientLayer's locations
/// follow past 1), and what is drawn after it in the frame still draws.
@Suite struct DegenerateGradientTests {
    let red = Color(red: 1, green: 0, blue: 0)
    let blue = Color(red: 0, green: 0, blue: 1)
    let green = Color(red: 0, green: 1, blue: 0)

    @Test(arguments: [Point(0.5, 0.5), Point(0.5, 1), Point(1, 0.5)])
    func aRadialGradientOfNoSizePaintsItsLastColourAndLaterLayersStillDraw(end: Point) throws {
        let stage = try scene(80, 40) { s in
            _ = try layer(s, .gradient, frame: Rect(0, 0, 40, 40), [
                (.colors, .colors([red, blue])), (.gradientType, .string("radial")),
                (.startPoint, .point(Point(0.5, 0.5))), (.endPoint, .point(end)),
            ])
            _ = try layer(s, frame: Rect(50, 10, 20, 20), [(.backgroundColor, .color(green))])
        }
        let frame = try render(stage)
        #expect(rgba(frame, 60, 20) == [0, 255, 0, 255], "the layer drawn after the gradient")
        #expect(rgba(frame, 5, 5) == [0, 0, 255, 255] && rgba(frame, 35, 3) == [0, 0, 255, 255], "the last colour")
    }
}
