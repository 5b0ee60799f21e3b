import ChartScene
import ChartSpec
import ChartText

/// Horizontal bar charts: categories down the left (from `labels`), values along the bottom. The value axis takes
/// its options (min, max, tickCount, format, grid, title) from `y`, as in a vertical bar chart; series with
/// `"type": "line"` are not drawn (a line across categories stacked vertically reads wrongly). Header, legend and
/// bar marks are shared with the vertical layout (`LineChartLayout`, `BarMarks`).
struct HorizontalBarLayout {
    let base: LineChartLayout

    init(spec: ChartSpec, metrics: any TextMeasuring, interactive: Bool = true) {
        base = LineChartLayout(spec: spec, metrics: metrics, interactive: interactive)
    }

    /// The most category labels measured to size the left margin; the rest are assumed no wider.
    static let maxMeasured = 2000

    /// The chart with axes, or, when the canvas is too small for them (or `axes` is false), only the bars.
    func scene() -> Scene {
        if base.spec.axes, let scene = scene(axes: true) { return scene }
        return scene(axes: false) ?? Scene(width: base.ctx.canvas.width, height: base.ctx.canvas.height,
                                           background: nil, title: "Bar chart", description: "Bar chart", nodes: [])
    }

    private func scene(axes withAxes: Bool) -> Scene? {
        let ctx = base.ctx, spec = base.spec, style = ctx.style, canvas = ctx.canvas
        let (header, top) = withAxes ? base.header() : ([], canvas.minY)
        var nodes = header
        let count: Int
        let labels: [String]
        if case .categories(let l, let n) = base.xMode { (labels, count) = (l, n) } else { (labels, count) = ([], 0) }
        let size = style.tickSize
        let lh = ctx.lineHeight(size)
        let pad = withAxes ? style.padding : 0

        // Left margin: the widest category label, at most 35 % of the canvas.
        let maxLabel = canvas.width * 0.35
        var widest = 0.0
        if withAxes {
            for i in stride(from: 0, to: min(labels.count, count), by: max(1, count / Self.maxMeasured)) {
                widest = max(widest, min(maxLabel, ctx.width(labels[i], size: size)))
            }
        }
        let yTitle = spec.y.title.map { $0.isEmpty ? 0 : ctx.lineHeight(style.axisTitleSize) + 6 } ?? 0
        let left = canvas.minX + pad + (withAxes ? widest + style.tickGap : 0)
        let bottom = canvas.maxY - pad - (withAxes ? style.tickGap + lh + yTitle : 0)
        let plotTop = top + (withAxes ? 2 : 0)
        let plot = Rect(x: left, y: plotTop, width: canvas.maxX - pad - (withAxes ? 8 : 0) - left,
                        height: bottom - plotTop)
        if withAxes && (plot.width < 16 || plot.height < 16) { return nil }
        guard plot.width > 0, plot.height > 0 else { return nil }

        let extent = base.yExtent
        let target = max(2, min(spec.y.tickCount, Int(plot.width / 60) + 1))
        let ticks = NiceTicks.compute(dataMin: extent.min, dataMax: extent.max, target: target,
                                      fixedMin: spec.y.min, fixedMax: spec.y.max, integer: ctx.wholeY)
        let value = LinearScale(domain: (ticks.domainMin, ticks.domainMax), range: (plot.minX, plot.maxX))
        let formatter = TickFormatter(spec.y.format)
        let baseline = value(min(max(0, ticks.domainMin), ticks.domainMax))
        let bands = BandScale(count: count, rangeStart: plot.minY, rangeEnd: plot.maxY)

        if withAxes {
            nodes.append(contentsOf: axes(ticks: ticks, value: value, baseline: baseline, bands: bands,
                                          labels: labels, plot: plot, formatter: formatter, maxLabel: maxLabel))
        }
        let stacks = spec.bars.mode == .stacked ? BarMarks.stacks(base.data) : nil
        var marks: [Node] = []
        let label: (Int) -> String = { [base] i in base.categoryName(i, labels: labels) }
        for d in base.data where d.series.mark != .line {
            marks.append(BarMarks.bars(d, ctx: ctx, bands: bands, value: { value($0) },
                                       valueRange: plot.minX...plot.maxX, baseline: baseline, stacks: stacks,
                                       horizontal: true, label: label, formatter: formatter).node)
        }
        nodes.append(.group(Group(role: .plot, clip: plot.insetBy(-1), children: marks)))
        let background = spec.background ?? ctx.theme.background
        return Scene(width: canvas.width, height: canvas.height, background: background.alpha == 0 ? nil : background,
                     title: spec.title.flatMap { $0.isEmpty ? nil : $0 } ?? "Bar chart",
                     description: base.description(kind: "Horizontal bar chart", domain: (ticks.domainMin,
                                                                                          ticks.domainMax),
                                                   formatter: formatter),
                     nodes: nodes)
    }

    /// Vertical grid lines at the value ticks, the zero line, the left axis with category labels (thinned when the
    /// bands are shorter than a line) and the value labels along the bottom.
    private func axes(ticks: NiceTicks, value: LinearScale, baseline: Double, bands: BandScale, labels: [String],
                      plot: Rect, formatter: TickFormatter, maxLabel: Double) -> [Node] {
        let ctx = base.ctx, spec = base.spec, style = ctx.style
        let stroke = StrokeStyle(width: 1, cap: .butt)
        var grid = Path()
        if spec.y.grid {
            for v in ticks.values where v > ticks.domainMin && v <= ticks.domainMax {
                grid.move(to: Point(value(v), plot.minY))
                grid.line(to: Point(value(v), plot.maxY))
            }
        }
        var nodes: [Node] = []
        if !grid.isEmpty {
            nodes.append(.group(Group(role: .grid, children: [
                .shape(Shape(path: grid, stroke: .solid(ctx.theme.grid),
                             strokeStyle: StrokeStyle(width: 1, cap: .butt, dash: spec.y.gridDash),
                             snapToPixels: true)),
            ])))
        }
        let size = style.tickSize
        let shift = (ctx.ascent(size) - ctx.descent(size)) / 2
        var left: [Node] = [
            .shape(Shape(path: Path([.move(Point(baseline, plot.minY)), .line(Point(baseline, plot.maxY))]),
                         stroke: .solid(ctx.theme.axis), strokeStyle: stroke, snapToPixels: true)),
        ]
        let every = max(1, Int((ctx.lineHeight(size) / max(abs(bands.step), 1e-9)).rounded(.up)))
        for i in stride(from: 0, to: min(labels.count, bands.count), by: every) where !labels[i].isEmpty {
            let text = ctx.ellipsized(labels[i], maxWidth: maxLabel, size: size)
            let run = TextRun(text: text, position: Point(plot.minX - style.tickGap, bands.center(i) + shift),
                              size: size, anchor: .end, color: ctx.theme.secondaryText)
            if let placed = ctx.placed(run) { left.append(.text(placed)) }
        }
        nodes.append(.group(Group(role: .yAxis, children: left)))
        let values = ticks.values.filter { $0 >= ticks.domainMin && $0 <= ticks.domainMax }
        var bottom: [Node] = [
            .shape(Shape(path: Path([.move(Point(plot.minX, plot.maxY)), .line(Point(plot.maxX, plot.maxY))]),
                         stroke: .solid(ctx.theme.axis), strokeStyle: stroke, snapToPixels: true)),
        ]
        bottom += XAxisLayout.centeredRuns(values: values, labels: formatter.labels(for: values), x: { value($0) },
                                           plot: plot, ctx: ctx).runs.map { .text($0) }
        if let title = spec.y.title, !title.isEmpty {
            let titleSize = style.axisTitleSize
            let run = TextRun(text: ctx.ellipsized(title, maxWidth: plot.width, size: titleSize),
                              position: Point(plot.center.x, ctx.canvas.maxY - style.padding - ctx.descent(titleSize)),
                              size: titleSize, anchor: .middle, color: ctx.theme.secondaryText)
            if let placed = ctx.placed(run) { bottom.append(.text(placed)) }
        }
        nodes.append(.group(Group(role: .xAxis, children: bottom)))
        return nodes
    }
}
