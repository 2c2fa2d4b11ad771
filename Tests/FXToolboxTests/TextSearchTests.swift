// SPDX-License-Identifier: MIT
import FXToolbox
import Testing

/// `firstRange(ofText:)` against ranges counted by hand, in characters from the start.
@Suite struct TextSearchTests {
    func offsets(_ text: String, _ other: String) -> [Int]? {
        text.firstRange(ofText: other).map { [text.distance(from: text.startIndex, to: $0.lowerBound), text.distance(from: text.startIndex, to: $0.upperBound)] }
    }

    @Test func theFirstOccurrenceIsFound() {
        #expect(offsets("a {{TOKEN}} b {{TOKEN}}", "{{TOKEN}}") == [2, 11])
        #expect(offsets("error: x", "error:") == [0, 6])
        #expect(offsets("at the end", "end") == [7, 10])
        #expect(offsets("ééa€b", "€b") == [3, 5])
        #expect(offsets("aaab", "aab") == [1, 4])
        #expect(offsets("", "") == [0, 0])
        #expect(offsets("abc", "") == [0, 0])
    }

    @Test func whatIsNotThereIsNotFound() {
        #expect(offsets("warning", "warning: ") == nil)
        #expect(offsets("", "a") == nil)
        #expect(offsets("abc", "abd") == nil)
        #expect(!"fxhost: error".containsText("warning"))
        #expect("fxhost: plugin: warning: x"[...].containsText("warning: "))
    }
}
