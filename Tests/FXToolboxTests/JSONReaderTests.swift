// SPDX-License-Identifier: MIT
import FXToolbox
import Testing

/// The toolbox's JSON reader against RFC 8259's grammar, by hand: what it takes, what it
/// refuses (with the line and column of the fault), and its limits.
@Suite struct JSONReaderTests {
    func read(_ text: String, _ limits: JSONReader.Limits = JSONReader.Limits()) throws(JSONSyntaxError) -> JSON {
        try JSONReader.parse(Array(text.utf8), limits: limits)
    }

    @Test func valuesAsTheGrammarWritesThem() throws {
        let v = try read(#"{"a": [1, -2.5e1, true, false, null], "b": "\u00e9\ud83d\ude00\n\"", "a": 3}"#)
        #expect(v["a"] == .array([.number(1), .number(-25), .bool(true), .bool(false), .null]))
        #expect(v["b"]?.string == "é😀\n\"")
        // Members keep their order, a repeated key too; the subscript finds the first.
        #expect(v.members.map(\.key) == ["a", "b", "a"])
        // A UTF-8 byte order mark before the text is allowed.
        #expect(try JSONReader.parse([0xEF, 0xBB, 0xBF] + Array("7".utf8)) == .number(7))
    }

    @Test(arguments: ["+1", ".5", "1.", "[1,]", "{'a': 1}", #""\q""#, "[1] // note", "NaN", "tru", "\"a\tb\"", "{\"a\" 1}", "[1 2]"])
    func whatTheGrammarDoesNotAllowIsRefused(text: String) {
        #expect(throws: JSONSyntaxError.self) { try read(text) }
    }

    @Test func aFaultNamesItsLineAndColumn() {
        do {
            _ = try read("{\n  \"a\": 1,\n  \"b\": ?\n}")
            Issue.record("accepted")
        } catch {
            #expect(error.line == 3 && error.column == 8, "\(error)")
            #expect(error.description == "unexpected character '?' where a value should be at line 3, column 8")
        }
    }

    @Test func aNumberTooLargeForADoubleNamesItsPath() {
        do {
            _ = try read(#"{"layers": [{"w": 1e999}]}"#)
            Issue.record("accepted")
        } catch {
            #expect(error.valuePath == "$.layers[0].w")
        }
    }

    @Test func limitsBoundDepthValuesAndStrings() throws {
        var limits = JSONReader.Limits()
        limits.maxDepth = 3
        #expect(try read("[[1]]", limits) == .array([.array([.number(1)])]))
        #expect(throws: JSONSyntaxError.self) { try read("[[[1]]]", limits) }
        limits = JSONReader.Limits()
        limits.maxValues = 4
        #expect(try read("[1,2,3]", limits).elements.count == 3)
        #expect(throws: JSONSyntaxError.self) { try read("[1,2,3,4]", limits) }
        limits = JSONReader.Limits()
        limits.maxStringBytes = 4
        #expect(try read(#""abcd""#, limits) == .string("abcd"))
        #expect(throws: JSONSyntaxError.self) { try read(#""abcdef""#, limits) }
    }
}
