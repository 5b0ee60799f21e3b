import ChartScene
import ChartSpec

/// The value axis: nice ticks for the data, their labels and the widest label's width.
struct YAxisLayout {
    var ticks: NiceTicks
    var labels: [String]
    var labelWidth: Double
    /// Unlabelled minor tick values (a log axis's 2…9 × 10^k, in log10 space), drawn as short marks.
    var minor: [Double] = []
    /// True for a log axis laid out in log10 space: there is no zero line to emphasize.
    var isLog = false

    /// Ticks for `dataMin…dataMax` with about as many ticks as `plotHeight` has room for
    /// (at most the spec's `tickCount`). In `exact` mode (sparklines) the domain is the data extent itself.
    static func make(dataMin: Double, dataMax: Double, plotHeight: Double, ctx: LayoutContext,
                     exact: Bool = false) -> YAxisLayout {
        let options = ctx.spec.y
        let size = ctx.style.tickSize
        let fit = Int(max(plotHeight, 0) / (size * 2.4)) + 1
        let target = max(2, min(options.tickCount, fit))
        let ticks = options.ticks(dataMin: dataMin, dataMax: dataMax, target: target,
                                  fixedMin: options.min ?? (exact ? dataMin : nil),
                                  fixedMax: options.max ?? (exact ? dataMax : nil), integer: ctx.wholeY)
        let labels = ctx.formatter(options.format).labels(for: ticks.values)
        let width = labels.reduce(0) { max($0, ctx.width($1, size: size)) }
        return YAxisLayout(ticks: ticks, labels: labels, labelWidth: width)
    }

    /// The y scale onto a plot: the domain bottom at the plot bottom.
    func scale(plot: Rect) -> LinearScale {
        LinearScale(domain: (ticks.domainMin, ticks.domainMax), range: (plot.maxY, plot.minY))
    }

    /// Grid lines, dashed by `y.grid`'s dash (and, with `emphasizeZero`, the zero line when there are negative ticks)
    /// across the plot.
    func gridNode(plot: Rect, ctx: LayoutContext, showGrid: Bool, emphasizeZero: Bool = true) -> Node? {
        let scale = scale(plot: plot)
        var children: [Node] = []
        if showGrid {
            var path = Path()
            for v in ticks.values where v > ticks.domainMin && v <= ticks.domainMax {
                let y = scale(v)
                path.move(to: Point(plot.minX, y))
                path.line(to: Point(plot.maxX, y))
            }
            if !path.isEmpty {
                children.append(.shape(Shape(path: path, stroke: .solid(ctx.theme.grid),
                                             strokeStyle: StrokeStyle(width: 1, cap: .butt, dash: ctx.spec.y.gridDash),
                                             snapToPixels: true)))
            }
        }
        // Only an axis that shows values of both signs has a zero line to set apart (not a sliver under zero).
        if emphasizeZero && !isLog && (ticks.values.first ?? 0) < 0 && ticks.domainMax > 0 {
            let y = scale(0)
            children.append(.shape(Shape(path: Path([.move(Point(plot.minX, y)), .line(Point(plot.maxX, y))]),
                                         stroke: .solid(ctx.theme.axis),
                                         strokeStyle: StrokeStyle(width: 1, cap: .butt), snapToPixels: true)))
        }
        return children.isEmpty ? nil : .group(Group(role: .grid, children: children))
    }

    /// The left axis line, tick labels (right-aligned, vertically centered on their ticks) and title; or, `right`,
    /// the second axis's (`SecondAxis`): its line on the plot's right edge, labels left-aligned right of it and the
    /// title reading downward at the canvas's right padding.
    func axisNode(plot: Rect, ctx: LayoutContext, right: Bool = false) -> Node {
        let scale = scale(plot: plot)
        let size = ctx.style.tickSize
        let edge = right ? plot.maxX : plot.minX, outward = right ? 1.0 : -1.0
        var children: [Node] = [
            .shape(Shape(path: Path([.move(Point(edge, plot.minY)), .line(Point(edge, plot.maxY))]),
                         stroke: .solid(ctx.theme.axis), strokeStyle: StrokeStyle(width: 1, cap: .butt),
                         snapToPixels: true)),
        ]
        if !minor.isEmpty {
            var marks = Path()
            for v in minor where v >= ticks.domainMin && v <= ticks.domainMax {
                marks.move(to: Point(edge + 3 * outward, scale(v)))
                marks.line(to: Point(edge, scale(v)))
            }
            children.append(.shape(Shape(path: marks, stroke: .solid(ctx.theme.axis),
                                         strokeStyle: StrokeStyle(width: 1, cap: .butt), snapToPixels: true)))
        }
        let shift = (ctx.ascent(size) - ctx.descent(size)) / 2
        var lastTop = Double.infinity  // top of the previous (lower) label; labels go bottom to top
        for (v, text) in zip(ticks.values, labels) where v >= ticks.domainMin && v <= ticks.domainMax {
            let run = TextRun(text: text, position: Point(edge + ctx.style.tickGap * outward, scale(v) + shift),
                              size: size, anchor: right ? .start : .end, color: ctx.theme.secondaryText)
            let width = ctx.width(text, size: size)
            guard let placed = ctx.placed(run, width: width) else { continue }
            let box = TextBox.bounds(of: placed, width: width, metrics: ctx.metrics)
            guard box.maxY <= lastTop else { continue }  // never overlap the label below
            lastTop = box.minY
            children.append(.text(placed))
        }
        if let title = ctx.spec.y.title, !title.isEmpty {
            let titleSize = ctx.style.axisTitleSize
            let text = ctx.ellipsized(title, maxWidth: plot.height, size: titleSize)
            // Rotated a quarter turn toward the plot, the glyphs' tops face the canvas edge on either side.
            let inset = ctx.style.padding + ctx.ascent(titleSize)
            let x = right ? ctx.canvas.maxX - inset : ctx.canvas.minX + inset
            let run = TextRun(text: text, position: Point(x, plot.center.y), size: titleSize, anchor: .middle,
                              color: ctx.theme.secondaryText, rotation: right ? 90 : -90)
            if let placed = ctx.placed(run) { children.append(.text(placed)) }
        }
        return .group(Group(role: right ? .y2Axis : .yAxis, children: children))
    }
}
