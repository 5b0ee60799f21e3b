import ChartScene
import ChartSpec

/// The frame of a transposed kind (horizontal bars): categories down the left (from `labels`), values along the
/// bottom, the value domain grown to give the marks `markReach` px of room. The value axis takes its options (min,
/// max, tickCount, format, grid, title, type) from `y`, as in a vertical bar chart; a log axis is the vertical one's
/// (`YAxisLayout.logarithmic`, in log10 space: whole decades, labels at powers of ten) and its bars start at its left
/// end. Header and legend are the vertical frame's (`CartesianFrame.header`). So are the axes' names: `y` is the value
/// axis (along the bottom: its `tickStep`, `softMin`, `softMax`, `zero`, `show`) and `x` the category axis (down the
/// left: its `show`), whichever way they are drawn.
enum HorizontalBarFrame {
    /// The most category labels measured to size the left margin; the rest are assumed no wider.
    static let maxMeasured = 2000

    /// The frame with axes, or, when the canvas is too small for them (or `axes` is false), one for the bars alone;
    /// nil when not even those fit.
    static func make(ctx: LayoutContext, extent: CartesianExtent, legend: [Legend.Item]?) -> CartesianFrame? {
        if ctx.spec.axes, let frame = make(ctx: ctx, extent: extent, legend: legend, axes: true) { return frame }
        return make(ctx: ctx, extent: extent, legend: legend, axes: false)
    }

    private static func make(ctx: LayoutContext, extent: CartesianExtent, legend: [Legend.Item]?,
                             axes withAxes: Bool) -> CartesianFrame? {
        let (header, top, rest) = withAxes ? CartesianFrame.header(ctx: ctx, legend: legend)
            : ([], ctx.canvas.minY, ctx.canvas)
        let ctx = ctx.within(rest)
        let spec = ctx.spec, style = ctx.style, canvas = ctx.canvas
        var nodes = header
        let count: Int
        let labels: [String]
        if case .categories(let l, let n) = extent.x { (labels, count) = (l, n) } else { (labels, count) = ([], 0) }
        let size = style.tickSize
        let lh = ctx.lineHeight(size)
        let pad = withAxes ? style.padding : 0

        // Left margin: the widest category label, at most 35 % of the canvas.
        let maxLabel = canvas.width * 0.35
        var widest = 0.0
        let showCategories = withAxes && spec.x.show, showValues = withAxes && spec.y.show
        if showCategories {
            for i in stride(from: 0, to: min(labels.count, count), by: max(1, count / Self.maxMeasured)) {
                widest = max(widest, min(maxLabel, ctx.width(labels[i], size: size)))
            }
        }
        let yTitle = spec.y.title.map { $0.isEmpty ? 0 : ctx.lineHeight(style.axisTitleSize) + 6 } ?? 0
        let left = canvas.minX + pad + (showCategories ? widest + style.tickGap : 0)
        let bottom = canvas.maxY - pad - (showValues ? style.tickGap + lh + yTitle : 0)
        let plotTop = top + (withAxes ? 2 : 0)
        let plot = Rect(x: left, y: plotTop, width: canvas.maxX - pad - (withAxes ? 8 : 0) - left,
                        height: bottom - plotTop)
        if withAxes && (plot.width < 16 || plot.height < 16) { return nil }
        guard plot.width > 0, plot.height > 0 else { return nil }

        let isLog = spec.y.scale == .log
        // The value axis, grown like the vertical one (`CartesianFrame.headroom`) until the bars and the value
        // labels past their ends (`markReach`) stay clear of the plot's right (or left) edge; an end at an explicit
        // bound or at the bars' zero baseline stays.
        let y = extent.y
        // A log axis's bars start at its left end anyway; `zero: true` keeps zero as the end, as a baseline does.
        let zero = (extent.zeroBaseline || spec.y.zero == true) && !isLog
        let keep = (lo: spec.y.min != nil || (zero && y.min == 0), hi: spec.y.max != nil || (zero && y.max == 0))
        var ticks = NiceTicks(values: [], step: 1, domainMin: y.min, domainMax: y.max)
        var logLabels: [String] = []
        CartesianFrame.headroom(data: y, pixels: plot.width, reach: extent.markReach, keep: keep) { lo, hi in
            if isLog {
                let axis = YAxisLayout.logarithmic(dataMin: lo, dataMax: hi, ctx: ctx)
                (ticks, logLabels) = (axis.ticks, axis.labels)
            } else {
                ticks = spec.y.ticks(dataMin: lo, dataMax: hi,
                                     target: max(2, min(spec.y.tickCount, Int(plot.width / 60) + 1)),
                                     fixedMin: spec.y.min, fixedMax: spec.y.max, integer: ctx.wholeY)
            }
            return (ticks.domainMin, ticks.domainMax)
        }
        // The value labels: a log axis labels its major ticks as the vertical one does; a linear one labels the
        // ticks inside its domain.
        let tickLabels: [(value: Double, label: String)]
        if isLog {
            tickLabels = Array(zip(ticks.values, logLabels))
        } else {
            let values = ticks.values.filter { $0 >= ticks.domainMin && $0 <= ticks.domainMax }
            tickLabels = Array(zip(values, ctx.formatter(spec.y.format).labels(for: values)))
        }
        let bands = BandScale(count: count, rangeStart: plot.minY, rangeEnd: plot.maxY)
        var frame = CartesianFrame(plot: plot, ticks: ticks,
                                   value: LinearScale(domain: (ticks.domainMin, ticks.domainMax),
                                                      range: (plot.minX, plot.maxX)),
                                   isLog: isLog, xPosition: { bands.center(0) + $0 * bands.step }, bands: bands,
                                   decorations: [])
        if withAxes {
            let (axisNodes, labelIndices) = axes(ctx: ctx, frame: frame, bands: bands, labels: labels,
                                                 tickLabels: tickLabels, maxLabel: maxLabel)
            nodes.append(contentsOf: axisNodes)
            frame.xLabelIndices = spec.x.show ? labelIndices : []
        }
        frame.decorations = nodes
        return frame
    }

    /// Vertical grid lines at the value ticks, the baseline, the left axis with category `labels` (thinned when
    /// the bands are shorter than a line) and the value labels along the bottom (`tickLabels`); and the indices of
    /// the category labels drawn, in order.
    private static func axes(ctx: LayoutContext, frame: CartesianFrame, bands: BandScale, labels: [String],
                             tickLabels: [(value: Double, label: String)], maxLabel: Double)
        -> (nodes: [Node], labelIndices: [Int]) {
        let spec = ctx.spec, style = ctx.style
        let ticks = frame.ticks, value = frame.value, plot = frame.plot, baseline = frame.baseline
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
        var labelIndices: [Int] = []
        for i in stride(from: 0, to: min(labels.count, bands.count), by: every) where !labels[i].isEmpty {
            let text = ctx.ellipsized(labels[i], maxWidth: maxLabel, size: size)
            let run = TextRun(text: text, position: Point(plot.minX - style.tickGap, bands.center(i) + shift),
                              size: size, anchor: .end, color: ctx.theme.secondaryText)
            if let placed = ctx.placed(run) {
                left.append(.text(placed))
                labelIndices.append(i)
            }
        }
        if spec.x.show { nodes.append(.group(Group(role: .yAxis, children: left))) }
        var bottom: [Node] = [
            .shape(Shape(path: Path([.move(Point(plot.minX, plot.maxY)), .line(Point(plot.maxX, plot.maxY))]),
                         stroke: .solid(ctx.theme.axis), strokeStyle: stroke, snapToPixels: true)),
        ]
        bottom += XAxisLayout.centeredRuns(values: tickLabels.map(\.value), labels: tickLabels.map(\.label),
                                           x: { value($0) }, plot: plot, ctx: ctx).runs.map { .text($0) }
        if let title = spec.y.title, !title.isEmpty {
            let titleSize = style.axisTitleSize
            let run = TextRun(text: ctx.ellipsized(title, maxWidth: plot.width, size: titleSize),
                              position: Point(plot.center.x, ctx.canvas.maxY - style.padding - ctx.descent(titleSize)),
                              size: titleSize, anchor: .middle, color: ctx.theme.secondaryText)
            if let placed = ctx.placed(run) { bottom.append(.text(placed)) }
        }
        if spec.y.show { nodes.append(.group(Group(role: .xAxis, children: bottom))) }
        return (nodes, labelIndices)
    }
}
