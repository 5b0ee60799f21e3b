import ChartScene
import ChartSpec

/// Horizontal bar charts: categories down the left, bars growing to the right from the zero line, in the
/// transposed frame (`HorizontalBarFrame`). Series with `"type": "line"` are not drawn (a line across categories
/// stacked vertically reads wrongly); the bars, legend and value range are the vertical bar chart's.
struct HorizontalBarKind: CartesianKind {
    let series: SeriesSet
    let extent: CartesianExtent

    init(ctx: LayoutContext, timeCategories: TimeCategories?) {
        series = SeriesSet(ctx: ctx, timeCategories: timeCategories, bands: true)
        extent = CartesianExtent(y: BarKind.valueExtent(series), x: series.xMode, bands: true, transposed: true)
    }

    var ctx: LayoutContext { series.ctx }
    var name: String { "Bar chart" }
    var legend: [Legend.Item]? { BarKind.legend(series) }

    func marks(in frame: CartesianFrame) -> [Node] {
        let spec = ctx.spec, plot = frame.plot, value = frame.valuePosition
        guard let bands = frame.bands, case .categories(let labels, _) = series.xMode else { return [] }
        let formatter = TickFormatter(spec.y.format)
        let stacks = spec.bars.mode == .stacked ? BarMarks.stacks(series.data) : nil
        let label: (Int) -> String = { [series] i in series.categoryName(i, labels: labels) }
        let marks = series.data.filter { $0.series.mark != .line }.map { d in
            BarMarks.bars(d, ctx: ctx, bands: bands, value: value, valueRange: plot.minX...plot.maxX,
                          baseline: frame.baseline, stacks: stacks, horizontal: true, label: label,
                          formatter: formatter)
        }
        let plotGroup = Node.group(Group(role: .plot, clip: plot.insetBy(-1), children: marks.map(\.node)))
        guard marks.contains(where: { !$0.labels.isEmpty }) else { return [plotGroup] }
        var placer = LabelPlacer(frame: frame, marks: plotGroup, ctx: ctx)
        return [plotGroup] + SeriesPlot.valueLabels(marks, placer: &placer, ctx: ctx)
    }

    func description(in frame: CartesianFrame) -> String {
        series.description(kind: "Horizontal bar chart", domain: frame.dataDomain,
                           formatter: TickFormatter(ctx.spec.y.format))
    }
}
