import ChartScene
import ChartSpec

/// Vertical bar charts: categories on bands along the bottom, grouped or stacked bars from the zero baseline
/// (`BarMarks`); a series with `"type": "line"` is drawn as a line across the band centers.
struct BarKind: CartesianKind {
    let series: SeriesSet
    let extent: CartesianExtent

    init(ctx: LayoutContext, timeCategories: TimeCategories?) {
        series = SeriesSet(ctx: ctx, timeCategories: timeCategories, bands: true)
        extent = CartesianExtent(y: Self.valueExtent(series), x: series.xMode, bands: true,
                                 markReach: max(series.lineReach, Self.labelReach(ctx)), zeroBaseline: true)
    }

    var ctx: LayoutContext { series.ctx }
    var name: String { "Bar chart" }
    var legend: [Legend.Item]? { Self.legend(series) }

    /// The value range: bar heights or stack totals (with zero, except on a log axis, which has none: its bars
    /// start at its minimum, the whole decade at or below the least value), line series and horizontal annotations.
    static func valueExtent(_ series: SeriesSet) -> (min: Double, max: Double) {
        let bars = BarMarks.extent(data: series.data, mode: series.spec.bars.mode,
                                   includeZero: series.spec.y.zero != false)
        return SeriesSet.yExtent(data: series.data, start: series.spec.y.scale == .log ? (.infinity, bars.max) : bars,
                                 includeZero: false, ctx: series.ctx)
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
        let formatter = TickFormatter(spec.y.format), xFormatter = TickFormatter(spec.x.format)
        let y = frame.valuePosition
        let stacks = spec.bars.mode == .stacked ? BarMarks.stacks(series.data) : nil
        let marks = series.data.map { d in
            let label = series.xLabel(series: d.series, formatter: xFormatter)
            return d.series.mark != .line
                ? BarMarks.build(d, ctx: ctx, bands: frame.bands, y: y, plot: frame.plot, baselineY: frame.baseline,
                                 stacks: stacks, label: label, formatter: formatter)
                : SeriesMarks.build(d, ctx: ctx, x: frame.xPosition, y: y, plot: frame.plot,
                                    baselineY: frame.baseline, label: label, formatter: formatter)
        }
        return SeriesPlot.nodes(marks, markReach: extent.markReach, in: frame, ctx: ctx)
    }

    func description(in frame: CartesianFrame) -> String {
        series.description(kind: name, domain: frame.dataDomain, formatter: TickFormatter(ctx.spec.y.format))
    }
}
