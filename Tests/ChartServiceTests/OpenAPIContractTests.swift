import ChartSpec
import Foundation
import Testing

/// The published contract — `openapi.yaml` and the examples built into the preview page — must say what the spec
/// parser does: the same enums and colors, the same limits, and examples that actually parse. (The HTTP side of the
/// contract is checked against a running server by `scripts/check-openapi`.)
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

    static func issues(_ json: String) -> [SpecIssue] {
        do throws(SpecError) {
            _ = try ChartSpec.parse(Array(json.utf8))
            return []
        } catch {
            return error.issues
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
        EnumCase(schema: "AnimationOptions", property: "easing", model: Easing.allCases.map(\.rawValue)),
    ]

    @Test(arguments: enums)
    func documentedEnumMatchesTheModel(_ c: EnumCase) throws {
        var block = try Self.schema(c.schema)
        if let property = c.property { block = try Self.property(property, in: block) }
        #expect(Set(try Self.enumValues(block)) == Set(c.model))
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
        Limit(schema: "Axis", property: "tickCount",
              template: #"{"series": [{"values": [1]}], "y": {"tickCount": VALUE}}"#, path: "y.tickCount"),
        Limit(schema: "AnimationOptions", property: "duration",
              template: #"{"series": [{"values": [1]}], "animation": {"duration": VALUE}}"#,
              path: "animation.duration"),
        Limit(schema: "AnimationOptions", property: "delay",
              template: #"{"series": [{"values": [1]}], "animation": {"delay": VALUE}}"#, path: "animation.delay"),
        Limit(schema: "AnimationOptions", property: "stagger",
              template: #"{"series": [{"values": [1]}], "animation": {"stagger": VALUE}}"#, path: "animation.stagger"),
    ]

    /// The documented minimum and maximum are accepted; just outside them is rejected at the documented path.
    @Test(arguments: limits)
    func documentedRangeIsTheParsersRange(_ limit: Limit) throws {
        let block = try Self.property(limit.property, in: Self.schema(limit.schema))
        let low = try Self.number("minimum", in: block)
        let high = try Self.number("maximum", in: block)
        let step = block.contains("type: integer") ? 1.0 : 0.01
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

    @Test func documentedTextLengthIsTheParsersLength() throws {
        let max = Int(try Self.number("maxLength", in: Self.schema("Text")))
        let at = String(repeating: "图", count: max)
        #expect(Self.issues(#"{"title": "\#(at)", "series": [{"values": [1]}]}"#).isEmpty)
        #expect(Self.issues(#"{"title": "\#(at)x", "series": [{"values": [1]}]}"#).map(\.path) == ["title"])
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
        for entry in list {
            let name = entry["name"] as? String ?? "?"
            let spec = try #require(entry["spec"], "\(name) has no spec")
            let json = try JSONSerialization.data(withJSONObject: spec)
            let problems = Self.issues(String(decoding: json, as: UTF8.self))
            #expect(problems.isEmpty, "\(name): \(problems)")
        }
    }

    /// The problems the contract shows as its 422 example are the parser's paths for that mistake.
    @Test func problemPathsUseTheDocumentedStyle() {
        let paths = Self.issues(#"{"series": [{"values": [1, 2], "lineWidth": 40}], "colour": "red"}"#).map(\.path)
        #expect(Set(paths) == ["series[0].lineWidth", "colour"])
    }
}
