import Testing
import ChartScene
import ChartSpec
import ChartText
@testable import ChartLayout

/// The seed's details (issue 13, item 6) in the scene: fill opacity, filled dots, dashed grid lines, a gradient fill
/// that follows a stroke gradient, stacked bars that grow as stacks and lead labels apart from their rings.
struct SeedDetailsTests {
    let metrics = ApproximateMetrics()

    func scene(_ spec: ChartSpec) -> Scene { ChartLayout.scene(for: spec, metrics: metrics) }

    func shapes(_ scene: Scene, under role: Role) -> [Shape] {
        nodes(in: scene, under: role).compactMap { if case .shape(let s) = $0 { s } else { nil } }
    }

    /// The one fill paint of series 0's area.
    func areaPaint(_ spec: ChartSpec) throws -> Paint {
        try #require(shapes(scene(spec), under: .seriesArea(0)).first?.fill)
    }

    func lineSpec(fill: FillMode, opacity: Double? = nil, gradient: [Color] = []) -> ChartSpec {
        var spec = makeSpec([[3, 5, 4, 8]])
        spec.series[0].color = Color(rgb: 0xE4572E)
        spec.series[0].fill = fill
        spec.series[0].fillOpacity = opacity
        spec.series[0].strokeGradient = gradient
        return spec
    }

    @Test(arguments: [(FillMode.solid, nil, 64), (.solid, 0.7, 179), (.gradient, nil, 115), (.gradient, 0.7, 179),
                      (.gradient, 0, 0), (.solid, 1, 255)] as [(FillMode, Double?, UInt8)])
    func fillOpacitySetsTheFillsStrongestAlpha(fill: FillMode, opacity: Double?, alpha: UInt8) throws {
        // Defaults 0.25 and 0.45 of 255 are 64 and 115; the seed's 0.7 is 179 (rounded).
        switch try areaPaint(lineSpec(fill: fill, opacity: opacity)) {
        case .solid(let color):
            #expect(fill == .solid && color == Color(rgb: 0xE4572E, alpha: alpha))
        case .linearGradient(let g):
            #expect(fill == .gradient)
            #expect(g.stops.map(\.color.alpha).max() == alpha)
            #expect(g.stops.map(\.color.alpha).min() == 0)  // still fades out at the baseline
            #expect(g.start.x == g.end.x)  // vertical
        }
    }

    /// Under a stroke gradient, a gradient fill takes the stroke's colors along the same span (at its opacity),
    /// instead of the palette color.
    @Test func gradientFillFollowsTheStrokeGradient() throws {
        let colors = [Color(rgb: 0x4E79A7), Color(rgb: 0xB07AA1), Color(rgb: 0xE15759)]
        let spec = lineSpec(fill: .gradient, opacity: 0.5, gradient: colors)
        let s = scene(spec)
        guard case .linearGradient(let fill)? = shapes(s, under: .seriesArea(0)).first?.fill,
              case .linearGradient(let stroke)? = shapes(s, under: .seriesLine(0)).first?.stroke
        else { Issue.record("expected gradient paints for the fill and the stroke"); return }
        #expect(fill.start == stroke.start && fill.end == stroke.end)
        #expect(fill.stops.map(\.offset) == stroke.stops.map(\.offset))
        #expect(fill.stops.map(\.color) == colors.map { $0.withOpacity(0.5) })
        #expect(stroke.stops.map(\.color) == colors)
        // A solid fill keeps the series color.
        guard case .solid(let solid) = try areaPaint(lineSpec(fill: .solid, gradient: colors)) else {
            Issue.record("expected a solid fill"); return
        }
        #expect(solid == Color(rgb: 0xE4572E).withOpacity(0.25))
    }

    func dots(_ spec: ChartSpec) -> [Shape] {
        groups(scene(spec)).compactMap { g -> Shape? in
            guard case .point(0, _, _)? = g.role, case .shape(let s)? = g.children.first else { return nil }
            return s
        }
    }

    @Test func dotsAreHollowRingsByDefaultAndSolidDiscsWhenFilled() throws {
        var spec = makeSpec([[3, 5, 4, 8]])
        spec.series[0].color = Color(rgb: 0xF28E2B)
        spec.series[0].lineWidth = 3
        spec.series[0].dots = true
        let hollow = dots(spec)
        #expect(hollow.count == 4)
        for dot in hollow {
            #expect(dot.fill == .solid(ThemeColors.light.background) && dot.stroke == .solid(Color(rgb: 0xF28E2B)))
            #expect(abs((circleGeometry(dot.path)?.radius ?? 0) - 5.25) < 1e-9)  // 1.75 × the line width
        }
        spec.series[0].dot = DotOptions(style: .filled, radius: 4.5)
        let filled = dots(spec)
        #expect(filled.count == 4)
        for dot in filled {
            #expect(dot.fill == .solid(Color(rgb: 0xF28E2B)) && dot.stroke == nil)
            #expect(abs((circleGeometry(dot.path)?.radius ?? 0) - 4.5) < 1e-9)
        }
        // The legend's swatch shows the same style.
        spec.legend = true
        let swatch = shapes(scene(spec), under: .legendItem(series: 0)).first { circleGeometry($0.path) != nil }
        #expect(swatch?.fill == .solid(Color(rgb: 0xF28E2B)) && swatch?.stroke == nil)
    }

    @Test(arguments: [BarOrientation.vertical, nil], [false, true])
    func gridLinesTakeTheirAxisDash(bars: BarOrientation?, dashed: Bool) {
        var spec = makeSpec([[3, 5, 4, 8]], labels: ["a", "b", "c", "d"])
        if let bars {
            spec.type = .bar
            spec.bars.orientation = bars
        }
        spec.x.grid = true
        if dashed {
            spec.x.gridDash = [4, 4]
            spec.y.gridDash = [2, 3]
        }
        let dashes = shapes(scene(spec), under: .grid).map(\.strokeStyle.dash)
        #expect(dashes.count == 2)
        #expect(Set(dashes) == (dashed ? [[4, 4], [2, 3]] : [[]]))
    }

    @Test func horizontalBarGridLinesTakeTheYDash() {
        var spec = makeSpec([[3, 5, 4, 8]], labels: ["a", "b", "c", "d"])
        spec.type = .bar
        spec.bars.orientation = .horizontal
        spec.y.gridDash = [1, 2]
        let dashes = shapes(scene(spec), under: .grid).map(\.strokeStyle.dash)
        #expect(dashes == [[1, 2]])
    }

    /// Every segment of a stack names the stack's baseline (the zero line), so an animation can grow the stack as
    /// one; grouped bars name none and grow out of their own base.
    @Test(arguments: [BarOrientation.vertical, .horizontal])
    func stackSegmentsNameTheZeroLine(orientation: BarOrientation) throws {
        var spec = makeSpec([[3, 5, -2], [4, -1, -6], [2, 2, 2]], labels: ["a", "b", "c"])
        spec.type = .bar
        spec.bars.orientation = orientation
        spec.bars.mode = .stacked
        var segments: [(base: Double?, rect: Rect, edge: RectEdge)] = []
        for g in groups(scene(spec)) {
            guard case .bar(_, _, let edge, let base)? = g.role, case .shape(let s)? = g.children.first else { continue }
            segments.append((base, try #require(s.path.controlBounds), edge))
        }
        #expect(segments.count == 9)
        let zero = try #require(segments.first?.base)
        for segment in segments {
            #expect(segment.base == zero)
            // The zero line is the base edge of the segments that start on it.
            let r = segment.rect
            let edge: Double = switch segment.edge {
            case .minX: r.minX
            case .maxX: r.maxX
            case .minY: r.minY
            case .maxY: r.maxY
            }
            let across = orientation == .vertical ? [r.minY, r.maxY] : [r.minX, r.maxX]
            if across.contains(where: { abs($0 - zero) < 1e-9 }) { #expect(abs(edge - zero) < 1e-9) }
        }
        spec.bars.mode = .grouped
        for g in groups(scene(spec)) {
            if case .bar(_, _, _, let base)? = g.role { #expect(base == nil) }
        }
    }

    /// A lead-change label is its own `.valueLabel` group (which fades in) beside its ring's `.point` group (which
    /// pops), reached by the line at the same moment; the ring's group holds only the ring.
    @Test func leadLabelsAreApartFromTheirRings() throws {
        var spec = makeSpec([[22, 45, 68, 91, 103], [25, 41, 73, 88, 97]], names: ["Home", "Guest"])
        spec.type = .diff
        spec.diff.labels = true
        let all = groups(scene(spec))
        var rings: [Double] = [], labels: [Double] = []
        for g in all {
            switch g.role {
            case .point(0, _, let progress)? where g.tooltip?.text.hasPrefix("Lead change") == true:
                #expect(g.children.count == 1)
                #expect(!g.children.contains { if case .text = $0 { true } else { false } })
                rings.append(progress)
            case .valueLabel(0, let progress)?:
                #expect(g.children.allSatisfy { if case .text(let t) = $0 { t.text.hasSuffix("leads") } else { false } })
                labels.append(progress)
            default: break
            }
        }
        #expect(rings.count == 3)  // differences −3, 4, −5, 3, 6 change sign three times
        #expect(!labels.isEmpty)
        #expect(Set(labels).isSubset(of: Set(rings)))
    }
}
