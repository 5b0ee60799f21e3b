import ChartScene
import ChartSpec

/// A lead/deficit chart: the line of series 0 − series 1 (e.g. home − guest, paired by index, x taken from
/// series 0) around a prominent zero line, the area above zero in series 0's color and below in series 1's, a
/// hollow ring at every lead change (the interpolated zero crossing, `LeadChange.crossings`) with an optional
/// "… leads" label, and a legend naming which color leads ("Home leads", "Guest leads"; on by default).
///
/// The frame (title, legend, axes, grid) is the line chart's, laid out for the difference with zero always in the
/// y range; the grid leaves the zero line to this kind, which draws it over its areas. Points are joined linearly,
/// so the crossings sit on the line. A value bubble points at the difference at its index (`bubbles`).
/// Limits: as for line charts; the line and areas are decimated like a line series, and at most
/// `SeriesMarks.maxPointMarks` point groups and lead-change markers are drawn.
struct DiffKind: CartesianKind {
    let ctx: LayoutContext
    /// x of each index (series 0's x, or the index).
    let xs: [Double]
    /// home − guest per index; nil where either is missing.
    let diff: [Double?]
    /// The difference as a series (x from `xs`), for decimation and the extent.
    let difference: SeriesData
    /// Every lead change, computed once (markers and the description both need it).
    let crossings: [LeadCrossing]
    let extent: CartesianExtent

    var spec: ChartSpec { ctx.spec }

    init(ctx: LayoutContext) {
        let spec = ctx.spec
        let home = spec.series.first ?? Series(points: [])
        let guest = spec.series.count > 1 ? spec.series[1] : Series(points: [])
        let diff = LeadChange.difference(home: home.points.map(\.y), guest: guest.points.map(\.y))
        let xs = diff.indices.map { i in
            i < home.points.count ? home.points[i].x : (i < guest.points.count ? guest.points[i].x : Double(i))
        }
        self.diff = diff
        self.xs = xs
        crossings = LeadChange.crossings(xs: xs, diff: diff)
        let numericX = spec.series.first?.hasNumericX ?? false
        difference = SeriesData(index: 0, series: Series(points: zip(xs, diff).map { DataPoint(x: $0, y: $1) },
                                                         hasNumericX: numericX))
        // The axes get whole steps when the drawn differences (and their x) are whole.
        var ctx = ctx
        (ctx.wholeX, ctx.wholeY) = LayoutContext.wholeNumbers([difference.series])
        self.ctx = ctx
        // The frame's reach: half the difference line's width, at least the 3 px dot at each difference (`marks`).
        let reach = max((spec.series.first?.lineWidth ?? 2) / 2, Self.dotRadius)
        extent = CartesianExtent(
            y: SeriesSet.yExtent(data: [difference], includeZero: true, ctx: ctx),
            x: SeriesSet.xMode(spec: spec, numericX: numericX, longest: diff.count, data: [difference], bands: false),
            markReach: reach, emphasizeZero: false)
    }

    /// The radius of the dot drawn at each difference.
    static let dotRadius = 3.0

    var name: String { "Lead chart" }

    /// "Home leads" in the home color and "Guest leads" in the guest color, as plain line swatches.
    var legend: [Legend.Item]? {
        guard ctx.spec.legend ?? true else { return nil }
        return (0..<2).map { k in
            Legend.Item(text: ctx.leadText(ctx.seriesName(k)),
                        swatch: .line(color: ctx.seriesColor(k), dash: [], dot: nil))
        }
    }

    func marks(in frame: CartesianFrame) -> [Node] {
        var nodes: [Node] = []
        let plot = frame.plot
        let yScale = frame.value
        let canvas = ctx.canvas
        func pixel(_ x: Double, _ y: Double) -> Point { ctx.pixel(x: frame.xPosition(x), y: yScale(y)) }
        let zeroY = pixel(0, 0).y

        // The drawn points: decimated like a line series when there are far more than pixels.
        let (runs, decimated) = difference.keptIndices(limit: max(3, Int(2 * plot.width)))
        var keptXs: [Double] = [], keptDiff: [Double?] = []
        for run in runs {
            if !keptXs.isEmpty { keptXs.append(.nan); keptDiff.append(nil) }  // a gap between runs
            for i in run {
                keptXs.append(xs[i])
                keptDiff.append(diff[i])
            }
        }

        var plotChildren: [Node] = []
        let home = ctx.seriesColor(0), guest = ctx.seriesColor(1)
        for (k, sign) in [(0, 1), (1, -1)] {
            var path = Path()
            for area in LeadChange.areas(xs: keptXs, diff: keptDiff) where area.sign == sign {
                guard let first = area.points.first else { continue }
                path.move(to: pixel(first.x, first.y))
                for p in area.points.dropFirst() { path.line(to: pixel(p.x, p.y)) }
                path.close()
            }
            guard !path.isEmpty else { continue }
            let color = k == 0 ? home : guest
            plotChildren.append(.group(Group(role: .seriesArea(k), children: [
                .shape(Shape(path: path, fill: .solid(color.withOpacity(ctx.style.areaOpacity + 0.05)))),
            ])))
        }
        // A whole number of pixels, so snapping it is unambiguous: a 1.5 px crisp line is 1 px in some renderers
        // (librsvg) and 2 in others (ours).
        let zeroLine = Path([.move(Point(plot.minX, zeroY)), .line(Point(plot.maxX, zeroY))])
        plotChildren.append(.shape(Shape(path: zeroLine, stroke: .solid(ctx.theme.axis),
                                         strokeStyle: StrokeStyle(width: 2, cap: .butt), snapToPixels: true)))

        // The line, and the arc length at every drawn point (for the point and marker animation).
        var path = Path()
        var drawn: [(index: Int, length: Double, point: Point)] = []
        var total = 0.0
        for run in runs {
            var previous: Point?
            for i in run {
                guard let d = diff[i] else { continue }
                let p = pixel(xs[i], d)
                if let q = previous {
                    path.line(to: p)
                    total += ArcLength.length(of: .line(p), from: q)
                } else {
                    path.move(to: p)
                }
                drawn.append((i, total, p))
                previous = p
            }
        }
        func progress(_ length: Double) -> Double { ArcLength.progress(length, of: total) ?? 1 }

        var seriesChildren: [Node] = []
        if !path.isEmpty {
            let lineWidth = spec.series.first?.lineWidth ?? 2
            seriesChildren.append(.group(Group(role: .seriesLine(0), children: [
                .shape(Shape(path: path, stroke: lineStroke(zeroY: zeroY, plot: plot, home: home, guest: guest),
                             strokeStyle: StrokeStyle(width: lineWidth, join: .round, cap: .round))),
            ])))
        }
        let xFormatter = ctx.formatter(spec.x.format), yFormatter = ctx.formatter(spec.y.format)
        func xLabel(_ i: Int) -> String {
            if case .categories(let labels, _) = extent.x, i < labels.count { return labels[i] }
            return xFormatter.string(xs[i])
        }
        // A dot with a tooltip per drawn point; decimated, invisible hit targets (dots at the kept points only would
        // pretend the data were only there), by original index either way.
        if drawn.count <= SeriesMarks.maxPointMarks {
            for d in drawn where plot.insetBy(-0.5).contains(d.point) && (ctx.interactive || !decimated) {
                let value = diff[d.index] ?? 0
                let leader = value > 0 ? 0 : (value < 0 ? 1 : nil)
                let tooltip = ctx.tooltip(leader.map { "\(xLabel(d.index)): \(ctx.seriesName($0)) +"
                    + yFormatter.string(abs(value)) } ?? "\(xLabel(d.index)): \(ctx.locale.words.tied)")
                let color = leader.map { $0 == 0 ? home : guest } ?? ctx.theme.axis
                let circle = Path.circle(center: d.point, radius: ctx.markRadius(decimated ? 6 : Self.dotRadius,
                                                                                 at: d.point))
                let mark = Shape(path: circle, fill: .solid(decimated ? .transparent : color))
                seriesChildren.append(.group(Group(
                    role: .point(series: 0, index: d.index, progress: progress(d.length)), tooltip: tooltip,
                    children: [.shape(mark)])))
            }
        }
        let leadChanges: (markers: [Node], labels: [(label: LabelPlacer.Label, progress: Double)])
            = spec.diff.markLeadChanges
            ? leadChangeMarkers(drawn: drawn, zeroY: zeroY, plot: plot, pixel: pixel, progress: progress,
                                xLabel: xLabel)
            : ([], [])
        seriesChildren.append(contentsOf: leadChanges.markers)
        plotChildren.append(.group(Group(role: .series(0), children: seriesChildren)))
        let clip = plot.insetBy(-8).intersection(canvas) ?? canvas
        let plotGroup = Node.group(Group(role: .plot, clip: clip, children: plotChildren))
        let boxes = Annotations.boxes(ctx: ctx, plot: plot, y: { yScale($0) }, x: frame.xPosition)
        nodes.append(contentsOf: boxes.map(\.node))
        nodes.append(plotGroup)
        guard !spec.annotations.isEmpty || !leadChanges.labels.isEmpty else { return nodes }

        // Free-standing labels, most important first: value bubbles, reference line labels, box labels, lead-change
        // labels.
        var placer = LabelPlacer(frame: frame, marks: plotGroup, ctx: ctx)
        placer.addLine(zeroLine, width: 2)
        let lines = Annotations.lines(ctx: ctx, plot: plot, y: { yScale($0) }, x: frame.xPosition)
        for line in lines { placer.addLine(line.path, width: Annotations.lineWidth) }
        let bubbles = bubbles(pixel: pixel, formatter: yFormatter, progress: { i in
            // The progress of the last drawn point at or before index i.
            drawn.last { $0.index <= i }.map { progress($0.length) } ?? 0
        }, placer: &placer)
        nodes.append(contentsOf: Annotations.nodes(lines, placer: &placer, ctx: ctx))
        nodes.append(contentsOf: Annotations.labels(of: boxes, placer: &placer, ctx: ctx))
        for label in leadChanges.labels {
            guard let run = placer.place(label.label, metrics: ctx.metrics) else { continue }
            // The label fades in beside the ring rather than scaling with its pop.
            nodes.append(.group(Group(role: .valueLabel(series: 0, progress: label.progress), children: [.text(run)])))
        }
        return nodes + bubbles
    }

    /// The value bubbles of the spec's `.bubble` annotations: on a lead chart a bubble points at the difference at
    /// its index (whichever series it names, since only the difference is drawn), shows the lead (`+3`, the
    /// difference's magnitude) unless it has a label, and takes the leader's color.
    func bubbles(pixel: (Double, Double) -> Point, formatter: TickFormatter, progress: (Int) -> Double,
                 placer: inout LabelPlacer) -> [Node] {
        var nodes: [Node] = []
        let clearance = (spec.series.first?.lineWidth ?? 2) / 2 + 3
        for case .bubble(_, let index, let label) in spec.annotations {
            let i = index < 0 ? diff.count + index : index
            guard i >= 0, i < diff.count, let value = diff[i], xs[i].isFinite else { continue }
            let text = label.flatMap { $0.isEmpty ? nil : $0 }
                ?? (value == 0 ? formatter.string(0) : "+" + formatter.string(abs(value)))
            let color = value > 0 ? ctx.seriesColor(0) : (value < 0 ? ctx.seriesColor(1) : ctx.theme.axis)
            if let node = ValueBubble.node(ctx: ctx, text: text, point: pixel(xs[i], value), clearance: clearance,
                                           color: color, series: value < 0 ? 1 : 0, progress: progress(i),
                                           placer: &placer) {
                nodes.append(node)
            }
        }
        return nodes
    }

    /// The line in the leader's color: home above the zero line, guest below (a hard stop at zero).
    func lineStroke(zeroY: Double, plot: Rect, home: Color, guest: Color) -> Paint {
        guard plot.height > 0 else { return .solid(home) }
        let t = min(max((zeroY - plot.minY) / plot.height, 0), 1)
        return .linearGradient(LinearGradient(start: Point(0, plot.minY), end: Point(0, plot.maxY), stops: [
            GradientStop(offset: 0, color: home), GradientStop(offset: t, color: home),
            GradientStop(offset: t, color: guest), GradientStop(offset: 1, color: guest),
        ]))
    }

    /// A hollow ring on the zero line at each lead change, popping in when the line reaches it, and (when
    /// `diff.labels`) a "… leads" label for each to place, on the new leader's side of the zero line (above it for
    /// series 0, below for series 1): beside the ring on the side the line leaves free (an upward crossing leaves
    /// the upper left and lower right free), then on the other side, then centered over or under it, then from the
    /// plot's left or right end when the ring is within two label widths of it; the same half a line and a line
    /// further out after those.
    func leadChangeMarkers(drawn: [(index: Int, length: Double, point: Point)], zeroY: Double, plot: Rect,
                           pixel: (Double, Double) -> Point, progress: (Double) -> Double,
                           xLabel: (Int) -> String)
        -> (markers: [Node], labels: [(label: LabelPlacer.Label, progress: Double)]) {
        guard crossings.count <= SeriesMarks.maxPointMarks else { return ([], []) }
        let radius = 5.0, size = ctx.style.annotationSize
        let a = ctx.ascent(size), d = ctx.descent(size)
        var markers: [Node] = []
        var labels: [(label: LabelPlacer.Label, progress: Double)] = []
        var cursor = 0
        // Two texts at most ("Home leads", "Guest leads"), each used at up to 2000 crossings (a tooltip and up to
        // 15 candidate positions each): written and measured once.
        let leadTexts = (0..<2).map { ctx.leadText(ctx.seriesName($0)) }
        let labelWidths = leadTexts.map { ctx.metrics.width(of: $0, size: size, weight: .bold) }
        for c in crossings {
            let center = Point(pixel(c.x, 0).x, zeroY)
            guard plot.insetBy(-0.5).contains(center) else { continue }
            // The arc length at the crossing: the last drawn point at or before it plus the straight piece.
            while cursor + 1 < drawn.count, drawn[cursor + 1].index <= c.index { cursor += 1 }
            let before = drawn.isEmpty ? nil : drawn[cursor]
            let length = before.map { $0.length + $0.point.distance(to: center) } ?? 0
            let leader = c.newSign > 0 ? 0 : 1
            let next = min(c.index + 1, xs.count - 1)
            markers.append(.group(Group(
                role: .point(series: 0, index: c.index, progress: progress(length)),
                tooltip: ctx.tooltip("\(ctx.locale.words.leadChange) \(xLabel(c.index))–\(xLabel(next)): " + leadTexts[leader]),
                children: [.shape(Shape(path: .circle(center: center, radius: ctx.markRadius(radius, at: center,
                                                                                                slack: 1)),
                                        fill: .solid(ctx.theme.background), stroke: .solid(ctx.theme.text),
                                        strokeStyle: StrokeStyle(width: 2)))])))
            guard spec.diff.labels else { continue }
            // Series 0 leads above the zero line, series 1 below it.
            let up = c.newSign > 0
            var runs: [TextRun] = []
            let width = labelWidths[leader]
            var columns = [(center.x - radius, TextAnchor.end), (center.x + radius, .start), (center.x, .middle)]
            // A ring near the plot's side: the label may start (end) there, still beside its ring.
            if center.x - plot.minX < 2 * width { columns.append((plot.minX + 4, .start)) }
            if plot.maxX - center.x < 2 * width { columns.append((plot.maxX - 4, .end)) }
            for out in [0, (a + d) / 2, a + d + 2] {
                let baseline = up ? center.y - radius - 3 - d - out : center.y + radius + 3 + a + out
                for (x, anchor) in columns {
                    runs.append(TextRun(text: leadTexts[leader], position: Point(x, baseline), size: size,
                                        weight: .bold, anchor: anchor, color: ctx.seriesColor(leader)))
                }
            }
            labels.append(((runs, width), progress(length)))
        }
        return (markers, labels)
    }

    /// "Lead chart of Home − Guest: 3 lead changes; largest leads Home +12, Guest +7".
    func description(in frame: CartesianFrame) -> String {
        guard spec.series.count == 2 else { return "Lead chart with no data" }
        let formatter = ctx.formatter(spec.y.format)
        var most = 0.0, least = 0.0
        for case let d? in diff {
            most = max(most, d)
            least = min(least, d)
        }
        let changes = crossings.count
        return "Lead chart of \(ctx.seriesName(0)) − \(ctx.seriesName(1)): \(changes) lead "
            + "change\(changes == 1 ? "" : "s"); largest leads \(ctx.seriesName(0)) +\(formatter.string(most)), "
            + "\(ctx.seriesName(1)) +\(formatter.string(-least))"
    }
}
