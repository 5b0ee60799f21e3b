import Testing
@testable import ChartSpec

/// One accepted literal and the JSON document (read by `JSONParser`) it must equal.
struct LiteralAcceptance: Sendable, CustomTestStringConvertible {
    var literal: String
    var json: String
    var testDescription: String { literal }

    init(_ literal: String, _ json: String) {
        self.literal = literal
        self.json = json
    }
}

/// One refused literal: the error's path and a fragment of its message.
struct LiteralRejection: Sendable, CustomTestStringConvertible {
    var literal: String
    var path: String
    var fragment: String
    var testDescription: String { "\(literal) → \(path): \(fragment)" }

    init(_ literal: String, _ path: String, _ fragment: String) {
        self.literal = literal
        self.path = path
        self.fragment = fragment
    }
}

struct JSLiteralParserTests {
    /// Configs as QuickChart's README, docs and JS client write them (sources noted per case).
    static let acceptances: [LiteralAcceptance] = [
        // QuickChart README, the first example URL's config.
        LiteralAcceptance(
            "{type:'bar',data:{labels:['Q1','Q2'],datasets:[{label:'Users',data:[50,60]}]}}",
            #"{"type":"bar","data":{"labels":["Q1","Q2"],"datasets":[{"label":"Users","data":[50,60]}]}}"#),
        // QuickChart docs "Getting started": options with title and legend, numbers as labels.
        LiteralAcceptance(
            """
            {type:'bar',data:{labels:[2012,2013,2014],datasets:[{label:'Revenue',data:[120,60,50]}]},
             options:{title:{display:true,text:'Total Revenue'},legend:{display:false}}}
            """,
            #"""
            {"type":"bar","data":{"labels":[2012,2013,2014],"datasets":[{"label":"Revenue","data":[120,60,50]}]},
             "options":{"title":{"display":true,"text":"Total Revenue"},"legend":{"display":false}}}
            """#),
        // A config pasted from a JS file: comments, trailing commas, double quotes, undefined.
        LiteralAcceptance(
            """
            {
              // a line comment
              type: "line", /* a block
                               comment */
              data: {
                labels: ['Jan', 'Feb',],
                datasets: [{ label: "Dogs", data: [1, null, 3,], fill: false, borderDash: undefined, },],
              },
            }
            """,
            #"""
            {"type":"line","data":{"labels":["Jan","Feb"],
             "datasets":[{"label":"Dogs","data":[1,null,3],"fill":false,"borderDash":null}]}}
            """#),
        // Quoted keys of both kinds, `$` and `_` in identifiers, reserved words as keys.
        LiteralAcceptance(#"{'single': 1, "double": 2, $d_1: 3, default: 4, get: 5, set: 6, new: 7}"#,
                          #"{"single":1,"double":2,"$d_1":3,"default":4,"get":5,"set":6,"new":7}"#),
        // JS string escapes and a line continuation.
        LiteralAcceptance(#"{s: 'It\'s \"x\"\n\t\\\/', u: '\u00e9\u{1F600}\x41\0', c: 'a\"# + "\n" + #"b', i: '\q'}"#,
                          #"{"s":"It's \"x\"\n\t\\/","u":"é😀A\u0000","c":"ab","i":"q"}"#),
        LiteralAcceptance(#"["\ud83d\ude00", '\u{0000041}', "\v\b\f\r"]"#, #"["😀","A","\u000b\b\f\r"]"#),
        // Number forms beyond JSON.
        LiteralAcceptance("[+1, .5, 5., 0x1F, -0X10, -.25, 1e3, 5.e2, +.5E-1, -0, 1.50]",
                          "[1, 0.5, 5, 31, -16, -0.25, 1000, 500, 0.05, -0, 1.5]"),
        // Template literals without substitutions are plain strings; `$` alone is text.
        LiteralAcceptance("{t: `a $ b {c}`, d: 'US$ 5'}", #"{"t":"a $ b {c}","d":"US$ 5"}"#),
        // Unicode identifier keys and text; BOM, no-break and ideographic spaces are whitespace, even after a word.
        LiteralAcceptance("\u{FEFF}{标签:\u{A0}'销售',\u{3000}ok\u{2028}:\u{2003}true\u{A0}}",
                          #"{"标签":"销售","ok":true}"#),
        // Nested datasets with per-point colours and {x, y} data.
        LiteralAcceptance(
            "{datasets:[{data:[{x:1,y:2},{x:2,y:-3.5}],backgroundColor:['rgba(255,99,132,0.5)','#36a2eb',]}]}",
            ##"{"datasets":[{"data":[{"x":1,"y":2},{"x":2,"y":-3.5}],"##
                + ##""backgroundColor":["rgba(255,99,132,0.5)","#36a2eb"]}]}"##),
        LiteralAcceptance("  // only a comment before\n[] /* and after */ ", "[]"),
        LiteralAcceptance("{}", "{}"),
        LiteralAcceptance("true", "true"),
    ]

    @Test(arguments: acceptances)
    func acceptsQuickChartStyleLiterals(_ c: LiteralAcceptance) throws {
        let expected = try JSONParser.parse(Array(c.json.utf8))
        #expect(try JSLiteralParser.parse(c.literal) == expected)
    }

    /// Everything that would need evaluating, plus malformed literals, each with the path it is reported at.
    static let rejections: [LiteralRejection] = [
        LiteralRejection("{options:{ticks:{callback: function(v){return v+'%'}}}}",
                         "options.ticks.callback", "functions are not evaluated"),
        LiteralRejection("{cb: async function() {}}", "cb", "functions are not evaluated"),
        LiteralRejection("{cb: (v) => v * 2}", "cb", "arrow functions are not evaluated"),
        LiteralRejection("{cb: v => v}", "cb", "arrow functions are not evaluated"),
        LiteralRejection("{x: (1)}", "x", "parenthesised expressions"),
        LiteralRejection("{x: Math.PI}", "x", #"identifier "Math" is not a value"#),
        LiteralRejection("{data: {labels: [window]}}", "data.labels[0]", #"identifier "window" is not a value"#),
        LiteralRejection("{x: [1, 2].map(f)}", "x", "member access is not evaluated"),
        LiteralRejection("{x: 'abc'[0]}", "x", "member access is not evaluated"),
        LiteralRejection("{x: [1](0)}", "x", "calls are not evaluated"),
        LiteralRejection("{x: `a${b}`}", "x", "template substitutions ('${') are not evaluated"),
        LiteralRejection("{x: 1 + 2}", "x", "operator character '+' is not evaluated"),
        LiteralRejection("{data: [0, 1 * 2, 3]}", "data[1]", "operator character '*' is not evaluated"),
        LiteralRejection("{data: [0, 1 2]}", "data[1]", "expected ',' or ']'"),
        LiteralRejection("{x: true && false}", "x", "operator character '&' is not evaluated"),
        LiteralRejection("{x: a ? 1 : 2}", "x", #"identifier "a" is not a value"#),
        LiteralRejection("{x: 1 ? 1 : 2}", "x", "operator character '?' is not evaluated"),
        LiteralRejection("{x: -y}", "x", "operator '-' applies only to a number literal"),
        LiteralRejection("{x: !0}", "x", "operator character '!' is not evaluated"),
        LiteralRejection("{x: new Date()}", "x", "'new' expressions are not evaluated"),
        LiteralRejection("{x: /ab+c/g}", "x", "regular expressions are not evaluated"),
        LiteralRejection("{x: Infinity}", "x", "Infinity is not a finite number and cannot be drawn"),
        LiteralRejection("{x: [1, -Infinity]}", "x[1]", "Infinity is not a finite number"),
        LiteralRejection("{x: NaN}", "x", "NaN is not a finite number"),
        LiteralRejection("while(true){}", "", #"identifier "while" is not a value"#),
        LiteralRejection("{a: 1, a: 2}", "", #"duplicate key "a""#),
        LiteralRejection("{a, b}", "a", "shorthand property refers to a variable"),
        LiteralRejection("{cb(v) { return v }}", "cb", "methods (functions) are not evaluated"),
        LiteralRejection("{get x() { return 1 }}", "", "accessors and methods (functions) are not evaluated"),
        LiteralRejection("{[k]: 1}", "", "computed keys are not evaluated"),
        LiteralRejection("{...base, a: 1}", "", "spread ('...') is not evaluated"),
        LiteralRejection("[...xs]", "[0]", "spread ('...') is not evaluated"),
        LiteralRejection("[.x]", "[0]", "unexpected character '.', expected a value"),
        LiteralRejection("[1,,2]", "", "array holes (',,') are not allowed"),
        LiteralRejection("{s: 'abc}", "s", "unterminated string"),
        LiteralRejection("{s: 'a\nb'}", "s", "a line break inside quotes must be written \\n"),
        LiteralRejection(#"{s: '\101'}"#, "s", "octal escapes are not allowed"),
        LiteralRejection(#"{s: '\uD800'}"#, "s", "lone high surrogate"),
        LiteralRejection(#"{s: '\u{110000}'}"#, "s", "above U+10FFFF"),
        LiteralRejection(#"{s: '\xG0'}"#, "s", "expected a hex digit"),
        LiteralRejection("{a: 1} /* never closed", "", "unterminated /* comment"),
        LiteralRejection("{x: 1e999}", "x", "out of range"),
        LiteralRejection("{x: 0x}", "x", "expected a hex digit after 0x"),
        LiteralRejection("{x: 007}", "x", "leading zeros are not allowed"),
        LiteralRejection("{x: 'a' 'b'}", "x", "expected ',' or '}'"),
        LiteralRejection("{a: 1};", "", "unexpected character ';' after the value"),
        LiteralRejection("{1: 'a'}", "", "expected a key"),
        LiteralRejection("{a: 1", "a", "unexpected end of input, expected ',' or '}'"),
        LiteralRejection("", "", "unexpected end of input, expected a value"),
    ]

    @Test(arguments: rejections)
    func refusesWithPathAndMessage(_ c: LiteralRejection) {
        do {
            let value = try JSLiteralParser.parse(c.literal)
            Issue.record("accepted as \(value)")
        } catch {
            #expect(error.path == c.path)
            #expect(error.message.contains(c.fragment), "\(error.message)")
        }
    }

    @Test func errorsGiveLineAndColumn() {
        let text = "{\n  type: 'bar',\n  options: { cb: function() {} }\n}"
        #expect {
            _ = try JSLiteralParser.parse(text)
        } throws: { error in
            let error = error as? JSONSyntaxError
            return error?.line == 3 && error?.column == 18 && error?.path == "options.cb"
        }
    }

    /// Numbers that start as JSON does are read by `JSONScanner` in one pass; JS-only spellings and malformed
    /// numbers fall back to the literal rules from the number's start. Both must give JSONParser's value for JSON
    /// spellings, and a malformed number's error must point where it did (the column of the offending byte).
    @Test func numbersReadInOnePassAgreeWithJSONAndKeepTheirErrorPositions() throws {
        for spelling in ["0", "-0", "0.5", "-0.25", "38.59", "1e3", "1E-7", "-2.5e+2", "9007199254740993",
                         "123456789012345678901234567890", "1e308", "4.9e-324", "0.1000000000000000055511151231257827"] {
            let text = "[" + spelling + ", " + spelling + "]"
            #expect(try JSLiteralParser.parse(text) == JSONParser.parse(Array(text.utf8)), "\(spelling)")
        }
        // JS-only spellings next to their JSON equivalents.
        for (literal, json) in [("5.", "5"), ("0x1F", "31"), ("-5.e1", "-50"), ("+7", "7"), ("-.5", "-0.5")] {
            #expect(try JSLiteralParser.parse("[" + literal + "]") == JSONParser.parse(Array("[\(json)]".utf8)))
        }
        let malformed: [(text: String, column: Int, fragment: String)] = [
            ("[1e]", 4, "expected a digit in the exponent"),
            ("[01]", 2, "leading zeros are not allowed"),
            ("[-01]", 2, "leading zeros are not allowed"),
            ("[1.5.3]", 5, "member access is not evaluated"),
            ("[5abc]", 3, "expected ',' or ']'"),
            ("[2e999]", 2, "out of range"),
        ]
        for c in malformed {
            #expect {
                _ = try JSLiteralParser.parse(c.text)
            } throws: { error in
                guard let error = error as? JSONSyntaxError else { return false }
                return error.line == 1 && error.column == c.column && error.message.contains(c.fragment)
            }
        }
    }

    /// The Python client JSON-encodes the config twice: the literal is a string, and unwrapping it is the caller's
    /// one extra parse of the string's contents.
    @Test func aDoubleEncodedConfigIsAStringWhoseContentsParse() throws {
        let outer = try JSLiteralParser.parse(#""{\"type\": \"bar\", \"data\": {\"labels\": [\"a\"]}}""#)
        guard case .string(let inner) = outer else {
            Issue.record("expected a string, got \(outer)")
            return
        }
        #expect(try JSLiteralParser.parse(inner)
                == JSONParser.parse(Array(#"{"type":"bar","data":{"labels":["a"]}}"#.utf8)))
    }

    @Test func functionLikeStringsAreListedByPath() throws {
        let config = try JSLiteralParser.parse("""
            {options: {scales: {yAxes: [{ticks: {callback: "function(value) { return value + '%'; }"}}]},
              plugins: {a: "(v) => v * 2", b: " v=>v", c: "async function f() {}", d: "function*gen(){}",
                        e: "async (x) => x", f: "function named(x) {}"},
              ok: ["Revenue (USD)", "function", "function keys", "functional(x)", "(units)", "a = b", "=> x",
                   "2 => 3", ""]}}
            """)
        #expect(JSLiteralParser.executableStrings(in: config) == [
            "options.scales.yAxes[0].ticks.callback", "options.plugins.a", "options.plugins.b", "options.plugins.c",
            "options.plugins.d", "options.plugins.e", "options.plugins.f",
        ])
    }

    /// A flood of function-like strings under a long key must not build a path for each (the hostile corpus's
    /// chartjs-function-strings-long-key: 290k of them cost more CPU than a refusal may): enough to report, plus one.
    @Test func functionLikeStringsStopOnceThereAreMoreThanCanBeReported() {
        let limit = ChartSpec.Limits.maxReportedIssues
        let key = String(repeating: "k", count: 1_000)
        let config = JSONValue.object([JSONMember(key: key, value: .array(Array(repeating: .string("v=>v"),
                                                                               count: 10 * limit)))])
        let paths = JSLiteralParser.executableStrings(in: config)
        #expect(paths.count == limit + 1)
        #expect(paths.last == JSONPath.index(JSONPath.member("", key), limit))
    }

    @Test func limitsAreJSONParsers() {
        let depth = JSONParser.maxDepth
        #expect(throws: Never.self) {
            _ = try JSLiteralParser.parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        }
        #expect {
            _ = try JSLiteralParser.parse(String(repeating: "{a:", count: 10_000))
        } throws: { error in
            (error as? JSONSyntaxError)?.message.contains("nesting deeper than 64") == true
        }
        let long = "'" + String(repeating: "a", count: JSONParser.maxStringBytes + 1) + "'"
        #expect(throws: JSONSyntaxError.self) { _ = try JSLiteralParser.parse(long) }
        let escaped = "'" + String(repeating: "\\n", count: JSONParser.maxStringBytes + 1) + "'"
        #expect(throws: JSONSyntaxError.self) { _ = try JSLiteralParser.parse(escaped) }
        let longKey = "{" + String(repeating: "k", count: JSONParser.maxStringBytes + 1) + ": 1}"
        #expect(throws: JSONSyntaxError.self) { _ = try JSLiteralParser.parse(longKey) }
        let members = (0..<100).map { "k\($0): \($0)" } + ["k7: 0"]
        #expect {
            _ = try JSLiteralParser.parse("{" + members.joined(separator: ",") + "}")
        } throws: { error in
            (error as? JSONSyntaxError)?.message == #"duplicate key "k7""#
        }
    }

    /// 2 MiB hostile inputs are refused with the right message and path (their timing is measured in a release
    /// build, not asserted here).
    @Test func hostileTwoMebibyteInputsAreRefused() {
        let size = 2 << 20
        func filled(_ prefix: String, _ unit: String, _ suffix: String) -> String {
            prefix + String(repeating: unit, count: (size - prefix.utf8.count - suffix.utf8.count) / unit.utf8.count)
                + suffix
        }
        let numbers = filled("[", "12345,", "while(true){}]")
        let cases: [(String, String, String)] = [
            (numbers, "[\((numbers.utf8.count - 15) / 6)]", #"identifier "while" is not a value"#),
            (filled("while(true){}", " ", ""), "", #"identifier "while" is not a value"#),
            // Depths 1–3 are a, b and [0]; the objects at depths 4–64 each hold a "c"; depth 65 is refused.
            (filled("{a:{b:[", "{c:", ""), "a.b[0]" + String(repeating: ".c", count: 61),
             "nesting deeper than 64 levels"),
            (filled("[1,", "// comment\n", "/*"), "", "unterminated /* comment"),
            (filled("{s: '", "x", "'}"), "s", "string longer than 65536 bytes"),
        ]
        for (text, path, fragment) in cases {
            #expect(text.utf8.count > size - 16)
            #expect {
                _ = try JSLiteralParser.parse(text)
            } throws: { error in
                let error = error as? JSONSyntaxError
                return error?.path == path && error?.message.contains(fragment) == true
            }
        }
    }

    // MARK: Property: JSON in, the same value out

    /// For generated JSON documents — random structure, whitespace, escapes and number spellings — the literal
    /// parser gives exactly `JSONParser`'s value. Single-byte mutations of them that `JSONParser` still accepts
    /// must agree too, and those it refuses must not crash the literal parser.
    @Test func everyJSONDocumentReadsAsJSONParserReadsIt() throws {
        var generator = JSONTextGenerator(seed: 0x5EED_C4A7)
        var mutatedAccepted = 0
        for _ in 0..<400 {
            let text = generator.document()
            let expected = try JSONParser.parse(text)
            #expect(try JSLiteralParser.parse(text) == expected, "\(String(decoding: text, as: UTF8.self))")
            for _ in 0..<8 {
                var mutated = text
                mutated[generator.below(mutated.count)] = generator.mutationByte()
                guard let value = try? JSONParser.parse(mutated) else {
                    _ = try? JSLiteralParser.parse(mutated)
                    continue
                }
                mutatedAccepted += 1
                #expect(try JSLiteralParser.parse(mutated) == value, "\(String(decoding: mutated, as: UTF8.self))")
            }
        }
        #expect(mutatedAccepted > 100)  // the mutations do exercise the comparison
    }
}

/// Random JSON text from a fixed seed (SplitMix64), spelling each value in one of JSON's many ways.
struct JSONTextGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    mutating func pick<T>(_ options: [T]) -> T { options[below(options.count)] }

    /// Bytes that often keep JSON valid or break it in interesting ways (the last two are half of "Ω").
    private static let mutationBytes = Array(" \t\n,:[]{}\"\\0123456789.eE+-untrflasx/'ZΩ".utf8)

    mutating func mutationByte() -> UInt8 { Self.mutationBytes[below(Self.mutationBytes.count)] }

    mutating func document() -> [UInt8] {
        var out: [UInt8] = []
        value(depth: 0, into: &out)
        space(&out)
        return out
    }

    private mutating func space(_ out: inout [UInt8]) {
        if below(3) == 0 { out.append(contentsOf: pick([" ", "\n", "\t", "\r\n  "]).utf8) }
    }

    private mutating func value(depth: Int, into out: inout [UInt8]) {
        space(&out)
        switch below(depth > 4 ? 4 : 7) {
        case 0: out.append(contentsOf: pick(["true", "false", "null"]).utf8)
        case 1, 2: number(into: &out)
        case 3: string(into: &out)
        case 4, 5:
            out.append(UInt8(ascii: "["))
            let count = below(5)
            for i in 0..<count {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                value(depth: depth + 1, into: &out)
            }
            space(&out)
            out.append(UInt8(ascii: "]"))
        default:
            out.append(UInt8(ascii: "{"))
            let count = below(5)
            for i in 0..<count {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                space(&out)
                out.append(contentsOf: "\"k\(i)\(pick(["", "_x", " y", "\\u00e9", "\\\"q"]))\"".utf8)
                space(&out)
                out.append(UInt8(ascii: ":"))
                value(depth: depth + 1, into: &out)
            }
            space(&out)
            out.append(UInt8(ascii: "}"))
        }
    }

    private mutating func number(into out: inout [UInt8]) {
        var text = below(3) == 0 ? "-" : ""
        text += pick(["0", String(below(1000)), String(next() >> below(64)), "9007199254740993"])
        if below(2) == 0 { text += "." + String(below(100_000)) + pick(["", "0", "5", "000000000000000000001"]) }
        if below(3) == 0 { text += pick(["e", "E"]) + pick(["", "+", "-"]) + String(below(280)) }
        out.append(contentsOf: text.utf8)
    }

    private mutating func string(into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for _ in 0..<below(6) {
            out.append(contentsOf: pick([
                "a", "Q1", " ", "é", "销售", "😀", "'", "$", "${x}", "//", "/*", "\\n", "\\t", "\\\"", "\\\\",
                "\\/", "\\b", "\\f", "\\r", "\\u0041", "\\u00E9", "\\ud83d\\ude00", "function(v) {}",
            ]).utf8)
        }
        out.append(UInt8(ascii: "\""))
    }
}
