// The library as another package sees it: this file imports ChartRender alone (no ChartSpec, no ChartScene), so it
// compiles only while `import ChartRender` brings the spec model and `Color` with it.
import ChartRender
import Testing

/// A chart built from typed Swift values renders exactly the bytes of the same chart sent as JSON, in every kind
/// of output; typed specs get the JSON limits when rendered.
@Suite struct EmbeddingAPITests {
    let renderer = ChartRenderer.shared

    /// One chart both ways.
    struct Pair: Sendable, CustomTestStringConvertible {
        var name: String
        var typed: ChartSpec
        var json: String
        var testDescription: String { name }
    }

    static let pairs: [Pair] = [
        Pair(name: "line with labels, dots, gradient and an annotation", typed: {
            var spec = ChartSpec(type: .line, width: 640, height: 360, title: "Sales", labels: ["Q1", "Q2", "Q3"])
            spec.series = [Series(name: "2025", values: [1, 2, 3], color: Color(hex: "#4e79a7")),
                           Series(name: "2026", values: [2, nil, 4])]
            spec.series[1].dots = true
            spec.series[1].fill = .gradient
            spec.y.title = "units"
            spec.annotations = [.horizontalLine(y: 2.5, label: "target", dash: [4, 2])]
            return spec
        }(), json: """
            {"type": "line", "width": 640, "height": 360, "title": "Sales", "labels": ["Q1", "Q2", "Q3"],
             "series": [{"name": "2025", "values": [1, 2, 3], "color": "#4e79a7"},
                        {"name": "2026", "values": [2, null, 4], "dots": true, "fill": "gradient"}],
             "y": {"title": "units"},
             "annotations": [{"type": "hline", "y": 2.5, "label": "target", "dash": [4, 2]}]}
            """),
        Pair(name: "stacked bars, dark theme, palette", typed: {
            var spec = ChartSpec(type: .bar, width: 480, height: 300, labels: ["a", "b"], theme: .dark,
                                 palette: [Color(red: 255, green: 0, blue: 0), Color(rgb: 0x00FF00, alpha: 128)])
            spec.series = [Series(name: "x", values: [3, 4]), Series(name: "y", values: [1, 5])]
            spec.bars = BarOptions(mode: .stacked, cornerRadius: 3)
            return spec
        }(), json: """
            {"type": "bar", "width": 480, "height": 300, "labels": ["a", "b"], "theme": "dark",
             "palette": ["#ff0000", "#00ff0080"], "series": [{"name": "x", "values": [3, 4]},
             {"name": "y", "values": [1, 5]}], "bars": {"mode": "stacked", "cornerRadius": 3}}
            """),
        Pair(name: "scatter with bubbles at numeric x", typed: {
            var spec = ChartSpec(type: .scatter, title: "Bubbles")
            spec.series = [Series(name: "b", bubbles: [(1, 2, 3), (2.5, 1, 9), (4, 3, 1)])]
            spec.x.min = 0
            return spec
        }(), json: """
            {"type": "scatter", "title": "Bubbles", "x": {"min": 0},
             "series": [{"name": "b", "points": [[1, 2, 3], [2.5, 1, 9], [4, 3, 1]]}]}
            """),
        Pair(name: "doughnut", typed: {
            var spec = ChartSpec(type: .doughnut, width: 400, height: 400, labels: ["A", "B", "C"])
            spec.series = [Series(values: [5, 3, 2])]
            return spec
        }(), json: #"{"type": "doughnut", "width": 400, "height": 400, "labels": ["A", "B", "C"], "#
            + #""series": [{"values": [5, 3, 2]}]}"#),
    ]

    @Test(arguments: pairs, [OutputFormat.svg, .png, .smil, .pdf, .json])
    func typedSpecRendersTheBytesOfItsJSON(_ pair: Pair, format: OutputFormat) throws {
        let typed = try renderer.render(pair.typed, format: format)
        let json = try renderer.render(json: Array(pair.json.utf8), format: format)
        #expect(typed.format == format)
        #expect(typed.bytes == json.bytes)
        #expect(typed.bytes.count > 100)
    }

    /// `render` validates a typed spec: a canvas too large for memory is a spec error naming the field, before any
    /// pixel is allocated; a NaN value is refused at its path.
    @Test func renderRefusesInvalidTypedSpecs() {
        var spec = ChartSpec(type: .area, series: [Series(values: [1, 2])])
        spec.width = 1_000_000
        expectInvalid(spec, format: .png, path: "width")
        spec.width = 640
        spec.series[0] = Series(values: [1, .nan])
        expectInvalid(spec, format: .svg, path: "series[0].values[1]")
        spec.series = [Series(values: [Double?](repeating: 0, count: 1_000_001))]
        expectInvalid(spec, format: .svg, path: "series[0].values")
    }

    /// A parsed spec changed afterwards is checked again when rendered (the stamp of `parse` does not cover it).
    @Test func changedParsedSpecIsCheckedAgain() throws {
        var spec = try ChartSpec.parse(Array(#"{"series": [{"values": [1, 2]}]}"#.utf8))
        spec.scale = 40
        expectInvalid(spec, format: .png, path: "scale")
    }

    @Test func errorsAreTypedAndDescribed() throws {
        do {
            _ = try renderer.render(json: Array(#"{"series": [{"values": [1, "x"]}], "widht": 3}"#.utf8))
            Issue.record("an invalid spec rendered")
        } catch {
            guard case .invalidSpec(let spec) = error else { Issue.record("\(error)"); return }
            #expect(spec.issues.map(\.path) == ["series[0].values[1]", "widht"])
            #expect(!spec.isMalformedJSON)
            #expect(error.description.contains(#"widht: unknown field (did you mean "width"?)"#))
        }
    }

    @Test func fontsFromFilesAndTheirErrors() throws {
        #expect(throws: (any Error).self) { try ChartRenderer(fontFiles: "/nonexistent/font.ttf") }
        #expect(renderer.canDrawText)
    }

    private func expectInvalid(_ spec: ChartSpec, format: OutputFormat, path: String,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try renderer.render(spec, format: format)
            Issue.record("rendered an invalid spec", sourceLocation: sourceLocation)
        } catch {
            guard case .invalidSpec(let problems) = error else {
                Issue.record("\(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(problems.issues.map(\.path) == [path], sourceLocation: sourceLocation)
        }
    }
}
