import Testing
import ChartScene
import ChartSpec
import ChartText
@testable import ChartLayout

/// Axis-based charts laid out by `CartesianLayout`, mostly line and area charts (`LineKind`): the frame (margins,
/// axes, legend, sparkline fallback), series marks, text fitting and annotations.
struct CartesianLayoutTests {
    let metrics = ApproximateMetrics()

    func layout(_ spec: ChartSpec) -> Scene { ChartLayout.scene(for: spec, metrics: metrics) }

    // MARK: Degenerate input

    static func degenerateSpecs() -> [(String, ChartSpec)] {
        var list: [(String, ChartSpec)] = [
            ("no series", makeSpec([])),
            ("empty series", makeSpec([[]])),
            ("one point", makeSpec([[42]])),
            ("all null", makeSpec([[nil, nil, nil]])),
            ("all equal", makeSpec([[7, 7, 7, 7]])),
            ("all zero", makeSpec([[0, 0, 0]])),
            ("huge", makeSpec([[1e12, 3e12, 2.5e12], [-1e12, 0, 1e12]])),
            ("tiny", makeSpec([[1e-9, 3e-9, 2e-9]])),
            ("negative", makeSpec([[-5, -20, -3, -11]])),
            ("gaps", makeSpec([[1, nil, 3, 4, nil, nil, 7, nil, 9]])),
            ("extreme magnitudes", makeSpec([[1e300, -1e300, 5]])),
            ("small canvas", makeSpec([[1, 2, 3], [3, 2, 1]], labels: ["a", "b", "c"], width: 16, height: 16)),
        ]
        var titled = makeSpec([[3, 1, 4, 1, 5]], labels: ["Mon", "Tue", "Wed", "Thu", "Fri"], width: 120, height: 80)
        titled.title = "A title far too long for such a small chart"
        titled.subtitle = "and a subtitle"
        titled.x.title = "Day of the week"
        titled.y.title = "Very long y axis title"
        list.append(("tiny canvas with titles", titled))
        var pinned = makeSpec([[-50, 20, 300, 40]])
        pinned.y.min = 0
        pinned.y.max = 100
        list.append(("data outside explicit bounds", pinned))
        for curve in Curve.allCases {
            var s = makeSpec([[10, 90, 10, 90, 50], [nil, 5, 95, nil, 30]])
            s.type = .area
            for k in s.series.indices {
                s.series[k].curve = curve
                s.series[k].dots = true
                s.series[k].fill = k == 0 ? .gradient : .solid
                s.series[k].strokeGradient = [Color(rgb: 0xFF0000), Color(rgb: 0x0000FF)]
            }
            list.append(("\(curve) with dots and fills", s))
        }
        var annotated = makeSpec([[1, 5, 2, 8]], labels: ["a", "b", "c", "d"])
        annotated.annotations = [
            .horizontalLine(y: 4, label: "Average", color: nil, dash: [4, 4]),
            .horizontalLine(y: 1e9, label: "Way off", color: nil, dash: []),
            .verticalLine(x: 1.5, label: "Half time, with a long label", color: Color(rgb: 0x00AA00), dash: [2, 2]),
            .verticalLine(x: 3, label: "End", color: nil, dash: []),
            .bubble(series: 0, index: -1, label: nil),
            .bubble(series: 0, index: 0, label: "A very long bubble label that will not fit in the canvas width"),
            .bubble(series: 5, index: 0, label: nil),
            .bubble(series: 0, index: 99, label: nil),
        ]
        list.append(("annotations", annotated))
        var spark = makeSpec([[1, 5, 2, 8, 3]], width: 100, height: 24)
        spark.axes = false
        spark.series[0].dots = true
        spark.annotations = [.bubble(series: 0, index: 3, label: nil)]
        list.append(("sparkline", spark))
        var lone = makeSpec([[5, nil, 1, nil, 9]], width: 80, height: 20)
        lone.axes = false
        list.append(("sparkline with lone points", lone))
        var fat = makeSpec([[1, 9, 4]], labels: ["a", "b", "c"])
        fat.series[0].lineWidth = 64
        fat.series[0].dots = true
        list.append(("very wide line with dots", fat))
        var numeric = ChartSpec()
        numeric.series = [Series(name: "n", points: [DataPoint(x: -3.5, y: 1), DataPoint(x: 0.25, y: nil),
                                                      DataPoint(x: 1e4, y: 2)], hasNumericX: true)]
        list.append(("numeric x", numeric))
        var dark = makeSpec([[1, 2], [2, 1], [0, 0], [5, 5], [3, 3], [4, 4], [1, 1], [2, 2], [9, 9]])
        dark.theme = .dark
        dark.legend = true
        list.append(("dark, nine series", dark))
        return list
    }

    @Test(arguments: degenerateSpecs().map(\.0))
    func degenerateInputGivesFiniteGeometryInsideTheCanvas(_ name: String) throws {
        let spec = try #require(Self.degenerateSpecs().first { $0.0 == name }?.1)
        let scene = layout(spec)
        #expect(scene.width == spec.width && scene.height == spec.height)
        let problems = geometryProblems(scene, metrics: metrics)
        #expect(problems.isEmpty, "\(problems.prefix(5))")
    }

    @Test func millionPointsAreDecimatedKeepingThePeak() throws {
        var values = [Double?](repeating: 0, count: 1_000_000)
        for i in values.indices { values[i] = Double(i % 1000) / 100 }
        values[500_000] = 1000
        let spec = makeSpec([values], width: 800, height: 400)
        let scene = layout(spec)
        #expect(geometryProblems(scene, metrics: metrics).isEmpty)
        let line = try #require(lineShapes(scene).first)
        #expect(line.path.elements.count <= 2 * 800 + 10)
        // Every drawn point is an invisible hit target (no dots on a decimated line) with its original index, the
        // peak's among them; the line's vertices are exactly these points.
        let points = groups(scene).compactMap { g -> (index: Int, shape: Shape)? in
            guard case .point(0, let i, _)? = g.role, case .shape(let s)? = g.children.first else { return nil }
            return (i, s)
        }
        #expect(points.count == line.path.elements.count)
        #expect(zip(points, points.dropFirst()).allSatisfy { $0.index < $1.index })
        #expect(points.first?.index == 0 && points.last?.index == 999_999)
        #expect(points.contains { $0.index == 500_000 })
        #expect(points.allSatisfy { $0.shape.fill == .solid(.transparent) && $0.shape.stroke == nil })
        // The peak is drawn: the line's top is the peak's point, just below the top grid line (the headroom).
        let gridYs = nodes(in: scene, under: .grid).compactMap { node -> Double? in
            if case .shape(let s) = node { return s.path.controlBounds?.minY }
            return nil
        }
        let gridTop = try #require(gridYs.min())
        let lineTop = try #require(line.path.controlBounds?.minY)
        let peak = try #require(points.first { $0.index == 500_000 }?.shape.path.controlBounds?.center.y)
        #expect(abs(lineTop - peak) < 0.5)
        #expect(lineTop > gridTop)
    }

    func lineShapes(_ scene: Scene) -> [Shape] {
        var shapes: [Shape] = []
        scene.forEachNode { node, parents in
            if case .shape(let s) = node, case .seriesLine = parents.last?.role { shapes.append(s) }
        }
        return shapes
    }

    // MARK: Structure

    @Test func legendIsHiddenForOneSeriesUnlessAsked() {
        let single = makeSpec([[1, 2, 3]], names: ["Only"])
        #expect(!groups(layout(single)).contains { $0.role == .legend })
        var forced = single
        forced.legend = true
        #expect(groups(layout(forced)).contains { $0.role == .legend })
        let two = makeSpec([[1, 2, 3], [3, 2, 1]], names: ["A", "B"])
        let legendItems = groups(layout(two)).filter { if case .legendItem = $0.role { true } else { false } }
        #expect(legendItems.count == 2)
        var hidden = two
        hidden.legend = false
        #expect(!groups(layout(hidden)).contains { $0.role == .legend })
    }

    @Test func seriesGroupsCarryRolesAndTooltips() throws {
        var spec = makeSpec([[22, 45, 68, 91]], names: ["Home"], labels: ["Q1", "Q2", "Q3", "Q4"])
        spec.series[0].fill = .solid
        let scene = layout(spec)
        let series = try #require(groups(scene).first { $0.role == .series(0) })
        let roles = series.children.compactMap { node -> Role? in if case .group(let g) = node { g.role } else { nil } }
        #expect(roles.first == .seriesLine(0))
        #expect(groups(scene).contains { $0.role == .seriesArea(0) })
        let points = series.children.compactMap { node -> Group? in
            switch node {
            case .group(let g): if case .point = g.role { g } else { nil }
            case .hitTarget(let h): h.group
            default: nil
            }
        }
        #expect(points.count == 4)
        #expect(points[2].tooltip == "Home · Q3: 68")
        // The plot group clips the marks.
        let plot = try #require(groups(scene).first { $0.role == .plot })
        #expect(plot.clip != nil)
        #expect(scene.description == "Line chart with 1 series: Home; y from 20 to 100")
    }

    @Test func everyAreaIsPaintedBeforeAnyLine() {
        var spec = makeSpec([[1, 5, 2, 6], [6, 2, 5, 1], [3, 3, 4, 4]])
        for k in spec.series.indices { spec.series[k].fill = .gradient }
        var order: [Role] = []
        layout(spec).forEachNode { node, _ in
            if case .group(let g) = node, let role = g.role {
                if case .seriesArea = role { order.append(role) }
                if case .seriesLine = role { order.append(role) }
            }
        }
        #expect(order == [.seriesArea(0), .seriesArea(1), .seriesArea(2), .seriesLine(0), .seriesLine(1), .seriesLine(2)])
    }

    @Test func areaChartsMeasureFromZeroFilledLinesFromTheirData() {
        var spec = makeSpec([[94, 96, 97, 95, 98]], names: ["SpO2"])
        spec.series[0].fill = .gradient
        #expect(!layout(spec).description.hasSuffix("y from 0 to 100"))
        spec.type = .area
        #expect(layout(spec).description == "Area chart with 1 series: SpO2; y from 0 to 100")
        var negative = makeSpec([[-4, -9, -2]])
        negative.type = .area
        #expect(layout(negative).description.hasSuffix("to 0"))
    }

    @Test func bubbleTakesTheStrokeGradientColorWhereItPoints() throws {
        // Both ends mid-plot: a bubble never crosses the y axis or leaves the canvas, so at a bottom corner it is
        // left out.
        var spec = makeSpec([[3, 1, 5, 3]])
        spec.series[0].strokeGradient = [Color(rgb: 0x0000FF), Color(rgb: 0xFF0000)]
        spec.annotations = [.bubble(series: 0, index: -1, label: nil), .bubble(series: 0, index: 0, label: nil)]
        let bubbles = groups(layout(spec)).filter { if case .valueLabel = $0.role { true } else { false } }
        let fills = bubbles.compactMap { g -> Paint? in if case .shape(let s)? = g.children.first { s.fill } else { nil } }
        #expect(fills == [.solid(Color(rgb: 0xFF0000)), .solid(Color(rgb: 0x0000FF))])
    }

    @Test func descriptionNamesSeriesAndRange() {
        let spec = makeSpec([[22, 45], [68, 91], [50, 60]], names: ["A", "B", "C"])
        #expect(layout(spec).description == "Line chart with 3 series: A, B, C; y from 20 to 100")
    }

    @Test func pointProgressIncreasesAndEndsAtOne() {
        var rng = SeededRandom(seed: 3)
        let values: [[Double?]] = (0..<3).map { _ in (0..<20).map { _ in Double.random(in: 0...100, using: &rng) } }
        for curve in Curve.allCases {
            var spec = makeSpec(values)
            for k in spec.series.indices { spec.series[k].curve = curve }
            var progress: [Int: [Double]] = [:]
            for g in groups(layout(spec)) {
                if case .point(let s, _, let p) = g.role { progress[s, default: []].append(p) }
            }
            #expect(progress.count == 3)
            for (_, list) in progress {
                #expect(list.count == 20)
                #expect(list.first == 0)
                #expect(abs((list.last ?? 0) - 1) < 1e-12)
                #expect(zip(list, list.dropFirst()).allSatisfy { $0 < $1 }, "\(curve)")
            }
        }
    }

    @Test func gapsBreakLineAndFillAndLonePointsGetAMark() throws {
        var spec = makeSpec([[1, 2, nil, 4, 5, nil, 7]])
        spec.series[0].fill = .gradient
        let scene = layout(spec)
        let line = try #require(lineShapes(scene).first)
        #expect(line.path.elements.filter { if case .move = $0 { true } else { false } }.count == 2)
        var area: Shape?
        scene.forEachNode { node, parents in
            if case .shape(let s) = node, parents.last?.role == .seriesArea(0) { area = s }
        }
        let fill = try #require(area)
        #expect(fill.path.elements.filter { $0 == .close }.count == 2)
        guard case .linearGradient(let g)? = fill.fill else {
            Issue.record("gradient fill expected")
            return
        }
        #expect(g.start.x == g.end.x && g.start.y < g.end.y, "vertical, from the line down to the baseline")
        #expect(g.stops.first?.color.alpha ?? 0 > g.stops.last?.color.alpha ?? 255)
        // Index 6 stands alone between a gap and the end: it gets a visible (non-transparent) mark.
        let lone = try #require(groups(scene).first { if case .point(0, 6, _) = $0.role { true } else { false } })
        guard case .shape(let mark)? = lone.children.first, case .solid(let c)? = mark.fill else {
            Issue.record("lone point mark expected")
            return
        }
        #expect(c.alpha == 255)
        #expect(!groups(scene).contains { if case .point(0, 2, _) = $0.role { true } else { false } })
    }

    @Test func strokeGradientSpansTheSeries() throws {
        var spec = makeSpec([[1, 3, 2]])
        spec.series[0].strokeGradient = [Color(rgb: 0xFF0000), Color(rgb: 0x00FF00), Color(rgb: 0x0000FF)]
        let line = try #require(lineShapes(layout(spec)).first)
        guard case .linearGradient(let g)? = line.stroke, let bounds = line.path.controlBounds else {
            Issue.record("gradient stroke expected")
            return
        }
        #expect(g.start.y == g.end.y)
        #expect(g.start.x == bounds.minX && g.end.x == bounds.maxX)
        #expect(g.stops.map(\.offset) == [0, 0.5, 1])
        #expect(line.strokeStyle.join == .round && line.strokeStyle.cap == .round)
    }

    @Test func zeroLineIsEmphasizedWhenTheDomainCrossesZero() {
        let crossing = layout(makeSpec([[-5, 5, 3]]))
        let axisColor = ThemeColors.light.axis
        func hasZeroLine(_ scene: Scene) -> Bool {
            nodes(in: scene, under: .grid).contains { node in
                if case .shape(let s) = node, s.stroke == .solid(axisColor) { return s.snapToPixels }
                return false
            }
        }
        #expect(hasZeroLine(crossing))
        #expect(!hasZeroLine(layout(makeSpec([[5, 15, 13]]))))
    }

    @Test func gridLinesAreFaintAndSnapped() {
        let scene = layout(makeSpec([[22, 45, 68, 91]]))
        let grid = nodes(in: scene, under: .grid).compactMap { node -> Shape? in
            if case .shape(let s) = node { s } else { nil }
        }
        #expect(!grid.isEmpty)
        for s in grid where s.stroke == .solid(ThemeColors.light.grid) {
            #expect(s.snapToPixels)
            #expect(abs(ThemeColors.light.grid.opacity - 0.12) < 0.01)
        }
    }

    // MARK: Text fitting

    @Test(arguments: [(50, "Long category label ", 640.0), (50, "Long category label ", 400),
                      (50, "Long category label ", 300),
                      (20, "Week ", 640), (30, "Wk ", 500), (12, "Month number ", 640)])
    func manyLongLabelsNeverOverlap(_ count: Int, _ prefix: String, _ width: Double) {
        let labels = (0..<count).map { "\(prefix)\($0)" }
        let spec = makeSpec([(0..<count).map { Double($0 % 7) }], labels: labels, width: width)
        let scene = layout(spec)
        let boxes = nodes(in: scene, under: .xAxis).compactMap { node -> [Point]? in
            if case .text(let t) = node { TextBox(t, metrics: metrics).corners } else { nil }
        }
        #expect(boxes.count >= 2)
        for i in boxes.indices {
            for j in boxes.indices where j > i { #expect(!overlaps(boxes[i], boxes[j]), "labels \(i) and \(j)") }
        }
        #expect(geometryProblems(scene, metrics: metrics).isEmpty)
    }

    @Test func fewShortLabelsAreAllShownFlat() {
        let labels = ["Mon", "Tue", "Wed", "Thu", "Fri"]
        let scene = layout(makeSpec([[1, 2, 3, 4, 5]], labels: labels))
        let texts = nodes(in: scene, under: .xAxis).compactMap { node -> TextRun? in
            if case .text(let t) = node { t } else { nil }
        }
        #expect(texts.map(\.text) == labels)
        #expect(texts.allSatisfy { $0.rotation == 0 })
    }

    @Test func longTitleIsEllipsizedInsideANarrowCanvas() throws {
        var spec = makeSpec([[1, 2, 3]], width: 200, height: 150)
        spec.title = "ABCDEFGHIJKLMNOPQRST"
        let scene = layout(spec)
        #expect(scene.title == "ABCDEFGHIJKLMNOPQRST")
        let title = try #require(nodes(in: scene, under: .title).compactMap { node -> TextRun? in
            if case .text(let t) = node { t } else { nil }
        }.first)
        #expect(title.text.hasSuffix("…"))
        #expect(title.text.count < 20)
        #expect(title.weight == .bold)
        #expect(TextBox(title, metrics: metrics).isInside(Rect(x: 0, y: 0, width: 200, height: 150)))
    }

    /// A chart's per-point groups (dots, tooltips, hit targets) are shared by its series: 64 series of 2,000 points
    /// (128,000 groups) draw only their lines; 64 of 1,500 (96,000) and one of 2,000 keep every point's group.
    @Test(arguments: [(64, 2000, false), (64, 1500, true), (50, 2000, true), (1, 2000, true)])
    func perPointGroupsAreSharedByTheSeries(series: Int, points: Int, grouped: Bool) {
        var spec = makeSpec(Array(repeating: (0..<points).map { Double($0 % 97) }, count: series), width: 4096,
                            height: 2048)
        for k in spec.series.indices { spec.series[k].dots = true }
        let scene = layout(spec)
        let pointGroups = groups(scene).filter { if case .point? = $0.role { true } else { false } }.count
        #expect(pointGroups == (grouped ? series * points : 0))
        #expect(lineShapes(scene).count == series)
    }

    @Test func ellipsizingFindsTheLongestFittingPrefix() {
        let text = "Hello wonderful world"
        let fitted = TextFitting.ellipsized(text, maxWidth: 60, size: 12, metrics: metrics)
        #expect(fitted.hasSuffix("…"))
        #expect(metrics.width(of: fitted, size: 12, weight: .regular) <= 60)
        let longer = String(text.prefix(fitted.count)) + "…"  // one more character of the original
        #expect(metrics.width(of: longer, size: 12, weight: .regular) > 60 || longer.dropLast().last == " ")
        #expect(TextFitting.ellipsized(text, maxWidth: 1000, size: 12, metrics: metrics) == text)
        #expect(TextFitting.ellipsized(text, maxWidth: 1, size: 12, metrics: metrics) == "")
    }

    /// The galloping search from the average-width guess cuts where a plain bisection over every prefix does, for
    /// proportional Latin (kerning, spaces), even-width CJK and mixed text, at every width from the bare ellipsis
    /// to the whole text.
    @Test(arguments: ["Hello wonderful world of AVATAR Wavy Tj glyphs", "第1节 数据图表 中国年月日 第2节 数据图表",
                      "W i i i i WWWW iiii      spaced   out", "ŁÓDŹ Straße Œuvre façade quantité Ærø fiß"])
    func ellipsizingCutsWhereBisectionDoes(text: String) {
        func bisected(_ maxWidth: Double) -> String {
            let chars = Array(text)
            func candidate(_ k: Int) -> String {
                var prefix = String(chars[0..<k])
                while prefix.last == " " { prefix.removeLast() }
                return prefix + TextFitting.ellipsis
            }
            var lo = 0, hi = chars.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if metrics.width(of: candidate(mid), size: 12, weight: .regular) <= maxWidth { lo = mid } else { hi = mid - 1 }
            }
            return candidate(lo)
        }
        let full = metrics.width(of: text, size: 12, weight: .regular)
        let least = metrics.width(of: TextFitting.ellipsis, size: 12, weight: .regular)
        for maxWidth in stride(from: least, to: full, by: 0.7) {
            #expect(TextFitting.ellipsized(text, maxWidth: maxWidth, size: 12, metrics: metrics) == bisected(maxWidth),
                    "at \(maxWidth) px")
        }
    }

    // MARK: Sparkline

    @Test func sparklineFillsTheCanvasWithoutDecorations() throws {
        var spec = makeSpec([[3, 9, 1, 5]], width: 120, height: 30)
        spec.axes = false
        spec.title = "Ignored in the picture"
        spec.series[0].lineWidth = 2
        spec.series[0].curve = .linear
        let scene = layout(spec)
        for role in [Role.xAxis, .yAxis, .grid, .legend, .title] { #expect(!groups(scene).contains { $0.role == role }) }
        let line = try #require(lineShapes(scene).first)
        let b = try #require(line.path.controlBounds)
        #expect(abs(b.minX - 1) < 1e-9 && abs(b.maxX - 119) < 1e-9)
        #expect(abs(b.minY - 1) < 1e-9 && abs(b.maxY - 29) < 1e-9)
    }

    // MARK: Annotations

    @Test func annotationsAndBubblesGetTheirRoles() throws {
        var spec = makeSpec([[1, 5, 2, 8]], labels: ["a", "b", "c", "d"])
        spec.annotations = [
            .horizontalLine(y: 4, label: "Average", color: nil, dash: [4, 4]),
            .verticalLine(x: 1, label: "Half", color: nil, dash: []),
            .bubble(series: 0, index: -1, label: nil),
        ]
        let scene = layout(spec)
        let all = groups(scene)
        #expect(all.contains { $0.role == .annotation(0) })
        #expect(all.contains { $0.role == .annotation(1) })
        let bubble = try #require(all.first { if case .valueLabel(0, _) = $0.role { true } else { false } })
        guard case .valueLabel(_, let progress) = bubble.role else { return }
        #expect(abs(progress - 1) < 1e-12, "the last point's progress")
        let text = bubble.children.compactMap { node -> TextRun? in if case .text(let t) = node { t } else { nil } }
        #expect(text.first?.text == "8")
        let dashed = nodes(in: scene, under: .annotation(0)).contains { node in
            if case .shape(let s) = node { s.strokeStyle.dash == [4, 4] } else { false }
        }
        #expect(dashed)
    }
}

struct LegendAndPaletteTests {
    let metrics = ApproximateMetrics()

    @Test func legendWrapsIntoRowsWithoutOverlapOrOverflow() {
        let names = (0..<12).map { "A rather long series name number \($0)" }
        let spec = makeSpec((0..<12).map { k in [Double(k), Double(k + 1)] }, names: names, width: 300, height: 400)
        let scene = ChartLayout.scene(for: spec, metrics: metrics)
        let texts = nodes(in: scene, under: .legend).compactMap { node -> TextRun? in
            if case .text(let t) = node { t } else { nil }
        }
        #expect(texts.count >= 2)
        #expect(Set(texts.map(\.position.y)).count >= 2, "entries wrap into rows")
        #expect(texts.allSatisfy { $0.text.hasSuffix("…") }, "long names are ellipsized")
        let boxes = texts.map { TextBox($0, metrics: metrics).corners }
        for i in boxes.indices { for j in boxes.indices where j > i { #expect(!overlaps(boxes[i], boxes[j])) } }
        #expect(geometryProblems(scene, metrics: metrics).isEmpty)
    }

    @Test(arguments: [ThemeColors.light, ThemeColors.dark])
    func paletteColorsAreDistinctAndAlternateWarmAndCool(_ theme: ThemeColors) {
        let colors = theme.palette.colors
        #expect(Set(colors).count == colors.count)
        // Neighbours 1 and 2 differ in temperature: one is bluer than red, the other redder than blue.
        let first = colors[0], second = colors[1]
        #expect((first.blue > first.red) != (second.blue > second.red))
        #expect(theme.palette.color(at: colors.count) == colors[0], "cycles")
        #expect(theme.palette.color(at: -1) == colors[colors.count - 1])
    }

    @Test func themesDifferAndGridIsFaint() {
        #expect(ThemeColors.light.background != ThemeColors.dark.background)
        for theme in [ThemeColors.light, .dark] { #expect(abs(theme.grid.opacity - 0.12) < 0.01) }
        var spec = makeSpec([[1, 2]])
        spec.background = .transparent
        #expect(ChartLayout.scene(for: spec, metrics: metrics).background == nil)
        spec.background = nil
        spec.theme = .dark
        #expect(ChartLayout.scene(for: spec, metrics: metrics).background == ThemeColors.dark.background)
    }
}

struct NumericAxisTests {
    let metrics = ApproximateMetrics()

    func xLabels(_ spec: ChartSpec) -> [TextRun] {
        nodes(in: ChartLayout.scene(for: spec, metrics: metrics), under: .xAxis).compactMap { node in
            if case .text(let t) = node { t } else { nil }
        }
    }

    @Test func numericXGetsNiceTicksInsideTheData() {
        var spec = ChartSpec()
        spec.series = [Series(name: "n", points: [DataPoint(x: 3, y: 1), DataPoint(x: 97, y: 2)], hasNumericX: true)]
        let labels = xLabels(spec).map(\.text)
        #expect(labels.count >= 2)
        let values = labels.compactMap(Double.init)
        #expect(values.count == labels.count, "\(labels)")
        #expect(values.allSatisfy { $0 >= 3 && $0 <= 97 && $0.truncatingRemainder(dividingBy: 10) == 0 }, "\(labels)")
    }

    @Test func singleNumericXShowsItsOwnValue() {
        var spec = ChartSpec()
        spec.series = [Series(name: "n", points: [DataPoint(x: 5, y: 1)], hasNumericX: true)]
        #expect(xLabels(spec).map(\.text) == ["5"])
    }

    @Test func indexXWithoutLabelsUsesWholeIndices() {
        let labels = xLabels(makeSpec([[1, 2, 3]])).map(\.text)
        #expect(labels == ["0", "1", "2"])
    }
}

struct AreaGradientTests {
    let blue = Color(rgb: 0x0072B2)

    @Test func positiveDataFadesDownToTheBaseline() {
        let g = SeriesMarks.areaGradient(color: blue, top: 10, bottom: 100, baseline: 100, strength: 0.45)
        #expect(g.start == Point(0, 10) && g.end == Point(0, 100))
        #expect(g.stops.map(\.color.alpha) == [blue.withOpacity(0.45).alpha, 0])
    }

    @Test func negativeDataFadesUpToTheBaseline() {
        let g = SeriesMarks.areaGradient(color: blue, top: 20, bottom: 90, baseline: 20, strength: 0.45)
        #expect(g.stops.map(\.color.alpha) == [0, blue.withOpacity(0.45).alpha])
    }

    @Test func crossingDataIsClearAtTheBaselineAndStrongAtBothEnds() {
        let g = SeriesMarks.areaGradient(color: blue, top: 0, bottom: 100, baseline: 25, strength: 0.45)
        #expect(g.stops.map(\.offset) == [0, 0.25, 1])
        #expect(g.stops.map(\.color.alpha) == [115, 0, 115])
    }
}

struct AnnotationPlacementTests {
    let metrics = ApproximateMetrics()

    @Test func lineLabelsMoveAwayFromBubbles() throws {
        var spec = makeSpec([[22, 45, 68, 91, 70]], labels: ["a", "b", "c", "d", "e"])
        spec.annotations = [
            .verticalLine(x: 3, label: "Half time", color: nil, dash: []),
            .horizontalLine(y: 91, label: "Record", color: nil, dash: []),
            .bubble(series: 0, index: 3, label: nil),
        ]
        let scene = ChartLayout.scene(for: spec, metrics: metrics)
        let bubble = try #require(groups(scene).first { if case .valueLabel = $0.role { true } else { false } })
        guard case .shape(let shape)? = bubble.children.first, let bubbleBox = shape.path.controlBounds else {
            Issue.record("bubble shape expected")
            return
        }
        for i in 0..<2 {
            let labels = nodes(in: scene, under: .annotation(i)).compactMap { node -> TextRun? in
                if case .text(let t) = node { t } else { nil }
            }
            let label = try #require(labels.first)
            let box = TextBox(label, metrics: metrics).bounds
            let overlap = bubbleBox.intersection(box).map { $0.width > 0 && $0.height > 0 } ?? false
            #expect(!overlap, "annotation \(i) label '\(label.text)' overlaps the bubble")
        }
    }
}

/// `x.grid` draws faint vertical lines at the labelled x ticks; off by default.
@Suite struct XGridTests {
    func layout(_ spec: ChartSpec) -> Scene { ChartLayout.scene(for: spec, metrics: ApproximateMetrics()) }

    func verticalGridLines(_ scene: Scene) -> [Double] {
        var xs: [Double] = []
        for g in groups(scene) where g.role == .grid {
            for case .shape(let shape) in g.children {
                var start: Point?
                for element in shape.path.elements {
                    switch element {
                    case .move(let p): start = p
                    case .line(let p): if let s = start, s.x == p.x, s.y != p.y { xs.append(p.x) }
                    default: break
                    }
                }
            }
        }
        return xs
    }

    @Test func xGridIsOffByDefaultAndFollowsTheLabelledTicks() {
        var spec = makeSpec([[3, 1, 4, 1, 5]], labels: ["a", "b", "c", "d", "e"])
        #expect(verticalGridLines(layout(spec)).isEmpty)
        spec.x.grid = true
        let scene = layout(spec)
        let xs = verticalGridLines(scene)
        // One line per label (the first point is inset from the y axis, so it gets one too).
        var labelXs: [Double] = []
        scene.forEachNode { node, parents in
            if case .text(let run) = node, parents.last?.role == .xAxis { labelXs.append(run.position.x) }
        }
        #expect(xs.count == 5)
        #expect(xs.count == labelXs.count && zip(xs, labelXs).allSatisfy { abs($0 - $1) < 1e-9 })
    }
}

/// Lone points between gaps are marks like any other: past the per-series mark limit they are one path of dots.
struct LonePointMarkTests {
    @Test func manyLonePointsBecomeOnePathWithoutPerPointGroups() {
        let values: [Double?] = (0..<20_000).map { $0 % 2 == 0 ? Double($0 % 7) : nil }
        let scene = ChartLayout.scene(for: makeSpec([values], width: 800, height: 400), metrics: ApproximateMetrics())
        var pointGroups = 0
        var loneDots = 0
        scene.forEachNode { node, _ in
            if case .group(let g) = node, case .point = g.role { pointGroups += 1 }
            if case .hitTarget = node { pointGroups += 1 }
            if case .shape(let s) = node, s.fill != nil, s.stroke == nil,
               s.path.elements.count(where: { if case .move = $0 { true } else { false } }) > 100 {
                loneDots = s.path.elements.count(where: { if case .move = $0 { true } else { false } })
            }
        }
        #expect(pointGroups <= SeriesMarks.maxPointMarks)
        #expect(pointGroups == 0)
        // One dot per distinct half-pixel position: 7 values × at most 2 × plot width positions.
        #expect(loneDots > 1000 && loneDots < 7 * 2 * 800)
    }

    @Test func aFewLonePointsKeepTheirTooltips() {
        let scene = ChartLayout.scene(for: makeSpec([[1, nil, 3, nil, 5]]), metrics: ApproximateMetrics())
        var tooltips = 0
        scene.forEachNode { node, _ in
            if case .group(let g) = node, case .point = g.role, g.tooltip != nil { tooltips += 1 }
        }
        #expect(tooltips == 3)
    }
}
