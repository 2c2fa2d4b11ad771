// SPDX-License-Identifier: MIT
/// A text layer's document ("t": {"d": {"k": [{"s": …, "t": frame}]}}), as
/// Bodymovin writes After Effects' source text: the text (lines separated by
/// a carriage return), the font by its name in the file's "fonts" list, the
/// size, fill colour, justification, line height and baseline shift; for
/// paragraph text also the box ("sz") and its position ("ps").
struct TextDocument {
    var text: String
    var family: String
    var size: Double
    var fill: [Double]
    /// 0 left, 1 right, 2 centre (3–6, justified paragraphs, align their last line: left, right, centre, left).
    var justification: Int
    var lineHeight: Double
    var baselineShift: Double
    var box: (x: Double, y: Double, width: Double, height: Double)?
}
