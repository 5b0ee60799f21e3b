import ChartScene
import ChartSpec

/// The second value axis of a line, area or vertical bar chart: on the right of the plot, with its own nice ticks for
/// the series on `y2` (`CartesianExtent.y2`), labels left-aligned beside the plot and a title reading downward.
/// It is laid out by the left axis's own code (`CartesianFrame.yAxis`, `YAxisLayout`), given a context whose spec
/// has `y2`'s options as `y` and only the series on `y2` — so every axis option means the same on both sides.
struct SecondAxis {
    /// The ticks; their domain is the axis's (log10 space on a log axis).
    var ticks: NiceTicks
    /// Maps a data value on `y2` to y (through log10 on a log axis).
    var position: (Double) -> Double
    /// Where bars and area fills of series on `y2` start (see `CartesianFrame.baseline`).
    var baseline: Double
    /// The axis domain in data units (undoing log10 on a log axis).
    var dataDomain: (Double, Double)

    /// The axis laid out onto `plot`; its mapping is the one a frame with this value axis has.
    init(_ axis: YAxisLayout, plot: Rect, ctx: LayoutContext) {
        let frame = CartesianFrame(plot: plot, ticks: axis.ticks, value: axis.scale(plot: plot),
                                   isLog: ctx.spec.y.scale == .log, xPosition: { $0 }, bands: nil, decorations: [])
        (ticks, position, baseline, dataDomain) = (axis.ticks, frame.valuePosition, frame.baseline, frame.dataDomain)
    }

    /// What the right-hand axis is laid out from: the context with `y2`'s options as `y` and only the series on it
    /// (so whole-number ticks follow its own data), and the extent with its range and zero rule as the value axis;
    /// nil when no series is on `y2`.
    static func setup(ctx: LayoutContext, extent: CartesianExtent) -> (ctx: LayoutContext, extent: CartesianExtent)? {
        guard let range = extent.y2 else { return nil }
        var spec = ctx.spec
        spec.y = spec.options(of: .y2)
        spec.series = spec.series.filter { $0.axis == .y2 }
        var onY2 = extent
        onY2.y = range
        onY2.zeroBaseline = extent.y2ZeroBaseline
        return (LayoutContext(spec: spec, metrics: ctx.metrics, theme: ctx.theme, style: ctx.style,
                              canvas: ctx.canvas, interactive: ctx.interactive, animated: ctx.animated), onY2)
    }

    /// The room the axis takes right of the plot: the gap, the widest tick label, and the title's line. `ctx` is the
    /// axis's own (`setup`).
    static func width(_ axis: YAxisLayout, ctx: LayoutContext) -> Double {
        guard ctx.spec.y.show else { return 0 }
        let title = ctx.spec.y.title.map { $0.isEmpty ? 0 : ctx.lineHeight(ctx.style.axisTitleSize) + 6 } ?? 0
        return ctx.style.tickGap + axis.labelWidth + title
    }

    /// The axis's grid lines (when `y2.grid`; none by default, as the left axis draws them), then its axis line, tick
    /// labels and title (those three only when `y2.show`).
    static func nodes(_ axis: YAxisLayout, plot: Rect, ctx: LayoutContext) -> [Node] {
        let grid = axis.gridNode(plot: plot, ctx: ctx, showGrid: ctx.spec.y.grid, emphasizeZero: false)
        let line = ctx.spec.y.show ? [axis.axisNode(plot: plot, ctx: ctx, right: true)] : []
        return (grid.map { [$0] } ?? []) + line
    }
}

extension CartesianFrame {
    /// Maps a data value of a series or annotation on `axis` to y: through the second axis for `y2`.
    func valuePosition(on axis: ValueAxis?) -> (Double) -> Double {
        axis == .y2 ? y2?.position ?? valuePosition : valuePosition
    }

    /// Where bars and area fills of a series on `axis` start.
    func baseline(on axis: ValueAxis?) -> Double {
        axis == .y2 ? y2?.baseline ?? baseline : baseline
    }

    /// The second axis's domain in data units and how its labels are written, for the chart's description.
    func y2Range(ctx: LayoutContext) -> (domain: (Double, Double), formatter: TickFormatter)? {
        y2.map { ($0.dataDomain, ctx.formatter(ctx.spec.options(of: .y2).format)) }
    }
}
