#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChartScene
import ChartSpec
import ChartText

/// Lays out line and area charts: margins fitted to the measured labels, title and legend on top, a left
/// y axis with horizontal grid lines, an x baseline with category or numeric labels, the series marks
/// clipped to the plot, then annotations and value bubbles. With `axes: false` it draws a sparkline:
/// only the data, filling the canvas. Scatter charts and vertical bar charts share this frame: scatter draws
/// `ScatterMarks` instead of lines, bars put categories on bands (`BarMarks`). A log y axis lays out in log10 space.
struct LineChartLayout {
    let ctx: LayoutContext
    let data: [SeriesData]
    /// The x axis kind and extent, computed once (it walks every point).
    let xMode: XMode
    /// The y range to cover, computed once (it walks every point).
    let yExtent: (min: Double, max: Double)
    /// For bars on a time axis: the instants of the bands (the spec is then in band-index space).
    let timeCategories: TimeCategories?

    /// The largest canvas side handled; larger (or non-finite) sizes are clamped. The spec layer allows 4096.
    static let maxCanvasSide = 16384.0

    init(spec: ChartSpec, metrics: any TextMeasuring, interactive: Bool = true) {
        var spec = (try? ChartLayout.resolvingTimes(spec)) ?? spec
        timeCategories = TimeCategories.categorize(spec).map { categorized in
            spec = categorized.spec
            return categorized.categories
        }
        ctx = LayoutContext(spec: spec, metrics: metrics, interactive: interactive)
        let data = spec.series.enumerated().map { SeriesData(index: $0.offset, series: $0.element) }
        self.data = data
        xMode = Self.xMode(spec: spec, data: data)
        yExtent = Self.yExtent(data: data, ctx: ctx)
    }

    var spec: ChartSpec { ctx.spec }

    /// How tooltips name category `i`: its full instant for bars on a time axis, else its label (or its number).
    func categoryName(_ i: Int, labels: [String]) -> String {
        timeCategories?.tooltipLabel(i) ?? (i < labels.count ? labels[i] : String(i + 1))
    }

    func scene() -> Scene {
        let frame = spec.axes ? fullFrame() ?? sparklineFrame() : sparklineFrame()
        var nodes = frame.decorations
        let x = frame.xPosition
        let linearY = frame.yAxis.scale(plot: frame.plot)
        let isLog = spec.y.scale == .log
        let yScale: (Double) -> Double = isLog ? { linearY(Self.log10Clamped($0)) } : { linearY($0) }
        let domain = (frame.yAxis.ticks.domainMin, frame.yAxis.ticks.domainMax)
        let baselineY = isLog ? frame.plot.maxY : linearY(min(max(0, domain.0), domain.1))
        let yFormatter = TickFormatter(spec.y.format)
        let xFormatter = TickFormatter(spec.x.format)

        let stacks = spec.type == .bar && spec.bars.mode == .stacked ? BarMarks.stacks(data) : nil
        let largestSize = spec.type == .scatter ? ScatterMarks.largestSize(spec) : nil
        var marks: [SeriesMarks] = []
        for d in data {
            let points = d.series.points
            let label: (Int) -> String
            if case .categories(let labels, _) = xMode {
                label = { i in categoryName(i, labels: labels) }
            } else if case .time(_, _, let zone) = xMode {
                label = { i in TimeAxis.tooltipLabel(points[i].x, zone: zone) }
            } else {
                label = { i in xFormatter.string(points[i].x) }
            }
            if spec.type == .scatter {
                marks.append(ScatterMarks.build(d, ctx: ctx, x: x, y: yScale, plot: frame.plot,
                                                largestSize: largestSize, label: label, formatter: yFormatter))
            } else if spec.type == .bar && d.series.mark != .line {
                marks.append(BarMarks.build(d, ctx: ctx, bands: frame.bands, y: yScale, plot: frame.plot,
                                            baselineY: baselineY, stacks: stacks, label: label, formatter: yFormatter))
            } else {
                marks.append(SeriesMarks.build(d, ctx: ctx, x: x, y: yScale, plot: frame.plot, baselineY: baselineY,
                                               label: label, formatter: yFormatter))
            }
        }
        let clip = frame.plot.insetBy(-(markExtent + 1)).intersection(ctx.canvas) ?? ctx.canvas
        nodes.append(.group(Group(role: .plot, clip: clip, children: marks.compactMap(\.area) + marks.map(\.node))))
        // Bubbles are drawn last (on top); line labels are placed to avoid them.
        let bubbles = bubbles(marks: marks, x: x, y: yScale, formatter: yFormatter)
        nodes.append(contentsOf: Annotations.lineNodes(ctx: ctx, plot: frame.plot, y: yScale, x: x,
                                                       avoiding: bubbles.map(\.bounds)))
        nodes.append(contentsOf: bubbles.map(\.node))

        let kind = switch spec.type {
        case .area: "Area chart"
        case .bar: "Bar chart"
        case .scatter: "Scatter chart"
        default: "Line chart"
        }
        let described = isLog ? (pow(10, domain.0), pow(10, domain.1)) : domain
        return ctx.scene(kind: kind, description: description(kind: kind, domain: described, formatter: yFormatter),
                         nodes: nodes)
    }

    // MARK: - Frame: plot rectangle, axes and decorations

    /// Where the plot goes and what surrounds it.
    struct Frame {
        var plot: Rect
        var yAxis: YAxisLayout
        /// Maps a point's x (index or numeric) to a pixel column.
        var xPosition: (Double) -> Double
        /// The category bands of a bar chart (nil for other kinds).
        var bands: BandScale?
        /// Title, legend, grid and axes, in drawing order.
        var decorations: [Node]
    }

    /// The full chart frame, or nil when the canvas is too small for axes (the caller falls back to a sparkline).
    /// `emphasizeZero: false` leaves the zero line to a caller that draws its own (the diff chart's, over its areas).
    func fullFrame(emphasizeZero: Bool = true) -> Frame? {
        let style = ctx.style
        let canvas = ctx.canvas
        let pad = style.padding
        let (headerNodes, top) = header()
        var decorations = headerNodes
        // Room above the plot for the top y label's upper half.
        let plotTop = top + (ctx.ascent(style.tickSize) / 2).rounded(.up) + 2
        let bottomFixed = pad + (spec.x.title.map { $0.isEmpty ? 0 : ctx.lineHeight(style.axisTitleSize) + 6 } ?? 0)
        let leftFixed = pad + (spec.y.title.map { $0.isEmpty ? 0 : ctx.lineHeight(style.axisTitleSize) + 6 } ?? 0)
        let inset = max(style.pointInset, markExtent + 1)
        let extent = yExtent
        let xMode = xMode

        // Margins depend on each other (x label height → plot height → y ticks → y label width → plot
        // width → x label thinning or slanting); a few passes settle them.
        var xHeight = style.tickGap + ctx.lineHeight(style.tickSize)
        var result: (plot: Rect, y: YAxisLayout, x: XAxisLayout, position: (Double) -> Double)?
        for _ in 0..<3 {
            let plotHeight = canvas.maxY - plotTop - bottomFixed - xHeight
            let yAxis = spec.y.scale == .log
                ? YAxisLayout.logarithmic(dataMin: extent.min, dataMax: extent.max, ctx: ctx)
                : YAxisLayout.make(dataMin: extent.min, dataMax: extent.max, plotHeight: plotHeight, ctx: ctx)
            let left = leftFixed + yAxis.labelWidth + style.tickGap
            let plot = Rect(x: left, y: plotTop, width: canvas.maxX - pad - left, height: plotHeight)
            guard plot.width >= 16, plot.height >= 16 else { return nil }
            let position = xPosition(plot: plot, inset: inset)
            let xAxis = XAxisLayout.make(mode: xMode, x: position, plot: plot, ctx: ctx)
            result = (plot, yAxis, xAxis, position)
            if abs(xAxis.height - xHeight) < 0.5 { break }
            xHeight = xAxis.height
        }
        guard let r = result else { return nil }
        if spec.x.grid, let grid = r.x.gridNode(plot: r.plot, ctx: ctx) { decorations.append(grid) }
        if let grid = r.y.gridNode(plot: r.plot, ctx: ctx, showGrid: spec.y.grid, emphasizeZero: emphasizeZero) {
            decorations.append(grid)
        }
        decorations.append(r.y.axisNode(plot: r.plot, ctx: ctx))
        decorations.append(r.x.axisNode(plot: r.plot, ctx: ctx))
        return Frame(plot: r.plot, yAxis: r.y, xPosition: r.position, bands: bands(plot: r.plot),
                     decorations: decorations)
    }

    /// The title, subtitle and legend above the plot, and the y where the space below them starts.
    func header() -> (nodes: [Node], top: Double) {
        let canvas = ctx.canvas
        let pad = ctx.style.padding
        let title = ChartHeader.make(ctx: ctx)
        var top = title.bottom
        var nodes: [Node] = title.node.map { [$0] } ?? []
        if spec.legend ?? (spec.series.count > 1), !spec.series.isEmpty {
            let legend = Legend.make(ctx: ctx, width: canvas.width - 2 * pad)
            nodes.append(legend.node(top: top, ctx: ctx))
            top += legend.height + 4
        }

        return (nodes, top)
    }

    /// Sparkline: the data fills the canvas, inset only by half the line width (or the dot radius).
    func sparklineFrame() -> Frame {
        let plot = ctx.canvas.insetBy(min(markExtent, min(ctx.canvas.width, ctx.canvas.height) / 2))
        let extent = yExtent
        let yAxis = spec.y.scale == .log
            ? YAxisLayout.logarithmic(dataMin: extent.min, dataMax: extent.max, ctx: ctx, exact: true)
            : YAxisLayout.make(dataMin: extent.min, dataMax: extent.max, plotHeight: plot.height, ctx: ctx,
                               exact: true)
        return Frame(plot: plot, yAxis: yAxis, xPosition: xPosition(plot: plot, inset: 0), bands: bands(plot: plot),
                     decorations: [])
    }

    // MARK: - Data extents and x mapping

    /// How far marks reach beyond their data point: half the widest line, or a dot and its ring.
    var markExtent: Double {
        var extent = 0.0
        if spec.type == .scatter { return ScatterMarks.maxRadius + 1 }
        for s in spec.series {
            let lw = s.lineWidth.isFinite ? min(max(s.lineWidth, 0), 64) : 2
            extent = max(extent, s.dots ? ctx.dotRadius(lineWidth: lw) + max(1.5, min(lw, 3)) / 2 : lw / 2)
        }
        return extent
    }

    /// The y range to cover: all finite values, horizontal annotations, and zero for area charts.
    static func yExtent(data: [SeriesData], ctx: LayoutContext) -> (min: Double, max: Double) {
        let spec = ctx.spec
        var lo = Double.infinity, hi = -Double.infinity
        if spec.type == .bar {
            (lo, hi) = BarMarks.extent(data: data, mode: spec.bars.mode)
        }
        for d in data where d.finiteCount > 0 {
            lo = min(lo, d.yMin)
            hi = max(hi, d.yMax)
        }
        for case .horizontalLine(let y, _, _, _) in spec.annotations where y.isFinite {
            lo = min(lo, y)
            hi = max(hi, y)
        }
        // An area chart measures from zero; a filled line chart keeps its data range (a vital-sign trend
        // between 94 and 98 would flatten to a line at the top otherwise) and fills to the plot bottom.
        if spec.type == .area {
            lo = min(lo, 0)
            hi = max(hi, 0)
        }
        if spec.y.scale == .log {  // laid out in log10 space; the spec layer rejected non-positive values
            return lo <= hi && hi > 0 ? (log10Clamped(lo), log10Clamped(hi)) : (0, 1)
        }
        return lo <= hi ? (lo, hi) : (0, 0)
    }

    /// Category labels when the spec has them and no series has numeric x; numeric x otherwise.
    static func xMode(spec: ChartSpec, data: [SeriesData]) -> XMode {
        let numericX = spec.series.contains { $0.hasNumericX }
        let longest = spec.series.reduce(0) { max($0, $1.points.count) }
        if spec.type == .bar {
            let count = max(spec.labels?.count ?? 0, longest)
            return .categories(labels: spec.labels ?? (0..<min(count, 10_000)).map { String($0 + 1) }, count: count)
        }
        if let labels = spec.labels, !numericX {
            return .categories(labels: labels, count: max(labels.count, longest))
        }
        var lo = Double.infinity, hi = -Double.infinity
        for d in data {
            lo = min(lo, d.xMin)
            hi = max(hi, d.xMax)
        }
        if lo > hi { (lo, hi) = (0, 0) }
        lo = spec.x.min.flatMap { $0.isFinite ? $0 : nil } ?? lo
        hi = spec.x.max.flatMap { $0.isFinite ? $0 : nil } ?? hi
        if lo > hi { swap(&lo, &hi) }
        if spec.x.scale == .time {
            return .time(min: lo, max: hi, zone: (try? ChartTimeZone(identifier: spec.x.timeZone ?? "UTC")) ?? .utc)
        }
        return .numeric(min: lo, max: hi, indexOnly: !numericX)
    }

    /// The x mapping onto `plot`, first and last positions `inset` from its edges.
    func xPosition(plot: Rect, inset: Double) -> (Double) -> Double {
        // Fractional x (a "half time" line at 1.5) falls between band centers, linearly.
        if let bands = bands(plot: plot) { return { bands.center(0) + $0 * bands.step } }
        switch xMode {
        case .categories(_, let count):
            let scale = PointScale(count: count, range: (plot.minX, plot.maxX), inset: inset)
            return { scale($0) }
        case .numeric(let lo, let hi, _), .time(let lo, let hi, _):
            let i = min(inset, plot.width / 2)
            let scale = LinearScale(domain: (lo, hi), range: (plot.minX + i, plot.maxX - i))
            return { scale($0) }
        }
    }

    /// The category bands of a vertical bar chart across `plot`.
    func bands(plot: Rect) -> BandScale? {
        guard spec.type == .bar, case .categories(_, let count) = xMode else { return nil }
        return BandScale(count: count, rangeStart: plot.minX, rangeEnd: plot.maxX)
    }

    /// log10 of a value clamped into the log scale's accepted range, so zero or garbage never gives −∞.
    static func log10Clamped(_ v: Double) -> Double {
        log10(v.isFinite ? min(max(v, LogScale.minValue), LogScale.maxValue) : 1)
    }

    // MARK: - Bubbles and description

    func bubbles(marks: [SeriesMarks], x: (Double) -> Double, y: (Double) -> Double,
                 formatter: TickFormatter) -> [(node: Node, bounds: Rect)] {
        var nodes: [(node: Node, bounds: Rect)] = []
        for case .bubble(let s, let index, let label) in spec.annotations {
            guard s >= 0, s < spec.series.count, s < marks.count else { continue }
            let series = spec.series[s]
            let i = index < 0 ? series.points.count + index : index
            guard i >= 0, i < series.points.count, let value = series.points[i].y, value.isFinite,
                  series.points[i].x.isFinite else { continue }
            let canvas = ctx.canvas
            let point = Point(min(max(x(series.points[i].x), canvas.minX), canvas.maxX),
                              min(max(y(value), canvas.minY), canvas.maxY))
            let lw = series.lineWidth.isFinite ? min(max(series.lineWidth, 0), 64) : 2
            let clearance = (series.dots ? ctx.dotRadius(lineWidth: lw) : lw / 2) + 3
            let text = label.flatMap { $0.isEmpty ? nil : $0 } ?? formatter.string(value)
            if let node = ValueBubble.node(ctx: ctx, text: text, point: point, clearance: clearance,
                                           color: bubbleColor(series: series, index: s, at: point.x, x: x),
                                           series: s, progress: marks[s].progress(at: i)) {
                nodes.append(node)
            }
        }
        return nodes
    }

    /// The series color, or with a stroke gradient the gradient stop nearest to column `px`, so the bubble
    /// matches the stroke where it points.
    func bubbleColor(series: Series, index: Int, at px: Double, x: (Double) -> Double) -> Color {
        let stops = series.strokeGradient
        guard stops.count > 1 else { return stops.first ?? ctx.seriesColor(index) }
        var lo = Double.infinity, hi = -Double.infinity
        for p in series.points where p.y != nil && p.x.isFinite {
            lo = min(lo, x(p.x))
            hi = max(hi, x(p.x))
        }
        guard hi > lo else { return stops[0] }
        let t = min(max((px - lo) / (hi - lo), 0), 1)
        return stops[Int((t * Double(stops.count - 1)).rounded())]
    }

    /// "Line chart with 3 series: A, B, C; y from 20 to 100".
    func description(kind: String, domain: (Double, Double), formatter: TickFormatter) -> String {
        guard !spec.series.isEmpty else { return "\(kind) with no data" }
        let shown = 10
        var names = spec.series.indices.prefix(shown).map { ctx.seriesName($0) }.joined(separator: ", ")
        if spec.series.count > shown { names += ", …" }
        return "\(kind) with \(spec.series.count) series: \(names); y from \(formatter.string(domain.0)) "
            + "to \(formatter.string(domain.1))"
    }
}
