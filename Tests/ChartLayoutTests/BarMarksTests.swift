import Testing
import ChartScene
import ChartSpec
import ChartText
@testable import ChartLayout

struct BarMarksTests {
    let metrics = ApproximateMetrics()

    func barSpec(_ series: [[Double?]], mode: BarMode = .grouped, horizontal: Bool = false,
                 radius: Double = 0) -> ChartSpec {
        var spec = makeSpec(series, labels: series.first.map { $0.indices.map { "C\($0)" } })
        spec.type = .bar
        spec.bars.mode = mode
        spec.bars.orientation = horizontal ? .horizontal : .vertical
        spec.bars.cornerRadius = radius
        return spec
    }

    /// Bar rectangles by (series, category), from the scene's `.bar` groups.
    func bars(_ scene: Scene) -> [[Int]: Rect] {
        var result: [[Int]: Rect] = [:]
        for g in groups(scene) {
            guard case .bar(let s, let i, _, _)? = g.role else { continue }
            for case .shape(let shape) in g.children { result[[s, i]] = shape.path.controlBounds }
        }
        return result
    }

    /// The value axis mapping recovered from two labelled y ticks: pixel y of value v.
    func valueToY(_ scene: Scene, _ spec: ChartSpec) throws -> (Double) -> Double {
        let runs = nodes(in: scene, under: .yAxis).compactMap { node -> TextRun? in
            if case .text(let t) = node { t } else { nil }
        }
        let numeric = runs.compactMap { run in
            Double(String(run.text.map { $0 == "\u{2212}" ? "-" : $0 })).map { ($0, run.position.y) }
        }
        let a = try #require(numeric.first), b = try #require(numeric.last)
        try #require(a.0 != b.0)
        return { v in a.1 + (v - a.0) / (b.0 - a.0) * (b.1 - a.1) }
    }

    @Test func stackedTopsAreTheRunningSums() throws {
        let values: [[Double?]] = [[3, 5, 2], [4, 1, 6], [2, 2, 2]]
        let spec = barSpec(values, mode: .stacked)
        let scene = ChartLayout.scene(for: spec, metrics: metrics)
        let rects = bars(scene)
        let y = try valueToY(scene, spec)
        for c in 0..<3 {
            var sum = 0.0
            for s in 0..<3 {
                let bottom = sum
                sum += values[s][c] ?? 0
                let r = try #require(rects[[s, c]])
                // Label baselines are offset from the ticks by the same amount, so compare differences.
                #expect(abs((r.minY - r.maxY) - (y(sum) - y(bottom))) < 0.01)
            }
            // Segments touch: each one starts where the previous ended.
            for s in 1..<3 {
                #expect(abs(try #require(rects[[s, c]]).maxY - (try #require(rects[[s - 1, c]])).minY) < 1e-9)
            }
        }
    }

    @Test func negativesStackDownFromZero() throws {
        let spec = barSpec([[5, -3], [2, -4], [-1, 6]], mode: .stacked)
        let scene = ChartLayout.scene(for: spec, metrics: metrics)
        let rects = bars(scene)
        let zero = try #require(rects[[0, 0]]).maxY
        // Category 1: −3 then −4 go down from zero, one below the other; 6 goes up from zero.
        #expect(abs(try #require(rects[[0, 1]]).minY - zero) < 1e-9)
        #expect(abs(try #require(rects[[1, 1]]).minY - (try #require(rects[[0, 1]])).maxY) < 1e-9)
        #expect(abs(try #require(rects[[2, 1]]).maxY - zero) < 1e-9)
        // Category 0: −1 hangs below zero although the positives came first.
        #expect(abs(try #require(rects[[2, 0]]).minY - zero) < 1e-9)
        let lengths = [[0, 1], [1, 1]].map { rects[$0]?.height ?? 0 }
        #expect(abs(lengths[1] / lengths[0] - 4.0 / 3.0) < 1e-9)
    }

    @Test func oneBarFillsItsBandAndStartsAtZero() throws {
        let spec = barSpec([[7]])
        let scene = ChartLayout.scene(for: spec, metrics: metrics)
        let rects = bars(scene)
        #expect(rects.count == 1)
        let r = try #require(rects[[0, 0]])
        let y = try valueToY(scene, spec)
        #expect(abs((r.maxY - r.minY) - (y(0) - y(7))) < 0.01)
        #expect(r.width > 100)
        #expect(geometryProblems(scene, metrics: metrics).isEmpty)
    }

    @Test func emptyCategoryAndNullsDrawNothing() {
        let spec = barSpec([[4, nil, 0, 2], [3, nil, nil, 1]])
        let rects = bars(ChartLayout.scene(for: spec, metrics: metrics))
        #expect(rects.keys.filter { $0[1] == 1 }.isEmpty)
        #expect(rects[[0, 2]] == nil && rects[[1, 2]] == nil)
        #expect(rects.count == 4)
        // Grouped bars of one category sit side by side, without overlap.
        if let a = rects[[0, 0]], let b = rects[[1, 0]] { #expect(a.maxX <= b.minX) }
    }

    @Test func horizontalBarsGrowRightFromTheBaselineInCategoryOrder() throws {
        let spec = barSpec([[10, 30, 20]], horizontal: true)
        let scene = ChartLayout.scene(for: spec, metrics: metrics)
        let rects = bars(scene)
        let r = try (0..<3).map { try #require(rects[[0, $0]]) }
        #expect(abs(r[0].minX - r[1].minX) < 1e-9 && abs(r[1].minX - r[2].minX) < 1e-9)
        #expect(abs(r[1].width / r[0].width - 3) < 1e-9)
        #expect(abs(r[2].width / r[0].width - 2) < 1e-9)
        #expect(r[0].maxY <= r[1].minY && r[1].maxY <= r[2].minY)
        #expect(geometryProblems(scene, metrics: metrics).isEmpty)
    }

    @Test func cornersAreRoundedOnlyAtTheFreeEnd() throws {
        let spec = barSpec([[5, -5]], radius: 6)
        let rects = bars(ChartLayout.scene(for: spec, metrics: metrics))
        let up = try #require(rects[[0, 0]]), down = try #require(rects[[0, 1]])
        let upPath = BarMarks.path(up, roundedEnd: .minY, radius: 6)
        let downPath = BarMarks.path(down, roundedEnd: .maxY, radius: 6)
        // Curves only touch the free edge's side of the bar; the baseline edge is a straight line.
        for (path, r, top) in [(upPath, up, true), (downPath, down, false)] {
            for case .cubic(_, _, let end) in path.elements {
                #expect(top ? end.y <= r.minY + 6 + 1e-9 : end.y >= r.maxY - 6 - 1e-9)
            }
            #expect(path.elements.filter { if case .cubic = $0 { true } else { false } }.count == 2)
        }
    }

    @Test(arguments: [BarMode.grouped, .stacked], [false, true])
    func everyCoordinateIsFiniteAndInsideTheCanvas(_ mode: BarMode, _ horizontal: Bool) {
        var spec = barSpec([[1e12, -3, nil, 0], [-1e12, 4, 2, 1e-9]], mode: mode, horizontal: horizontal, radius: 40)
        spec.bars.valueLabels = true
        spec.title = "Extremes"
        for (w, h) in [(640.0, 360.0), (40, 30), (4096, 16)] {
            spec.width = w
            spec.height = h
            let problems = geometryProblems(ChartLayout.scene(for: spec, metrics: metrics), metrics: metrics)
            #expect(problems.isEmpty, "\(w)×\(h): \(problems.prefix(5))")
        }
    }
}

extension BarMarksTests {
    @Test func manyCategoriesAreOneSampledShapeWithoutPerBarGroups() throws {
        let values: [Double?] = (0..<200_000).map { Double($0 % 97) + 1 }
        var spec = barSpec([values])
        spec.labels = nil
        let scene = ChartLayout.scene(for: spec, metrics: metrics)
        #expect(bars(scene).isEmpty)
        let shapes = nodes(in: scene, under: .series(0)).compactMap { if case .shape(let s) = $0 { s } else { nil } }
        let bulk = try #require(shapes.first)
        #expect(bulk.path.elements.count <= 5 * BarMarks.maxBars + 5)
        #expect(bulk.path.elements.count >= 5 * 1000)
    }

    /// The bar limit is per chart: 32 stacked series of 9,000 categories keep about 2,000 bars each (the same
    /// categories in every series), not 9,000.
    @Test func manySeriesShareTheBarLimit() throws {
        let series: [[Double?]] = (0..<32).map { k in (0..<9_000).map { Double(($0 + k) % 13) + 1 } }
        var spec = barSpec(series)
        spec.labels = nil
        spec.bars.mode = .stacked
        let scene = ChartLayout.scene(for: spec, metrics: metrics)
        var rectangles = 0
        for k in 0..<32 {
            for case .shape(let s) in nodes(in: scene, under: .series(k)) {
                rectangles += s.path.elements.count(where: { if case .move = $0 { true } else { false } })
            }
        }
        #expect(rectangles <= 32 * 2_250 && rectangles >= 32 * 2_000, "\(rectangles)")
    }
}

extension BarMarksTests {
    /// Value labels are a per-chart decision: 2 series × 1,000 bars get them, 3 × 1,000 get none (over 2,000 they
    /// could not be read, and placing each against every bar cost seconds), in either orientation.
    @Test(arguments: [false, true])
    func valueLabelsStopAbove2000BarsPerChart(_ horizontal: Bool) {
        func labelCount(series: Int) -> Int {
            var spec = barSpec((0..<series).map { k in (0..<1_000).map { Double(($0 + k) % 9) + 1 } },
                               horizontal: horizontal)
            spec.bars.valueLabels = true
            spec.width = 4096
            spec.height = 4096
            let scene = ChartLayout.scene(for: spec, metrics: metrics)
            return groups(scene).filter { if case .valueLabel? = $0.role { true } else { false } }
                .reduce(0) { $0 + $1.children.count }
        }
        #expect(labelCount(series: 2) > 0)
        #expect(labelCount(series: 3) == 0)
    }

    /// A bar's tooltip is `"name · label: value"` kept as its parts, the name's prefix and the category's label
    /// shared by the bars rather than joined per bar; a still image has none.
    @Test(arguments: [BarMode.grouped, .stacked])
    func aBarsTooltipIsKeptAsItsParts(_ mode: BarMode) throws {
        var spec = barSpec([[3, 5], [4, 1]], mode: mode)
        spec.series[0].name = "Home"
        spec.series[1].name = "Away"
        var texts: [String] = []
        for g in groups(ChartLayout.scene(for: spec, metrics: metrics)) {
            guard case .bar(let s, let i, _, _)? = g.role else { continue }
            guard case .point(let parts)? = g.tooltip else {
                Issue.record("bar \(s), \(i): tooltip \(String(describing: g.tooltip)) is not kept as parts")
                continue
            }
            #expect(parts.prefix == ["Home", "Away"][s] + " · " && parts.label == "C\(i)")
            texts.append(parts.text)
        }
        #expect(Set(texts) == ["Home · C0: 3", "Home · C1: 5", "Away · C0: 4", "Away · C1: 1"])
        let still = ChartLayout.scene(for: spec, metrics: metrics, interactive: false)
        let stillBars = groups(still).filter { if case .bar? = $0.role { true } else { false } }
        #expect(stillBars.count == 4 && stillBars.allSatisfy { $0.tooltip == nil })
    }
}
