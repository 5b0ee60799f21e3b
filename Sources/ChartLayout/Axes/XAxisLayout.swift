import ChartTime
import ChartScene
import ChartSpec

/// What the x axis shows: category labels at point positions, or numeric ticks.
enum XMode {
    /// `labels[i]` at index i, for `count` indices (labels may be fewer: the rest stay blank).
    case categories(labels: [String], count: Int)
    /// Numeric x over `min…max`. `indexOnly` when x is just the value index, so ticks stay integers.
    case numeric(min: Double, max: Double, indexOnly: Bool)
    /// Instants (epoch milliseconds) over `min…max`, with calendar ticks in `zone`.
    case time(min: Double, max: Double, zone: ChartTimeZone)
}

/// The x tick labels, thinned to every k-th or slanted −45° when they would overlap, and the space
/// they take below the plot.
struct XAxisLayout {
    var runs: [TextRun]
    /// The pixel column of each labelled tick (where `x.grid` draws its vertical lines).
    var tickXs: [Double]
    var rotated: Bool
    /// Height below the plot's bottom edge taken by the labels.
    var height: Double
    /// On a time axis, the instant (epoch milliseconds) of each run in `runs`; empty otherwise.
    var instants: [Double] = []
    /// On a category axis, the category index of each run in `runs` (time bars map them to instants).
    var indices: [Int] = []
    /// Whether only the slant and `height` were computed and the labels were left unplaced (`runs`, `tickXs` and
    /// `indices` empty): a margin pass that needs the height alone (`make(..., placing: false)`).
    var isPlan = false

    /// cos 45°: slanted labels advance this much per unit of text, horizontally and vertically.
    static let diagonal = 0.7071067811865476
    /// Most labels measured when estimating the widest; beyond this a regular sample is measured.
    static let maxMeasured = 2000

    /// The x labels of `mode` under `plot`. Category label widths are read from and stored into `widths` (one per
    /// layout, shared by its passes). Without `placing`, a category axis only decides its slant and height and places
    /// no label (`isPlan`); numeric and time axes are always placed.
    static func make(mode: XMode, x: (Double) -> Double, plot: Rect, ctx: LayoutContext,
                     widths: CategoryWidths = CategoryWidths(), placing: Bool = true) -> XAxisLayout {
        switch mode {
        case .categories(let labels, let count):
            return categories(labels: labels, count: count, x: x, plot: plot, ctx: ctx, widths: widths,
                              placing: placing)
        case .numeric(let lo, let hi, let indexOnly):
            return numeric(lo: lo, hi: hi, indexOnly: indexOnly, x: x, plot: plot, ctx: ctx)
        case .time(let lo, let hi, let zone):
            return TimeAxis.labels(lo: lo, hi: hi, zone: zone, x: x, plot: plot, ctx: ctx)
        }
    }

    private static func categories(labels: [String], count: Int, x: (Double) -> Double, plot: Rect,
                                   ctx: LayoutContext, widths: CategoryWidths, placing: Bool) -> XAxisLayout {
        let style = ctx.style
        let size = style.tickSize
        let a = ctx.ascent(size), lh = ctx.lineHeight(size)
        let n = min(count, labels.count)
        guard n > 0 else { return XAxisLayout(runs: [], tickXs: [], rotated: false, height: style.tickGap + lh) }
        let spacing = n > 1 ? abs(x(1) - x(0)) : plot.width
        let kRotated = max(1, Int(((lh + 2) / max(spacing * diagonal, 1e-9)).rounded(.up)))
        let rotatedRoom = ctx.canvas.height * style.rotatedLabelShare / diagonal - lh
        func horizontalStep(_ width: Double) -> Int {
            max(1, Int(((width + style.labelGap) / max(spacing, 1e-9)).rounded(.up)))
        }
        // Once the widest label so far must be slanted and is cut at the slanted room, wider labels change nothing
        // below (each label is fitted to its own room): the rest need not be measured. 1,000 long labels were
        // otherwise each measured in full — shaped, for scripts that need it — twice per layout.
        func settled(_ width: Double) -> Bool {
            width >= rotatedRoom && rotatedRoom >= size * 2 && horizontalStep(width) > max(2, kRotated)
        }
        let stride = max(1, n / maxMeasured)
        var maxWidth = 0.0
        for (j, i) in Swift.stride(from: 0, to: n, by: stride).enumerated() {
            maxWidth = max(maxWidth, widths.scanned(j) { ctx.width(labels[i], size: size) })
            if settled(maxWidth) { break }
        }
        if !settled(maxWidth) { maxWidth = max(maxWidth, widths.last { ctx.width(labels[n - 1], size: size) }) }

        let kHorizontal = horizontalStep(maxWidth)
        let rotatedMax = min(maxWidth, rotatedRoom)
        let rotate = kHorizontal > 2 && kRotated < kHorizontal && rotatedMax >= size * 2
        let k = min(rotate ? kRotated : kHorizontal, max(n, 1))
        let rotatedHeight = style.tickGap + diagonal * (a + rotatedMax + ctx.descent(size)) + 1
        guard placing else {
            let height = rotate ? rotatedHeight : style.tickGap + lh
            return XAxisLayout(runs: [], tickXs: [], rotated: rotate, height: height, isPlan: true)
        }

        var runs: [TextRun] = []
        var tickXs: [Double] = []
        var indices: [Int] = []
        if rotate {
            var previous: Point?
            for i in Swift.stride(from: 0, to: n, by: k) where !labels[i].isEmpty {
                let anchor = Point(x(Double(i)) + 0.35 * a, plot.maxY + style.tickGap + diagonal * a)
                // Keep the slanted text right of the canvas edge: its far end reaches (w + a)·cos 45° left.
                let room = min(rotatedMax, (anchor.x - ctx.canvas.minX - 1) / diagonal - a)
                let (text, width) = ctx.fitted(labels[i], maxWidth: room, size: size)
                let run = TextRun(text: text, position: anchor, size: size, anchor: .end,
                                  color: ctx.theme.secondaryText, rotation: -45)
                guard let placed = ctx.placed(run, width: width) else { continue }
                // Parallel slanted boxes are apart when their anchors are a line height apart along the normal.
                if let p = previous, (placed.position.x - p.x) * diagonal + (placed.position.y - p.y) * diagonal < lh {
                    continue
                }
                previous = placed.position
                runs.append(placed)
                tickXs.append(x(Double(i)))
                indices.append(i)
            }
            return XAxisLayout(runs: runs, tickXs: tickXs, rotated: true, height: rotatedHeight, indices: indices)
        }
        var lastEnd = -Double.infinity
        for i in Swift.stride(from: 0, to: n, by: k) where !labels[i].isEmpty {
            // Measured once: fitting, centering, keeping inside the canvas and the overlap test use one width.
            let (text, width) = ctx.fitted(labels[i], maxWidth: ctx.canvas.width - 2 * edgeGap, size: size)
            let run = TextRun(text: text, position: Point(inside(x(Double(i)), width: width, ctx: ctx),
                                                          plot.maxY + style.tickGap + a),
                              size: size, anchor: .middle, color: ctx.theme.secondaryText)
            guard let placed = ctx.placed(run, width: width) else { continue }
            let box = TextBox.bounds(of: placed, width: width, metrics: ctx.metrics)
            guard box.minX >= lastEnd + style.labelGap / 2 else { continue }
            lastEnd = box.maxX
            runs.append(placed)
            tickXs.append(x(Double(i)))
            indices.append(i)
        }
        return XAxisLayout(runs: runs, tickXs: tickXs, rotated: false, height: style.tickGap + lh, indices: indices)
    }

    private static func numeric(lo: Double, hi: Double, indexOnly: Bool, x: (Double) -> Double, plot: Rect,
                                ctx: LayoutContext) -> XAxisLayout {
        let style = ctx.style
        let size = style.tickSize
        let lh = ctx.lineHeight(size)
        let formatter = ctx.formatter(ctx.spec.x.format)
        var values: [Double] = []
        var labels: [String] = []
        var target = max(2, min(ctx.spec.x.tickCount, 20))
        while hi > lo {
            // Index axes and whole-number x get whole-number steps (a fraction only when the range is below 1).
            values = ctx.spec.x.ticks(dataMin: lo, dataMax: hi, target: target, fixedMin: lo, fixedMax: hi,
                                      integer: indexOnly || ctx.wholeX).values
            labels = formatter.labels(for: values)
            let widest = labels.reduce(0) { max($0, ctx.width($1, size: size)) }
            let spacing = values.count > 1 ? abs(x(values[1]) - x(values[0])) : plot.width
            // A tick step is kept whatever the target; overlapping labels are then thinned (`centeredRuns`).
            if spacing >= widest + style.labelGap || target == 2 || ctx.spec.x.tickStep != nil { break }
            target -= 1
        }
        if !(hi > lo) {  // a single x value: one label, at the point
            values = [lo]
            labels = formatter.labels(for: values)
        }
        let placed = centeredRuns(values: values, labels: labels, x: x, plot: plot, ctx: ctx)
        return XAxisLayout(runs: placed.runs, tickXs: placed.tickXs, rotated: false, height: style.tickGap + lh)
    }

    /// The least distance between a horizontal x label and the canvas's left or right edge.
    static let edgeGap = 4.0

    /// The center for a label `text` centered at `x`, moved inward where it would end less than `edgeGap` from the
    /// canvas's left or right edge (the last label of a plot that reaches the padding).
    static func inside(_ x: Double, text: String, ctx: LayoutContext) -> Double {
        inside(x, width: ctx.width(text, size: ctx.style.tickSize), ctx: ctx)
    }

    /// `inside(x, text:, ctx:)` for a label whose width at the tick size is `width`.
    static func inside(_ x: Double, width: Double, ctx: LayoutContext) -> Double {
        let half = width / 2
        let lo = ctx.canvas.minX + edgeGap + half, hi = ctx.canvas.maxX - edgeGap - half
        return lo <= hi ? min(max(x, lo), hi) : ctx.canvas.center.x
    }

    /// Labels centered under their tick values, skipping any that would overlap the previous one; with the pixel
    /// column of each kept tick.
    static func centeredRuns(values: [Double], labels: [String], x: (Double) -> Double, plot: Rect,
                             ctx: LayoutContext) -> (runs: [TextRun], tickXs: [Double], values: [Double]) {
        let style = ctx.style
        var runs: [TextRun] = []
        var tickXs: [Double] = []
        var kept: [Double] = []
        var lastEnd = -Double.infinity
        for (v, text) in zip(values, labels) {
            let width = ctx.width(text, size: style.tickSize)
            let run = TextRun(text: text, position: Point(inside(x(v), width: width, ctx: ctx),
                                                          plot.maxY + style.tickGap + ctx.ascent(style.tickSize)),
                              size: style.tickSize, anchor: .middle, color: ctx.theme.secondaryText)
            guard let placed = ctx.placed(run, width: width) else { continue }
            let box = TextBox.bounds(of: placed, width: width, metrics: ctx.metrics)
            guard box.minX >= lastEnd + style.labelGap / 2 else { continue }
            lastEnd = box.maxX
            runs.append(placed)
            tickXs.append(x(v))
            kept.append(v)
        }
        return (runs, tickXs, kept)
    }

    /// Faint vertical grid lines at the labelled ticks (`x.grid`, dashed by its dash), except where the y axis
    /// already stands.
    func gridNode(plot: Rect, ctx: LayoutContext) -> Node? {
        var path = Path()
        for x in tickXs where x > plot.minX + 0.5 && x <= plot.maxX {
            path.move(to: Point(x, plot.minY))
            path.line(to: Point(x, plot.maxY))
        }
        guard !path.isEmpty else { return nil }
        return .group(Group(role: .grid, children: [
            .shape(Shape(path: path, stroke: .solid(ctx.theme.grid),
                         strokeStyle: StrokeStyle(width: 1, cap: .butt, dash: ctx.spec.x.gridDash),
                         snapToPixels: true)),
        ]))
    }

    /// The x baseline along the plot bottom, the labels and the axis title.
    func axisNode(plot: Rect, ctx: LayoutContext) -> Node {
        var children: [Node] = [
            .shape(Shape(path: Path([.move(Point(plot.minX, plot.maxY)), .line(Point(plot.maxX, plot.maxY))]),
                         stroke: .solid(ctx.theme.axis), strokeStyle: StrokeStyle(width: 1, cap: .butt),
                         snapToPixels: true)),
        ]
        children.append(contentsOf: runs.map { .text($0) })
        if let title = ctx.spec.x.title, !title.isEmpty {
            let size = ctx.style.axisTitleSize
            let text = ctx.ellipsized(title, maxWidth: ctx.canvas.width - 2 * ctx.style.padding, size: size)
            let run = TextRun(text: text,
                              position: Point(plot.center.x, ctx.canvas.maxY - ctx.style.padding - ctx.descent(size)),
                              size: size, anchor: .middle, color: ctx.theme.secondaryText)
            if let placed = ctx.placed(run) { children.append(.text(placed)) }
        }
        return .group(Group(role: .xAxis, children: children))
    }
}
