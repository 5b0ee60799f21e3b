import Testing
import ChartScene
import ChartSpec
import ChartText
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
            let px = points.isEmpty ? run.position.x : run.position.x
            let expected = (try #require(points.first)).x + (instants[i] - instants[0]) / (instants[3] - instants[0])
                * ((try #require(points.last)).x - (try #require(points.first)).x)
            #expect(abs(px - expected) < 1e-6)
        }
    }

    @Test func unknownZoneListsTheSupportedOnes() {
        var spec = ChartSpec()
        spec.x.scale = .time
        spec.x.timeZone = "Mars/Olympus"
        spec.series = [Series(points: [DataPoint(x: 0, y: 1)], hasNumericX: true)]
        #expect(throws: SpecError.self) { try ChartLayout.resolvingTimes(spec) }
        do {
            _ = try ChartLayout.resolvingTimes(spec)
        } catch {
            #expect(error.issues.first?.path == "x.timeZone")
            #expect(error.issues.first?.message.contains("Europe/Berlin") == true)
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

    @Test func tooltipsShowTheLocalDateAndTime() {
        let t = 1_774_908_000_000.0  // 2026-03-30T22:00Z, midnight in Berlin summer time
        #expect(TimeAxis.tooltipLabel(t, zone: (try? ChartTimeZone(identifier: "Europe/Berlin")) ?? .utc)
            == "2026-03-31")
        #expect(TimeAxis.tooltipLabel(t + 90_000, zone: .utc) == "2026-03-30 22:01:30")
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
