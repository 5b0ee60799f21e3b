import Testing
@testable import ChartSpec

struct ScaleChecksTests {
    @Test func logRejectsNonPositiveValuesWithTheirPath() {
        let issues = specIssues(#"{"series": [{"values": [1, 2, 3, 0, null, -4]}], "y": {"type": "log"}}"#)
        #expect(issues.map(\.path) == ["series[0].values[3]", "series[0].values[5]"])
        #expect(issues.first?.message.hasPrefix("log scale needs positive values") == true)
        let points = specIssues(#"{"series": [{"points": [[0, 1], [1, -1]]}], "y": {"type": "log"}}"#)
        #expect(points.map(\.path) == ["series[0].points[1][1]"])
    }

    @Test func logOnXAndTimeOnYAreRejected() {
        #expect(specIssues(minimalSpec(#""x": {"type": "log"}"#)).map(\.path) == ["x.type"])
        #expect(specIssues(minimalSpec(#""y": {"type": "time"}"#)).map(\.path) == ["y.type"])
    }

    @Test func timestampsNeedATimeAxis() throws {
        let text = #"{"series": [{"points": [["2026-03-01", 1], ["2026-03-02", 2]]}]"#
        #expect(specIssues(text + "}").map(\.path) == ["series[0].points[0][0]"])
        let spec = try parseSpec(text + #", "x": {"type": "time", "timeZone": "Europe/Berlin"}}"#)
        #expect(spec.series[0].xTexts == [0: "2026-03-01", 1: "2026-03-02"])
        #expect(spec.x.timeZone == "Europe/Berlin")
    }

    @Test func barOptionsAndSizesAreRead() throws {
        let spec = try parseSpec(#"""
            {"type": "bar", "series": [{"values": [1, 2]}, {"values": [2, 1], "type": "line"}],
             "bars": {"orientation": "horizontal", "mode": "stacked", "cornerRadius": 4, "valueLabels": true}}
            """#)
        #expect(spec.bars.orientation == .horizontal && spec.bars.mode == .stacked)
        #expect(spec.bars.cornerRadius == 4 && spec.bars.valueLabels)
        #expect(spec.series[1].mark == .line)
        let bubbles = try parseSpec(#"{"type": "scatter", "series": [{"points": [[0, 1, 5], [1, 2, 0]]}]}"#)
        #expect(bubbles.series[0].sizes == [5, 0])
        #expect(specIssues(#"{"series": [{"points": [[0, 1, 5], [1, 2]]}]}"#).map(\.path) == ["series[0].points"])
        #expect(specIssues(#"{"series": [{"points": [[0, 1, -5]]}]}"#).map(\.path) == ["series[0].points[0][2]"])
        #expect(specIssues(minimalSpec(#""bars": {"cornerRadius": 999}"#)).map(\.path) == ["bars.cornerRadius"])
    }

    @Test func canonicalFormKeepsTheNewFields() throws {
        let text = #"""
            {"type": "bar", "series": [{"points": [["2026-03-01", 1, 3]], "decimation": "minmax"}],
             "x": {"type": "time", "timeZone": "+08:00"}, "bars": {"mode": "stacked"}}
            """#
        let spec = try parseSpec(text)
        let again = try ChartSpec.parse(spec.canonicalJSON)
        #expect(again.canonicalJSON == spec.canonicalJSON)
    }
}

extension ScaleChecksTests {
    @Test func onlyScatterPointsMayComeInAnyOrder() throws {
        let points = #""points": [[3, 1], [1, 2], [2, 3]]"#
        #expect(specIssues(#"{"series": [{"# + points + "}]}").map(\.path) == ["series[0].points[1][0]"])
        let spec = try parseSpec(#"{"series": [{"# + points + #"}], "type": "scatter"}"#)
        #expect(spec.series[0].points.map(\.x) == [3, 1, 2])
    }
}
