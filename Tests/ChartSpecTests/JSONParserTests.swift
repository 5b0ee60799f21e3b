import Testing
@testable import ChartSpec

struct JSONParserTests {
    private func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    @Test func parsesEveryKindAndKeepsKeyOrder() throws {
        let value = try parse(
            #" { "z": [1, -2.5, true, false, null], "a": {"s": "x\"y\\\n\u00e9\ud83d\ude00"}, "m": {} } "#)
        #expect(value == .object([
            JSONMember(key: "z", value: .array([.number(1), .number(-2.5), .bool(true), .bool(false), .null])),
            JSONMember(key: "a", value: .object([JSONMember(key: "s", value: .string("x\"y\\\né😀"))])),
            JSONMember(key: "m", value: .object([])),
        ]))
    }

    /// Numbers must equal the standard library's correctly rounded conversion, on the fast path and off it.
    @Test(arguments: [
        "0", "-0", "1", "-1", "0.1", "0.3", "123.456", "1e22", "1e23", "1E-22", "4.35e-7", "9007199254740992",
        "9007199254740993", "123456789012345678901234567890", "2.2250738585072014e-308", "5e-324",
        "1.7976931348623157e308", "0.000000000000000000000000000001", "1e-400", "3.14159265358979323846",
        "100000000000000000000000.5", "-12345.678e3",
    ])
    func numbersMatchCorrectRounding(literal: String) throws {
        let expected = try #require(Double(literal))
        #expect(try parse(literal) == .number(expected))
    }

    struct SyntaxCase: Sendable, CustomTestStringConvertible {
        var input: [UInt8]
        var offset: Int
        var line: Int
        var column: Int
        var fragment: String
        var testDescription: String { String(decoding: input.prefix(30), as: UTF8.self) }

        init(_ text: String, _ offset: Int, _ line: Int, _ column: Int, _ fragment: String) {
            self.init(Array(text.utf8), offset, line, column, fragment)
        }

        init(_ bytes: [UInt8], _ offset: Int, _ line: Int, _ column: Int, _ fragment: String) {
            input = bytes
            self.offset = offset
            self.line = line
            self.column = column
            self.fragment = fragment
        }
    }

    @Test(arguments: [
        SyntaxCase("", 0, 1, 1, "unexpected end of input, expected a value"),
        SyntaxCase("[1,]", 3, 1, 4, "unexpected character ']', expected a value"),
        SyntaxCase(#"{"a" 1}"#, 5, 1, 6, "expected ':' after a key"),
        SyntaxCase(#"{"a":1,}"#, 7, 1, 8, "expected a string key"),
        SyntaxCase("{\n  \"a\": 1\n  \"b\": 2}", 13, 3, 3, "expected ',' or '}'"),
        SyntaxCase("[01]", 1, 1, 2, "leading zeros"),
        SyntaxCase("[1.]", 3, 1, 4, "expected a digit after the decimal point"),
        SyntaxCase("[-]", 2, 1, 3, "expected a digit"),
        SyntaxCase("[1e]", 3, 1, 4, "expected a digit in the exponent"),
        SyntaxCase(#"{"a":tru}"#, 5, 1, 6, "invalid literal, expected true"),
        SyntaxCase("NaN", 0, 1, 1, "unexpected character 'N'"),
        SyntaxCase("[Infinity]", 1, 1, 2, "unexpected character 'I'"),
        SyntaxCase(#""abc"#, 0, 1, 1, "unterminated string"),
        SyntaxCase(#""\q""#, 1, 1, 2, "invalid escape sequence"),
        SyntaxCase(#"["\ud800"]"#, 2, 1, 3, "lone high surrogate"),
        SyntaxCase(#"["\udc00"]"#, 2, 1, 3, "lone low surrogate"),
        SyntaxCase(#"["\u12G4"]"#, 6, 1, 7, "expected a hex digit"),
        SyntaxCase([0x22, 0x61, 0x01, 0x22], 2, 1, 3, "unescaped control character"),
        SyntaxCase([0x22, 0xFF, 0x22], 0, 1, 1, "not valid UTF-8"),
        SyntaxCase([0x22, 0xC3, 0x22], 0, 1, 1, "not valid UTF-8"),
        SyntaxCase("{}\n\n  x", 6, 3, 3, "unexpected character 'x' after the JSON value"),
        SyntaxCase("[1] // comment", 4, 1, 5, "after the JSON value"),
        SyntaxCase("[1e400]", 1, 1, 2, "out of range"),
        SyntaxCase("-1e999999999999999999", 0, 1, 1, "out of range"),
        SyntaxCase(#"{"a":1,"a":2}"#, 7, 1, 8, #"duplicate key "a""#),
        SyntaxCase("[\u{0B}]", 1, 1, 2, "byte 0x0B"),
    ])
    func syntaxErrorsGivePosition(_ c: SyntaxCase) {
        #expect {
            _ = try JSONParser.parse(c.input)
        } throws: { error in
            guard let error = error as? JSONSyntaxError else { return false }
            return error.offset == c.offset && error.line == c.line && error.column == c.column
                && error.message.contains(c.fragment)
        }
    }

    @Test func errorsNameThePathOfTheFailingValue() {
        let expected = JSONSyntaxError(offset: 26, line: 1, column: 27,
                                       message: "leading zeros are not allowed in numbers", path: "series[1].values")
        #expect(throws: expected) {
            _ = try parse(#"{"series":[{}, {"values": 01}]}"#)
        }
    }

    @Test func duplicateKeysAreFoundInLargeObjectsToo() {
        let members = (0..<100).map { "\"k\($0)\": \($0)" } + ["\"k57\": 0"]
        #expect(throws: JSONSyntaxError.self) { _ = try parse("{" + members.joined(separator: ",") + "}") }
        let unique = (0..<100).map { "\"k\($0)\": \($0)" }
        #expect(throws: Never.self) { _ = try parse("{" + unique.joined(separator: ",") + "}") }
    }

    @Test func nestingUpToTheLimitIsAccepted() throws {
        let depth = JSONParser.maxDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        _ = try parse(text)
    }

    @Test func depthBombIsRejectedAtTheLimit() {
        let bomb = [UInt8](repeating: UInt8(ascii: "["), count: 10_000)
        #expect {
            _ = try JSONParser.parse(bomb)
        } throws: { error in
            let error = error as? JSONSyntaxError
            return error?.offset == JSONParser.maxDepth && error?.message.contains("nesting deeper than 64") == true
        }
        let objectBomb = Array(String(repeating: #"{"a":"#, count: 10_000).utf8)
        #expect(throws: JSONSyntaxError.self) { _ = try JSONParser.parse(objectBomb) }
    }

    @Test func overlongStringsAreRejected() {
        let long = "\"" + String(repeating: "a", count: JSONParser.maxStringBytes + 1) + "\""
        #expect(throws: JSONSyntaxError.self) { _ = try parse(long) }
        let escaped = "\"" + String(repeating: "\\n", count: JSONParser.maxStringBytes + 1) + "\""
        #expect(throws: JSONSyntaxError.self) { _ = try parse(escaped) }
    }

    @Test func pathsQuoteOddKeys() {
        #expect(JSONPath.member("", "a b") == #"["a b"]"#)
        #expect(JSONPath.member("x", "title") == "x.title")
        #expect(JSONPath.member("", "<\u{7}>") == #"["<\u0007>"]"#)
    }
}
