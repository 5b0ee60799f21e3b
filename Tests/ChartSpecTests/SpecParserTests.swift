import ChartScene
import Testing
@testable import ChartSpec

struct SpecParserTests {
    @Test func minimalSpecGetsEveryDefault() throws {
        let spec = try parseSpec(#"{"series": [{"values": [3, null, 5]}]}"#)
        var expected = ChartSpec()
        expected.series = [Series(points: [DataPoint(x: 0, y: 3), DataPoint(x: 1, y: nil), DataPoint(x: 2, y: 5)])]
        #expect(spec == expected)
        // The documented defaults, spelled out so a changed default is a visible decision.
        #expect(spec.type == .line && spec.width == 640 && spec.height == 360 && spec.scale == 1)
        #expect(spec.format == nil && spec.title == nil && spec.subtitle == nil && spec.labels == nil)
        #expect(spec.x.grid == false && spec.y.grid == true)
        #expect(spec.x.tickCount == 5 && spec.y.format == .auto && spec.y.min == nil && spec.y.max == nil)
        #expect(spec.theme == .light && spec.background == nil && spec.palette == nil && spec.legend == nil)
        #expect(spec.axes && spec.animation == AnimationOptions() && spec.text == .native)
        #expect(spec.compression == .balanced && spec.quality == nil && spec.annotations.isEmpty)
        let series = try #require(spec.series.first)
        #expect(series.curve == .monotone && series.lineWidth == 2 && !series.dots && series.fill == .none)
        #expect(series.color == nil && series.strokeGradient.isEmpty && series.dash.isEmpty && !series.hasNumericX)
    }

    @Test func everyFieldIsRead() throws {
        let spec = try parseSpec(#"""
        {
          "type": "area", "width": 800, "height": 400, "scale": 2.5, "format": "png",
          "title": "Revenue", "subtitle": "2024, in k€", "labels": ["Q1", "Q2", "Q3"],
          "series": [
            {"name": "EU", "values": [1.5, null, 3], "color": "#336699", "curve": "step", "lineWidth": 3.5,
             "dots": true, "fill": "gradient", "strokeGradient": ["red", "blue"], "dash": [4, 2]},
            {"points": [[0, 1], [0, 2], [2.5, null]], "fill": "solid"}
          ],
          "x": {"min": -1, "max": 10, "tickCount": 4, "title": "Quarter", "grid": true, "format": ".2f"},
          "y": {"min": 0, "tickCount": 20, "grid": false, "format": ".1%"},
          "annotations": [
            {"type": "hline", "y": 2, "label": "average", "color": "gray", "dash": [3, 3]},
            {"type": "vline", "x": 1},
            {"type": "bubble", "series": 1, "index": -1, "label": "peak"}
          ],
          "theme": "dark", "background": "transparent", "palette": ["#000", "rgb(1 2 3)"], "legend": false,
          "axes": false,
          "animation": {"duration": 2, "easing": "spring", "delay": 0.5, "stagger": 0, "repeat": "indefinite"},
          "text": "paths", "compression": "small"
        }
        """#)
        #expect(spec.type == .area && spec.width == 800 && spec.height == 400 && spec.scale == 2.5)
        #expect(spec.format == .png && spec.title == "Revenue" && spec.subtitle == "2024, in k€")
        #expect(spec.labels == ["Q1", "Q2", "Q3"])
        #expect(spec.series.count == 2)
        let eu = spec.series[0]
        #expect(eu.name == "EU")
        #expect(eu.points == [DataPoint(x: 0, y: 1.5), DataPoint(x: 1, y: nil), DataPoint(x: 2, y: 3)])
        #expect(eu.color == Color(rgb: 0x336699) && eu.curve == .step && eu.lineWidth == 3.5 && eu.dots)
        #expect(eu.fill == .gradient && eu.strokeGradient == [Color(rgb: 0xFF0000), Color(rgb: 0x0000FF)])
        #expect(eu.dash == [4, 2] && !eu.hasNumericX)
        let numeric = spec.series[1]
        #expect(numeric.hasNumericX && numeric.fill == .solid)
        #expect(numeric.points == [DataPoint(x: 0, y: 1), DataPoint(x: 0, y: 2), DataPoint(x: 2.5, y: nil)])
        #expect(spec.x == AxisOptions(min: -1, max: 10, tickCount: 4, title: "Quarter", grid: true, format: .fixed(2)))
        #expect(spec.y == AxisOptions(min: 0, max: nil, tickCount: 20, title: nil, grid: false, format: .percent(1)))
        #expect(spec.annotations == [
            .horizontalLine(y: 2, label: "average", color: Color(rgb: 0x808080), dash: [3, 3]),
            .verticalLine(x: 1, label: nil, color: nil, dash: []),
            .bubble(series: 1, index: -1, label: "peak"),
        ])
        #expect(spec.theme == .dark && spec.background == .transparent && spec.legend == false && !spec.axes)
        #expect(spec.palette == [Color(rgb: 0), Color(red: 1, green: 2, blue: 3)])
        var animation = AnimationOptions()
        animation.duration = 2
        animation.easing = .spring
        animation.delay = 0.5
        animation.stagger = 0
        animation.repeatCount = .infinity
        #expect(spec.animation == animation)
        #expect(spec.text == .paths && spec.compression == .small)
    }

    @Test(arguments: [
        ("auto", NumberFormat.auto), ("si", .si), (".0f", .fixed(0)), (".3f", .fixed(3)), (".10f", .fixed(10)),
        (".0%", .percent(0)), (".2%", .percent(2)), ("short", .short), (",", .grouped(nil)), (",.0f", .grouped(0)),
        (",.10f", .grouped(10)),
    ])
    func axisFormats(text: String, expected: NumberFormat) throws {
        let spec = try parseSpec(minimalSpec(#""y": {"format": "\#(text)"}"#))
        #expect(spec.y.format == expected)
        #expect(NumberFormat(specString: expected.specString) == expected)
    }

    @Test(arguments: [
        ("false", AnimationOptions.disabled), ("true", AnimationOptions()),
    ])
    func animationFlags(text: String, expected: AnimationOptions) throws {
        #expect(try parseSpec(minimalSpec(#""animation": \#(text)"#)).animation == expected)
    }

    @Test(arguments: [1, 7, 1000])
    func animationRepeatCounts(count: Int) throws {
        let spec = try parseSpec(minimalSpec(#""animation": {"repeat": \#(count)}"#))
        #expect(spec.animation.repeatCount == Double(count))
    }

    @Test(arguments: ChartType.allCases)
    func everyChartTypeIsAccepted(type: ChartType) throws {
        // Two series, as a diff chart needs; a pie takes one.
        let series = type == .pie || type == .doughnut ? #"[{"values": [1, 2, 3]}]"#
            : #"[{"values": [1, 2, 3]}, {"values": [3, 2, 1]}]"#
        #expect(try parseSpec(#"{"type": "\#(type.rawValue)", "series": \#(series)}"#).type == type)
    }

    @Test(arguments: Curve.allCases)
    func everyCurveIsAccepted(curve: Curve) throws {
        #expect(try parseSpec(seriesSpec(#""curve": "\#(curve.rawValue)""#)).series[0].curve == curve)
    }

    @Test(arguments: [
        "北京的天气", "東京タワー 2024", "서울", String(repeating: "数", count: 200), "👍🏽 emoji",
        "no-break\u{A0}space",
    ])
    func unicodeTextIsAccepted(text: String) throws {
        let spec = try parseSpec(minimalSpec(#""title": "\#(text)", "labels": ["\#(text)"]"#))
        #expect(spec.title == text && spec.labels == [text])
    }

    @Test func emptySeriesAndLimitsAtTheEdgeAreAccepted() throws {
        let spec = try parseSpec(#"""
        {"width": 16, "height": 4096, "scale": 4, "series": [{"values": []}, {"points": []}],
         "x": {"min": 0, "max": 0.001}}
        """#)
        #expect(spec.series.map(\.points.count) == [0, 0] && spec.width == 16 && spec.height == 4096)
    }

    @Test func sixtyFourSeriesAreAccepted() throws {
        let series = Array(repeating: #"{"values": [1]}"#, count: 64).joined(separator: ",")
        #expect(try parseSpec(#"{"series": [\#(series)]}"#).series.count == 64)
    }
}
