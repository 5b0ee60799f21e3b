import ChartRender
import ChartSpec
import Foundation
import Testing
@testable import ChartService

/// The published contract — `openapi.yaml` and the examples built into the preview page — must say what the spec
/// parser does: the same enums and colors, the same limits, and examples that actually parse, and every route the
/// service has is documented. (The HTTP side of the contract is checked against a running server by
/// `scripts/check-openapi` and `scripts/check-contract`.)
struct OpenAPIContractTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func file(_ name: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
    }

    /// The block of `components.schemas.<name>` in openapi.yaml: from its line to the next schema at the same depth.
    static func schema(_ name: String) throws -> Substring {
        let doc = try file("openapi.yaml")
        let start = try #require(doc.range(of: "\n    \(name):\n"), "openapi.yaml has no schema \(name)")
        let rest = doc[start.upperBound...]
        var end = rest.endIndex
        var lineStart = rest.startIndex
        while lineStart < rest.endIndex {
            let lineEnd = rest[lineStart...].firstIndex(of: "\n") ?? rest.endIndex
            let line = rest[lineStart..<lineEnd]
            if line.hasPrefix("    "), !line.hasPrefix("     "), !line.allSatisfy({ $0 == " " }) {
                end = lineStart
                break
            }
            lineStart = lineEnd < rest.endIndex ? rest.index(after: lineEnd) : rest.endIndex
        }
        return rest[..<end]
    }

    /// The block of property `property` (indented 8 spaces) inside `block`, up to the next property.
    static func property(_ property: String, in block: Substring) throws -> Substring {
        let start = try #require(block.range(of: "\n        \(property):\n"), "no property \(property)")
        let rest = block[start.upperBound...]
        let next = rest.range(of: #"\n        [A-Za-z]"#, options: .regularExpression)?.lowerBound ?? rest.endIndex
        return rest[..<next]
    }

    /// The values of the first `enum: [a, b, …]` in `block` (which may wrap over lines).
    static func enumValues(_ block: Substring) throws -> [String] {
        let open = try #require(block.range(of: "enum: ["), "no enum")
        let close = try #require(block[open.upperBound...].firstIndex(of: "]"))
        return block[open.upperBound..<close].split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// The number after `key:` in `block` (e.g. `maximum: 4096`).
    static func number(_ key: String, in block: Substring) throws -> Double {
        let range = try #require(block.range(of: "\(key): "), "no \(key)")
        let digits = block[range.upperBound...].prefix { $0.isNumber || $0 == "." || $0 == "-" }
        return try #require(Double(String(digits)))
    }

    /// The values of the first `required: [a, b, …]` in `block`.
    static func requiredValues(_ block: Substring) throws -> [String] {
        let open = try #require(block.range(of: "required: ["), "no required")
        let close = try #require(block[open.upperBound...].firstIndex(of: "]"))
        return block[open.upperBound..<close].split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// The names of a schema's own properties: the keys indented 8 spaces (nested keys are indented further).
    static func propertyNames(_ block: Substring) -> Set<String> {
        var names: Set<String> = []
        for line in block.split(separator: "\n") where line.hasPrefix("        ") && !line.hasPrefix("         ") {
            if let colon = line.firstIndex(of: ":") {
                names.insert(String(line[..<colon].drop { $0 == " " }))
            }
        }
        return names
    }

    /// The first `pattern: '…'` in `block`, as a whole-string regular expression.
    static func pattern(_ block: Substring) throws -> String {
        let open = try #require(block.range(of: "pattern: '"), "no pattern")
        let close = try #require(block[open.upperBound...].firstIndex(of: "'"))
        return String(block[open.upperBound..<close])
    }

    static func matches(_ text: String, _ pattern: String) -> Bool {
        text.range(of: pattern, options: .regularExpression) != nil
    }

    static func issues(_ json: String) -> [SpecIssue] {
        do throws(SpecError) {
            _ = try ChartSpec.parse(Array(json.utf8))
            return []
        } catch {
            return error.issues
        }
    }

    /// The paths of the problems the whole pipeline finds (the parser's, and the layout's: time zones, timestamps).
    static func renderIssues(_ json: String) -> [String] {
        do throws(RenderError) {
            _ = try ChartRenderer.shared.render(json: Array(json.utf8), format: .json)
            return []
        } catch {
            if case .invalidSpec(let spec) = error { return spec.issues.map(\.path) }
            return ["backend: \(error)"]
        }
    }

    // MARK: Enums

    struct EnumCase: Sendable, CustomTestStringConvertible {
        var schema: String
        var property: String?
        var model: [String]
        var testDescription: String { property.map { "\(schema).\($0)" } ?? schema }
    }

    static let enums: [EnumCase] = [
        EnumCase(schema: "ChartType", model: ChartType.allCases.map(\.rawValue)),
        EnumCase(schema: "OutputFormat", model: OutputFormat.allCases.map(\.rawValue)),
        EnumCase(schema: "Theme", model: Theme.allCases.map(\.rawValue)),
        EnumCase(schema: "Curve", model: Curve.allCases.map(\.rawValue)),
        EnumCase(schema: "ChartSpec", property: "text", model: TextMode.allCases.map(\.rawValue)),
        EnumCase(schema: "ChartSpec", property: "compression", model: Compression.allCases.map(\.rawValue)),
        EnumCase(schema: "Series", property: "fill", model: FillMode.allCases.map(\.rawValue)),
        EnumCase(schema: "Series", property: "dots", model: DotStyle.allCases.map(\.rawValue)),
        EnumCase(schema: "AnimationOptions", property: "easing", model: Easing.allCases.map(\.rawValue)),
        EnumCase(schema: "Series", property: "type", model: SeriesMark.allCases.map(\.rawValue)),
        EnumCase(schema: "Series", property: "decimation", model: Decimation.allCases.map(\.rawValue)),
        EnumCase(schema: "BarOptions", property: "orientation", model: BarOrientation.allCases.map(\.rawValue)),
        EnumCase(schema: "BarOptions", property: "mode", model: BarMode.allCases.map(\.rawValue)),
        EnumCase(schema: "RingOptions", property: "label", model: RingLabel.allCases.map(\.rawValue)),
        EnumCase(schema: "RingOptions", property: "layout", model: RingLayout.allCases.map(\.rawValue)),
    ]

    @Test(arguments: enums)
    func documentedEnumMatchesTheModel(_ c: EnumCase) throws {
        var block = try Self.schema(c.schema)
        if let property = c.property { block = try Self.property(property, in: block) }
        #expect(Set(try Self.enumValues(block)) == Set(c.model))
    }

    /// `x` (`XAxis`) and `y` (`YAxis`) each have their own axis `type`s: exactly the documented kinds are accepted
    /// on each axis, and together they are the model's.
    @Test func axisKindsOfBothAxesAreTheModelsKinds() throws {
        let x = try Self.enumValues(Self.property("type", in: Self.schema("XAxis")))
        let y = try Self.enumValues(Self.property("type", in: Self.schema("YAxis")))
        #expect(Set(x + y) == Set(AxisScale.allCases.map(\.rawValue)))
    }

    @Test(arguments: [("x", "XAxis"), ("y", "YAxis")])
    func axisKindsPerAxisAreTheParsersKinds(_ axis: String, _ schema: String) throws {
        let documented = Set(try Self.enumValues(Self.property("type", in: Self.schema(schema))))
        #expect(documented.isSubset(of: Set(AxisScale.allCases.map(\.rawValue))))
        for kind in AxisScale.allCases {
            let problems = Self.issues(#"{"\#(axis)": {"type": "\#(kind.rawValue)"}, "series": [{"points": [[0, 1]]}]}"#)
            #expect(problems.isEmpty == documented.contains(kind.rawValue), "\(axis): \(kind): \(problems)")
        }
    }

    /// The documented name pattern takes IANA names, which render in their zone, and refuses what the server
    /// refuses by syntax (traversal, odd characters); a name it matches may still be unknown (a 422 at x.timeZone).
    /// The offset pattern is the one the time axis reads.
    @Test func documentedTimeZonesAreTheRenderersZones() throws {
        let block = try Self.property("timeZone", in: Self.schema("XAxis"))
        func spec(_ zone: String) -> String {
            #"{"x": {"type": "time", "timeZone": "\#(zone)"}, "series": [{"points": [[0, 1], [86400000, 2]]}]}"#
        }
        let name = try Self.pattern(block)
        let afterName = try #require(block.range(of: "pattern: '")).upperBound
        let offset = try Self.pattern(block[afterName...])
        for zone in ["UTC", "Europe/Paris", "America/Chicago", "America/Argentina/Buenos_Aires", "Australia/Lord_Howe",
                     "Asia/Kathmandu", "Etc/GMT+5", "Etc/GMT-14", "America/Port-au-Prince"] {
            #expect(Self.matches(zone, name) && Self.renderIssues(spec(zone)).isEmpty, "\(zone)")
        }
        for zone in ["../etc/passwd", "/etc/passwd", "America//Chicago", "America/", "Europe/Z\u{FC}rich", "A b",
                     "a.b"] {
            #expect(!Self.matches(zone, name) && Self.renderIssues(spec(zone)) == ["x.timeZone"], "\(zone)")
        }
        #expect(Self.matches("Mars/Olympus", name) && Self.renderIssues(spec("Mars/Olympus")) == ["x.timeZone"])
        for sample in ["+00:00", "-05:00", "+05:45", "+18:00", "-17:59", "+18:01", "+19:00", "+08:60", "08:00",
                       "+8:00", "+08:00:00"] {
            #expect(Self.matches(sample, offset) == Self.renderIssues(spec(sample)).isEmpty, "\(sample)")
        }
    }

    /// The documented timestamp pattern accepts the forms the time axis reads and rejects the ones it does not
    /// (calendar checks beyond the pattern, like February 30, are the server's 422).
    @Test func documentedTimestampPatternIsTheRenderersShape() throws {
        let block = try Self.schema("Point")
        let timestamp = try Self.pattern(block)
        #expect(try Self.number("maxLength", in: block) == Double(ChartSpec.Limits.maxTimestampLength))
        for sample in ["2026-03-01", "2026-03-01T09:30", "2026-03-01T09:30:05", "2026-03-01T09:30:00.125",
                       "2026-03-01T09:30:00.123456789+08:00", "2026-03-01T23:59Z", "2026-03-01T09:30-18:59",
                       "2026-03-01Z", "2026-03-01 09:30", "2026-3-1", "2026-03-01t09:30", "2026-03-01T24:00",
                       "2026-03-01T09:30:60", "2026-03-01T09:30:00.1234567890", "2026-03-01T09:30+19:00",
                       "2026-13-01", "2026-03-00", "20260301", "yesterday"] {
            let json = #"{"x": {"type": "time"}, "series": [{"points": [["\#(sample)", 1]]}]}"#
            #expect(Self.matches(sample, timestamp) == Self.renderIssues(json).isEmpty, "\(sample)")
        }
    }

    @Test func everyDocumentedColorNameParses() throws {
        let names = try Self.enumValues(Self.schema("NamedColor"))
        #expect(names.count == 149)  // 148 CSS Color 4 names and transparent
        for name in names {
            #expect(throws: Never.self, "\(name)") { _ = try CSSColor.parse(name) }
        }
        #expect(throws: CSSColorError.self) { _ = try CSSColor.parse("blurple") }
    }

    // MARK: Limits

    struct Limit: Sendable, CustomTestStringConvertible {
        var schema: String
        var property: String
        /// A spec with `\(value)` where the limit goes; the path the parser blames.
        var template: String
        var path: String
        var testDescription: String { "\(schema).\(property)" }
    }

    static let limits: [Limit] = [
        Limit(schema: "ChartSpec", property: "width", template: #"{"width": VALUE, "series": [{"values": [1]}]}"#,
              path: "width"),
        Limit(schema: "ChartSpec", property: "height", template: #"{"height": VALUE, "series": [{"values": [1]}]}"#,
              path: "height"),
        Limit(schema: "ChartSpec", property: "scale", template: #"{"scale": VALUE, "series": [{"values": [1]}]}"#,
              path: "scale"),
        Limit(schema: "Series", property: "lineWidth",
              template: #"{"series": [{"values": [1], "lineWidth": VALUE}]}"#, path: "series[0].lineWidth"),
        Limit(schema: "YAxis", property: "tickCount",
              template: #"{"series": [{"values": [1]}], "y": {"tickCount": VALUE}}"#, path: "y.tickCount"),
        Limit(schema: "AnimationOptions", property: "duration",
              template: #"{"series": [{"values": [1]}], "animation": {"duration": VALUE}}"#,
              path: "animation.duration"),
        Limit(schema: "AnimationOptions", property: "delay",
              template: #"{"series": [{"values": [1]}], "animation": {"delay": VALUE}}"#, path: "animation.delay"),
        Limit(schema: "AnimationOptions", property: "stagger",
              template: #"{"series": [{"values": [1]}], "animation": {"stagger": VALUE}}"#, path: "animation.stagger"),
        Limit(schema: "BarOptions", property: "cornerRadius",
              template: #"{"type": "bar", "series": [{"values": [1]}], "bars": {"cornerRadius": VALUE}}"#,
              path: "bars.cornerRadius"),
        Limit(schema: "RingOptions", property: "thickness",
              template: #"{"type": "ring", "series": [{"values": [1]}], "ring": {"thickness": VALUE}}"#,
              path: "ring.thickness"),
        Limit(schema: "PieOptions", property: "otherBelow",
              template: #"{"type": "pie", "series": [{"values": [1]}], "pie": {"otherBelow": VALUE}}"#,
              path: "pie.otherBelow"),
        Limit(schema: "PieOptions", property: "innerRadius",
              template: #"{"type": "doughnut", "series": [{"values": [1]}], "pie": {"innerRadius": VALUE}}"#,
              path: "pie.innerRadius"),
        Limit(schema: "XAxis", property: "step",
              template: #"{"series": [{"values": [1]}], "x": {"type": "time", "start": 0, "step": VALUE}}"#,
              path: "x.step"),
        Limit(schema: "Series", property: "fillOpacity",
              template: #"{"series": [{"values": [1], "fill": "solid", "fillOpacity": VALUE}]}"#,
              path: "series[0].fillOpacity"),
        Limit(schema: "Series", property: "dots",
              template: #"{"series": [{"values": [1], "dots": {"radius": VALUE}}]}"#, path: "series[0].dots.radius"),
    ]

    /// The documented minimum and maximum are accepted; just outside them is rejected at the documented path.
    @Test(arguments: limits)
    func documentedRangeIsTheParsersRange(_ limit: Limit) throws {
        let block = try Self.property(limit.property, in: Self.schema(limit.schema))
        let low = try Self.number("minimum", in: block)
        let high = try Self.number("maximum", in: block)
        let step = block.contains("type: integer") || block.contains("type: [integer") ? 1.0 : 0.01
        func spec(_ value: Double) -> String {
            let text = step == 1 ? String(Int(value)) : String(value)
            return limit.template.replacingOccurrences(of: "VALUE", with: text)
        }
        #expect(Self.issues(spec(low)).isEmpty)
        #expect(Self.issues(spec(high)).isEmpty)
        #expect(Self.issues(spec(low - step)).map(\.path) == [limit.path])
        #expect(Self.issues(spec(high + step)).map(\.path) == [limit.path])
    }

    struct CountLimit: Sendable, CustomTestStringConvertible {
        var schema: String
        var property: String
        var spec: @Sendable (Int) -> String
        var path: String
        var testDescription: String { "\(schema).\(property)" }
    }

    static let counts: [CountLimit] = [
        CountLimit(schema: "ChartSpec", property: "series", spec: { n in
            #"{"series": ["# + Array(repeating: #"{"values": [1]}"#, count: n).joined(separator: ",") + "]}"
        }, path: "series"),
        CountLimit(schema: "ChartSpec", property: "annotations", spec: { n in
            #"{"series": [{"values": [1]}], "annotations": ["#
                + Array(repeating: #"{"type": "hline", "y": 0}"#, count: n).joined(separator: ",") + "]}"
        }, path: "annotations"),
        CountLimit(schema: "Series", property: "strokeGradient", spec: { n in
            #"{"series": [{"values": [1], "strokeGradient": ["# + Array(repeating: "\"red\"", count: n)
                .joined(separator: ",") + "]}]}"
        }, path: "series[0].strokeGradient"),
        CountLimit(schema: "RingOptions", property: "thresholds", spec: { n in
            #"{"type": "ring", "series": [{"values": [1]}], "ring": {"thresholds": ["#
                + Array(repeating: #"{"below": 0.5, "color": "red"}"#, count: n).joined(separator: ",") + "]}}"
        }, path: "ring.thresholds"),
        CountLimit(schema: "RingOptions", property: "labels", spec: { n in
            #"{"type": "ring", "series": [{"values": [1]}], "ring": {"labels": ["#
                + Array(repeating: "\"x\"", count: n).joined(separator: ",") + "]}}"
        }, path: "ring.labels"),
    ]

    /// The documented maxItems is accepted and one more is rejected at the documented path.
    @Test(arguments: counts)
    func documentedCountIsTheParsersCount(_ limit: CountLimit) throws {
        let block = try Self.property(limit.property, in: Self.schema(limit.schema))
        let high = Int(try Self.number("maxItems", in: block))
        #expect(Self.issues(limit.spec(high)).isEmpty)
        let rejected = Self.issues(limit.spec(high + 1))
        #expect(rejected.map(\.path) == [limit.path], "\(rejected)")
    }

    /// The per-kind series counts in ChartSpec's `allOf` (`if type is diff then …`) are the parser's, and pie
    /// slices must not be negative.
    @Test func documentedSeriesCountsPerKindAreTheParsers() throws {
        let block = try Self.schema("ChartSpec")
        func spec(_ type: String, series n: Int, value: Double = 1) -> String {
            #"{"type": "\#(type)", "series": ["# + Array(repeating: #"{"values": [\#(value)]}"#, count: n)
                .joined(separator: ",") + "]}"
        }
        let diff = block[try #require(block.range(of: "const: diff"), "no diff rule").upperBound...]
        let fewest = Int(try Self.number("minItems", in: diff)), most = Int(try Self.number("maxItems", in: diff))
        for n in 1...3 {
            let problems = Self.issues(spec("diff", series: n)).map(\.path)
            #expect(problems == ((fewest...most).contains(n) ? [] : ["series"]), "diff, \(n) series")
        }
        let pie = block[try #require(block.range(of: "enum: [pie, doughnut]"), "no pie rule").upperBound...]
        let pieMost = Int(try Self.number("maxItems", in: pie))
        let floor = try Self.number("minimum", in: pie)
        for kind in ["pie", "doughnut"] {
            for n in 1...2 {
                let problems = Self.issues(spec(kind, series: n)).map(\.path)
                #expect(problems == (n <= pieMost ? [] : ["series"]), "\(kind), \(n) series")
            }
            #expect(Self.issues(spec(kind, series: 1, value: floor)).isEmpty)
            #expect(Self.issues(spec(kind, series: 1, value: floor - 0.01)).map(\.path) == ["series[0].values[0]"])
        }
    }

    /// A point is `[x, y]` or `[x, y, size]` with a size of at least the documented minimum.
    @Test func documentedPointShapeIsTheParsersShape() throws {
        let block = try Self.schema("Point")
        let fewest = Int(try Self.number("minItems", in: block))
        let most = Int(try Self.number("maxItems", in: block))
        let smallest = try Self.number("minimum", in: block)
        func spec(_ point: [Double]) -> String {
            #"{"type": "scatter", "series": [{"points": [["# + point.map { String($0) }.joined(separator: ",") + "]]}]}"
        }
        for count in (fewest - 1)...(most + 1) {
            let point = (0..<count).map { $0 == 2 ? smallest : Double($0 + 1) }  // x, y, size, …
            let problems = Self.issues(spec(point)).map(\.path)
            #expect(problems.isEmpty == (fewest...most).contains(count), "\(count) members: \(problems)")
        }
        #expect(Self.issues(spec([1, 2, smallest - 0.01])).map(\.path) == ["series[0].points[0][2]"])
    }

    @Test func documentedTextLengthIsTheParsersLength() throws {
        let max = Int(try Self.number("maxLength", in: Self.schema("Text")))
        let at = String(repeating: "图", count: max)
        #expect(Self.issues(#"{"title": "\#(at)", "series": [{"values": [1]}]}"#).isEmpty)
        #expect(Self.issues(#"{"title": "\#(at)x", "series": [{"values": [1]}]}"#).map(\.path) == ["title"])
    }

    // MARK: Routes

    /// Every route the service answers is a path of the document, with every method it allows but HEAD and OPTIONS
    /// documented (`scripts/check-contract` walks the document against a server; this is the other direction).
    @Test(arguments: ChartService.Route.allCases)
    func everyRouteIsDocumented(_ route: ChartService.Route) throws {
        let doc = try Self.file("openapi.yaml")
        let start = try #require(doc.range(of: "\n  \(route.rawValue):\n"), "openapi.yaml has no path \(route.rawValue)")
        let rest = doc[start.upperBound...]
        let end = rest.range(of: #"\n  [/a-z]"#, options: .regularExpression)?.lowerBound ?? rest.endIndex
        let item = "\n" + rest[..<end]
        for method in ["GET", "POST"] where route.allows(method) {
            #expect(item.contains("\n    \(method.lowercased()):\n"), "\(method) \(route.rawValue) is not documented")
        }
    }

    // MARK: Examples

    /// Every example in the preview page parses (the page's picker must never show an error out of the box).
    @Test func previewPageExamplesParse() throws {
        let html = try Self.file("index.html")
        let open = try #require(html.range(of: #"<script type="application/json" id="examples">"#))
        let close = try #require(html[open.upperBound...].range(of: "</script>"))
        let data = Data(html[open.upperBound..<close.lowerBound].utf8)
        let list = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(list.count >= 5)
        var kinds: Set<String> = []
        for entry in list {
            let name = entry["name"] as? String ?? "?"
            let spec = try #require(entry["spec"], "\(name) has no spec")
            kinds.insert((spec as? [String: Any])?["type"] as? String ?? ChartType.line.rawValue)
            let json = try JSONSerialization.data(withJSONObject: spec)
            let problems = Self.issues(String(decoding: json, as: UTF8.self))
            #expect(problems.isEmpty, "\(name): \(problems)")
        }
        // Every chart kind has an example to pick.
        #expect(Set(ChartType.allCases.map(\.rawValue)).isSubset(of: kinds), "kinds with examples: \(kinds)")
    }

    /// The layout JSON (`format: json`) has exactly the documented shape, for every example kind: the documented
    /// required fields are present and nothing undocumented appears, at every level.
    @Test func layoutJSONHasTheDocumentedShape() throws {
        let html = try Self.file("index.html")
        let open = try #require(html.range(of: #"<script type="application/json" id="examples">"#))
        let close = try #require(html[open.upperBound...].range(of: "</script>"))
        let data = Data(html[open.upperBound..<close.lowerBound].utf8)
        let list = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        var seen: [String: Int] = [:]
        func check(_ object: Any?, _ schema: String, _ site: String) throws {
            let block = try Self.schema(schema)
            let fields = try #require(object as? [String: Any], "\(site): not an object")
            let keys = Set(fields.keys)
            #expect(Set(try Self.requiredValues(block)).isSubset(of: keys), "\(site) lacks a required field")
            #expect(keys.isSubset(of: Self.propertyNames(block)), "\(site) has undocumented fields \(keys)")
            seen[schema, default: 0] += 1
        }
        for entry in list {
            let name = entry["name"] as? String ?? "?"
            let spec = try JSONSerialization.data(withJSONObject: try #require(entry["spec"]))
            let chart = try ChartRenderer.shared.render(json: Array(spec), format: .json)
            #expect(chart.contentType == "application/json")
            let layout = try #require(try JSONSerialization.jsonObject(with: Data(chart.bytes)) as? [String: Any])
            try check(layout, "ChartLayout", name)
            try check(layout["plot"], "LayoutRect", "\(name): plot")
            let axes = try #require(layout["axes"] as? [String: Any])
            #expect(Set(axes.keys) == ["x", "y"])
            for tick in (axes["x"] as? [Any] ?? []) + (axes["y"] as? [Any] ?? []) {
                try check(tick, "LayoutTick", "\(name): tick")
            }
            for (key, schema) in [("series", "LayoutSeries"), ("points", "LayoutPoint"), ("bars", "LayoutBar"),
                                  ("slices", "LayoutSlice"), ("rings", "LayoutRing"), ("texts", "LayoutText"),
                                  ("markers", "LayoutMarker")] {
                for element in try #require(layout[key] as? [Any], "\(name): \(key)") {
                    try check(element, schema, "\(name): \(key)")
                }
            }
        }
        // Every part of the schema was exercised by some example.
        for schema in ["ChartLayout", "LayoutRect", "LayoutTick", "LayoutSeries", "LayoutPoint", "LayoutBar",
                       "LayoutSlice", "LayoutRing", "LayoutText", "LayoutMarker"] {
            #expect(seen[schema, default: 0] > 0, "no example produced a \(schema)")
        }
    }

    /// The problems the contract shows as its 422 example are the parser's paths for that mistake.
    @Test func problemPathsUseTheDocumentedStyle() {
        let paths = Self.issues(#"{"series": [{"values": [1, 2], "lineWidth": 40}], "colour": "red"}"#).map(\.path)
        #expect(Set(paths) == ["series[0].lineWidth", "colour"])
    }
}
