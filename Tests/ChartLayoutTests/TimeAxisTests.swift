import Testing
import ChartScene
import ChartSpec
import ChartLocale
import ChartText
import ChartTime
@testable import ChartLayout

struct TimeAxisTests {
    let metrics = ApproximateMetrics()

    func xLabels(_ scene: Scene) -> [TextRun] {
        nodes(in: scene, under: .xAxis).compactMap { if case .text(let t) = $0 { t } else { nil } }
    }

    @Test func ticksSitAtLocalMidnightsAcrossTheSpringForwardNight() throws {
        let zone = try ChartTimeZone(identifier: "Europe/Berlin")
        var spec = ChartSpec()
        spec.x.scale = .time
        spec.x.timeZone = "Europe/Berlin"
        var series = Series(points: [], hasNumericX: true)
        let days = ["2026-03-28", "2026-03-29", "2026-03-30", "2026-03-31"]
        for (i, d) in days.enumerated() {
            series.points.append(DataPoint(x: .nan, y: Double(i)))
            series.xTexts[i] = d
        }
        spec.series = [series]
        let resolved = try ChartLayout.resolvingTimes(spec)
        let instants = try days.map { try #require(ISO8601Timestamp.parse($0, in: zone)) }
        #expect(resolved.series[0].points.map(\.x) == instants)
        // The DST night is 23 hours long.
        #expect(instants[2] - instants[1] == 23 * 3_600_000)

        let scene = ChartLayout.scene(for: spec, metrics: metrics)
        let labels = xLabels(scene)
        // Labels are centered on the pixel of their instant: map the instants linearly between first and last point.
        let points = groups(scene).compactMap { g -> Point? in
            guard case .point? = g.role, case .shape(let s)? = g.children.first else { return nil }
            return s.path.controlBounds?.center
        }
        for label in ["Sat 28", "Sun 29", "Mon 30", "Tue 31"] {
            let run = try #require(labels.first { $0.text == label }, "missing \(label) in \(labels.map(\.text))")
            let i = try #require(["Sat 28", "Sun 29", "Mon 30", "Tue 31"].firstIndex(of: label))
            let px = run.position.x
            let at = (try #require(points.first)).x + (instants[i] - instants[0]) / (instants[3] - instants[0])
                * ((try #require(points.last)).x - (try #require(points.first)).x)
            // A label that would end less than 4 px from the canvas's right edge is moved inward (the last one).
            let half = metrics.width(of: run.text, size: run.size, weight: run.weight) / 2
            let expected = min(at, scene.width - 4 - half)
            #expect(abs(px - expected) < 1e-6)
        }
    }

    @Test func unknownZoneSuggestsACloseName() {
        var spec = ChartSpec()
        spec.x.scale = .time
        spec.x.timeZone = "Europe/Pari"
        spec.series = [Series(points: [DataPoint(x: 0, y: 1)], hasNumericX: true)]
        #expect(throws: SpecError.self) { try ChartLayout.resolvingTimes(spec) }
        do {
            _ = try ChartLayout.resolvingTimes(spec)
        } catch {
            #expect(error.issues.first?.path == "x.timeZone")
            #expect(error.issues.first?.message.contains("did you mean \"Europe/Paris\"") == true)
        }
    }

    @Test func malformedTimestampIsReportedAtItsPath() {
        var spec = ChartSpec()
        spec.x.scale = .time
        var series = Series(points: [DataPoint(x: 0, y: 1), DataPoint(x: .nan, y: 2)], hasNumericX: true)
        series.xTexts[1] = "2026-02-30"
        spec.series = [series]
        do {
            _ = try ChartLayout.resolvingTimes(spec)
            Issue.record("accepted February 30")
        } catch {
            #expect(error.issues.map(\.path) == ["series[0].points[1][0]"])
        }
    }

    /// A vertical line at an ISO-8601 x lands where that instant is, read in the axis zone (here across the DST
    /// night: 2026-03-29 has 23 hours in Berlin, so its noon is 35 of the 47 hours from the first point).
    @Test func verticalLinesTakeTimestampsInTheAxisZone() throws {
        let json = #"{"x": {"type": "time", "timeZone": "Europe/Berlin"}, "series": [{"points": "#
            + #"[["2026-03-28", 1], ["2026-03-30", 3]]}], "annotations": [{"type": "vline", "x": "2026-03-29T12:00"}]}"#
        let spec = try ChartSpec.parse(Array(json.utf8))
        #expect(spec.annotationXTexts == [0: "2026-03-29T12:00"])
        let resolved = try ChartLayout.resolvingTimes(spec)
        let zone = try ChartTimeZone(identifier: "Europe/Berlin")
        let noon = try #require(ISO8601Timestamp.parse("2026-03-29T12:00", in: zone))
        guard case .verticalLine(let x, _, _, _)? = resolved.annotations.first else {
            Issue.record("not a vertical line: \(resolved.annotations)")
            return
        }
        #expect(x == noon)
        #expect(resolved.annotationXTexts.isEmpty)

        let scene = ChartLayout.scene(for: spec, metrics: metrics)
        let line = try #require(nodes(in: scene, under: .annotation(0)).compactMap { node -> Rect? in
            if case .shape(let s) = node { s.path.controlBounds } else { nil }
        }.first)
        let points = groups(scene).compactMap { g -> Point? in
            guard case .point? = g.role, case .shape(let s)? = g.children.first else { return nil }
            return s.path.controlBounds?.center
        }
        let first = try #require(points.first), last = try #require(points.last)
        #expect(abs(line.minX - (first.x + 35.0 / 47 * (last.x - first.x))) < 1e-6)
    }

    @Test func verticalLineTimestampsAreCheckedAtTheirPath() {
        var issues: [String] = []
        let bad = #"{"x": {"type": "time"}, "series": [{"points": [["2026-03-28", 1]]}],"#
            + #""annotations": [{"type": "hline", "y": 1}, {"type": "vline", "x": "2026-13-01"}]}"#
        do { _ = try ChartLayout.resolvingTimes(try ChartSpec.parse(Array(bad.utf8))) } catch {
            issues = error.issues.map(\.path)
        }
        #expect(issues == ["annotations[1].x"])
        let noTimeAxis = #"{"series": [{"values": [1, 2]}], "annotations": [{"type": "vline", "x": "2026-03-01"}]}"#
        #expect(throws: SpecError.self) { try ChartSpec.parse(Array(noTimeAxis.utf8)) }
        do { _ = try ChartSpec.parse(Array(noTimeAxis.utf8)) } catch {
            #expect(error.issues.map(\.path) == ["annotations[0].x"])
        }
    }

    @Test func tooltipsShowTheLocalDateAndTime() {
        let t = 1_774_908_000_000.0  // 2026-03-30T22:00Z, midnight in Berlin summer time
        #expect(TimeAxis.tooltipLabel(t, zone: (try? ChartTimeZone(identifier: "Europe/Berlin")) ?? .utc)
            == "2026-03-31")
        #expect(TimeAxis.tooltipLabel(t + 90_000, zone: .utc) == "2026-03-30 22:01:30")
    }

    /// The memo the series of a chart share gives each instant's label as `TimeAxis.tooltipLabel` formats it, the
    /// first time and every time after, in a locale with its own digits and in the default one.
    @Test(arguments: ["ar-EG", "de-DE", nil])
    func theTooltipMemoFormatsEveryInstantAsTheAxisDoes(_ tag: String?) throws {
        let zone = try ChartTimeZone(identifier: "Africa/Cairo")
        let locale = try tag.map { try #require(ChartLocale($0)) } ?? .english
        let memo = TooltipLabelMemo(zone: zone, locale: locale)
        let t = 1_774_908_000_000.0
        let instants = [t, t + 3_600_000, t + 90_000, t, -0.0, 0, .nan, .infinity, t + 3_600_000]
        for instant in instants {
            #expect(memo.label(instant) == TimeAxis.tooltipLabel(instant, zone: zone, locale: locale))
        }
        #expect(memo.label(t) != memo.label(t + 3_600_000))
    }

    /// Series sharing their instants get the same point tooltips through the memo as each formatting its own.
    @Test func seriesOnATimeAxisNameTheirPointsInTheAxisLocale() throws {
        let t = 1_774_908_000_000.0
        let points = (0..<3).map { "[\(t + Double($0) * 3_600_000), \($0 + 1)]" }.joined(separator: ", ")
        let spec = try ChartSpec.parse(Array("""
            {"locale": "ar-EG", "x": {"type": "time", "timeZone": "Africa/Cairo"},
             "series": [{"name": "a", "points": [\(points)], "dots": true},
                        {"name": "b", "points": [\(points)], "dots": true}]}
            """.utf8))
        let scene = ChartLayout.scene(for: spec, metrics: metrics)
        let zone = try ChartTimeZone(identifier: "Africa/Cairo"), locale = try #require(ChartLocale("ar-EG"))
        var tooltips: [String] = []
        for g in groups(scene) {
            guard case .point(let k, let i, _)? = g.role, let tooltip = g.tooltip else { continue }
            let label = TimeAxis.tooltipLabel(t + Double(i) * 3_600_000, zone: zone, locale: locale)
            #expect(tooltip.text.hasPrefix(["a", "b"][k] + " · " + label + ": "))
            tooltips.append(tooltip.text)
        }
        #expect(tooltips.count == 6)
    }
}

extension TimeAxisTests {
    @Test(arguments: [[-8.64e15, 8.64e15], [0, 1], [1_774_908_000_000, 1_774_908_000_000], [0, 1e12, 3e12]])
    func extremeInstantsStayFiniteAndInsideTheCanvas(_ instants: [Double]) {
        for type in [ChartType.line, .area, .scatter] {
            var spec = ChartSpec()
            spec.type = type
            spec.x.scale = .time
            spec.x.timeZone = "Australia/Sydney"
            spec.series = [Series(points: instants.enumerated().map { DataPoint(x: $0.element, y: Double($0.offset)) },
                                  hasNumericX: true)]
            let scene = ChartLayout.scene(for: spec, metrics: metrics)
            let problems = geometryProblems(scene, metrics: metrics)
            #expect(problems.isEmpty, "\(type) \(instants): \(problems.prefix(5))")
            #expect(!xLabels(scene).isEmpty)
        }
    }
}

extension TimeAxisTests {
    @Test func valuesAreSpacedFromStartByStep() throws {
        var spec = makeSpec([[1, 2, 3]])
        spec.x.scale = .time
        spec.x.timeZone = "+08:00"
        spec.x.startText = "2026-01-01T08:00"
        spec.x.step = 3_600_000
        let resolved = try ChartLayout.resolvingTimes(spec)
        let start = 1_767_225_600_000.0  // 2026-01-01T00:00Z = 08:00 at +08:00
        #expect(resolved.series[0].points.map(\.x) == [start, start + 3_600_000, start + 7_200_000])
        #expect(resolved.series[0].hasNumericX)
        spec.x.startText = nil
        do {
            _ = try ChartLayout.resolvingTimes(spec)
            Issue.record("values without a start were accepted")
        } catch {
            #expect(error.issues.map(\.path) == ["x.start"])
        }
    }
}
