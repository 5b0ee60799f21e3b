import ChartScene
import ChartSpec
import ChartText
import Testing
@testable import ChartLayout

/// The frame options of issue 14, as Chart.js users expect them: the legend below or beside the plot (or pie),
/// multi-line titles in their own color and size, hidden axes, fixed tick steps, and soft bounds and zero that widen
/// the value range.
struct FrameOptionsTests {
    let metrics = ApproximateMetrics()

    func layout(_ spec: ChartSpec) -> Scene { ChartLayout.scene(for: spec, metrics: metrics) }

    func texts(_ scene: Scene, under role: Role) -> [TextRun] {
        nodes(in: scene, under: role).compactMap { node -> TextRun? in if case .text(let t) = node { t } else { nil } }
    }

    func boxes(_ scene: Scene, under role: Role) -> [Rect] {
        texts(scene, under: role).map { TextBox($0, metrics: metrics).bounds }
    }

    /// The value axis labels, bottom to top (the texts of the y axis group; the title excluded).
    func yLabels(_ spec: ChartSpec) -> [String] {
        texts(layout(spec), under: .yAxis).filter { $0.rotation == 0 }.sorted { $0.position.y > $1.position.y }
            .map(\.text)
    }

    func twoSeries() -> ChartSpec {
        var spec = makeSpec([[3, 7, 4, 9], [5, 6, 8, 7]], names: ["North", "South"], labels: ["Q1", "Q2", "Q3", "Q4"])
        spec.title = "Sales"
        spec.y.title = "Units"
        return spec
    }

    // MARK: Legend position

    @Test func legendOnTopIsTheDefault() throws {
        var spec = twoSeries()
        let plain = layout(spec)
        spec.legendPosition = .top
        #expect(layout(spec) == plain)
        let plot = try #require(plotFrame(plain))
        let legend = boxes(plain, under: .legend)
        #expect(legend.count == 2 && legend.allSatisfy { $0.maxY < plot.minY })
    }

    /// Below the plot: under the x labels and the plot, centered rows, inside the canvas.
    @Test func legendAtTheBottom() throws {
        var spec = twoSeries()
        spec.x.title = "Quarter"
        spec.legendPosition = .bottom
        let scene = layout(spec)
        let plot = try #require(plotFrame(scene))
        let legend = boxes(scene, under: .legend)
        let xTexts = boxes(scene, under: .xAxis)
        #expect(legend.count == 2)
        for box in legend {
            #expect(box.minY > plot.maxY && box.maxY <= 360 - 12 + 1e-9)
            for text in xTexts { #expect(box.minY > text.maxY, "legend \(box) over the x axis text \(text)") }
        }
        // The title stays on top; the plot starts right under it (no legend row there).
        let title = try #require(boxes(scene, under: .title).first)
        var top = twoSeries()
        top.x.title = "Quarter"
        #expect(plot.minY < (try #require(plotFrame(layout(top)))).minY)
        #expect(title.maxY < plot.minY)
    }

    /// Beside the plot: one column, entries left-aligned under each other, clear of the y labels and title (left) or
    /// of the plot (right); the plot is narrower by the column.
    @Test(arguments: [LegendPosition.left, .right])
    func legendBesideThePlot(position: LegendPosition) throws {
        var spec = twoSeries()
        let full = try #require(plotFrame(layout(spec)))
        spec.legendPosition = position
        let scene = layout(spec)
        let plot = try #require(plotFrame(scene))
        let legend = boxes(scene, under: .legend)
        try #require(legend.count == 2)
        #expect(legend[0].maxY <= legend[1].minY, "one column: \(legend)")
        #expect(abs(legend[0].minX - legend[1].minX) < 1e-9, "left-aligned: \(legend)")
        #expect(plot.width < full.width - 40 && plot.minY < full.minY)
        let axisTexts = boxes(scene, under: .yAxis)
        for box in legend {
            #expect(box.minX >= 0 && box.maxX <= 640)
            if position == .left {
                #expect(box.maxX < plot.minX)
                for text in axisTexts { #expect(box.maxX < text.minX, "legend \(box) over \(text)") }
            } else {
                #expect(box.minX > plot.maxX)
            }
            // Vertically centered on the space below the header, as Chart.js centers a side legend.
            #expect(box.minY > plot.minY && box.maxY < plot.maxY)
        }
    }

    /// A side legend on a horizontal bar chart too: beside the bars, clear of the category labels.
    @Test func legendBesideHorizontalBars() throws {
        var spec = twoSeries()
        spec.type = .bar
        spec.bars.orientation = .horizontal
        spec.legendPosition = .left
        let scene = layout(spec)
        let legend = boxes(scene, under: .legend)
        let categories = boxes(scene, under: .yAxis)
        try #require(legend.count == 2 && categories.count == 4)
        for box in legend { for text in categories { #expect(box.maxX < text.minX) } }
    }

    /// A pie's legend beside it: the pie shrinks to the rest and stays clear of the column.
    @Test(arguments: [LegendPosition.left, .right, .bottom])
    func pieLegendBesideOrBelow(position: LegendPosition) throws {
        var spec = makeSpec([[30, 20, 50]], labels: ["Apples", "Pears", "Plums"], width: 600, height: 300)
        spec.type = .pie
        func disc(_ scene: Scene) -> Sector? {
            for g in groups(scene) { if case .pie(let sector) = g.role { return sector } }
            return nil
        }
        let full = try #require(disc(layout(spec)))
        spec.legendPosition = position
        let scene = layout(spec)
        let pie = try #require(disc(scene))
        let legend = boxes(scene, under: .legend)
        try #require(legend.count == 3)
        for box in legend {
            switch position {
            case .left: #expect(box.maxX < pie.center.x - pie.outerRadius)
            case .right: #expect(box.minX > pie.center.x + pie.outerRadius)
            default: #expect(box.minY > pie.center.y + pie.outerRadius)
            }
        }
        // On top, the legend row costs the pie height; beside it, width, which a wide canvas has to spare.
        if position == .bottom {
            #expect(pie.center.y < full.center.y)
        } else {
            #expect(pie.outerRadius >= full.outerRadius)
        }
    }

    // MARK: Title

    @Test func multiLineTitleInItsStyle() throws {
        var spec = twoSeries()
        spec.title = "Sales\nby quarter\n2026"
        spec.titleStyle = TitleStyle(color: Color(rgb: 0x123456), size: 24)
        let scene = layout(spec)
        let lines = texts(scene, under: .title)
        #expect(lines.map(\.text) == ["Sales", "by quarter", "2026"])
        #expect(lines.allSatisfy { $0.size == 24 && $0.color == Color(rgb: 0x123456) })
        let step = metrics.ascent(size: 24) + metrics.descent(size: 24)
        for (a, b) in zip(lines, lines.dropFirst()) { #expect(abs(b.position.y - a.position.y - step) < 1e-9) }
        // The plot and legend start below the last line.
        let last = try #require(boxes(scene, under: .title).last)
        #expect(boxes(scene, under: .legend).allSatisfy { $0.minY > last.maxY })
        var one = twoSeries()
        one.title = "Sales"
        let plain = texts(layout(one), under: .title)
        #expect(plain.count == 1 && plain[0].size == 16 && plain[0].color == ThemeColors.of(.light).text)
    }

    // MARK: Axes

    @Test func hiddenAxesDrawNoTextsButKeepTheirGrid() throws {
        var spec = twoSeries()
        spec.x.title = "Quarter"
        spec.x.grid = true
        let shown = try #require(plotFrame(layout(spec)))
        spec.x.show = false
        spec.y.show = false
        let scene = layout(spec)
        #expect(!groups(scene).contains { $0.role == .xAxis || $0.role == .yAxis })
        #expect(groups(scene).contains { $0.role == .grid })
        let gridLines = nodes(in: scene, under: .grid).compactMap { if case .shape(let s) = $0 { s } else { nil } }
        let gridBounds = gridLines.compactMap(\.path.controlBounds)
        // The plot takes the room of the labels and titles: it starts at the padding and ends lower.
        #expect(gridBounds.contains { abs($0.minX - 12) < 1 } && shown.minX > 30)
        #expect(gridBounds.contains { $0.maxY > shown.maxY })
    }

    @Test func hiddenHorizontalBarAxes() throws {
        var spec = twoSeries()
        spec.type = .bar
        spec.bars.orientation = .horizontal
        spec.x.show = false  // the categories, down the left
        let scene = layout(spec)
        #expect(!groups(scene).contains { $0.role == .yAxis })
        #expect(texts(scene, under: .xAxis).contains { $0.text == "Units" })
        spec.x.show = true
        spec.y.show = false  // the values, along the bottom
        let values = layout(spec)
        #expect(!groups(values).contains { $0.role == .xAxis })
        #expect(texts(values, under: .yAxis).map(\.text) == ["Q1", "Q2", "Q3", "Q4"])
    }

    @Test func tickStepGivesTheMultiplesOfTheStep() {
        var spec = makeSpec([[1, 9, 4]])
        spec.y.tickStep = 2.5
        #expect(yLabels(spec) == ["0.0", "2.5", "5.0", "7.5", "10.0"])  // one decimal count per axis
        spec.y.tickStep = 0.1
        spec.y.min = 0.2
        spec.y.max = 0.6
        #expect(yLabels(spec) == ["0.2", "0.3", "0.4", "0.5", "0.6"])
        // A horizontal bar chart's value axis (along the bottom) is `y`.
        var bars = makeSpec([[3, 7, 12]], labels: ["a", "b", "c"])
        bars.type = .bar
        bars.bars.orientation = .horizontal
        bars.y.tickStep = 4
        #expect(texts(layout(bars), under: .xAxis).map(\.text) == ["0", "4", "8", "12", "16"])
    }

    /// A step that would give more than `maxSteppedTicks` ticks falls back to the automatic ticks, at once.
    @Test func tinyTickStepFallsBackToNiceTicks() {
        let plain = makeSpec([[1, 9, 4]])
        var tiny = plain
        tiny.y.tickStep = 1e-300
        #expect(yLabels(tiny) == yLabels(plain))
        tiny.y.tickStep = 0.008  // 1,001 or more ticks over 0…8
        #expect(yLabels(tiny) == yLabels(plain))
        #expect(NiceTicks.stepped(dataMin: 0, dataMax: 7.992, step: 0.008, fixedMin: nil, fixedMax: nil)?.values.count
            == 1000)
        #expect(NiceTicks.stepped(dataMin: 0, dataMax: 8, step: 0.008, fixedMin: nil, fixedMax: nil) == nil)
        #expect(NiceTicks.stepped(dataMin: -1e150, dataMax: 1e150, step: 1e-300, fixedMin: nil, fixedMax: nil) == nil)
    }

    @Test func steppedTicksKeepPinnedEnds() throws {
        let ticks = try #require(NiceTicks.stepped(dataMin: 1, dataMax: 9, step: 4, fixedMin: 1, fixedMax: nil))
        #expect(ticks.values == [4, 8, 12] && ticks.domainMin == 1 && ticks.domainMax == 12)
        let one = try #require(NiceTicks.stepped(dataMin: 5, dataMax: 5, step: 2, fixedMin: nil, fixedMax: nil))
        #expect(one.values == [4, 6, 8] || one.values == [4, 6])
    }

    /// Chart.js's beginAtZero and suggestedMin/Max: the range includes them, the ticks stay nice.
    @Test func zeroAndSoftBoundsWidenTheRange() {
        var spec = makeSpec([[5, 9, 7]])
        let plain = yLabels(spec)
        #expect(plain.first != "0")
        spec.y.zero = true
        #expect(yLabels(spec).first == "0")
        spec.y.zero = nil
        spec.y.softMax = 20
        #expect(yLabels(spec).last == "20")
        spec.y.softMax = 8  // inside the data: no effect
        #expect(yLabels(spec) == plain)
        spec.y.softMax = nil
        spec.y.softMin = -10
        #expect(yLabels(spec).first == "−10")
        spec.y.max = 9.5  // a pinned end wins over the soft bound on its side only
        #expect(yLabels(spec).first == "−10")
        spec.y.softMin = nil
        spec.y.softMax = 100
        #expect(yLabels(spec).last == "9.5" || (Double(yLabels(spec).last ?? "") ?? 100) <= 9.5)
    }

    /// Bars include zero unless `zero: false`; then they start at the plot's bottom edge.
    @Test func barsNeedNotIncludeZero() throws {
        var spec = makeSpec([[95, 98, 97]], labels: ["a", "b", "c"])
        spec.type = .bar
        #expect(yLabels(spec).first == "0")
        spec.y.zero = false
        let labels = yLabels(spec)
        #expect((Double(labels.first ?? "") ?? 0) >= 90, "\(labels)")
    }
}
