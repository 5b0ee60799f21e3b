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
        let includeZero = { (axis: ValueAxis) in ctx.spec.options(of: axis).zero ?? area }
        var extent = CartesianExtent(y: SeriesSet.yExtent(data: series.data, includeZero: includeZero(.y), ctx: ctx),
                                     x: series.xMode, markReach: series.lineReach, zeroBaseline: area)
        if ctx.spec.hasY2 {
            extent.y2 = SeriesSet.yExtent(data: series.data, includeZero: includeZero(.y2), ctx: ctx, axis: .y2)
            extent.y2ZeroBaseline = area
        }
        self.extent = extent
    }

    var ctx: LayoutContext { series.ctx }
    var name: String { area ? "Area chart" : "Line chart" }
    var legend: [Legend.Item]? { series.legend(swatch: series.lineSwatch) }

    func marks(in frame: CartesianFrame) -> [Node] {
        let xFormatter = ctx.formatter(ctx.spec.x.format)
        let marks = series.data.map { d in
            let axis = d.series.axis
            return SeriesMarks.build(d, ctx: ctx, x: frame.xPosition, y: frame.valuePosition(on: axis),
                                     plot: frame.plot, baselineY: frame.baseline(on: axis),
                                     label: series.xLabel(series: d.series, formatter: xFormatter),
                                     formatter: ctx.formatter(ctx.spec.options(of: axis).format),
                                     defaultFill: area ? .solid : .none)
        }
        return SeriesPlot.nodes(marks, markReach: extent.markReach, in: frame, ctx: ctx)
    }

    func description(in frame: CartesianFrame) -> String {
        series.description(kind: name, domain: frame.dataDomain, formatter: ctx.formatter(ctx.spec.y.format),
                           y2: frame.y2Range(ctx: ctx))
    }
}
