import ChartScene
import ChartSpec

/// Line and area charts: each series a line (curved, dashed, with dots as asked) with its area fill; an area chart
/// fills every series and measures from zero, a filled line chart keeps its data range (a vital-sign trend between
/// 94 and 98 would flatten to a line at the top otherwise) and fills to the plot bottom.
struct LineKind: CartesianKind {
    let series: SeriesSet
    /// Whether this is an area chart: every series filled, from zero.
    let area: Bool
    let extent: CartesianExtent

    init(ctx: LayoutContext, area: Bool) {
        series = SeriesSet(ctx: ctx, timeCategories: nil, bands: false)
        self.area = area
        let y = SeriesSet.yExtent(data: series.data, includeZero: ctx.spec.y.zero ?? area, ctx: ctx)
        extent = CartesianExtent(y: y, x: series.xMode, markReach: series.lineReach, zeroBaseline: area)
    }

    var ctx: LayoutContext { series.ctx }
    var name: String { area ? "Area chart" : "Line chart" }
    var legend: [Legend.Item]? { series.legend(swatch: series.lineSwatch) }

    func marks(in frame: CartesianFrame) -> [Node] {
        let formatter = TickFormatter(ctx.spec.y.format), xFormatter = TickFormatter(ctx.spec.x.format)
        let y = frame.valuePosition
        let marks = series.data.map { d in
            SeriesMarks.build(d, ctx: ctx, x: frame.xPosition, y: y, plot: frame.plot, baselineY: frame.baseline,
                              label: series.xLabel(series: d.series, formatter: xFormatter), formatter: formatter,
                              defaultFill: area ? .solid : .none)
        }
        return SeriesPlot.nodes(marks, markReach: extent.markReach, in: frame, ctx: ctx)
    }

    func description(in frame: CartesianFrame) -> String {
        series.description(kind: name, domain: frame.dataDomain, formatter: TickFormatter(ctx.spec.y.format))
    }
}
