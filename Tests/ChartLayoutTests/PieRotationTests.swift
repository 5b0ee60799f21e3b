import ChartScene
import ChartSpec
import ChartText
import Testing
@testable import ChartLayout

/// `pie.rotation`, `pie.circumference` and `pie.sliceValues`: where the slices start, how far they sweep, how a
/// partial disc is sized, and what the slice labels say.
struct PieRotationTests {
    let metrics = ApproximateMetrics()

    func spec(_ values: [Double?], rotation: Double? = nil, circumference: Double? = nil,
              type: ChartType = .doughnut) -> ChartSpec {
        var spec = makeSpec([values], labels: ["Done", "Open", "Blocked"], width: 500, height: 300)
        spec.type = type
        spec.pie.rotation = rotation
        spec.pie.circumference = circumference
        return spec
    }

    func scene(_ spec: ChartSpec) -> Scene { ChartLayout.scene(for: spec, metrics: metrics) }

    func marks(_ scene: Scene) -> [ArcMark] {
        groups(scene).compactMap { if case .slice(_, let mark)? = $0.role { mark } else { nil } }
    }

    /// The box of the slices as drawn: their paths' points, with every cubic piece sampled (its control points may
    /// lie outside the curve).
    func extent(_ scene: Scene) -> Rect {
        var xs: [Double] = [], ys: [Double] = []
        for g in groups(scene) {
            guard case .slice? = g.role else { continue }
            for case .shape(let shape) in g.children {
                var last = Point(0, 0)
                for element in shape.path.elements {
                    switch element {
                    case .move(let p), .line(let p): last = p
                    case .cubic(let c1, let c2, let p):
                        for step in 0...64 {
                            // The Bernstein form of the cubic Bézier at t.
                            let t = Double(step) / 64, u = 1 - t
                            let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                            xs.append(a * last.x + b * c1.x + c * c2.x + d * p.x)
                            ys.append(a * last.y + b * c1.y + c * c2.y + d * p.y)
                        }
                        last = p
                    default: continue
                    }
                    xs.append(last.x)
                    ys.append(last.y)
                }
            }
        }
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        return Rect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }

    @Test(arguments: [
        (-90.0, 180.0, [1.0, 1, 2], [(270.0, 315.0), (315, 360), (360, 450)]),
        (90, nil, [3, 1], [(90, 360), (360, 450)]),
        (-30, nil, [1, 2], [(330, 450), (450, 690)]),
        (360, 90, [1], [(0, 90)]),
        (nil, 120, [1, 1, 1], [(0, 40), (40, 80), (80, 120)]),
    ] as [(Double?, Double?, [Double?], [(Double, Double)])])
    func slicesStartAtTheRotationAndSweepTheCircumference(rotation: Double?, circumference: Double?,
                                                          values: [Double?], expected: [(Double, Double)]) {
        let scene = scene(spec(values, rotation: rotation, circumference: circumference))
        let angles = marks(scene).map { ($0.sector.startAngle, $0.sector.endAngle) }
        #expect(angles.count == expected.count)
        for (got, want) in zip(angles, expected) {
            #expect(abs(got.0 - want.0) < 1e-9 && abs(got.1 - want.1) < 1e-9, "\(angles)")
        }
        // The animation's sweep covers exactly the slices.
        let disc = groups(scene).lazy.compactMap { if case .pie(let d)? = $0.role { d } else { nil } }.first
        #expect(disc?.startAngle == expected.first?.0 && disc?.endAngle == expected.last?.1)
    }

    /// A half gauge on a 500×300 canvas is laid out by its own bounding box: twice as wide as tall, centered, most
    /// of the width, far larger than a whole doughnut can be on the same canvas.
    @Test(arguments: [ChartType.pie, .doughnut])
    func aHalfGaugeIsTwiceAsWideAsTallAndFillsTheWidth(type: ChartType) throws {
        let gauge = scene(spec([72, 20, 8], rotation: -90, circumference: 180, type: type))
        let box = extent(gauge)
        #expect(abs(box.width / box.height - 2) < 0.01, "\(box)")
        #expect(box.width > 0.7 * 500, "\(box)")
        #expect(abs(box.center.x - 250) < 0.5 && box.minY >= 0 && box.maxY <= 300, "\(box)")
        let gaugeRadius = try #require(marks(gauge).first).sector.outerRadius
        let wholeRadius = try #require(marks(scene(spec([72, 20, 8], type: type))).first).sector.outerRadius
        #expect(gaugeRadius > 1.5 * wholeRadius)
        #expect(geometryProblems(gauge, metrics: metrics) == [])
    }

    func labels(_ scene: Scene) -> [String] {
        groups(scene).filter { if case .sliceLabel? = $0.role { true } else { false } }.flatMap { g in
            g.children.compactMap { if case .text(let t) = $0 { t.text } else { nil } }
        }
    }

    @Test func sliceValuesLabelTheSlicesWithTheirValuesFormattedLikeY() {
        var spec = spec([72, 20, 8], rotation: -90, circumference: 180)
        #expect(labels(scene(spec)) == ["72%", "20%", "8%"])
        spec.series[0].points[1].y = 20.5
        spec.pie.sliceValues = true
        #expect(labels(scene(spec)) == ["72", "20.5", "8"])
        spec.y.format = .fixed(1)
        #expect(labels(scene(spec)) == ["72.0", "20.5", "8.0"])
    }
}
