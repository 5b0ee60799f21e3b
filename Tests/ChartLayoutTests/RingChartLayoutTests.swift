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

/// The center and radius of a `Path.circle` (the mean and spread of its four on-curve points).
func circleGeometry(_ path: Path) -> (center: Point, radius: Double)? {
    let ends = path.elements.compactMap { e -> Point? in if case .cubic(_, _, let p) = e { p } else { nil } }
    guard ends.count == 4 else { return nil }
    let center = Point(ends.map(\.x).reduce(0, +) / 4, ends.map(\.y).reduce(0, +) / 4)
    return (center, center.distance(to: ends[0]))
}

/// Degrees clockwise from twelve o'clock of `p` around `center`, in [0, 360).
func clockAngle(_ p: Point, around center: Point) -> Double {
    var a = atan2(p.x - center.x, center.y - p.y) * 180 / .pi
    if a < 0 { a += 360 }
    return a
}

/// The last on-curve point of a path.
func endPoint(_ path: Path) -> Point? {
    for e in path.elements.reversed() {
        switch e {
        case .move(let p), .line(let p), .quad(_, let p), .cubic(_, _, let p): return p
        case .close: continue
        }
    }
    return nil
}

struct RingChartLayoutTests {
    let metrics = ApproximateMetrics()

    func ringSpec(_ values: [[Double?]], names: [String]? = nil) -> ChartSpec {
        var spec = makeSpec(values, names: names, width: 480, height: 240)
        spec.type = .ring
        return spec
    }

    func scene(_ spec: ChartSpec) -> Scene { ChartLayout.scene(for: spec, metrics: metrics) }

    /// The arc shape and fraction of ring `k`, the track circle drawn before it (both in its `.ring` group), and its
    /// center label.
    func ring(_ k: Int, in scene: Scene) -> (arc: Shape?, fraction: Double?, track: Shape?, label: TextRun?) {
        var arc: Shape?, fraction: Double?, label: TextRun?, track: Shape?
        scene.forEachNode { node, parents in
            if case .shape(let s) = node, case .ring(let i, _)? = parents.last?.role, i == k,
               circleGeometry(s.path) != nil {
                track = s
            }
            if case .shape(let s) = node, case .ringArc(let i, let f)? = parents.last?.role, i == k,
               case .ring(k, _)? = parents.dropLast().last?.role {
                arc = s
                fraction = f
            }
            if case .text(let t) = node, case .ringLabel(let i)? = parents.last?.role, i == k { label = t }
        }
        return (arc, fraction, track, label)
    }

    /// Every ring is one `.ring` group with its tooltip, even one showing nothing; its mark is the ring's band, the
    /// arc's end angle and the value shown with its index.
    @Test func eachRingIsAGroupWithItsTooltipAndMark() throws {
        let s = scene(ringSpec([[0.2, 0.62, nil], [0], [nil]], names: ["Water", "Fed", "Sun"]))
        let rings = groups(s).compactMap { g -> (Int, ArcMark, String?)? in
            if case .ring(let k, let mark)? = g.role { (k, mark, g.tooltip?.text) } else { nil }
        }
        #expect(rings.map(\.0) == [0, 1, 2])
        #expect(rings.map(\.2) == ["Water: 62%", "Fed: 0%", "Sun: –"])
        #expect(rings.map(\.1.datum) == [1, 0, nil])
        #expect(rings.map(\.1.value) == [0.62, 0, nil])
        #expect(rings.map(\.1.fraction) == [0.62, 0, 0])
        let first = try #require(rings.first?.1)
        let r = ring(0, in: s)
        let track = try #require(r.track.flatMap { circleGeometry($0.path) })
        let width = try #require(r.track?.strokeStyle.width)
        #expect(first.sector.center.distance(to: track.center) < 1e-9)
        #expect(abs(first.sector.innerRadius - (track.radius - width / 2)) < 1e-6)
        #expect(abs(first.sector.outerRadius - (track.radius + width / 2)) < 1e-6)
        #expect(first.sector.startAngle == 0 && abs(first.sector.endAngle - 223.2) < 1e-9)
        #expect(first.name == "Water")
    }

    @Test(arguments: [(0.0, nil as Double?), (0.62, 223.2), (1.0, 360.0), (1.5, 360.0), (-0.4, nil), (1e300, 360.0)])
    func arcEndsAtTheClampedAngle(value: Double, expectedAngle: Double?) throws {
        let s = scene(ringSpec([[value]]))
        let r = ring(0, in: s)
        let track = try #require(r.track.flatMap { circleGeometry($0.path) })
        guard let expectedAngle else {
            #expect(r.arc == nil, "an empty ring draws no arc (a round-capped zero-length stroke would be a dot)")
            return
        }
        let arc = try #require(r.arc)
        #expect(r.fraction == expectedAngle / 360)
        guard case .move(let start)? = arc.path.elements.first else {
            Issue.record("the arc starts with a move")
            return
        }
        // It starts at twelve o'clock on the track's circle and ends at the expected angle, never past a turn.
        #expect(abs(start.x - track.center.x) < 1e-9 && abs(track.center.y - start.y - track.radius) < 1e-9)
        let end = try #require(endPoint(arc.path))
        #expect(abs(end.distance(to: track.center) - track.radius) < 1e-9)
        let angle = clockAngle(end, around: track.center)
        let expected = expectedAngle.truncatingRemainder(dividingBy: 360)
        #expect(abs(angle - expected) < 1e-6 || abs(angle - expected - 360) < 1e-6)
        let pieces = arc.path.elements.filter { if case .cubic = $0 { true } else { false } }.count
        #expect(pieces == Int((expectedAngle / 90).rounded(.up)))
        // A full turn is closed: an open one would meet itself with two caps and show a seam at twelve o'clock.
        #expect((arc.path.elements.last == .close) == (expectedAngle == 360))
        #expect(arc.strokeStyle.cap == .round)
    }

    @Test(arguments: [(0.05, Color(rgb: 0xFF0000)), (0.1, Color(rgb: 0xFFA500)), (0.2, Color(rgb: 0xFFA500)),
                      (0.3, nil as Color?), (0.9, nil)])
    func thresholdsPickTheMostUrgentColor(value: Double, expected: Color?) throws {
        var spec = ringSpec([[value]])
        spec.ring.thresholds = [RingThreshold(below: 0.3, color: Color(rgb: 0xFFA500)),
                                RingThreshold(below: 0.1, color: Color(rgb: 0xFF0000))]
        let arc = try #require(ring(0, in: scene(spec)).arc)
        let seriesColor = ThemeColors.light.palette.color(at: 0)
        #expect(arc.stroke == .solid(expected ?? seriesColor))
    }

    @Test func labelIsThePercentageCenteredInsideTheHole() throws {
        let s = scene(ringSpec([[0.62], [1.5], [-1], [nil]], names: ["a", "b", "c", "d"]))
        for (k, text) in ["62%", "100%", "0%", "–"].enumerated() {
            let r = ring(k, in: s)
            let label = try #require(r.label)
            #expect(label.text == text)
            let track = try #require(r.track.flatMap { circleGeometry($0.path) })
            let width = try #require(r.track).strokeStyle.width
            let hole = track.radius - width / 2
            for corner in TextBox(label, metrics: metrics).corners {
                #expect(corner.distance(to: track.center) <= hole + 1e-9)
            }
        }
    }

    @Test func aRingShowsTheLastValueOfItsSeries() throws {
        let r = ring(0, in: scene(ringSpec([[0.9, 0.55, nil, .nan]])))
        #expect(r.label?.text == "55%")
        #expect(r.fraction == 0.55)
    }

    @Test func customLabelsAndNoneReplaceThePercentage() {
        var spec = ringSpec([[0.5], [0.25]])
        spec.ring.labels = ["3 days"]
        spec.ring.label = .none
        let s = scene(spec)
        #expect(ring(0, in: s).label?.text == "3 days")
        #expect(ring(1, in: s).label == nil)
    }

    @Test func ringsSitSideBySideInEqualCellsWithTheirNames() throws {
        let s = scene(ringSpec([[0.1], [0.2], [0.3]], names: ["Fern", "Basil", "Cactus"]))
        let centers = try (0..<3).map { try #require(ring($0, in: s).track.flatMap { circleGeometry($0.path) }) }
        #expect(abs(centers[1].center.x - centers[0].center.x - (centers[2].center.x - centers[1].center.x)) < 1e-9)
        #expect(Set(centers.map(\.radius)).count == 1)
        var names: [String] = []
        s.forEachNode { node, parents in
            if case .text(let t) = node, case .legendItem? = parents.last?.role { names.append(t.text) }
        }
        #expect(names == ["Fern", "Basil", "Cactus"])
    }

    @Test func concentricRingsNestOuterToInnerWithTheirTextsInTheHole() throws {
        var spec = ringSpec([[0.82], [0.45], [1.1]], names: ["Move", "Exercise", "Stand"])
        spec.ring.layout = .concentric
        let s = scene(spec)
        let rings = (0..<3).map { ring($0, in: s) }
        let circles = try rings.map { try #require($0.track.flatMap { circleGeometry($0.path) }) }
        let width = try #require(rings[0].track).strokeStyle.width
        for (a, b) in zip(circles, circles.dropFirst()) {
            #expect(a.center.distance(to: b.center) < 1e-9)
            #expect(a.radius - b.radius >= width - 1e-9, "strokes do not overlap")
        }
        let hole = circles[2].radius - width / 2
        for (k, text) in ["82%", "45%", "100%"].enumerated() {
            let label = try #require(rings[k].label)
            #expect(label.text == text)
            #expect(TextBox(label, metrics: metrics).corners.allSatisfy { $0.distance(to: circles[0].center) <= hole })
        }
    }

    /// With `overflow: "show"` an overdue ring says its value and draws a second lap over the first: a closed full
    /// turn, then the last lap's shadow and the last lap itself, open and ending at the value's angle; the shadow
    /// is the lap turned a little forward, so its end shows just past the lap's round end, on the first lap.
    @Test(arguments: [(1.3, "130%", 108.0), (2.75, "275%", 270), (2, "200%", 360)])
    func overflowShowsASecondLapWhoseEndCastsAShadow(value: Double, text: String, lastEnd: Double) throws {
        var spec = ringSpec([[value]], names: ["Stand"])
        spec.ring.overflow = .show
        let s = scene(spec)
        let r = ring(0, in: s)
        #expect(r.label?.text == text)
        #expect(r.fraction == value)
        let arcs = groups(s).first { if case .ringArc? = $0.role { true } else { false } }?.children ?? []
        let shapes = arcs.compactMap { node -> Shape? in if case .shape(let s) = node { s } else { nil } }
        try #require(shapes.count == 3)
        let (first, shadow, lap) = (shapes[0], shapes[1], shapes[2])
        let track = try #require(r.track.flatMap { circleGeometry($0.path) })
        let color = ThemeColors.light.palette.color(at: 0)
        #expect(first.stroke == .solid(color) && first.path.elements.last == .close)
        #expect(lap.stroke == .solid(color) && lap.path.elements.last != .close && lap.strokeStyle.cap == .round)
        #expect(shadow.stroke == .solid(RingChartLayout.lapShadow))
        let lapEnd = try #require(endPoint(lap.path)), shadowEnd = try #require(endPoint(shadow.path))
        /// The signed difference of two angles in degrees, in (−180, 180].
        func turn(_ a: Double, _ b: Double) -> Double {
            let d = (a - b).truncatingRemainder(dividingBy: 360)
            return d > 180 ? d - 360 : d <= -180 ? d + 360 : d
        }
        #expect(abs(turn(clockAngle(lapEnd, around: track.center), lastEnd)) < 1e-6)
        // The shadow reaches 0.3 stroke widths (arc length) past the lap's end.
        let reach = turn(clockAngle(shadowEnd, around: track.center), lastEnd) * .pi / 180 * track.radius
        #expect(abs(reach - RingChartLayout.lapShadowReach * lap.strokeStyle.width) < 1e-6)
        let marks = groups(s).compactMap { g -> ArcMark? in if case .ring(_, let m)? = g.role { m } else { nil } }
        let mark = try #require(marks.first)
        #expect(abs(mark.sector.endAngle - 360 * value) < 1e-9 && mark.fraction == value)
        #expect(groups(s).contains { $0.tooltip == "Stand: \(text)" })
    }

    /// By default an overdue ring is a full one, labelled 100 %, as the seed's progress ring clamps its progress.
    @Test func overflowClampsByDefault() throws {
        let s = scene(ringSpec([[1.3]]))
        let r = ring(0, in: s)
        #expect(r.label?.text == "100%" && r.fraction == 1)
        let arcs = groups(s).first { if case .ringArc? = $0.role { true } else { false } }?.children ?? []
        #expect(arcs.count == 1)
    }

    static func degenerateSpecs() -> [ChartSpec] {
        var specs: [ChartSpec] = []
        for (values, width, height) in [([[Double?]](), 480.0, 240.0), ([[]], 480, 240), ([[0.5]], 16, 16),
                                        (Array(repeating: [0.7], count: 64), 480, 240), ([[2], [nil]], 40, 400)] {
            var spec = makeSpec(values, width: width, height: height)
            spec.type = .ring
            spec.title = "A title"
            specs.append(spec)
        }
        for (count, side) in [(64, 480.0), (3, 16), (2, 90)] {
            var nested = makeSpec(Array(repeating: [0.6], count: count), width: side, height: side)
            nested.type = .ring
            nested.ring.layout = .concentric
            nested.title = "Nested"
            specs.append(nested)
        }
        var sparkline = makeSpec([[0.4]], width: 60, height: 60)
        sparkline.type = .ring
        sparkline.axes = false
        sparkline.ring.thickness = 0.5
        specs.append(sparkline)
        return specs
    }

    @Test(arguments: degenerateSpecs())
    func everyCoordinateIsFiniteAndInsideTheCanvas(spec: ChartSpec) {
        #expect(geometryProblems(scene(spec), metrics: metrics) == [])
    }
}
