// SPDX-License-Identifier: MIT
import Foundation
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

    /// Strings are read in one step when they hold no escape and byte by byte otherwise: both must
    /// give what Foundation's JSONSerialization gives, for strings mixing plain runs, escapes and
    /// multibyte characters in every order (a seeded generator), and refuse what RFC 8259 refuses.
    @Test func stringsWithAndWithoutEscapesReadAsFoundationReadsThem() throws {
        let pieces = ["a", "Luminosity", " ", "é", "漢字", "😀", #"\n"#, #"\""#, #"\\"#, #"\/"#, #"\u00e9"#,
                      #"\ud83d\ude00"#, #"\t"#, ""]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        for _ in 0..<400 {
            let text = "\"" + (0..<next(6)).map { _ in pieces[next(pieces.count)] }.joined() + "\""
            let expected = try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) as? String
            #expect(try read(text).string == expected, "\(text)")
        }
        // A byte that is not UTF-8 becomes U+FFFD either way; a control character, an unknown escape
        // or a missing closing quote is refused wherever it falls.
        #expect(try JSONReader.parse([0x22, 0x61, 0xFF, 0x22]).string == "a\u{FFFD}")
        #expect(try JSONReader.parse([0x22, 0x5C, 0x6E, 0xFF, 0x22]).string == "\n\u{FFFD}")
        for text in ["\"abc\u{1}\"", "\"\\q abc\"", "\"abc\\q\"", "\"abc", "\"abc\\", "\"\\n abc"] {
            #expect(throws: JSONSyntaxError.self, "\(text)") { try read(text) }
        }
        // The byte limit holds with an escape or without: four bytes pass, five do not.
        var limits = JSONReader.Limits()
        limits.maxStringBytes = 4
        #expect(try read(#""ab\nc""#, limits) == .string("ab\nc"))
        #expect(throws: JSONSyntaxError.self) { try read(#""abcde""#, limits) }
        #expect(throws: JSONSyntaxError.self) { try read(#""ab\ncd""#, limits) }
    }
}
