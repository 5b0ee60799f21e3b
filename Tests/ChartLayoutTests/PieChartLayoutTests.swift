import Testing
import ChartScene
import ChartSpec
import ChartText
@testable import ChartLayout

struct PieChartLayoutTests {
    let metrics = ApproximateMetrics()

    func pieSpec(_ values: [Double?], labels: [String]? = nil, type: ChartType = .pie) -> ChartSpec {
        var spec = makeSpec([values], labels: labels, width: 560, height: 360)
        spec.type = type
        return spec
    }

    func scene(_ spec: ChartSpec) -> Scene { ChartLayout.scene(for: spec, metrics: metrics) }

    /// Each `.slice` group in order: its filled shape, tooltip and the texts of its `.sliceLabel` group.
    func slices(_ scene: Scene) -> [(shape: Shape, tooltip: String?, texts: [TextRun])] {
        let all = groups(scene)
        return all.compactMap { g in
            guard case .slice(let n, _)? = g.role, case .shape(let s)? = g.children.first else { return nil }
            let label = all.first { $0.role == .sliceLabel(n) }
            let texts = (label?.children ?? []).compactMap { node -> TextRun? in
                if case .text(let t) = node { t } else { nil }
            }
            return (s, g.tooltip?.text, texts)
        }
    }

    /// The slice's outer arc (start and end points) and the corner its straight edge goes to (the center of a
    /// pie, a point on the inner circle of a doughnut; nil for a full circle).
    func outerArc(_ path: Path) -> (start: Point, end: Point, center: Point?)? {
        guard case .move(let start)? = path.elements.first else { return nil }
        var end = start, corner: Point?
        for e in path.elements.dropFirst() {
            if case .cubic(_, _, let p) = e {
                end = p
                continue
            }
            if case .line(let p) = e { corner = p }
            break
        }
        return (start, end, corner)
    }

    /// Cubic pieces after the straight edge: the inner arc of a doughnut slice.
    func innerArcPieces(_ path: Path) -> Int {
        let isLine = { (e: PathElement) in if case .line = e { true } else { false } }
        guard let line = path.elements.firstIndex(where: isLine) else { return 0 }
        return path.elements[line...].filter { if case .cubic = $0 { true } else { false } }.count
    }

    @Test(arguments: [[30.0, 20, 50], [1, 1, 1, 1, 1, 1, 1], [99, 1], [6420, 1890, 530, 410, 160, 120, 40, 25]])
    func sliceAnglesTileTheFullCircle(values: [Double]) throws {
        let drawn = slices(scene(pieSpec(values)))
        #expect(!drawn.isEmpty)
        let arcs = try drawn.map { try #require(outerArc($0.shape.path)) }
        let center = try #require(arcs[0].center)
        var total = 0.0
        for (n, arc) in arcs.enumerated() {
            #expect(arc.center.map { $0.distance(to: center) < 1e-9 } ?? false)
            var sweep = clockAngle(arc.end, around: center) - clockAngle(arc.start, around: center)
            if sweep <= 0 { sweep += 360 }
            total += sweep
            // Each slice starts where the previous one ended; the first at twelve o'clock.
            let previousEnd = n == 0 ? Point(center.x, arc.start.y) : arcs[n - 1].end
            #expect(arc.start.distance(to: previousEnd) < 1e-6)
        }
        #expect(abs(total - 360) < 1e-6)
    }

    /// The slices are exactly the children of one `.pie` group whose disc they tile; the labels stand above it, in
    /// `.sliceLabel` groups with their slice's tooltip (an animation sweeps the pie, then fades the labels in).
    @Test(arguments: [ChartType.pie, .doughnut])
    func slicesFormOnePieAndLabelsStandAboveIt(type: ChartType) throws {
        let labels = ["Chrome", "Safari", "Edge", "Firefox", "Samsung Internet", "Opera", "UC Browser", "Other"]
        var spec = pieSpec([6420, 1890, 530, 410, 160, 120, 40, 25], labels: labels, type: type)
        spec.pie.otherBelow = 0
        let s = scene(spec)
        let top = s.nodes.compactMap { node -> Group? in if case .group(let g) = node { g } else { nil } }
        let pies = top.enumerated().filter { if case .pie? = $0.element.role { true } else { false } }
        #expect(pies.count == 1)
        let (position, pie) = try #require(pies.first)
        guard case .pie(let disc)? = pie.role else { return }
        #expect(disc.startAngle == 0 && disc.endAngle == 360)
        #expect(type == .pie ? disc.innerRadius == 0 : disc.innerRadius > 0)
        let drawn = slices(s)
        #expect(drawn.count == 8)
        #expect(pie.children.count == drawn.count)
        for child in pie.children {
            guard case .group(let g) = child, case .slice? = g.role else {
                Issue.record("a pie child that is not a slice: \(child)")
                continue
            }
        }
        for slice in drawn {
            let arc = try #require(outerArc(slice.shape.path))
            #expect(abs(arc.start.distance(to: disc.center) - disc.outerRadius) < 1e-9)
            #expect(abs(arc.end.distance(to: disc.center) - disc.outerRadius) < 1e-9)
        }
        let labelGroups = top.enumerated().filter { if case .sliceLabel? = $0.element.role { true } else { false } }
        #expect(labelGroups.count == 8)  // every share is labelled, inside or outside
        for (index, label) in labelGroups {
            #expect(index > position)
            guard case .sliceLabel(let n)? = label.role else { continue }
            #expect(label.tooltip?.text == drawn[n].tooltip)
        }
        #expect(!nodes(in: s, under: .pie(disc)).contains { if case .text = $0 { true } else { false } })
    }

    @Test func smallSlicesMergeIntoOther() {
        var spec = pieSpec([50, 40, 1, 1, 1], labels: ["A", "B", "c", "d", "e"])
        spec.pie.otherBelow = 0.03
        let drawn = slices(scene(spec))
        #expect(drawn.map(\.tooltip) == ["A: 50 (54%)", "B: 40 (43%)", "Other: 3 (3%)"])
        #expect(drawn.last?.shape.fill == .solid(ThemeColors.light.axis))
        spec.pie.otherBelow = 0
        #expect(slices(scene(spec)).count == 5)
    }

    @Test(arguments: [ChartType.pie, .doughnut])
    func allZeroIsAnEmptyRingSayingNoData(type: ChartType) {
        for values: [Double?] in [[0, 0, 0], [], [nil, nil]] {
            let s = scene(pieSpec(values, type: type))
            #expect(slices(s).isEmpty)
            var texts: [String] = []
            s.forEachNode { node, _ in if case .text(let t) = node { texts.append(t.text) } }
            #expect(texts.contains("No data"))
            #expect(geometryProblems(s, metrics: metrics) == [])
        }
    }

    @Test func doughnutSlicesHaveAHoleAndPieSlicesDoNot() {
        #expect(slices(scene(pieSpec([3, 2, 1], type: .doughnut))).allSatisfy { innerArcPieces($0.shape.path) > 0 })
        #expect(slices(scene(pieSpec([3, 2, 1], type: .pie))).allSatisfy { innerArcPieces($0.shape.path) == 0 })
    }

    /// Slice percentages add up to 100 (largest remainder), in labels and tooltips alike: three equal slices say
    /// 34 + 33 + 33 where rounding each share alone says 33 three times (99).
    @Test(arguments: [
        ([1.0, 1, 1], ["34%", "33%", "33%"]),
        ([335.0, 335, 330], ["34%", "33%", "33%"]),  // 34 + 34 + 33 = 101 rounded one by one
        ([1.0, 1, 3, 3], ["12%", "12%", "38%", "38%"]),  // 13 + 13 + 38 + 38 = 102
    ] as [([Double?], [String])])
    func percentagesAddUpTo100(values: [Double?], expected: [String]) {
        let all = slices(scene(pieSpec(values)))
        #expect(all.map { $0.texts.last?.text } == expected)
        #expect(all.map { $0.tooltip?.split(separator: "(").last.map { String($0.dropLast()) } } == expected)
    }

    @Test func percentagesAreOnTheSlicesAndNeverOverlap() {
        let values: [Double] = [6420, 1890, 530, 410, 160, 120, 40, 25, 22, 21, 20, 19, 18, 17]
        var spec = pieSpec(values, labels: ["Chrome", "Safari", "Edge", "Firefox"])
        spec.pie.otherBelow = 0
        let s = scene(spec)
        let drawn = slices(s)
        #expect(drawn.count == values.count)
        let total = values.reduce(0, +)
        #expect(drawn[0].texts.map(\.text) == ["\(Int((values[0] / total * 100).rounded()))%"])
        let texts = drawn.flatMap(\.texts)
        let boxes = texts.map { TextBox($0, metrics: metrics).corners }
        for i in boxes.indices {
            for j in boxes.indices where j > i {
                #expect(!overlaps(boxes[i], boxes[j]), "\(texts[i].text) overlaps \(texts[j].text)")
            }
        }
        #expect(geometryProblems(s, metrics: metrics) == [])
    }

    @Test func legendNamesTheSlices() {
        var texts: [String] = []
        scene(pieSpec([5, 3], labels: ["Yes"])).forEachNode { node, parents in
            if case .text(let t) = node, parents.contains(where: { $0.role == .legend }) { texts.append(t.text) }
        }
        #expect(texts == ["Yes", "Item 2"])
    }

    static func degenerateSpecs() -> [ChartSpec] {
        var specs: [ChartSpec] = []
        for (values, w, h) in [([1.0, 1e300, 1e-300], 560.0, 360.0), ([5], 16, 16), ([1, 2, 3], 40, 400),
                               (Array(repeating: 1.0, count: 1000), 560, 360), ([1, 2], 4096, 20)] {
            for type in [ChartType.pie, .doughnut] {
                var spec = makeSpec([values], width: w, height: h)
                spec.type = type
                spec.title = "Share"
                specs.append(spec)
            }
        }
        // Partial discs (half gauges, slivers, three quarters from any start), with value labels.
        for (rotation, circumference) in [(-90.0, 180.0), (45, 1), (200, 270), (-360, 359), (135, 90)] {
            for (values, w, h) in [([1.0, 1e300, 1e-300], 560.0, 360.0), ([1, 2, 3], 40, 400), ([1, 2], 4096, 20),
                                   ([0, 0], 300, 200)] {
                var spec = makeSpec([values], width: w, height: h)
                spec.type = .doughnut
                spec.pie.rotation = rotation
                spec.pie.circumference = circumference
                spec.pie.sliceValues = true
                specs.append(spec)
            }
        }
        var sparkline = makeSpec([[3, 1, 2]], width: 40, height: 40)
        sparkline.type = .pie
        sparkline.axes = false
        specs.append(sparkline)
        return specs
    }

    @Test(arguments: degenerateSpecs())
    func everyCoordinateIsFiniteAndInsideTheCanvas(spec: ChartSpec) {
        #expect(geometryProblems(scene(spec), metrics: metrics) == [])
    }
}

struct LabelSpreadTests {
    @Test(arguments: [
        [10.0, 11, 12, 13], [0, 0, 0, 0, 0, 0], [50, 200, 205, 400], [-100, 500], [100, 100.5, 101, 300, 301],
    ])
    func labelsKeepOrderStayApartAndInsideTheRange(desired: [Double]) {
        let ys = PieChartLayout.spread(desired, gap: 12, within: 0...300)
        #expect(ys.count == desired.count)
        for (a, b) in zip(ys, ys.dropFirst()) { #expect(b - a >= 12 - 1e-9) }
        #expect(ys.allSatisfy { $0 >= 0 && $0 <= 300 })
    }

    @Test func anOverlappingPairIsCenteredOnItsWishes() {
        #expect(PieChartLayout.spread([100, 104, 250], gap: 12, within: 0...300) == [96, 108, 250])
    }
}
