import ChartScene
import ChartSpec

/// Scatter and bubble charts: a dot per point, or with sizes a bubble whose area is proportional to the size
/// (`ScatterMarks`); x is numeric (or the index) and both axes are linear, or y logarithmic.
struct ScatterKind: CartesianKind {
    let series: SeriesSet
    let extent: CartesianExtent

    init(ctx: LayoutContext) {
        series = SeriesSet(ctx: ctx, timeCategories: nil, bands: false)
        extent = CartesianExtent(y: SeriesSet.yExtent(data: series.data, includeZero: false, ctx: ctx),
                                 x: series.xMode, markReach: ScatterMarks.reach(ctx), niceX: true)
    }

    var ctx: LayoutContext { series.ctx }
    var name: String { "Scatter chart" }
    var legend: [Legend.Item]? { series.legend { .dot(ctx.seriesColor($0)) } }

    func marks(in frame: CartesianFrame) -> [Node] {
        let formatter = ctx.formatter(ctx.spec.y.format), xFormatter = ctx.formatter(ctx.spec.x.format)
        let y = frame.valuePosition
        let largestSize = ScatterMarks.largestSize(ctx.spec)
        let marks = series.data.map { d in
            ScatterMarks.build(d, ctx: ctx, x: frame.xPosition, y: y, plot: frame.plot, largestSize: largestSize,
                               label: series.xLabel(series: d.series, formatter: xFormatter), formatter: formatter)
        }
        return SeriesPlot.nodes(marks, markReach: extent.markReach, in: frame, ctx: ctx)
    }

    func description(in frame: CartesianFrame) -> String {
        series.description(kind: name, domain: frame.dataDomain, formatter: ctx.formatter(ctx.spec.y.format))
    }
}
