import ChartScene
import ChartSpec

/// What the series-drawing kinds (line/area, vertical bars, scatter) put over their frame: the plot group (every
/// series' area below every line and dot), the reference lines, and the value bubbles on top.
enum SeriesPlot {
    /// The plot group of `marks`, clipped `markReach` + 1 px outside the plot, then the line annotations (labels
    /// placed to avoid the bubbles) and the bubbles.
    static func nodes(_ marks: [SeriesMarks], markReach: Double, in frame: CartesianFrame, ctx: LayoutContext)
        -> [Node] {
        let clip = frame.plot.insetBy(-(markReach + 1)).intersection(ctx.canvas) ?? ctx.canvas
        var nodes: [Node] = [.group(Group(role: .plot, clip: clip,
                                          children: marks.compactMap(\.area) + marks.map(\.node)))]
        let y = frame.valuePosition
        // Bubbles are drawn last (on top); line labels are placed to avoid them.
        let bubbles = bubbles(marks: marks, x: frame.xPosition, y: y, formatter: TickFormatter(ctx.spec.y.format),
                              ctx: ctx)
        nodes.append(contentsOf: Annotations.lineNodes(ctx: ctx, plot: frame.plot, y: y, x: frame.xPosition,
                                                       avoiding: bubbles.map(\.bounds)))
        nodes.append(contentsOf: bubbles.map(\.node))
        return nodes
    }

    /// The value bubbles of the spec's `.bubble` annotations, each with its bounds.
    static func bubbles(marks: [SeriesMarks], x: (Double) -> Double, y: (Double) -> Double, formatter: TickFormatter,
                        ctx: LayoutContext) -> [(node: Node, bounds: Rect)] {
        let spec = ctx.spec
        var nodes: [(node: Node, bounds: Rect)] = []
        for case .bubble(let s, let index, let label) in spec.annotations {
            guard s >= 0, s < spec.series.count, s < marks.count else { continue }
            let series = spec.series[s]
            let i = index < 0 ? series.points.count + index : index
            guard i >= 0, i < series.points.count, let value = series.points[i].y, value.isFinite,
                  series.points[i].x.isFinite else { continue }
            let point = ctx.pixel(x: x(series.points[i].x), y: y(value))
            let lw = series.lineWidth
            let clearance = (series.dots ? ctx.dotRadius(lineWidth: lw) : lw / 2) + 3
            let text = label.flatMap { $0.isEmpty ? nil : $0 } ?? formatter.string(value)
            if let node = ValueBubble.node(ctx: ctx, text: text, point: point, clearance: clearance,
                                           color: bubbleColor(series: series, index: s, at: point.x, x: x, ctx: ctx),
                                           series: s, progress: marks[s].progress(at: i)) {
                nodes.append(node)
            }
        }
        return nodes
    }

    /// The series color, or with a stroke gradient the gradient stop nearest to column `px`, so the bubble
    /// matches the stroke where it points.
    static func bubbleColor(series: Series, index: Int, at px: Double, x: (Double) -> Double,
                            ctx: LayoutContext) -> Color {
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
}
