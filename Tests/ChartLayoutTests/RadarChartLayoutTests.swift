#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChartScene
import ChartSpec
import ChartText
import Testing
@testable import ChartLayout

/// Radar geometry: spoke i at 360·i/n clockwise from twelve o'clock, values on a linear scale from the center to the
/// outer polygon, nice ticks as concentric polygons, nulls skipped.
struct RadarChartLayoutTests {
    let metrics = ApproximateMetrics()

    func radarSpec(_ series: [[Double?]], labels: [String]? = nil, max: Double? = nil) -> ChartSpec {
        var spec = makeSpec(series, labels: labels, width: 500, height: 400)
        spec.type = .radar
        spec.y.max = max
        return spec
    }

    func scene(_ spec: ChartSpec) -> Scene { ChartLayout.scene(for: spec, metrics: metrics) }

    /// The center and the outer radius: the spokes run from the center to the outer polygon's corners.
    func spokes(_ scene: Scene) throws -> (center: Point, radius: Double, ends: [Point]) {
        let grid = try #require(groups(scene).first { $0.role == .grid })
        guard case .shape(let spokes)? = grid.children.last else { throw MissingSpokes() }
        var center: Point?, ends: [Point] = []
        for e in spokes.path.elements {
            if case .move(let p) = e { center = p }
            if case .line(let p) = e { ends.append(p) }
        }
        let c = try #require(center)
        return (c, ends.first.map { $0.distance(to: c) } ?? 0, ends)
    }

    struct MissingSpokes: Error {}

    /// The center of each `.point` group's mark, by (series, index).
    func points(_ scene: Scene) -> [Int: [Int: Point]] {
        var result: [Int: [Int: Point]] = [:]
        for g in groups(scene) {
            guard case .point(let k, let i, _)? = g.role, case .shape(let s)? = g.children.first,
                  let b = s.path.controlBounds else { continue }
            result[k, default: [:]][i] = b.center
        }
        return result
    }

    /// Degrees clockwise from twelve o'clock of `p` around `c`, in [0, 360).
    func angle(_ p: Point, around c: Point) -> Double {
        let a = atan2(p.x - c.x, c.y - p.y) * 180 / .pi
        return a < 0 ? a + 360 : a
    }

    @Test(arguments: [3, 5, 8, 12])
    func spokeIStandsAt360iOverNClockwiseFromTwelve(n: Int) throws {
        let s = scene(radarSpec([Array(repeating: 10, count: n)], max: 10))
        let (center, radius, ends) = try spokes(s)
        #expect(ends.count == n)
        let drawn = try #require(points(s)[0])
        #expect(drawn.count == n)
        for i in 0..<n {
            let expected = 360 * Double(i) / Double(n)
            #expect(abs(angle(ends[i], around: center) - expected) < 1e-6)
            // A value at the axis maximum lies on the outer polygon, at the end of its spoke.
            let p = try #require(drawn[i])
            #expect(abs(angle(p, around: center) - expected) < 1e-6)
            #expect(abs(p.distance(to: center) - radius) < 1e-6)
        }
    }

    /// The scale is linear from 0 at the center: half the maximum is half way out, 0 is the center.
    @Test func valuesAreLinearFromTheCenter() throws {
        let s = scene(radarSpec([[10, 5, 0, 2.5]], max: 10))
        let (center, radius, _) = try spokes(s)
        let drawn = try #require(points(s)[0])
        for (i, share) in [(0, 1.0), (1, 0.5), (2, 0), (3, 0.25)] {
            let p = try #require(drawn[i])
            #expect(abs(p.distance(to: center) - share * radius) < 1e-6, "point \(i)")
        }
    }

    /// The grid has one polygon per nonzero tick (n corners each), at the tick's distance; the tick labels are the
    /// nice values, up the twelve o'clock spoke.
    @Test func ticksAreNicePolygonsLabelledUpTheTopSpoke() throws {
        let s = scene(radarSpec([[12, 37, 81, 55, 64]]))
        let (center, radius, _) = try spokes(s)
        let grid = try #require(groups(s).first { $0.role == .grid })
        guard case .shape(let rings)? = grid.children.first else { throw MissingSpokes() }
        let moves = rings.path.elements.compactMap { if case .move(let p) = $0 { p } else { nil } }
        let labels = try #require(groups(s).first { $0.role == .yAxis }).children.compactMap { node -> TextRun? in
            if case .text(let t) = node { t } else { nil }
        }
        #expect(labels.map(\.text) == ["20", "40", "60", "80", "100"])
        #expect(moves.count == labels.count)
        for (ring, value) in zip(moves, [20.0, 40, 60, 80, 100]) {
            #expect(abs(ring.x - center.x) < 1e-9 && abs(center.y - ring.y - radius * value / 100) < 1e-6)
        }
        for label in labels { #expect(abs(label.position.x - center.x) < 1e-9) }
    }

    /// A null value gets no corner and no point: the polygon joins its neighbours.
    @Test func nullsAreSkipped() throws {
        let s = scene(radarSpec([[1, nil, 3, 4, 5]]))
        #expect(try #require(points(s)[0]).keys.sorted() == [0, 2, 3, 4])
        let line = try #require(groups(s).first { $0.role == .seriesLine(0) })
        guard case .shape(let outline)? = line.children.first else { throw MissingSpokes() }
        #expect(outline.path.elements.count == 5)  // move, three lines, close
    }

    /// Extreme values, tiny and huge canvases, all nulls, 64 series, 360 spokes, negatives, and a sparkline.
    /// The area takes `fillColor` as a line's area does: a translucent color as given, an opaque one at the look's
    /// opacity, and the series color when there is none.
    @Test(arguments: [(Color?.none, 0x40), (Color(red: 255, green: 0, blue: 0, alpha: 51), 51), (Color(red: 255, green: 0, blue: 0), 0x40)])
    func areaTakesTheFillColor(fillColor: Color?, alpha: Int) throws {
        var spec = radarSpec([[3, 1, 2, 4]])
        spec.series[0].fill = .solid
        spec.series[0].fillColor = fillColor
        let area = try #require(groups(scene(spec)).first { $0.role == .seriesArea(0) })
        guard case .shape(let shape)? = area.children.first, case .solid(let paint)? = shape.fill else {
            Issue.record("no solid area")
            return
        }
        let expected = fillColor ?? LayoutContext(spec: spec, metrics: metrics).seriesColor(0)
        #expect([paint.red, paint.green, paint.blue] == [expected.red, expected.green, expected.blue])
        #expect(abs(Int(paint.alpha) - alpha) <= 1)
    }

    static func degenerateSpecs() -> [ChartSpec] {
        let cases: [([[Double?]], Double, Double, Bool)] = [
            ([[1.0, 1e300, -1e300, 4]], 500, 400, true), ([[5, 5, 5]], 16, 16, true), ([[nil, nil, nil]], 300, 200, true),
            (Array(repeating: [1.0, 2, 3], count: 64), 40, 400, true),
            ([(0..<360).map { Double($0 % 7) }], 4096, 20, true), ([[-3, -1, -2]], 300, 300, true),
            ([[3, 1, 2]], 40, 40, false),
        ]
        return cases.map { series, w, h, axes in
            var spec = makeSpec(series, width: w, height: h)
            spec.type = .radar
            spec.title = "Skills"
            spec.axes = axes
            spec.series[0].dots = true
            spec.series[0].fill = .solid
            return spec
        }
    }

    @Test(arguments: degenerateSpecs())
    func everyCoordinateIsFiniteAndInsideTheCanvas(spec: ChartSpec) {
        #expect(geometryProblems(scene(spec), metrics: metrics) == [])
    }
}
