import ChartScene
import ChartSpec

/// What the series-drawing kinds (line/area, vertical bars, scatter) put over their frame: the boxes behind
/// everything, the plot group (every series' area below every line and dot), the reference lines, and the
/// free-standing labels on top, placed by one `LabelPlacer` around everything drawn before them.
enum SeriesPlot {
    /// The boxes, the plot group of `marks`, clipped `markReach` + 1 px outside the plot, then the line annotations,
    /// the box labels, the bar value labels and the value bubbles. Labels are placed in order of importance — bubbles
    /// (each asked for), reference line labels, box labels, bar values — each clear of the frame, the marks, the lines
    /// and the labels before it.
    static func nodes(_ marks: [SeriesMarks], markReach: Double, in frame: CartesianFrame, ctx: LayoutContext)
        -> [Node] {
        let clip = frame.plot.insetBy(-(markReach + 1)).intersection(ctx.canvas) ?? ctx.canvas
        let plot = Node.group(Group(role: .plot, clip: clip, children: marks.compactMap(\.area) + marks.map(\.node)))
        // Nothing to place: no placer to build (most charts).
        guard !ctx.spec.annotations.isEmpty || marks.contains(where: { !$0.labels.isEmpty }) else { return [plot] }
        var placer = LabelPlacer(frame: frame, marks: plot, ctx: ctx)
        let y = frame.valuePosition, y2 = frame.y2?.position
        let boxes = Annotations.boxes(ctx: ctx, plot: frame.plot, y: y, x: frame.xPosition, y2: y2)
        let lines = Annotations.lines(ctx: ctx, plot: frame.plot, y: y, x: frame.xPosition, y2: y2)
        for line in lines { placer.addLine(line.path, width: Annotations.lineWidth) }
        let bubbles = bubbles(x: frame.xPosition, y: frame.valuePosition(on:), ctx: ctx,
                              progress: { s, i in s < marks.count ? marks[s].progress(at: i) : 1 }, placer: &placer)
        let annotations = Annotations.nodes(lines, placer: &placer, ctx: ctx)
            + Annotations.labels(of: boxes, placer: &placer, ctx: ctx)
        // Boxes are drawn behind the series, their labels over them, bubbles last (on top).
        return boxes.map(\.node) + [plot] + annotations + valueLabels(marks, placer: &placer, ctx: ctx) + bubbles
    }

    /// One `.valueLabel(series:progress: 1)` group per series with the bar value labels `placer` found room for.
    static func valueLabels(_ marks: [SeriesMarks], placer: inout LabelPlacer, ctx: LayoutContext) -> [Node] {
        marks.enumerated().compactMap { k, m in
            let runs = m.labels.compactMap { placer.place($0.label, metrics: ctx.metrics, ownBar: $0.bar) }
            return runs.isEmpty ? nil : .group(Group(role: .valueLabel(series: k, progress: 1),
                                                     children: runs.map { .text($0) }))
        }
    }

    /// The value bubbles of the spec's `.bubble` annotations that `placer` finds room for, each through the y mapping
    /// and format of its series' axis. `progress` gives the animation progress of a series' point.
    static func bubbles(x: (Double) -> Double, y yOn: (ValueAxis?) -> (Double) -> Double, ctx: LayoutContext,
                        progress: (Int, Int) -> Double, placer: inout LabelPlacer) -> [Node] {
        let spec = ctx.spec
        var nodes: [Node] = []
        for case .bubble(let s, let index, let label) in spec.annotations {
            guard s >= 0, s < spec.series.count else { continue }
            let series = spec.series[s]
            let i = index < 0 ? series.points.count + index : index
            guard i >= 0, i < series.points.count, let value = series.points[i].y, value.isFinite,
                  series.points[i].x.isFinite else { continue }
            let point = ctx.pixel(x: x(series.points[i].x), y: yOn(series.axis)(value))
            let lw = series.lineWidth
            let clearance = (series.dots ? ctx.dotRadius(lineWidth: lw) : lw / 2) + 3
            let formatter = ctx.formatter(spec.options(of: series.axis).format)
            let text = label.flatMap { $0.isEmpty ? nil : $0 } ?? formatter.string(value)
            if let node = ValueBubble.node(ctx: ctx, text: text, point: point, clearance: clearance,
                                           color: bubbleColor(series: series, index: s, at: point.x, x: x, ctx: ctx),
                                           series: s, progress: progress(s, i), placer: &placer) {
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
