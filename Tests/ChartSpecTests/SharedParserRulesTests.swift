import Testing
@testable import ChartSpec

/// The rules JSONParser and JSLiteralParser share (NestingDepth, ObjectBuilder, StringEscapes, StringText): the
/// same input, valid in both grammars, is refused by both at the same offset, with the message each has always given
/// (the two word a few \u errors differently, and keep doing so).
struct SharedParserRulesTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var input: String
        var offset: Int
        var json: String
        var literal: String
        var testDescription: String { input.count > 40 ? String(input.prefix(40)) + "…" : input }
    }

    static let cases: [Case] = [
        Case(input: #"["\ud800"]"#, offset: 2, json: #"lone high surrogate in \u escape"#,
             literal: #"lone high surrogate in \u escape"#),
        Case(input: #"["\udc00"]"#, offset: 2, json: #"lone low surrogate in \u escape"#,
             literal: "escape of a lone surrogate (U+DC00)"),
        Case(input: #"["\ud800\u0041"]"#, offset: 2, json: "high surrogate not followed by a low surrogate",
             literal: "high surrogate not followed by a low surrogate"),
        Case(input: #"["\u12x4"]"#, offset: 6, json: #"unexpected character 'x' in \u escape, expected a hex digit"#,
             literal: "unexpected character 'x' in an escape, expected a hex digit"),
        Case(input: #"["\u12"#, offset: 6, json: #"unterminated \u escape"#,
             literal: "unexpected end of input in an escape, expected a hex digit"),
        Case(input: #"{"a": 1, "a": 2}"#, offset: 9, json: #"duplicate key "a""#, literal: #"duplicate key "a""#),
        Case(input: "{" + (0..<20).map { "\"k\($0)\": 1, " }.joined() + #""k3": 2}"#, offset: 191,
             json: #"duplicate key "k3""#, literal: #"duplicate key "k3""#),
        Case(input: String(repeating: "[", count: 65) + String(repeating: "]", count: 65), offset: 64,
             json: "nesting deeper than 64 levels", literal: "nesting deeper than 64 levels"),
        Case(input: "[\"" + String(repeating: "a", count: JSONParser.maxStringBytes + 1) + "\"]", offset: 1,
             json: "string longer than 65536 bytes", literal: "string longer than 65536 bytes"),
        Case(input: "[\"" + String(repeating: #"\n"#, count: JSONParser.maxStringBytes + 1) + "\"]", offset: 1,
             json: "string longer than 65536 bytes", literal: "string longer than 65536 bytes"),
    ]

    @Test(arguments: cases)
    func bothParsersRefuseAlikeWhereTheyAlwaysDid(_ c: Case) {
        let bytes = Array(c.input.utf8)
        #expect(throws: JSONSyntaxError.self) { _ = try JSONParser.parse(bytes) }
        #expect(throws: JSONSyntaxError.self) { _ = try JSLiteralParser.parse(bytes) }
        do { _ = try JSONParser.parse(bytes) } catch {
            #expect(error.offset == c.offset && error.message == c.json, "JSON: \(error.offset) \(error.message)")
        }
        do { _ = try JSLiteralParser.parse(bytes) } catch {
            #expect(error.offset == c.offset && error.message == c.literal, "literal: \(error.offset) \(error.message)")
        }
    }

    /// Invalid UTF-8 is refused on the fast path (no escapes) and after escapes alike, at the string's quote.
    @Test(arguments: [[0x5B, 0x22, 0xFF, 0x22, 0x5D], [0x5B, 0x22, 0x5C, 0x6E, 0xC3, 0x22, 0x5D]] as [[UInt8]])
    func invalidUTF8IsRefusedAtTheQuote(_ bytes: [UInt8]) {
        do {
            _ = try JSONParser.parse(bytes)
            Issue.record("JSON accepted")
        } catch {
            #expect(error.offset == 1 && error.message == "string is not valid UTF-8")
        }
        do {
            _ = try JSLiteralParser.parse(bytes)
            Issue.record("literal accepted")
        } catch {
            #expect(error.offset == 1 && error.message == "string is not valid UTF-8")
        }
    }

    /// A surrogate pair becomes one scalar; a large object's keys go through the set and all are kept in order.
    @Test func pairsAndLargeObjectsReadTheSame() throws {
        let text = #"{"s": "\ud83d\ude00\u00e9", "#
            + (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + "}"
        let json = try JSONParser.parse(Array(text.utf8))
        #expect(try JSLiteralParser.parse(Array(text.utf8)) == json)
        guard case .object(let members) = json else { Issue.record("not an object"); return }
        #expect(members.first?.value == .string("😀é"))
        #expect(members.map(\.key) == ["s"] + (0..<40).map { "k\($0)" })
    }
}
