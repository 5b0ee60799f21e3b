import ChartRender
import ChartSpec
import Foundation
import Testing

/// The layout JSON (`format: "json"`) agrees with the SVG drawn from the same spec.
struct LayoutJSONTests {
    /// `(series, index) → center` of every point group in an SVG: its translate plus the circle's own cx/cy.
    func svgPointCenters(_ svg: String) throws -> [[Int]: (Double, Double)] {
        let pattern = #"<g class="point" data-series="(\d+)" data-index="(\d+)" transform="translate\(([-\d.]+) ([-\d.]+)\)">(?:<title>[^<]*</title>)?<circle([^>]*)>"#
        let regex = try NSRegularExpression(pattern: pattern)
        var result: [[Int]: (Double, Double)] = [:]
        let ns = svg as NSString
        for m in regex.matches(in: svg, range: NSRange(location: 0, length: ns.length)) {
            func group(_ i: Int) -> String { ns.substring(with: m.range(at: i)) }
            let attributes = group(5)
            func attribute(_ name: String) -> Double {
                guard let r = attributes.range(of: " \(name)=\"") else { return 0 }
                let rest = attributes[r.upperBound...]
                return Double(rest.prefix { $0 != "\"" }) ?? .nan
            }
            let key = [Int(group(1)) ?? -1, Int(group(2)) ?? -1]
            result[key] = ((Double(group(3)) ?? .nan) + attribute("cx"), (Double(group(4)) ?? .nan) + attribute("cy"))
        }
        return result
    }

    func render(_ json: String, _ format: OutputFormat) throws -> [UInt8] {
        try ChartRenderer.shared.render(json: Array(json.utf8), format: format).bytes
    }

    @Test(arguments: [
        #"{"labels": ["a", "b", "c"], "series": [{"values": [3, 1, 4], "dots": true}, {"values": [2, 7, 1]}]}"#,
        #"{"type": "scatter", "series": [{"points": [[1, 2, 10], [2.5, 9, 40], [7, 3, 5]]}]}"#,
        #"{"x": {"type": "time", "timeZone": "America/New_York"}, "y": {"type": "log"}, "series": [{"points": [["2026-11-01", 10], ["2026-11-01T12:00", 500], ["2026-11-02T03:00Z", 3]], "dots": true}]}"#,
    ])
    func pointCoordinatesEqualTheSVGCircleCenters(_ spec: String) throws {
        let svg = String(decoding: try render(spec, .svg), as: UTF8.self)
        let circles = try svgPointCenters(svg)
        let layout = try #require(try JSONSerialization.jsonObject(with: Data(try render(spec, .json))) as? [String: Any])
        let points = try #require(layout["points"] as? [[String: Any]])
        #expect(!points.isEmpty)
        #expect(points.count == circles.count)
        for p in points {
            let key = [p["series"] as? Int ?? -1, p["index"] as? Int ?? -1]
            let circle = try #require(circles[key], "no SVG circle for \(key)")
            #expect(abs((p["x"] as? Double ?? .nan) - circle.0) < 1e-9)
            #expect(abs((p["y"] as? Double ?? .nan) - circle.1) < 1e-9)
            #expect(p["value"] is Double)
        }
        let plot = try #require(layout["plot"] as? [String: Double])
        #expect((plot["width"] ?? 0) > 0 && (plot["height"] ?? 0) > 0)
        #expect(layout["width"] as? Double == 640)
    }

    /// A mirrored chart's layout JSON (`mirrorAxes`, issue 17) reports the reflected positions: the plot, every
    /// point, every bar and every x label at `width − x` of the chart drawn without the mirror (whose header is laid
    /// out in the other direction, so only the plot is compared).
    @Test(arguments: [
        #"{"labels": ["a", "b", "c"], "series": [{"values": [3, 1, 4], "dots": true}, {"values": [2, 7, 1]}]}"#,
        #"{"type": "bar", "bars": {"orientation": "horizontal"}, "series": [{"values": [3, -1, 4]}]}"#,
        #"{"type": "scatter", "series": [{"points": [[1, 2, 10], [2.5, 9, 40], [7, 3, 5]]}]}"#,
    ])
    func mirroredLayoutReportsReflectedPositions(_ spec: String) throws {
        func layout(_ json: String) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(try render(json, .json))) as? [String: Any])
        }
        let plain = try layout(spec)
        let mirrored = try layout(spec.replacingOccurrences(of: "{\"", with: "{\"mirrorAxes\": true, \"",
                                                            options: [.anchored]))
        let width = try #require(plain["width"] as? Double)
        func close(_ a: Double?, _ b: Double?) -> Bool { abs((a ?? .nan) - (b ?? .nan)) < 0.011 }
        let p = try #require(plain["plot"] as? [String: Double]), m = try #require(mirrored["plot"] as? [String: Double])
        #expect(close(m["x"], width - (p["x"] ?? 0) - (p["width"] ?? 0)) && close(m["width"], p["width"]))
        #expect(close(m["y"], p["y"]) && close(m["height"], p["height"]))
        let points = try #require(plain["points"] as? [[String: Any]])
        let reflected = try #require(mirrored["points"] as? [[String: Any]])
        #expect(points.count == reflected.count)
        for (a, b) in zip(points, reflected) {
            #expect(close(b["x"] as? Double, width - (a["x"] as? Double ?? 0)))
            #expect(close(b["y"] as? Double, a["y"] as? Double))
        }
        let bars = try #require(plain["bars"] as? [[String: Any]])
        let mirroredBars = try #require(mirrored["bars"] as? [[String: Any]])
        #expect(bars.count == mirroredBars.count)
        for (a, b) in zip(bars, mirroredBars) {
            let ax = a["x"] as? Double ?? 0, aw = a["width"] as? Double ?? 0
            #expect(close(b["x"] as? Double, width - ax - aw) && close(b["width"] as? Double, aw))
        }
        let xs = try #require((plain["axes"] as? [String: Any])?["x"] as? [[String: Any]])
        let mirroredXs = try #require((mirrored["axes"] as? [String: Any])?["x"] as? [[String: Any]])
        #expect(xs.count == mirroredXs.count && !xs.isEmpty)
        for (a, b) in zip(xs, mirroredXs) {
            #expect(close(b["position"] as? Double, width - (a["position"] as? Double ?? 0)))
            #expect(b["label"] as? String == a["label"] as? String)
        }
    }

    @Test func axesCarryTickValuesAndTheirPositions() throws {
        let spec = #"{"series": [{"values": [0, 50, 100]}], "y": {"min": 0, "max": 100}}"#
        let layout = try #require(try JSONSerialization.jsonObject(with: Data(try render(spec, .json))) as? [String: Any])
        let axes = try #require(layout["axes"] as? [String: Any])
        let y = try #require(axes["y"] as? [[String: Any]])
        let plot = try #require(layout["plot"] as? [String: Double])
        let bottom = try #require(y.first { $0["value"] as? Double == 0 })
        let top = try #require(y.first { $0["value"] as? Double == 100 })
        #expect(abs((bottom["position"] as? Double ?? 0) - ((plot["y"] ?? 0) + (plot["height"] ?? 0))) < 0.02)
        #expect(abs((top["position"] as? Double ?? 0) - (plot["y"] ?? 0)) < 0.02)
    }

    /// A second axis is listed as `axes.y2` (only when there is one), and the points of its series sit where its
    /// ticks say; the bars on `y` where `y`'s ticks say.
    @Test func aSecondAxisHasItsOwnTicksAndItsSeriesMapThroughThem() throws {
        let spec = #"{"type": "bar", "series": [{"values": [10, 30, 20]}, {"values": [250, 750, 500], "#
            + #""type": "line", "axis": "y2", "dots": true}], "y": {"min": 0, "max": 40}, "#
            + #""y2": {"min": 0, "max": 1000, "title": "Right"}}"#
        let layout = try #require(try JSONSerialization.jsonObject(with: Data(try render(spec, .json)))
            as? [String: Any])
        let axes = try #require(layout["axes"] as? [String: Any])
        let plot = try #require(layout["plot"] as? [String: Double])
        let top = try #require(plot["y"]), height = try #require(plot["height"])
        for (name, max) in [("y", 40.0), ("y2", 1000.0)] {
            let ticks = try #require(axes[name] as? [[String: Any]], "axes.\(name)")
            let zero = try #require(ticks.first { $0["value"] as? Double == 0 })
            let end = try #require(ticks.first { $0["value"] as? Double == max })
            #expect(abs((zero["position"] as? Double ?? 0) - (top + height)) < 0.02)
            #expect(abs((end["position"] as? Double ?? 0) - top) < 0.02)
        }
        let points = try #require(layout["points"] as? [[String: Any]])
        #expect(points.count == 3)
        for p in points {
            let value = try #require(p["value"] as? Double), y = try #require(p["y"] as? Double)
            #expect(p["series"] as? Int == 1 && abs(y - (top + height - value / 1000 * height)) < 0.02)
        }
        let bars = try #require(layout["bars"] as? [[String: Any]])
        #expect(bars.count == 3)
        for bar in bars {
            let value = try #require(bar["value"] as? Double), y = try #require(bar["y"] as? Double)
            #expect(abs(y - (top + height - value / 40 * height)) < 0.02)
        }
        let texts = try #require(layout["texts"] as? [[String: Any]])
        #expect(texts.contains { $0["role"] as? String == "y2Axis" && $0["text"] as? String == "Right" })
        let svg = String(decoding: try render(spec, .svg), as: UTF8.self)
        #expect(svg.contains(#"class="axis-y2""#))

        let single = #"{"series": [{"values": [1, 2]}], "y2": {"title": "unused"}}"#
        let plain = try #require(try JSONSerialization.jsonObject(with: Data(try render(single, .json)))
            as? [String: Any])
        #expect((plain["axes"] as? [String: Any])?.keys.sorted() == ["x", "y"])
    }

    /// Pixels are rounded to hundredths like the SVG's, but data are not: a datum of 0.004 must not read back as 0.
    @Test func valuesAreTheSpecsNumbersExactly() throws {
        let values = [0.004, 1e-7, 123456.789, -2.5e-3, 1.0 / 3]
        let spec = #"{"series": [{"values": [0.004, 1e-7, 123456.789, -2.5e-3, 0.3333333333333333], "dots": true}]}"#
        let layout = try #require(try JSONSerialization.jsonObject(with: Data(try render(spec, .json))) as? [String: Any])
        let points = try #require(layout["points"] as? [[String: Any]])
        #expect(points.compactMap { $0["value"] as? Double } == values)
        let small = #"{"series": [{"values": [0, 0.005, 0.01]}], "y": {"format": ".3f"}}"#
        let ticks = try #require(try JSONSerialization.jsonObject(with: Data(try render(small, .json))) as? [String: Any])
        let y = try #require((ticks["axes"] as? [String: Any])?["y"] as? [[String: Any]])
        // Every numeric label's value is the number it shows, e.g. "0.004" is 0.004, not 0 or 0.01.
        for tick in y {
            let label = try #require(tick["label"] as? String)
            #expect(tick["value"] as? Double == Double(label.replacingOccurrences(of: "\u{2212}", with: "-")))
        }
        #expect(y.contains { $0["label"] as? String == "0.004" })
    }

    /// The legend where `legend.position` puts it, as a client reads the layout JSON: the `legend` texts' boxes
    /// against the `plot` rectangle, and the `y` ticks of `tickStep`, `softMax` and `zero`.
    @Test(arguments: ["top", "bottom", "left", "right"])
    func legendTextsSitWhereThePositionSays(position: String) throws {
        let spec = #"{"title": "Sales", "labels": ["a", "b", "c"], "legend": {"position": "\#(position)"}, "#
            + #""series": [{"name": "North", "values": [5, 9, 7]}, {"name": "South", "values": [6, 7, 8]}], "#
            + #""y": {"zero": true, "softMax": 20, "tickStep": 5}}"#
        let json = try render(spec, .json)
        let layout = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
        let p = try #require(layout["plot"] as? [String: Double])
        let plot = (minX: p["x"] ?? .nan, minY: p["y"] ?? .nan, maxX: (p["x"] ?? .nan) + (p["width"] ?? .nan),
                    maxY: (p["y"] ?? .nan) + (p["height"] ?? .nan))
        let legend = try #require(layout["texts"] as? [[String: Any]]).filter { $0["role"] as? String == "legend" }
        #expect(legend.map { $0["text"] as? String } == ["North", "South"])
        for text in legend {
            let x = text["x"] as? Double ?? .nan, y = text["y"] as? Double ?? .nan
            let maxX = x + (text["width"] as? Double ?? .nan), maxY = y + (text["height"] as? Double ?? .nan)
            switch position {
            case "top": #expect(maxY < plot.minY)
            case "bottom": #expect(y > plot.maxY)
            case "left": #expect(maxX < plot.minX && y > plot.minY && maxY < plot.maxY)
            default: #expect(x > plot.maxX && y > plot.minY && maxY < plot.maxY)
            }
        }
        let ticks = try #require((layout["axes"] as? [String: Any])?["y"] as? [[String: Any]])
        #expect(ticks.compactMap { $0["value"] as? Double } == [0, 5, 10, 15, 20])
    }

    @Test func unknownTimeZoneIsASpecError() {
        let spec = #"{"x": {"type": "time", "timeZone": "Europe/Atlantis"}, "series": [{"points": [[0, 1]]}]}"#
        do {
            _ = try render(spec, .svg)
            Issue.record("accepted an unknown zone")
        } catch {
            #expect("\(error)".contains("x.timeZone"))
            #expect("\(error)".contains("unknown time zone \"Europe/Atlantis\""))
        }
    }

    /// A time axis's ticks give their instants with the zone's offset at each: Chicago's 2005 switch came on
    /// April 3 (the rule of that year, not today's), so the ticks before it are −06:00 and those after −05:00, each
    /// at local midnight, and every label's day is the instant's local day.
    @Test func timeTicksGiveTheirInstantsWithTheZonesOffset() throws {
        let spec = #"{"width": 1000, "x": {"type": "time", "timeZone": "America/Chicago", "tickCount": 9}, "#
            + #""series": [{"points": [["2005-03-30", 1], ["2005-04-08", 2]]}]}"#
        let layout = try #require(try JSONSerialization.jsonObject(with: Data(try render(spec, .json))) as? [String: Any])
        let ticks = try #require((layout["axes"] as? [String: Any])?["x"] as? [[String: Any]])
        let values = ticks.compactMap { $0["value"] as? String }
        #expect(values.count == ticks.count && values.count >= 8)
        for value in values {
            #expect(value.hasSuffix("T00:00:00-06:00") == (value < "2005-04-03T03"), "\(value)")
            #expect(value.hasSuffix("T00:00:00-05:00") == (value >= "2005-04-03T03"), "\(value)")
        }
        #expect(values.contains("2005-04-03T00:00:00-06:00") && values.contains("2005-04-04T00:00:00-05:00"))
    }

    /// Bars on a time axis label their bands; each label's value is its band's instant in the zone (Paris switched to
    /// summer time on 29 March 2026).
    @Test func timeBarLabelsGiveTheirBandsInstants() throws {
        let spec = #"{"type": "bar", "width": 1200, "x": {"type": "time", "timeZone": "Europe/Paris"}, "#
            + #""series": [{"points": [["2026-03-27", 1], ["2026-03-28", 2], ["2026-03-29", 3], ["2026-03-30", 4]]}]}"#
        let layout = try #require(try JSONSerialization.jsonObject(with: Data(try render(spec, .json))) as? [String: Any])
        let ticks = try #require((layout["axes"] as? [String: Any])?["x"] as? [[String: Any]])
        #expect(ticks.compactMap { $0["value"] as? String } == [
            "2026-03-27T00:00:00+01:00", "2026-03-28T00:00:00+01:00", "2026-03-29T00:00:00+01:00",
            "2026-03-30T00:00:00+02:00",
        ])
    }

    /// Horizontal bars on a time axis list their bands down the left: the layout's `y` labels carry the instants.
    @Test func horizontalTimeBarLabelsGiveTheirBandsInstants() throws {
        let spec = #"{"type": "bar", "bars": {"orientation": "horizontal"}, "height": 600, "#
            + #""x": {"type": "time", "timeZone": "Europe/Paris"}, "#
            + #""series": [{"points": [["2026-03-27", 1], ["2026-03-28", 2], ["2026-03-29", 3], ["2026-03-30", 4]]}]}"#
        let layout = try #require(try JSONSerialization.jsonObject(with: Data(try render(spec, .json))) as? [String: Any])
        let axes = try #require(layout["axes"] as? [String: Any])
        let side = try #require(axes["y"] as? [[String: Any]])
        #expect(side.compactMap { $0["value"] as? String } == [
            "2026-03-27T00:00:00+01:00", "2026-03-28T00:00:00+01:00", "2026-03-29T00:00:00+01:00",
            "2026-03-30T00:00:00+02:00",
        ])
        #expect(side.compactMap { $0["label"] as? String } == ["Fri 27", "Sat 28", "Sun 29", "Mon 30"])
        let values = try #require(axes["x"] as? [[String: Any]])
        #expect(!values.isEmpty && values.allSatisfy { $0["value"] is Double })
    }

    /// A bar's `color` is its own fill: its entry of the series' `colors`, else the series color; its bounds are the
    /// bar's, outline included (drawn inside them), with widths following `barFraction` and `categoryFraction`.
    /// A point's or a bar's `label` is its tooltip's text (the parts the scene keeps, written one after the other),
    /// escaped as one JSON string: a name and a label with a quote and a backslash read back whole.
    @Test(arguments: [
        (#"{"labels": ["a\"1", "b"], "series": [{"name": "q\"\\·", "values": [3, 4], "dots": true}]}"#, "points"),
        (#"{"type": "bar", "labels": ["a\"1", "b"], "series": [{"name": "q\"\\·", "values": [3, 4]}]}"#, "bars"),
    ])
    func labelsAreTheTooltipsTextEscapedWhole(_ spec: String, _ list: String) throws {
        let layout = try #require(try JSONSerialization.jsonObject(with: Data(try render(spec, .json))) as? [String: Any])
        let marks = try #require(layout[list] as? [[String: Any]])
        #expect(marks.map { $0["label"] as? String } == ["q\"\\· · a\"1: 3", "q\"\\· · b: 4"])
    }

    @Test func barsCarryTheirColor() throws {
        let spec = #"""
            {"type": "bar", "labels": ["a", "b", "c"], "bars": {"barFraction": 0.5, "categoryFraction": 1},
             "series": [{"values": [1, 2, 3], "color": "#123456", "colors": ["#ff0000", null, "rgba(0,0,255,0.5)"],
                         "borderWidth": 4}, {"values": [1, 1, 1]}]}
            """#
        let json = try JSONSerialization.jsonObject(with: Data(try render(spec, .json)))
        let layout = try #require(json as? [String: Any])
        let bars = try #require(layout["bars"] as? [[String: Any]])
        let colors = bars.map { ($0["series"] as? Int ?? -1, $0["color"] as? String) }
        // Series 0 has its own colors; series 1's bars all have its color, which `series` gives once.
        #expect(colors.filter { $0.0 == 0 }.map(\.1) == ["#ff0000", "#123456", "#0000ff80"])
        #expect(colors.filter { $0.0 == 1 }.map(\.1) == [nil, nil, nil])
        let plotWidth = try #require((layout["plot"] as? [String: Double])?["width"])
        for bar in bars {
            let width = try #require(bar["width"] as? Double)
            #expect(abs(width - plotWidth / 3 / 2 * 0.5) < 0.02)  // two grouped bars per category
        }
    }
}
