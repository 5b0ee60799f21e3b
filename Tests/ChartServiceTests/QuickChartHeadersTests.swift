import HTTPServer
import Testing
@testable import ChartService

/// `X-quickchart-error` and `X-Chart-Ignored` carry input, so they must stay header-safe and bounded.
struct QuickChartHeadersTests {
    /// (text, limit) → header value: printable ASCII passes, everything else is escaped, cuts keep whole escapes.
    static let safeCases: [(String, Int, String)] = [
        ("data.datasets[0].data[2]: expected a number", 512, "data.datasets[0].data[2]: expected a number"),
        ("a\r\nX-Injected: 1", 512, #"a\u000D\u000AX-Injected: 1"#),
        ("tab\there\u{7F}", 512, #"tab\u0009here\u007F"#),
        ("café 日本 😀", 512, #"caf\u00E9 \u65E5\u672C \u{1F600}"#),
        (#"back\slash"#, 512, #"back\slash"#),
        ("abcdefghij", 10, "abcdefghij"),
        ("abcdefghijk", 10, "abcdefg..."),
        ("abcdef\u{E9}gh", 12, "abcdef..."),  // "\u00E9" would not fit whole before the ellipsis
        ("", 10, ""),
    ]

    @Test(arguments: safeCases)
    func headerValuesArePrintableASCIIWithinTheLimit(text: String, limit: Int, expected: String) {
        let safe = QuickChartHeaders.headerSafe(text, maxBytes: limit)
        #expect(safe == expected)
        #expect(safe.utf8.count <= limit)
        #expect(safe.utf8.allSatisfy { $0 >= 0x20 && $0 <= 0x7E })
    }

    @Test func aHostileMessageOfAnyLengthBecomesOneSafeLineOf512BytesAtMost() {
        let hostile = String(repeating: "\r\n\u{0}é😀\"\\", count: 400)
        var response = Problem(status: 422, detail: "The chart spec has 1 problem.",
                               errors: [.init(path: "data[\"\r\n\"]", message: hostile)]).response
        QuickChartHeaders.addError(to: &response)
        let header = response.headers[QuickChartHeaders.error] ?? ""
        #expect(header.hasPrefix(#"data["\u000D\u000A"]: \u000D\u000A\u0000\u00E9\u{1F600}"\"#))
        #expect(header.hasSuffix("..."))
        #expect(header.utf8.count <= 512)
        #expect(header.utf8.allSatisfy { $0 >= 0x20 && $0 <= 0x7E })
    }

    @Test func theErrorHeaderIsTheFirstIssueOrTheDetail() {
        var invalid = Problem(status: 422, detail: "The chart spec has 2 problems.", errors: [
            .init(path: "type", message: "sankey is not supported"), .init(path: "data", message: "missing")]).response
        QuickChartHeaders.addError(to: &invalid)
        #expect(invalid.headers[QuickChartHeaders.error] == "type: sankey is not supported")
        var plain = Problem(status: 413, detail: "the body is too large").response
        QuickChartHeaders.addError(to: &plain)
        #expect(plain.headers[QuickChartHeaders.error] == "the body is too large")
        var image = HTTPResponse(status: 500, headers: ["Content-Type": "image/png"], body: [1, 2])
        QuickChartHeaders.addError(to: &image)
        #expect(image.headers[QuickChartHeaders.error] == nil)
    }

    @Test func ignoredPathsAreListedWithinOneKibibyte() throws {
        #expect(QuickChartHeaders.ignoredValue([]) == nil)
        #expect(QuickChartHeaders.ignoredValue(["options.responsive", "options.animation"])
            == "options.responsive, options.animation")
        let many = (0..<500).map { "options.plugins.unknown\($0)" }
        let value = try #require(QuickChartHeaders.ignoredValue(many))
        #expect(value.utf8.count <= 1024)
        let listed = value.components(separatedBy: ", ").filter { $0.hasPrefix("options.") }
        #expect(listed == Array(many.prefix(listed.count)))
        #expect(value.hasSuffix(", ... (\(500 - listed.count) more)"))
        #expect(listed.count > 30)  // as many as fit, not a token few
        let one = try #require(QuickChartHeaders.ignoredValue([String(repeating: "k", count: 5000)]))
        #expect(one.utf8.count <= 1024 && one.hasSuffix("..."))
        #expect(QuickChartHeaders.ignoredValue(["x\r\ny"]) == #"x\u000D\u000Ay"#)
    }
}

extension String {
    /// Splits on a separator string (Foundation-free, for the tests here).
    fileprivate func components(separatedBy separator: String) -> [String] {
        var parts: [String] = []
        var rest = self[...]
        while let range = rest.firstRange(of: separator) {
            parts.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        parts.append(String(rest))
        return parts
    }
}
