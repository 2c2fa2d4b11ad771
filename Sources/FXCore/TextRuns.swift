// SPDX-License-Identifier: MIT
/// A text layer's coloured ranges (the key `foregroundColorRuns`, fx.h 1.5):
/// what an NSAttributedString's `foregroundColor` attributes say on iOS, as
/// six numbers a run: the run's UTF-8 byte range in the string, then its
/// straight-alpha sRGB colour. Text outside every run keeps the layer's
/// `foregroundColor`.
public struct TextRun: Sendable, Equatable {
    /// The run's bytes in the string's UTF-8: `start..<end`.
    public var start: Int
    public var end: Int
    public var color: Color

    public init(start: Int, end: Int, color: Color) {
        self.start = start
        self.end = end
        self.color = color
    }

    /// Numbers per run in the key's value.
    public static let numbers = 6

    /// The runs `numbers` hold, or why they are not runs (the key's contract in fx.h).
    public static func runs(_ numbers: [Double]) -> Result<[TextRun], FXError> {
        guard numbers.count % TextRun.numbers == 0 else {
            return .failure(FXError("foregroundColorRuns takes six numbers a run (start, end, red, green, blue, alpha); \(numbers.count) is not a multiple of six"))
        }
        var runs: [TextRun] = []
        runs.reserveCapacity(numbers.count / TextRun.numbers)
        var previousEnd = 0
        for i in stride(from: 0, to: numbers.count, by: TextRun.numbers) {
            let n = i / TextRun.numbers
            let s = numbers[i], e = numbers[i + 1]
            guard s >= 0, e >= 0, s == s.rounded(), e == e.rounded(), s <= Double(Int32.max), e <= Double(Int32.max) else {
                return .failure(FXError("foregroundColorRuns run \(n): its byte offsets (\(s), \(e)) must be whole numbers from 0"))
            }
            guard s <= e else { return .failure(FXError("foregroundColorRuns run \(n) ends (byte \(Int(e))) before it starts (byte \(Int(s)))")) }
            guard Int(s) >= previousEnd else {
                return .failure(FXError("foregroundColorRuns run \(n) starts at byte \(Int(s)), before the previous run's end (\(previousEnd)); give runs in order, not overlapping"))
            }
            let c = Array(numbers[i + 2..<i + 6])
            guard c.allSatisfy({ $0 >= 0 && $0 <= 1 }) else {
                return .failure(FXError("foregroundColorRuns run \(n): its colour's channels must be within 0…1, not \(c)"))
            }
            runs.append(TextRun(start: Int(s), end: Int(e), color: Color(red: c[0], green: c[1], blue: c[2], alpha: c[3])))
            previousEnd = Int(e)
        }
        return .success(runs)
    }
}
