#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import ChartScene
import ChartSpec
import ChartText
@testable import ChartLayout

struct LogAxisTests {
    let metrics = ApproximateMetrics()

    func logSpec(_ values: [Double?]) -> ChartSpec {
        var spec = makeSpec([values])
        spec.y.scale = .log
        spec.series[0].dots = true
        return spec
    }

    func yLabels(_ scene: Scene) -> [TextRun] {
        nodes(in: scene, under: .yAxis).compactMap { if case .text(let t) = $0 { t } else { nil } }
    }

    @Test func majorTicksArePowersOfTenEvenlySpaced() throws {
        let scene = ChartLayout.scene(for: logSpec([3, 40, 700, 12_000]), metrics: metrics)
        let labels = yLabels(scene)
        #expect(labels.map(\.text) == ["1", "10", "100", "1000", "10K", "100K"])
        let ys = labels.map(\.position.y)
        let gap = ys[0] - ys[1]
        for i in 1..<ys.count { #expect(abs((ys[i - 1] - ys[i]) - gap) < 1e-9) }
        // Minor marks: 2…9 × 10^k below the top decade, 8 per decade.
        let axisShapes = nodes(in: scene, under: .yAxis).compactMap { if case .shape(let s) = $0 { s } else { nil } }
        let minor = try #require(axisShapes.last { $0.path.elements.count > 2 })
        #expect(minor.path.elements.count == 2 * 8 * 5)
        #expect(geometryProblems(scene, metrics: metrics).isEmpty)
    }

    @Test func anExplicitFormatWritesTheLogLabels() {
        var spec = logSpec([3, 40, 700, 12_000])
        spec.y.format = .grouped(nil)
        #expect(yLabels(ChartLayout.scene(for: spec, metrics: metrics)).map(\.text)
            == ["1", "10", "100", "1,000", "10,000", "100,000"])
    }

    @Test func pointsSitAtTheirLogPosition() throws {
        let scene = ChartLayout.scene(for: logSpec([10, 100, 1000]), metrics: metrics)
        let ys = groups(scene).compactMap { g -> Double? in
            guard case .point? = g.role, case .shape(let s)? = g.children.first else { return nil }
            return s.path.controlBounds?.center.y
        }
        try #require(ys.count == 3)
        #expect(abs((ys[0] - ys[1]) - (ys[1] - ys[2])) < 1e-9)
    }

    @Test func noZeroLineOnALogAxis() {
        let scene = ChartLayout.scene(for: logSpec([0.01, 100]), metrics: metrics)
        let gridShapes = nodes(in: scene, under: .grid).compactMap { if case .shape(let s) = $0 { s } else { nil } }
        #expect(gridShapes.count == 1)
    }
}

extension LogAxisTests {
    @Test(arguments: [[1e-300, 1e300], [5, 5], [0.5, 0.7], [1, 1e6, nil, 3]])
    func extremeRangesStayFiniteAndInsideTheCanvas(_ values: [Double?]) {
        for (w, h) in [(640.0, 360.0), (24, 24)] {
            var spec = logSpec(values)
            spec.width = w
            spec.height = h
            spec.title = "log"
            let problems = geometryProblems(ChartLayout.scene(for: spec, metrics: metrics), metrics: metrics)
            #expect(problems.isEmpty, "\(values) \(w)×\(h): \(problems.prefix(5))")
        }
    }

    /// Bars on a log value axis, standing or lying, start where the axis starts (the whole decade below the least
    /// value; zero is not on a log axis) and end at their value in log space, under powers-of-ten labels.
    @Test(arguments: [BarOrientation.vertical, .horizontal])
    func barsStartAtTheAxisMinimum(orientation: BarOrientation) throws {
        let values = [3.0, 40, 500, 7000]
        var spec = logSpec(values)
        spec.type = .bar
        spec.series[0].dots = false
        spec.bars.orientation = orientation
        let scene = ChartLayout.scene(for: spec, metrics: metrics)
        var bars: [Int: Rect] = [:]
        for g in groups(scene) {
            guard case .bar(0, let i, _, _)? = g.role else { continue }
            for case .shape(let shape) in g.children { bars[i] = shape.path.controlBounds }
        }
        try #require(bars.count == values.count)
        let vertical = orientation == .vertical
        let valueAxis = nodes(in: scene, under: vertical ? .yAxis : .xAxis)
        #expect(valueAxis.compactMap { if case .text(let t) = $0 { t.text } else { nil } }
            == ["1", "10", "100", "1000", "10K"])
        let starts = values.indices.compactMap { bars[$0].map { vertical ? $0.maxY : $0.minX } }
        #expect(starts.allSatisfy { abs($0 - starts[0]) < 1e-9 })
        // From 1 = 10⁰, a bar's length is proportional to log10 of its value.
        let lengths = values.indices.compactMap { bars[$0].map { vertical ? $0.height : $0.width } }
        for i in values.indices {
            #expect(abs(lengths[i] / lengths[3] - log10(values[i]) / log10(7000)) < 1e-9)
        }
        #expect(geometryProblems(scene, metrics: metrics).isEmpty)
    }
}
