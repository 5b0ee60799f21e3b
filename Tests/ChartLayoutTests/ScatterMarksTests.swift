import Testing
import ChartScene
import ChartSpec
import ChartText
@testable import ChartLayout

struct ScatterMarksTests {
    let metrics = ApproximateMetrics()

    func scatter(_ points: [(Double, Double, Double?)]) -> ChartSpec {
        var spec = ChartSpec()
        spec.type = .scatter
        var series = Series(points: points.map { DataPoint(x: $0.0, y: $0.1) }, hasNumericX: true)
        series.sizes = points.compactMap(\.2)
        spec.series = [series]
        return spec
    }

    /// Radius of each `.point` group's circle, by point index.
    func radii(_ scene: Scene) -> [Int: Double] {
        var result: [Int: Double] = [:]
        for g in groups(scene) {
            guard case .point(_, let i, _)? = g.role, case .shape(let s)? = g.children.first,
                  let b = s.path.controlBounds else { continue }
            result[i] = b.width / 2
        }
        return result
    }

    @Test func bubbleRadiusGrowsWithSizeAndAreaIsProportional() throws {
        let sizes = [1.0, 4, 9, 16, 100]
        let spec = scatter(sizes.enumerated().map { (Double($0.offset), 5, $0.element) })
        let r = radii(ChartLayout.scene(for: spec, metrics: metrics))
        let list = try sizes.indices.map { try #require(r[$0]) }
        for i in 1..<list.count { #expect(list[i] > list[i - 1]) }
        // Area ∝ size: r ∝ √size.
        #expect(abs(list[1] / list[0] - 2) < 1e-9)
        #expect(abs(list[4] - ScatterMarks.maxRadius) < 1e-9)
    }

    @Test func radiusIsCappedAndNeverBelowTheMinimum() {
        #expect(ScatterMarks.radius(size: 1e300, largest: 1) == ScatterMarks.maxRadius)
        #expect(ScatterMarks.radius(size: 0, largest: 10) == ScatterMarks.minRadius)
        #expect(ScatterMarks.radius(size: .nan, largest: 10) == ScatterMarks.minRadius)
    }

    @Test func dotsWithoutSizesCarryTooltipsAndPointRoles() throws {
        let spec = scatter([(1, 2, nil), (3, 4, nil), (2, 8, nil)])
        let scene = ChartLayout.scene(for: spec, metrics: metrics)
        let points = groups(scene).filter { if case .point? = $0.role { true } else { false } }
        #expect(points.count == 3)
        #expect(points.allSatisfy { $0.tooltip?.text.contains("Series 1") == true })
        #expect(Set(radii(scene).values).count == 1)
        #expect(geometryProblems(scene, metrics: metrics).isEmpty)
    }

    @Test func extremeValuesStayInsideTheCanvas() {
        for (w, h) in [(640.0, 360.0), (20, 20)] {
            var spec = scatter([(-1e15, 1e15, 0), (0, 0, 1e300), (1e15, -1e15, 5)])
            spec.width = w
            spec.height = h
            let problems = geometryProblems(ChartLayout.scene(for: spec, metrics: metrics), metrics: metrics)
            #expect(problems.isEmpty, "\(w)×\(h): \(problems.prefix(5))")
        }
    }
}
