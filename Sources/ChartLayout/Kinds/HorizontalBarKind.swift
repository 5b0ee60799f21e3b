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
        extent = CartesianExtent(y: BarKind.valueExtent(series), x: series.xMode, bands: true,
                                 markReach: Self.labelReach(series), zeroBaseline: true, transposed: true)
    }

    /// How far a value label written past a bar's end reaches beyond it along the value axis
    /// (`BarMarks.valueLabel`): its farthest position's gap (4 px and a line height, taken when a neighbour holds the
    /// nearer ones) and the widest label, measured over the bars that get labels (a series of at most
    /// `BarMarks.maxBarMarks`); 0 without labels or when stacked (those sit inside their segments).
    static func labelReach(_ series: SeriesSet) -> Double {
        let ctx = series.ctx, spec = series.spec
        guard spec.bars.valueLabels, spec.bars.mode != .stacked else { return 0 }
        let formatter = ctx.formatter(spec.y.format), size = ctx.style.tickSize
        var widest = 0.0
        for d in series.data where d.series.mark != .line {
            for p in d.series.points.prefix(BarMarks.maxBarMarks) {
                guard let v = p.y, v.isFinite, v != 0 else { continue }
                widest = max(widest, ctx.width(formatter.string(v), size: size))
            }
        }
        return widest > 0 ? 4 + ctx.ascent(size) + ctx.descent(size) + widest : 0
    }

    var ctx: LayoutContext { series.ctx }
    var name: String { "Bar chart" }
    var legend: [Legend.Item]? { BarKind.legend(series) }

    func marks(in frame: CartesianFrame) -> [Node] {
        let spec = ctx.spec, plot = frame.plot, value = frame.valuePosition
        guard let bands = frame.bands, case .categories(let labels, _) = series.xMode else { return [] }
        let formatter = ctx.formatter(spec.y.format)
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
                           formatter: ctx.formatter(ctx.spec.y.format))
    }
}
