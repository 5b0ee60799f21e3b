import Testing
import ChartScene
import ChartSpec
import ChartText
@testable import ChartLayout

/// Bars on a time axis: one band per distinct instant, time labels, full instants in tooltips.
struct TimeCategoriesTests {
    let metrics = ApproximateMetrics()
    static let day = 86_400_000.0

    func spec(_ json: String) throws -> ChartSpec {
        try ChartLayout.resolvingTimes(try ChartSpec.parse(Array(json.utf8)))
    }

    func bars(_ scene: Scene) -> [[Int]: (rect: Rect, tooltip: String?)] {
        var result: [[Int]: (Rect, String?)] = [:]
        for g in groups(scene) {
            guard case .bar(let s, let i, _, _)? = g.role else { continue }
            for case .shape(let shape) in g.children {
                if let bounds = shape.path.controlBounds { result[[s, i]] = (bounds, g.tooltip?.text) }
            }
        }
        return result
    }

    func xLabels(_ scene: Scene) -> [String] {
        nodes(in: scene, under: .xAxis).compactMap { if case .text(let t) = $0 { t.text } else { nil } }
    }

    @Test func dailyValuesGetOneBandPerDayLabelledByWeekday() throws {
        let s = try spec(#"{"type": "bar", "x": {"type": "time", "start": "2026-11-02", "step": 86400000},"#
            + #""series": [{"values": [3, 5, null, 8]}]}"#)
        let (categories, indexed) = try #require(TimeCategories.categorize(s))
        #expect(categories.instants.count == 4)
        #expect(indexed.labels == ["Mon 2", "Tue 3", "Wed 4", "Thu 5"])
        #expect(indexed.series[0].points.map(\.y) == [3, 5, nil, 8])
        #expect(indexed.series[0].points.map(\.x) == [0, 1, 2, 3])
        #expect(categories.tooltipLabel(1) == "2026-11-03")

        let scene = ChartLayout.scene(for: s, metrics: metrics)
        let drawn = bars(scene)
        #expect(drawn.count == 3)  // null draws no bar
        #expect(drawn[[0, 3]]?.tooltip == "Series 1 · 2026-11-05: 8")
        let xs: [Double] = [0, 1, 3].compactMap { drawn[[0, $0]]?.rect.center.x }
        try #require(xs.count == 3)
        #expect(xs[0] < xs[1] && xs[1] < xs[2])
        // Equal bands: the gap from day 1 to day 3 is twice the gap from day 0 to day 1.
        let near = xs[1] - xs[0], far = xs[2] - xs[1]
        #expect(abs(far - 2 * near) < 1e-6)
        #expect(xLabels(scene).allSatisfy { ["Mon 2", "Tue 3", "Wed 4", "Thu 5"].contains($0) })
    }

    @Test func seriesWithDifferentInstantsShareTheUnionOfBands() throws {
        let s = try spec(#"{"type": "bar", "x": {"type": "time"}, "series": ["#
            + #"{"points": [["2026-01-01", 1], ["2026-03-01", 3]]},"#
            + #"{"points": [["2026-02-01", 20], ["2026-03-01", 30]]}]}"#)
        let (categories, indexed) = try #require(TimeCategories.categorize(s))
        #expect(categories.instants.count == 3)
        #expect(indexed.series[0].points.map(\.y) == [1, nil, 3])
        #expect(indexed.series[1].points.map(\.y) == [nil, 20, 30])
        // Monthly spacing: month names, and the year at January.
        #expect(indexed.labels == ["2026", "Feb", "Mar"])
        let drawn = bars(ChartLayout.scene(for: s, metrics: metrics))
        #expect(Set(drawn.keys) == [[0, 0], [0, 2], [1, 1], [1, 2]])
        // Grouped: in the shared March band, series 0's bar is left of series 1's.
        let a = try #require(drawn[[0, 2]]?.rect), b = try #require(drawn[[1, 2]]?.rect)
        #expect(a.maxX <= b.minX)
    }

    /// Bands a day or more apart are labelled by their local dates even off local midnight: UTC month starts in
    /// America/Chicago are 18:00 (19:00 in summer time) the day before, and a time alone would name every band alike.
    @Test func monthlyBarsOffLocalMidnightAreLabelledByDate() throws {
        let s = try spec(#"{"type": "bar", "x": {"type": "time", "timeZone": "America/Chicago"},"#
            + #""series": [{"points": [["2005-03-01T00:00:00Z", 3], ["2005-04-01T00:00:00Z", 5], "#
            + #"["2005-05-01T00:00:00Z", 2], ["2005-05-02T05:00:00Z", 1]]}]}"#)
        let (_, indexed) = try #require(TimeCategories.categorize(s))
        // The last is local midnight of May 2 (−05:00): a month's first day would read `May`, another day `May 2`.
        #expect(indexed.labels == ["Feb 28", "Mar 31", "Apr 30", "May 2"])
        let daily = try spec(#"{"type": "bar", "x": {"type": "time", "timeZone": "America/Chicago"},"#
            + #""series": [{"points": [["2026-11-02T00:00:00Z", 3], ["2026-11-03T00:00:00Z", 5]]}]}"#)
        // Daily bands: weekday and day, a month's first day by its month, as time ticks are labelled.
        #expect(try #require(TimeCategories.categorize(daily)).spec.labels == ["Nov", "Mon 2"])
    }

    @Test func hourlyBarsAreLabelledByTimeOfDay() throws {
        let s = try spec(#"{"type": "bar", "x": {"type": "time", "start": "2026-03-01T09:00", "step": 3600000},"#
            + #""series": [{"values": [1, 2, 3]}]}"#)
        #expect(TimeCategories.categorize(s)?.spec.labels == ["09:00", "10:00", "11:00"])
    }

    @Test func verticalLinesAndBubblesMoveIntoBandSpace() throws {
        let s = try spec(#"{"type": "bar", "x": {"type": "time", "start": "2026-11-02", "step": 86400000},"#
            + #""series": [{"values": [3, 5, 4]}], "annotations": [{"type": "vline", "x": 1793664000000},"#
            + #"{"type": "vline", "x": 1793620800000}, {"type": "bubble", "series": 0, "index": -1}]}"#)
        let (categories, indexed) = try #require(TimeCategories.categorize(s))
        // 1793664000000 is 2026-11-03T00:00Z, band 1; 1793620800000 is 12 hours before it, half way from band 0.
        #expect(categories.instants[1] == 1_793_664_000_000)
        guard case .verticalLine(let onBand, _, _, _) = indexed.annotations[0],
              case .verticalLine(let between, _, _, _) = indexed.annotations[1],
              case .bubble(_, let index, _) = indexed.annotations[2] else {
            Issue.record("annotations changed kind: \(indexed.annotations)")
            return
        }
        #expect(onBand == 1)
        #expect(abs(between - 0.5) < 1e-12)
        #expect(index == 2)
        #expect(categories.position(of: -1e15) == 0 && categories.position(of: 1e15) == 2)
    }

    /// Bands across New Year name the year on the first label, as a time axis does; the axis shows it.
    @Test func theFirstLabelOfAMultiYearAxisNamesItsYear() throws {
        let s = try spec(#"{"type": "bar", "x": {"type": "time", "start": "2025-12-30"},"#
            + #""series": [{"values": [3, 5, 4, 6]}]}"#)
        let (_, indexed) = try #require(TimeCategories.categorize(s))
        #expect(indexed.labels == ["Dec 30, 2025", "Wed 31", "2026", "Fri 2"])
        #expect(xLabels(ChartLayout.scene(for: s, metrics: metrics)).first == "Dec 30, 2025")
        // Monthly bars starting in a year's first month already name it.
        let monthly = try spec(#"{"type": "bar", "x": {"type": "time"}, "series": [{"points": "#
            + #"[["2025-01-01", 1], ["2025-02-01", 2], ["2026-01-01", 3]]}]}"#)
        #expect(TimeCategories.categorize(monthly)?.spec.labels == ["2025", "Feb", "2026"])
    }

    @Test func categoryAxesAreLeftAlone() throws {
        let categorical = try spec(#"{"type": "bar", "series": [{"values": [3, 5]}]}"#)
        #expect(TimeCategories.categorize(categorical) == nil)
    }

    /// Only bars put instants on bands: a line on the same time axis keeps the gaps between its instants (the
    /// second point one eighth of the way along, where bands would put it half way).
    @Test func linesKeepTheirTimeAxis() throws {
        let line = try spec(#"{"x": {"type": "time"}, "series": [{"curve": "linear", "points": "#
            + #"[["2026-11-02", 3], ["2026-11-03", 5], ["2026-11-10", 4]]}]}"#)
        let scene = ChartLayout.scene(for: line, metrics: metrics)
        let shapes = nodes(in: scene, under: .series(0)).compactMap { if case .shape(let s) = $0 { s } else { nil } }
        let xs = try #require(shapes.first).path.elements.compactMap { coordinates(of: $0).last?.x }
        try #require(xs.count == 3)
        #expect(abs((xs[1] - xs[0]) / (xs[2] - xs[0]) - 1.0 / 8) < 1e-9)
    }

    @Test func horizontalBarsOnATimeAxisListTheInstantsDownTheSide() throws {
        let s = try spec(#"{"type": "bar", "bars": {"orientation": "horizontal"},"#
            + #""x": {"type": "time", "start": "2026-03-01T09:00", "step": 3600000}, "series": [{"values": [3, 5]}]}"#)
        let scene = ChartLayout.scene(for: s, metrics: metrics)
        let texts = nodes(in: scene, under: .xAxis).compactMap { if case .text(let t) = $0 { t.text } else { nil } }
            + nodes(in: scene, under: .yAxis).compactMap { if case .text(let t) = $0 { t.text } else { nil } }
        #expect(texts.contains("09:00") && texts.contains("10:00"))
        #expect(bars(scene)[[0, 1]]?.tooltip == "Series 1 · 2026-03-01 10:00: 5")
    }
}
