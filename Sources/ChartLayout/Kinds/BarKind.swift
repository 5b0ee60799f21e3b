import ChartScene
import ChartSpec

/// Vertical bar charts: categories on bands along the bottom, grouped or stacked bars from the zero baseline
/// (`BarMarks`); a series with `"type": "line"` is drawn as a line across the band centers.
struct BarKind: CartesianKind {
    let series: SeriesSet
    let extent: CartesianExtent

    init(ctx: LayoutContext, timeCategories: TimeCategories?) {
        series = SeriesSet(ctx: ctx, timeCategories: timeCategories, bands: true)
        var extent = CartesianExtent(y: Self.valueExtent(series), x: series.xMode, bands: true,
                                     markReach: max(series.lineReach, Self.labelReach(ctx)), zeroBaseline: true)
        if ctx.spec.hasY2 {
            extent.y2 = Self.valueExtent(series, on: .y2)
            extent.y2ZeroBaseline = ctx.spec.series.contains { $0.axis == .y2 && $0.mark != .line }
        }
        self.extent = extent
    }

    var ctx: LayoutContext { series.ctx }
    var name: String { "Bar chart" }
    var legend: [Legend.Item]? { Self.legend(series) }

    /// The range of value axis `axis`: bar heights or stack totals (with zero unless the axis says `zero: false`,
    /// and except on a log axis, which has none: its bars start at its minimum, the whole decade at or below the least
    /// value), line series and horizontal annotations on it. A `y2` with only line series on it covers their values
    /// alone, without zero.
    static func valueExtent(_ series: SeriesSet, on axis: ValueAxis = .y) -> (min: Double, max: Double) {
        let data = series.spec.hasY2 ? series.data.filter { ($0.series.axis ?? .y) == axis } : series.data
        let hasBars = axis == .y || data.contains { $0.series.mark != .line }
        let options = series.spec.options(of: axis)
        let bars = hasBars ? BarMarks.extent(data: data, mode: series.spec.bars.mode, includeZero: options.zero != false)
            : (.infinity, -.infinity)
        return SeriesSet.yExtent(data: data, start: options.scale == .log ? (.infinity, bars.max) : bars,
                                 includeZero: false, ctx: series.ctx, axis: axis)
    }

    /// How far a value label written past a bar's end reaches beyond it (`BarMarks.valueLabel`): its gap and line.
    static func labelReach(_ ctx: LayoutContext) -> Double {
        guard ctx.spec.bars.valueLabels, ctx.spec.bars.mode != .stacked else { return 0 }
        let size = ctx.style.tickSize
        return 4 + ctx.ascent(size) + ctx.descent(size)
    }

    /// A small bar for each bar series, the line swatch for line series.
    static func legend(_ series: SeriesSet) -> [Legend.Item]? {
        series.legend { k in
            series.spec.series[k].mark != .line ? .bar(series.ctx.seriesColor(k)) : series.lineSwatch(k)
        }
    }

    func marks(in frame: CartesianFrame) -> [Node] {
        let spec = ctx.spec
        let xFormatter = ctx.formatter(spec.x.format)
        let stacks = spec.bars.mode == .stacked ? BarMarks.stacks(series.data) : nil
        let marks = series.data.map { d in
            let label = series.xLabel(series: d.series, formatter: xFormatter), axis = d.series.axis
            let y = frame.valuePosition(on: axis), baseline = frame.baseline(on: axis)
            let formatter = ctx.formatter(spec.options(of: axis).format)
            return d.series.mark != .line
                ? BarMarks.build(d, ctx: ctx, bands: frame.bands, y: y, plot: frame.plot, baselineY: baseline,
                                 stacks: stacks, label: label, formatter: formatter)
                : SeriesMarks.build(d, ctx: ctx, x: frame.xPosition, y: y, plot: frame.plot,
                                    baselineY: baseline, label: label, formatter: formatter)
        }
        return SeriesPlot.nodes(marks, markReach: extent.markReach, in: frame, ctx: ctx)
    }

    func description(in frame: CartesianFrame) -> String {
        series.description(kind: name, domain: frame.dataDomain, formatter: ctx.formatter(ctx.spec.y.format),
                           y2: frame.y2Range(ctx: ctx))
    }
}
