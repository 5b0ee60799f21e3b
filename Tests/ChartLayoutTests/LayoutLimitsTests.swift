import Testing
import ChartScene
import ChartSpec
import ChartText
@testable import ChartLayout

/// A spec built in Swift skips validation: the layout reads it within `ChartSpec.Limits` (one clamp, in
/// `LayoutContext`), so every axis-based kind still gives finite geometry inside a canvas of the largest valid size.
struct LayoutLimitsTests {
    let metrics = ApproximateMetrics()

    static let widths: [Double] = [.nan, -.infinity, -3, 0, 1e6, .infinity]
    static let kinds: [ChartType] = [.line, .area, .bar, .scatter, .diff]

    @Test(arguments: kinds, widths)
    func outOfLimitValuesAreReadWithinTheLimits(_ type: ChartType, _ lineWidth: Double) {
        var spec = makeSpec([[3, 9, 1, 5], [2, 4, 8, 1]], labels: ["a", "b", "c", "d"], width: 1e9, height: .nan)
        spec.type = type
        for k in spec.series.indices {
            spec.series[k].lineWidth = lineWidth
            spec.series[k].dots = true
        }
        let scene = ChartLayout.scene(for: spec, metrics: metrics)
        #expect(scene.width == Double(ChartSpec.Limits.canvasSize.upperBound))
        #expect(scene.height == Double(ChartSpec.Limits.canvasSize.lowerBound))
        let problems = geometryProblems(scene, metrics: metrics)
        #expect(problems.isEmpty, "\(problems.prefix(5))")
    }

    @Test func aValidSpecIsReadUnchanged() throws {
        let spec = try ChartSpec.parse(Array(#"{"width": 300, "series": [{"values": [1, 2], "lineWidth": 32}]}"#.utf8))
        #expect(LayoutContext.withinLimits(spec) == spec)
    }

    @Test func lineWidthsAreClampedIntoTheSpecLimits() {
        var spec = makeSpec([[1], [2], [3]])
        spec.series[0].lineWidth = 100
        spec.series[1].lineWidth = 0
        spec.series[2].lineWidth = .nan
        let read = LayoutContext.withinLimits(spec).series.map(\.lineWidth)
        #expect(read == [ChartSpec.Limits.lineWidth.upperBound, ChartSpec.Limits.lineWidth.lowerBound, 2])
    }
}
