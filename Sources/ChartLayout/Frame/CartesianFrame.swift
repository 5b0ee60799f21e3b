#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChartScene
import ChartSpec

/// The frame an axis-based kind draws in: title, subtitle and legend on top, margins fitted to the measured labels,
/// a left value axis with horizontal grid lines (and a right one, `SecondAxis`, for series on `y2`) and an x
/// baseline with category, numeric or time labels — or, for a transposed kind (horizontal bars,
/// `HorizontalBarFrame`), categories down the left and values along the bottom.
/// With `axes: false`, or a canvas too small for axes, it is a sparkline: the plot fills the canvas, inset only by
/// how far the marks reach. A log value axis lays out in log10 space.
struct CartesianFrame {
    var plot: Rect
    /// The value axis ticks; their domain is the value scale's.
    var ticks: NiceTicks
    /// Maps a value onto the value axis (y down the plot, or x across it when transposed), in axis space.
    var value: LinearScale
    /// Whether the value axis is logarithmic (laid out in log10 space).
    var isLog = false
    /// Maps a point's x (index or numeric) to its position along the x (category) axis.
    var xPosition: (Double) -> Double
    /// The category bands of a bar kind (nil for other kinds).
    var bands: BandScale?
    /// Title, legend, grid and axes, in drawing order.
    var decorations: [Node]
    /// The second value axis, on the right; nil when no series is on `y2`.
    var y2: SecondAxis?
    /// The instants of a drawn time axis's labels, in their order (`Scene.xTickInstants`).
    var xTickInstants: [Double] = []
    /// The category indices of a drawn category axis's labels, in their order.
    var xLabelIndices: [Int] = []

    /// The value axis domain.
    var domain: (Double, Double) { (ticks.domainMin, ticks.domainMax) }

    /// The value axis domain in data units (undoing log10 on a log axis).
    var dataDomain: (Double, Double) { isLog ? (pow(10, ticks.domainMin), pow(10, ticks.domainMax)) : domain }

    /// Maps a data value to the value axis: through log10 on a log axis.
    var valuePosition: (Double) -> Double {
        let scale = value
        return isLog ? { scale(LogScale.log10Clamped($0)) } : { scale($0) }
    }

    /// Where bars and area fills start: the zero line, or the plot edge nearest to zero (a log axis: where its
    /// range starts, the plot's bottom, or its left edge when transposed).
    var baseline: Double { isLog ? value.rangeStart : value(min(max(0, ticks.domainMin), ticks.domainMax)) }

    /// The frame for `kind`, or nil when not even the marks fit (a transposed kind on a degenerate canvas).
    static func make(for kind: some CartesianKind) -> CartesianFrame? {
        let ctx = kind.ctx, extent = kind.extent
        if extent.transposed { return HorizontalBarFrame.make(ctx: ctx, extent: extent, legend: kind.legend) }
        if ctx.spec.axes, let frame = full(ctx: ctx, extent: extent, legend: kind.legend) { return frame }
        return sparkline(ctx: ctx, extent: extent, titled: !ctx.spec.axes)
    }

    /// The full chart frame, or nil when the canvas is too small for axes (the caller falls back to a sparkline).
    /// The frame lays out within the canvas a legend below or beside it leaves (`LegendPlacement`). An axis with
    /// `show: false` takes no room and draws no line, labels or title; its grid lines follow `grid`.
    static func full(ctx: LayoutContext, extent: CartesianExtent, legend: [Legend.Item]?) -> CartesianFrame? {
        let (headerNodes, top, rest) = header(ctx: ctx, legend: legend)
        let ctx = ctx.within(rest)
        let spec = ctx.spec
        let style = ctx.style
        let canvas = ctx.canvas
        let pad = style.padding
        var decorations = headerNodes
        // Room above the plot for the top y label's upper half.
        let plotTop = top + (ctx.ascent(style.tickSize) / 2).rounded(.up) + 2
        let titleRoom = { (axis: AxisOptions) -> Double in
            guard axis.show, let title = axis.title, !title.isEmpty else { return 0 }
            return ctx.lineHeight(style.axisTitleSize) + 6
        }
        let bottomFixed = pad + titleRoom(spec.x)
        let leftFixed = canvas.minX + pad + titleRoom(spec.y)
        let inset = max(style.pointInset, extent.markReach + 1)
        let second = SecondAxis.setup(ctx: ctx, extent: extent)

        // Margins depend on each other (x label height → plot height → y ticks → y label width → plot
        // width → x label thinning or slanting); a few passes settle them.
        var xHeight = spec.x.show ? style.tickGap + ctx.lineHeight(style.tickSize) : 0
        var result: (plot: Rect, y: YAxisLayout, x: XAxisLayout, position: (Double) -> Double, y2: YAxisLayout?,
                     mode: XMode)?
        // A pass needs only the x labels' height: category labels are placed once, for the pass that is kept, and
        // each is measured at most once over the passes.
        let widths = CategoryWidths()
        for _ in 0..<3 {
            let plotHeight = canvas.maxY - plotTop - bottomFixed - xHeight
            let yAxis = yAxis(ctx: ctx, extent: extent, plotHeight: plotHeight, exact: false)
            let y2Axis = second.map { Self.yAxis(ctx: $0.ctx, extent: $0.extent, plotHeight: plotHeight, exact: false) }
            let right = pad + (second.flatMap { s in y2Axis.map { SecondAxis.width($0, ctx: s.ctx) } } ?? 0)
            let left = leftFixed + (spec.y.show ? yAxis.labelWidth + style.tickGap : 0)
            let plot = Rect(x: left, y: plotTop, width: canvas.maxX - right - left, height: plotHeight)
            guard plot.width >= 16, plot.height >= 16 else { return nil }
            let x = niceX(ctx: ctx, extent: extent, plotWidth: plot.width)
            let position = xPosition(extent: x ?? extent, plot: plot, inset: x == nil ? inset : 0)
            let mode = (x ?? extent).x
            let xAxis = XAxisLayout.make(mode: mode, x: position, plot: plot, ctx: ctx, widths: widths, placing: false)
            result = (plot, yAxis, xAxis, position, y2Axis, mode)
            let height = spec.x.show ? xAxis.height : 0
            if abs(height - xHeight) < 0.5 { break }
            xHeight = height
        }
        guard var r = result else { return nil }
        if r.x.isPlan {
            r.x = XAxisLayout.make(mode: r.mode, x: r.position, plot: r.plot, ctx: ctx, widths: widths, placing: true)
        }
        if spec.x.grid, let grid = r.x.gridNode(plot: r.plot, ctx: ctx) { decorations.append(grid) }
        if let grid = r.y.gridNode(plot: r.plot, ctx: ctx, showGrid: spec.y.grid, emphasizeZero: extent.emphasizeZero) {
            decorations.append(grid)
        }
        var y2: SecondAxis?
        if let s = second, let axis = r.y2 {
            decorations += SecondAxis.nodes(axis, plot: r.plot, ctx: s.ctx)
            y2 = SecondAxis(axis, plot: r.plot, ctx: s.ctx)
        }
        if spec.y.show { decorations.append(r.y.axisNode(plot: r.plot, ctx: ctx)) }
        if spec.x.show { decorations.append(r.x.axisNode(plot: r.plot, ctx: ctx)) }
        return CartesianFrame(plot: r.plot, ticks: r.y.ticks, value: r.y.scale(plot: r.plot),
                              isLog: spec.y.scale == .log, xPosition: r.position,
                              bands: bands(extent: extent, plot: r.plot), decorations: decorations, y2: y2,
                              xTickInstants: spec.x.show ? r.x.instants : [],
                              xLabelIndices: spec.x.show ? r.x.indices : [])
    }

    /// Sparkline: the data fills the canvas, inset only by how far the marks reach. When `titled` (`axes: false`
    /// rather than a canvas too small for axes) a title and subtitle stay above it.
    static func sparkline(ctx: LayoutContext, extent: CartesianExtent, titled: Bool) -> CartesianFrame {
        let header = titled ? ChartHeader.make(ctx: ctx) : (node: nil, bottom: ctx.canvas.minY, rows: [])
        var area = ctx.canvas
        if header.node != nil, ctx.canvas.maxY - header.bottom >= 16 {
            area = Rect(x: area.minX, y: header.bottom, width: area.width, height: area.maxY - header.bottom)
        }
        let plot = area.insetBy(min(extent.markReach, min(area.width, area.height) / 2))
        let yAxis = yAxis(ctx: ctx, extent: extent, plotHeight: plot.height, exact: true)
        let y2 = SecondAxis.setup(ctx: ctx, extent: extent).map { s in
            SecondAxis(Self.yAxis(ctx: s.ctx, extent: s.extent, plotHeight: plot.height, exact: true), plot: plot,
                       ctx: s.ctx)
        }
        return CartesianFrame(plot: plot, ticks: yAxis.ticks, value: yAxis.scale(plot: plot),
                              isLog: ctx.spec.y.scale == .log,
                              xPosition: xPosition(extent: extent, plot: plot, inset: 0),
                              bands: bands(extent: extent, plot: plot),
                              decorations: area == ctx.canvas ? [] : header.node.map { [$0] } ?? [], y2: y2)
    }

    /// The value axis for a plot `plotHeight` tall, with room for the marks (`headroom`); `exact` (sparklines) makes
    /// the domain the data extent itself (the sparkline's plot is inset by the marks' reach instead).
    static func yAxis(ctx: LayoutContext, extent: CartesianExtent, plotHeight: Double, exact: Bool) -> YAxisLayout {
        let y = extent.y
        let axis = { (lo: Double, hi: Double) in
            ctx.spec.y.scale == .log
                ? YAxisLayout.logarithmic(dataMin: lo, dataMax: hi, ctx: ctx, exact: exact)
                : YAxisLayout.make(dataMin: lo, dataMax: hi, plotHeight: plotHeight, ctx: ctx, exact: exact)
        }
        if exact { return axis(y.min, y.max) }
        // A log axis's bars start at its bottom anyway; `zero: true` keeps zero as the end, as a baseline does.
        let zero = (extent.zeroBaseline || ctx.spec.y.zero == true) && ctx.spec.y.scale != .log
        let keep = (lo: ctx.spec.y.min != nil || (zero && y.min == 0),
                    hi: ctx.spec.y.max != nil || (zero && y.max == 0))
        var result: YAxisLayout?  // the axis of the last pass
        func grow(keep: (lo: Bool, hi: Bool), pixels: Double = plotHeight) {
            headroom(data: y, pixels: pixels, reach: extent.markReach, keep: keep) { lo, hi in
                let pass = axis(lo, hi)
                result = pass
                return (pass.ticks.domainMin, pass.ticks.domainMax)
            }
        }
        grow(keep: keep)
        // Data of one sign keeps zero as its outermost tick on that side: a count of goals never reads −1. The
        // marks at (or near) zero get their room as a sliver of axis beyond the zero tick instead of a whole step
        // of the other sign (matplotlib's margins look the same). Degenerate data keeps its centred axis. The far
        // end is grown for the plot minus the sliver, so adding the sliver keeps its data units per pixel.
        if ctx.spec.y.scale != .log, y.min < y.max, var axis = result {
            let r = extent.markReach + 1
            if y.min >= 0, ctx.spec.y.min == nil, axis.ticks.domainMin < 0 {
                grow(keep: (true, keep.hi), pixels: plotHeight - r)
                axis = result ?? axis
                let span = axis.ticks.domainMax - axis.ticks.domainMin
                if axis.ticks.domainMin == 0, plotHeight > 2 * r { axis.ticks.domainMin = -r * span / (plotHeight - r) }
            } else if y.max <= 0, ctx.spec.y.max == nil, axis.ticks.domainMax > 0 {
                grow(keep: (keep.lo, true), pixels: plotHeight - r)
                axis = result ?? axis
                let span = axis.ticks.domainMax - axis.ticks.domainMin
                if axis.ticks.domainMax == 0, plotHeight > 2 * r { axis.ticks.domainMax = r * span / (plotHeight - r) }
            }
            result = axis
        }
        return result ?? axis(y.min, y.max)
    }

    /// Grows a domain until every data value lies at least `reach` + 1 px inside both ends, so no mark (dot,
    /// bubble, half a stroke, a label past a bar) touches the plot frame or crosses an axis line.
    ///
    /// `niced(lo, hi)` nice-rounds a data range to the domain it returns (which covers it); the domain spans `pixels`.
    /// At the current domain a pixel is `(max − min) / pixels` data units, so the data needs
    /// `(reach + 1) · (max − min) / pixels` beyond each end; the data range is widened by that and niced again.
    /// A wider domain has more units per pixel, so the need grows with it; a few passes settle it (nice rounding
    /// usually adds a whole step, which covers the need at once). Ends in `keep` (explicit `min`/`max`, a zero
    /// baseline) are not widened: a user's bounds are respected even when a mark then touches the frame.
    @discardableResult
    static func headroom(data: (min: Double, max: Double), pixels: Double, reach: Double, keep: (lo: Bool, hi: Bool),
                         niced: (Double, Double) -> (Double, Double)) -> (Double, Double) {
        var domain = niced(data.min, data.max)
        guard pixels > 0, !(keep.lo && keep.hi) else { return domain }
        var (lo, hi) = data
        for _ in 0..<4 {
            let perPixel = (domain.1 - domain.0) / pixels
            guard perPixel > 0, perPixel.isFinite else { break }
            let room = (reach + 1) * perPixel
            let needLo = keep.lo ? domain.0 : data.min - room, needHi = keep.hi ? domain.1 : data.max + room
            if needLo >= domain.0 && needHi <= domain.1 { break }
            (lo, hi) = (min(lo, needLo), max(hi, needHi))
            domain = niced(lo, hi)
        }
        return domain
    }

    /// For a kind with `niceX` and a numeric x axis: `extent` with x widened to a nice domain that ends on ticks and
    /// keeps the marks `markReach` + 1 px inside the plot's left and right edges (`headroom`); nil otherwise.
    private static func niceX(ctx: LayoutContext, extent: CartesianExtent, plotWidth: Double) -> CartesianExtent? {
        guard extent.niceX, case .numeric(let lo, let hi, let indexOnly) = extent.x else { return nil }
        let options = ctx.spec.x
        let pinLo = options.min?.isFinite == true, pinHi = options.max?.isFinite == true
        let domain = headroom(data: (lo, hi), pixels: plotWidth, reach: extent.markReach, keep: (pinLo, pinHi)) {
            let ticks = options.ticks(dataMin: $0, dataMax: $1, target: options.tickCount,
                                      fixedMin: pinLo ? lo : nil, fixedMax: pinHi ? hi : nil,
                                      integer: indexOnly || ctx.wholeX)
            return (ticks.domainMin, ticks.domainMax)
        }
        var extent = extent
        extent.x = .numeric(min: domain.0, max: domain.1, indexOnly: indexOnly)
        return extent
    }

    /// The title, subtitle and `legend` above the plot, the y where the space below them starts, and the canvas a
    /// legend placed below or beside the chart leaves (`LegendPlacement`; the whole canvas otherwise).
    ///
    /// On a small canvas (`LayoutStyle.isSmall`) a one-row legend that fits beside the title, or else beside the
    /// subtitle, shares that row, right-aligned, instead of taking a row of its own: at 375×240 the header would
    /// otherwise take a third of the height.
    static func header(ctx: LayoutContext, legend items: [Legend.Item]?) -> (nodes: [Node], top: Double, rest: Rect) {
        let title = ChartHeader.make(ctx: ctx)
        var top = title.bottom
        var nodes: [Node] = title.node.map { [$0] } ?? []
        if let items, let position = ctx.spec.legendPosition, position != .top {
            let legend = LegendPlacement.place(items, at: position, top: top, ctx: ctx)
            return (nodes + (legend.node.map { [$0] } ?? []), top, legend.canvas)
        }
        if let items {
            let right = ctx.canvas.maxX - ctx.style.padding
            let legend = Legend.make(ctx: ctx, width: right - ctx.canvas.minX - ctx.style.padding, items: items)
            if ctx.style.isSmall(ctx.canvas), legend.rows.count == 1, let width = legend.widths.first,
               let row = title.rows.first(where: { $0.textEnd + Legend.spacing + width <= right }) {
                nodes.append(legend.node(top: row.top + (row.height - legend.rowHeight) / 2, ctx: ctx, right: right))
            } else {
                nodes.append(legend.node(top: top, ctx: ctx))
                top += legend.height + 4
            }
        }
        return (nodes, top, ctx.canvas)
    }

    /// The x mapping onto `plot`, first and last positions `inset` from its edges.
    static func xPosition(extent: CartesianExtent, plot: Rect, inset: Double) -> (Double) -> Double {
        // Fractional x (a "half time" line at 1.5) falls between band centers, linearly.
        if let bands = bands(extent: extent, plot: plot) { return { bands.center(0) + $0 * bands.step } }
        switch extent.x {
        case .categories(_, let count):
            let scale = PointScale(count: count, range: (plot.minX, plot.maxX), inset: inset)
            return { scale($0) }
        case .numeric(let lo, let hi, _), .time(let lo, let hi, _):
            let i = min(inset, plot.width / 2)
            let scale = LinearScale(domain: (lo, hi), range: (plot.minX + i, plot.maxX - i))
            return { scale($0) }
        }
    }

    /// The category bands across `plot` of a kind with bands.
    static func bands(extent: CartesianExtent, plot: Rect) -> BandScale? {
        guard extent.bands, case .categories(_, let count) = extent.x else { return nil }
        return BandScale(count: count, rangeStart: plot.minX, rangeEnd: plot.maxX)
    }
}
