import ChartScene
import ChartSpec

/// A legend below or beside the chart (`legend.position` bottom, left or right): its node, and the canvas it leaves
/// for the rest of the chart, which the frame (or the pie) then lays out in as if it were the whole canvas
/// (`LayoutContext.within`). A legend above the plot (the default) is laid out with the header
/// (`CartesianFrame.header`), as before positions existed.
///
/// Bottom: rows centered under the chart, at most a quarter of the canvas height (as on top). Left and right: one
/// column of entries, at most `columnShare` of the canvas width (names are ellipsized to it) and as many entries as
/// fit the height below the header, centered on that height (as Chart.js centers a side legend).
enum LegendPlacement {
    /// The gap between the legend and the rest of the chart.
    static let gap = 8.0
    /// The most of the canvas width a side legend takes.
    static let columnShare = 0.3
    /// The least the chart keeps beside or above the legend (else the legend is left out; tooltips still name the
    /// series).
    static let minimumRest = 48.0

    /// The legend of `items` at `position` (not `.top`), below the header that ends at `top`; nil and the whole canvas
    /// when it does not leave the chart `minimumRest` px.
    static func place(_ items: [Legend.Item], at position: LegendPosition, top: Double,
                      ctx: LayoutContext) -> (node: Node?, canvas: Rect) {
        let canvas = ctx.canvas, pad = ctx.style.padding
        switch position {
        case .top:
            return (nil, canvas)
        case .bottom:
            let legend = Legend.make(ctx: ctx, width: canvas.width - 2 * pad, items: items)
            let legendTop = canvas.maxY - pad - legend.height
            guard !legend.rows.isEmpty, legendTop - gap - top >= minimumRest else { return (nil, canvas) }
            // The rest's bottom padding ends `gap` above the legend.
            let rest = Rect(x: canvas.minX, y: canvas.minY, width: canvas.width,
                            height: legendTop - gap + pad - canvas.minY)
            return (legend.node(top: legendTop, ctx: ctx), rest)
        case .left, .right:
            let height = canvas.maxY - pad - top
            let legend = Legend.make(ctx: ctx, width: canvas.width * columnShare, items: items, columnHeight: height)
            let width = legend.widths.max() ?? 0
            guard width > 0, canvas.width - 2 * pad - width - gap >= minimumRest else { return (nil, canvas) }
            let legendTop = top + max(0, (height - legend.height) / 2)
            // The rest's padding on the legend's side ends `gap` beside it.
            let restWidth = canvas.width - width - gap
            if position == .left {
                let rest = Rect(x: canvas.maxX - restWidth, y: canvas.minY, width: restWidth, height: canvas.height)
                return (legend.node(top: legendTop, ctx: ctx, left: canvas.minX + pad), rest)
            }
            let rest = Rect(x: canvas.minX, y: canvas.minY, width: restWidth, height: canvas.height)
            return (legend.node(top: legendTop, ctx: ctx, left: canvas.maxX - pad - width), rest)
        }
    }
}
