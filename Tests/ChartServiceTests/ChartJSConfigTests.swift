import ChartSpec
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import ChartService

/// Reading a Chart.js config from text, and finding where a path's value is in that text.
struct ChartJSConfigTests {
    static let literal = """
        // a comment with { braces } and 'quotes'
        {
          type: 'bar', /* [not, an, array] */
          "data": {
            labels: ["a,b", 'c}d', `e]f`],
            datasets: [{ label: 'x\\'y', data: [1, +2, .5, -0x1F] },
                       { 'odd key': { nested: [[], {}] }, data: [null, 3, 4,], },],
          },
          données: { 'é': 1, 'a\\u0062c': 2 },
        }
        """

    /// Path → (line, column) of its value in `literal`, or nil when the path leads nowhere.
    static let positions: [(String, (Int, Int)?)] = [
        ("type", (3, 9)),
        ("data", (4, 11)),
        ("data.labels[1]", (5, 21)),
        ("data.labels[2]", (5, 28)),
        ("data.datasets[0].data[3]", (6, 51)),
        ("data.datasets[1][\"odd key\"].nested[1]", (7, 44)),
        ("data.datasets[1].data[2]", (7, 67)),
        ("data[\"datasets\"][0].label", (6, 25)),
        ("données[\"é\"]", (9, 21)),
        ("données.abc", (9, 36)),
        ("data.labels[3]", nil),
        ("data.datasets[2]", nil),
        ("data.missing", nil),
        ("type.length", nil),
        ("data[\"cut…\"]", nil),
        ("data..labels", nil),
        ("data.labels[x]", nil),
    ]

    @Test(arguments: positions)
    func findsWhereAPathsValueStarts(path: String, expected: (Int, Int)?) throws {
        #expect(try JSLiteralParser.parse(Self.literal) != .null)  // the locator only ever sees accepted text
        let found = LiteralSourceLocator(Array(Self.literal.utf8)).positions(of: [path])[0]
        #expect(found?.line == expected?.0 && found?.column == expected?.1, "\(path)")
    }

    @Test func findsManyPathsInOneWalk() {
        let paths = Self.positions.map(\.0)
        let found = LiteralSourceLocator(Array(Self.literal.utf8)).positions(of: paths.reversed() + paths)
        for (n, (path, expected)) in Self.positions.enumerated() {
            for position in [found[paths.count - 1 - n], found[paths.count + n]] {
                #expect(position?.line == expected?.0 && position?.column == expected?.1, "\(path)")
            }
        }
    }

    /// Config text → the value read, for every text form.
    static let forms: [(String, JSONValue)] = [
        (#"{"type":"bar"}"#, .object([JSONMember(key: "type", value: .string("bar"))])),
        ("{type: 'bar', /* c */}", .object([JSONMember(key: "type", value: .string("bar"))])),
        (#""{\"type\":\"bar\"}""#, .object([JSONMember(key: "type", value: .string("bar"))])),  // Python client
        (#"'{type: \'bar\'}'"#, .object([JSONMember(key: "type", value: .string("bar"))])),
    ]

    @Test(arguments: forms)
    func readsEveryTextForm(text: String, expected: JSONValue) throws {
        #expect(try ChartJSConfig(text: Array(text.utf8)).value == expected)
    }

    /// Text → (malformed, path, message fragment): code is refused for its meaning (422), broken syntax as malformed
    /// (400); both give the line and column.
    static let refusals: [(String, Bool, String, String)] = [
        ("{type: 'bar',\n data: {]}", true, "data", "line 2, column 9"),
        ("{type: 'bar'", true, "type", "line 1, column 13"),
        ("{a: 1 2}", true, "a", "line 1, column 7"),
        ("{options: {scales: {yAxes: [{ticks: {callback: function(v) { return v }}}]}}}", false,
         "options.scales.yAxes[0].ticks.callback", "functions are not evaluated"),
        ("{data: (v) => v}", false, "data", "arrow functions"),
        ("{data: v => v}", false, "data", "arrow functions"),
        ("while(true){}", false, "", "line 1, column 1"),
        ("{type: 'bar', data: { datasets: [{ data: [Math.PI] }] }}", false, "data.datasets[0].data[0]", "Math"),
        ("{data: [1, 2].map(x)}", false, "data", "member access is not evaluated"),
        ("{data: alert('x')}", false, "data", "not evaluated"),
        ("{data: new Date()}", false, "data", "'new' expressions"),
        ("{data: [1 + 2]}", false, "data[0]", "operator"),
        ("{data: [Infinity]}", false, "data[0]", "cannot be drawn"),
        ("{get data() { return 1 }}", false, "", "not evaluated"),
        (#""{\"type\": \n\n  ]}""#, true, "type", "line 3, column 3"),  // positions in the unwrapped text
    ]

    @Test(arguments: refusals)
    func refusesCodeForItsMeaningAndBrokenSyntaxAsMalformed(text: String, malformed: Bool, path: String,
                                                            fragment: String) {
        #expect {
            _ = try ChartJSConfig(text: Array(text.utf8))
        } throws: { error in
            guard let error = error as? SpecError, let issue = error.issues.first else { return false }
            return error.isMalformedJSON == malformed && issue.path == path && issue.message.contains(fragment)
                && issue.message.contains("line ")
        }
    }

    @Test func aWhileTrueConfigIsRefusedAtOnce() {
        let text = Array(("{type: 'line', data: { datasets: [{ data: (() => { while(true) {} })() }] }, "
            + String(repeating: "x: 1, ", count: 100_000) + "}").utf8)
        let start = monotonicSeconds()
        #expect(throws: SpecError.self) { try ChartJSConfig(text: text) }
        #expect(monotonicSeconds() - start < 0.05)
    }

    @Test func translationErrorsGainTheLineAndColumnOfTheirValue() throws {
        let config = try ChartJSConfig(text: Array(Self.literal.utf8))
        let error = SpecError(issues: [
            SpecIssue(path: "data.datasets[0].data[3]", message: "must not be negative"),
            SpecIssue(path: "options.title", message: "missing"),
            SpecIssue(path: "", message: "root problem"),
        ])
        let located = config.locating(error)
        #expect(located.issues.map(\.message)
            == ["must not be negative (line 6, column 51)", "missing", "root problem"])
        #expect(ChartJSConfig(value: config.value).locating(error) == error)  // an object config has no text
    }
}

func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
