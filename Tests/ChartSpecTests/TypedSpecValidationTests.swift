import ChartScene
import Testing
@testable import ChartSpec

/// A spec built in Swift that must be refused: its changes to a valid one-series spec, the equivalent JSON (nil when
/// JSON cannot say it, e.g. NaN), and the one issue expected.
struct TypedRejection: Sendable, CustomTestStringConvertible {
    var change: @Sendable (inout ChartSpec) -> Void
    var json: String?
    var path: String
    var fragment: String
    var testDescription: String { "\(path): \(fragment)" }

    init(_ json: String?, _ path: String, _ fragment: String, _ change: @escaping @Sendable (inout ChartSpec) -> Void) {
        self.change = change
        self.json = json
        self.path = path
        self.fragment = fragment
    }

    /// `minimalSpec()` built in Swift.
    static var base: ChartSpec { ChartSpec(type: .line, series: [Series(values: [1, 2, 3])]) }
}

struct TypedSpecValidationTests {
    static let rejections: [TypedRejection] = [
        TypedRejection(minimalSpec(#""width": 9000"#), "width", "must be between 16 and 4096, got 9000") {
            $0.width = 9000
        },
        TypedRejection(minimalSpec(#""width": 100.5"#), "width", "expected an integer, got 100.5") {
            $0.width = 100.5
        },
        TypedRejection(nil, "width", "must be a finite number") { $0.width = .nan },
        TypedRejection(nil, "scale", "must be a finite number") { $0.scale = .infinity },
        TypedRejection(minimalSpec(#""scale": 5"#), "scale", "must be between 1 and 4, got 5") { $0.scale = 5 },
        TypedRejection(#"{"series": []}"#, "series", "must have between 1 and 64 series, got 0") { $0.series = [] },
        TypedRejection(nil, "series[0].values[1]", "must be a finite number") {
            $0.series[0] = Series(values: [1, .nan, 3])
        },
        TypedRejection(nil, "series[0].points[1][0]", "got -Infinity") {
            $0.series[0] = Series(xy: [(0, 1), (-.infinity, 2)])
        },
        TypedRejection(minimalSpec(#""title": "a\tb""#), "title", "must not contain control characters (found U+0009") {
            $0.title = "a\tb"
        },
        TypedRejection(minimalSpec(#""subtitle": "\#(String(repeating: "é", count: 201))""#), "subtitle",
                       "must be at most 200 characters (Unicode scalars), got 201") {
            $0.subtitle = String(repeating: "é", count: 201)
        },
        TypedRejection(minimalSpec(#""labels": ["a", "b\u0007"]"#), "labels[1]", "must not contain control characters") {
            $0.labels = ["a", "b\u{7}"]
        },
        TypedRejection(seriesSpec(#""lineWidth": 100"#), "series[0].lineWidth", "must be between 0.25 and 32, got 100") {
            $0.series[0].lineWidth = 100
        },
        TypedRejection(seriesSpec(#""dash": [0, 0]"#), "series[0].dash", "must not all be zero") {
            $0.series[0].dash = [0, 0]
        },
        TypedRejection(minimalSpec(#""palette": []"#), "palette", "must have between 1 and 64 colors, got 0") {
            $0.palette = []
        },
        TypedRejection(minimalSpec(#""x": {"min": 5, "max": 1}"#), "x.max", "must be greater than min (5), got 1") {
            $0.x.min = 5
            $0.x.max = 1
        },
        TypedRejection(minimalSpec(#""animation": {"duration": 100}"#), "animation.duration",
                       "must be between 0.05 and 30, got 100") {
            $0.animation = AnimationOptions(duration: 100)
        },
        TypedRejection(minimalSpec(#""annotations": [{"type": "bubble", "series": 3, "index": 0}]"#),
                       "annotations[0].series", "there is no series 3 (the spec has 1)") {
            $0.annotations = [.bubble(series: 3, index: 0)]
        },
        TypedRejection(#"{"type": "line", "series": [{"points": [[2, 1], [1, 2]]}]}"#, "series[0].points[1][0]", "x must not decrease") {
            $0.series[0] = Series(xy: [(2, 1), (1, 2)])
        },
        TypedRejection(#"{"series": [{"points": [[1, 2, 3], [2, 3]]}]}"#, "series[0].points",
                       "either every point has a size (third element) or none does") {
            $0.series[0] = Series(xy: [(1, 2), (2, 3)])
            $0.series[0].sizes = [3]
        },
    ]

    @Test(arguments: rejections)
    func typedSpecIsRefusedAsItsJSONIs(_ rejection: TypedRejection) throws {
        var spec = TypedRejection.base
        rejection.change(&spec)
        let error = try #require(throws: SpecError.self) { try spec.validated() }
        #expect(error.issues.count == 1, "\(error.issues)")
        let issue = try #require(error.issues.first)
        #expect(issue.path == rejection.path)
        #expect(issue.message.contains(rejection.fragment), "\(issue.message)")
        if let json = rejection.json {
            // The JSON form of the same spec is refused with exactly the same words at the same path.
            #expect(specIssues(json) == error.issues)
        }
    }

    /// The sizes that would make writing the canonical form costly are refused by counting, before anything is
    /// written, with the decoder's messages.
    @Test func hostileSizesAreCountedNotWritten() throws {
        var spec = TypedRejection.base
        spec.series = [Series(values: [Double?](repeating: 1, count: 1_000_001))]
        var error = try #require(throws: SpecError.self) { try spec.validated() }
        #expect(error.issues == [SpecIssue(path: "series[0].values",
                                           message: "must have at most 1000000 values, got 1000001")])

        spec.series = (0..<3).map { _ in Series(xy: (0..<700_000).map { (x: Double($0), y: 1) }) }
        error = try #require(throws: SpecError.self) { try spec.validated() }
        #expect(error.issues == [SpecIssue(path: "series",
                                           message: "the series have 2100000 points in total; the limit is 2000000")])

        spec.series = [Series(values: [1])]
        spec.palette = [Color](repeating: .black, count: 10_000_000)
        error = try #require(throws: SpecError.self) { try spec.validated() }
        #expect(error.issues == [SpecIssue(path: "palette", message: "must have between 1 and 64 colors, got 10000000")])

        spec.palette = nil
        // Too many series: none of them is looked at (as the decoder reads no element of an array too long), so
        // their own problems (a size for a point that has none) are not reported.
        spec.series = (0..<65).map { _ in
            var series = Series(xy: [(1, 2)])
            series.sizes = [1, 2]
            return series
        }
        error = try #require(throws: SpecError.self) { try spec.validated() }
        #expect(error.issues == [SpecIssue(path: "series", message: "must have between 1 and 64 series, got 65")])
    }

    /// Anything else too large for the canonical form is refused as too large rather than read back (a million
    /// labels of 200 characters would be 200 MB of JSON, over what the parser takes from a request). Shown with a
    /// small form limit: 100 labels of 200 characters need more than 20,000 bytes.
    @Test func oversizedFormIsRefused() throws {
        var spec = TypedRejection.base
        spec.labels = [String](repeating: String(repeating: "x", count: 200), count: 100)
        let error = try #require(throws: SpecError.self) { try spec.validated(renderingAs: nil, formLimit: 20_000) }
        #expect(error.issues == [SpecIssue(path: "", message: "the spec is too large: its JSON form would be over "
            + "20,000 bytes")])
        #expect(try spec.validated(renderingAs: nil, formLimit: 30_000).labels?.count == 100)
    }

    @Test func validSpecComesBackEqualAndStamped() throws {
        var spec = ChartSpec(type: .bar, width: 800, height: 400, title: "Quarters", labels: ["Q1", "Q2", "Q3"])
        spec.series = [Series(name: "a", values: [1, nil, 3], color: Color(hex: "#336699")),
                       Series(name: "b", values: [2, 2, 2])]
        spec.bars = BarOptions(mode: .stacked, cornerRadius: 4)
        spec.annotations = [.horizontalLine(y: 2, label: "mean")]
        #expect(!spec.isValidated)
        let valid = try spec.validated()
        #expect(valid == spec)
        #expect(valid.isValidated)
        #expect(valid.canonicalJSON == spec.canonicalJSON)
        #expect(try ChartSpec.parse(spec.canonicalJSON) == valid)
    }

    /// A spec parsed from JSON is validated; changing it takes the stamp away, so the change is checked.
    @Test func changingAValidatedSpecValidatesItAgain() throws {
        var spec = try parseSpec(minimalSpec())
        #expect(spec.isValidated)
        #expect(try spec.validated().isValidated)
        spec.series[0].points.append(DataPoint(x: 3, y: .nan))
        #expect(!spec.isValidated)
        let error = try #require(throws: SpecError.self) { try spec.validated() }
        #expect(error.issues.map(\.path) == ["series[0].values[3]"])
        spec.series[0].points[3].y = 4
        #expect(try spec.validated().series[0].points.count == 4)
    }

    /// A validated spec still gets the raster budget of the format it will be rendered as.
    @Test func rasterBudgetOfAValidatedSpec() throws {
        var spec = TypedRejection.base
        spec.width = 4096
        spec.height = 4096
        spec.scale = 2
        let valid = try spec.validated()
        let error = try #require(throws: SpecError.self) { try valid.validated(renderingAs: .png) }
        #expect(error.issues.map(\.path) == ["scale"])
    }

    @Test func colorsFromHex() throws {
        let table: [(String, Color?)] = [
            ("#4e79a7", Color(rgb: 0x4E79A7)), ("4e79a7", Color(rgb: 0x4E79A7)), ("#fff", .white),
            ("#ff000080", Color(red: 255, green: 0, blue: 0, alpha: 128)), ("#abcd", Color(rgb: 0xAABBCC, alpha: 0xDD)),
            ("red", nil), ("#ggg", nil), ("", nil), ("#", nil), ("#12345", nil), ("rgb(1,2,3)", nil),
        ]
        for (text, expected) in table {
            #expect(Color(hex: text) == expected, "\(text)")
        }
        #expect(try Color(css: "rgb(1, 2, 3)") == Color(red: 1, green: 2, blue: 3))
        #expect(throws: CSSColorError.self) { try Color(css: "nope") }
    }

    @Test func seriesInitialisers() {
        let values = Series(name: "v", values: [1, nil, 3])
        #expect(values.points == [DataPoint(x: 0, y: 1), DataPoint(x: 1, y: nil), DataPoint(x: 2, y: 3)])
        #expect(!values.hasNumericX)
        #expect(values.values == [1, nil, 3])
        let xy = Series(xy: [(0.5, 1), (2, nil)])
        #expect(xy.hasNumericX && xy.points == [DataPoint(x: 0.5, y: 1), DataPoint(x: 2, y: nil)])
        let bubbles = Series(bubbles: [(1, 2, 3), (4, 5, 6)])
        #expect(bubbles.sizes == [3, 6] && bubbles.hasNumericX)
    }
}
