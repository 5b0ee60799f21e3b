import ChartScene
import ChartSpec

/// The bars of one series: one `.bar(series:index:)` group per category with a value, each holding the bar shape
/// (and its tooltip), plus value labels at the free ends. Works along either orientation: `band` positions run
/// along the category axis and `value` maps data onto the value axis.
enum BarMarks {
    /// Inner padding between the bars of one group, as a fraction of a sub-band.
    static let groupPadding = 0.1
    /// Series with more categories than this get no per-bar groups (tooltips, value labels): one plain shape.
    static let maxBarMarks = SeriesMarks.maxPointMarks
    /// The most bars drawn in one chart, shared by its bar series (each keeps at least `maxBarMarks`); more
    /// categories are sampled evenly, the same ones in every series so stacks stay whole (they are thinner than a
    /// pixel). 64 stacked series of 9,000 bars were 576,000 rectangles: 185 MB of scene before any budget.
    static let maxBars = 20_000

    /// The indices of the series drawn as bars (a series with `"type": "line"` in a bar chart is not).
    static func barSeries(_ spec: ChartSpec) -> [Int] {
        spec.series.indices.filter { spec.series[$0].mark != .line }
    }

    /// How many bars of the whole chart would carry a value label. Above `maxBarMarks` none does: the labels could
    /// not be read (over 2,000 bars leave a 4096 px plot 2 px per label), and placing each against every other bar
    /// would cost seconds (64 series × 2,000 horizontal bars took 2.3 s).
    static func labelledBars(_ spec: ChartSpec, bands: BandScale) -> Int {
        barSeries(spec).reduce(0) { $0 + min(spec.series[$1].points.count, bands.count) }
    }

    /// Stacked offsets by series index; line-marked series contribute nothing.
    static func stacks(_ data: [SeriesData]) -> [[StackSegment]] {
        StackLayout.stack(data.map { d in d.series.mark == .line ? [] : d.series.points.map(\.y) })
    }

    /// The value range to show: bar heights (or stack totals) and line series values, and 0 unless `includeZero`
    /// is false (`y.zero: false`; stacks still start at 0).
    static func extent(data: [SeriesData], mode: BarMode, includeZero: Bool = true) -> (min: Double, max: Double) {
        var (lo, hi) = includeZero ? (0.0, 0.0) : (Double.infinity, -Double.infinity)
        for d in data where d.finiteCount > 0 && (mode == .grouped || d.series.mark == .line) {
            lo = min(lo, d.yMin)
            hi = max(hi, d.yMax)
        }
        if mode == .stacked {
            let stacked = StackLayout.extent(stacks(data))
            lo = min(lo, stacked.min)
            hi = max(hi, stacked.max)
        }
        return (lo, hi)
    }

    /// Vertical bars of series `data` (see `bars`).
    static func build(_ data: SeriesData, ctx: LayoutContext, bands: BandScale?, y: (Double) -> Double, plot: Rect,
                      baselineY: Double, stacks: [[StackSegment]]?, label: (Int) -> String,
                      formatter: TickFormatter) -> SeriesMarks {
        bars(data, ctx: ctx, bands: bands ?? BandScale(count: 1, rangeStart: plot.minX, rangeEnd: plot.maxX),
             value: y, valueRange: plot.minY...plot.maxY, baseline: baselineY, stacks: stacks, horizontal: false,
             label: label, formatter: formatter)
    }

    /// The bars of one series. Grouped: each category's band is split among the bar series; stacked: the series'
    /// segment from `stacks`. A bar runs from the baseline (or its stack offset) to its value; nulls and zeros draw
    /// nothing. With `cornerRadius`, only the free end is rounded (for stacks, only the outermost segment's).
    static func bars(_ data: SeriesData, ctx: LayoutContext, bands: BandScale, value: (Double) -> Double,
                     valueRange: ClosedRange<Double>, baseline: Double, stacks: [[StackSegment]]?, horizontal: Bool,
                     label: (Int) -> String, formatter: TickFormatter) -> SeriesMarks {
        let k = data.index
        let spec = ctx.spec
        let series = data.series
        let style = MarkStyle(series, index: k, ctx: ctx)
        let name = ctx.seriesName(k)
        let barSeries = barSeries(spec)
        // Side by side in reading order: right to left, the first bar series takes the rightmost slot of a group,
        // as the legend lists it first from the right (AG Charts does the same). Horizontal groups run top down.
        let position = barSeries.firstIndex(of: k) ?? 0
        let slot = !horizontal && ctx.headerIsRightToLeft ? barSeries.count - 1 - position : position
        func clamp(_ v: Double) -> Double { min(max(v.isFinite ? v : baseline, valueRange.lowerBound),
                                                valueRange.upperBound) }
        var children: [Node] = []
        var labels: [(label: LabelPlacer.Label, bar: Rect)] = []
        var progress: [(index: Int, progress: Double)] = []
        let count = min(series.points.count, bands.count)
        let grouped = count <= maxBarMarks
        let valueLabels = spec.bars.valueLabels && labelledBars(spec, bands: bands) <= maxBarMarks
        // Bars too many for groups are one shape per run of equal colors.
        var bulk = Path(), bulkColor = style.color
        let barsPerSeries = max(maxBarMarks, maxBars / max(1, barSeries.count))
        let step = max(1, count / barsPerSeries)
        if grouped {
            // A group per bar: room for all at once instead of a doubling at a time.
            children.reserveCapacity((count + step - 1) / step + 1)
            progress.reserveCapacity((count + step - 1) / step)
        }
        // Tooltips kept as their parts, not joined per bar (128,000 bars joined 128,000 strings).
        var tooltips = PointTooltipMaker(seriesName: name, formatter: formatter)
        for c in Swift.stride(from: 0, to: count, by: step) {
            guard let v = series.points[c].y, v.isFinite, v != 0 else { continue }
            let (lower, upper): (Double, Double)
            var outermost = true
            if let stacks, k < stacks.count, c < stacks[k].count {
                lower = stacks[k][c].lower
                upper = stacks[k][c].upper
                outermost = isOutermost(stacks, series: k, category: c, positive: v > 0)
            } else {
                (lower, upper) = v > 0 ? (0, v) : (v, 0)
            }
            let from = clamp(v > 0 ? value(lower) : value(upper)), to = clamp(v > 0 ? value(upper) : value(lower))
            let band = self.band(bands, category: c, slot: slot, of: barSeries.count, stacked: stacks != nil,
                                 bars: spec.bars)
            let rect = horizontal
                ? Rect(x: min(from, to), y: band.start, width: abs(to - from), height: band.width)
                : Rect(x: band.start, y: min(from, to), width: band.width, height: abs(to - from))
            guard rect.width > 0, rect.height > 0 else { continue }
            // The free end: away from the baseline, which is where `from` is.
            let end: RectEdge = horizontal ? (to >= from ? .maxX : .minX) : (to <= from ? .minY : .maxY)
            let radius = outermost ? spec.bars.cornerRadius : 0
            let color = style.color(at: c)
            guard grouped else {
                if color != bulkColor, !bulk.isEmpty {
                    children.append(.shape(Shape(path: bulk, fill: .solid(bulkColor))))
                    bulk = Path()
                }
                bulkColor = color
                bulk.append(contentsOf: .rect(rect))
                continue
            }
            let t = count > 1 ? Double(c) / Double(count - 1) : 1
            progress.append((c, t))
            children.append(.group(Group(role: .bar(series: k, index: c, base: end.opposite,
                                                    stackBase: stacks == nil ? nil : clamp(baseline)),
                                         tooltip: ctx.interactive ? .point(tooltips.tooltip(label: label(c), value: v))
                                             : nil,
                                         children: shapes(rect, roundedEnd: end, radius: radius, color: color,
                                                          style: style))))
            if valueLabels, let label = valueLabel(formatter.string(v), rect: rect, end: end,
                                                                inside: stacks != nil, color: color, ctx: ctx) {
                labels.append((label, rect))
            }
        }
        if !bulk.isEmpty { children.append(.shape(Shape(path: bulk, fill: .solid(bulkColor)))) }
        return SeriesMarks(area: nil, node: .group(Group(role: .series(k), children: children)), progress: progress,
                           decimated: !grouped, labels: labels)
    }

    /// Where the bar of bar series `slot` (of `count`) in `category` lies across the band axis: side by side in
    /// D3-style sub-bands with `groupPadding` (stacked: the whole band), or with `barFraction`/`categoryFraction`
    /// as Chart.js lays bars out (controller.bar.js, `computeFitCategoryTraits`, category scale with `offset: true`):
    /// the category is `step` wide, its bars share `step · categoryFraction` around its center, and each takes
    /// `barFraction` of its slot, a `1/count` share of that (stacked: all of it), centered in the slot.
    static func band(_ bands: BandScale, category c: Int, slot: Int, of count: Int, stacked: Bool, bars: BarOptions)
        -> (start: Double, width: Double) {
        guard bars.barFraction != nil || bars.categoryFraction != nil else {
            return stacked ? (start: bands.start(c), width: bands.bandwidth)
                : bands.groupedBar(category: c, series: slot, seriesCount: count, innerPadding: groupPadding)
        }
        let group = bands.step * (bars.categoryFraction ?? 0.8)
        let slots = stacked ? 1 : max(1, count)
        let slotWidth = group / Double(slots)
        let width = slotWidth * (bars.barFraction ?? 0.9)
        let start = bands.center(c) - group / 2 + slotWidth * Double(stacked ? 0 : slot) + (slotWidth - width) / 2
        return (start, width)
    }

    /// The shapes of one bar: its fill, and its outline (when the series has one) stroked on the rectangle inset by
    /// half the outline's width, so that, as in Chart.js, the outline lies inside the bar's bounds.
    static func shapes(_ rect: Rect, roundedEnd end: RectEdge, radius: Double, color: Color, style: MarkStyle)
        -> [Node] {
        let fill = Node.shape(Shape(path: path(rect, roundedEnd: end, radius: radius), fill: .solid(color)))
        guard let outline = style.outline(around: color) else { return [fill] }
        let width = min(style.borderWidth, rect.width / 2, rect.height / 2)
        let inner = rect.insetBy(width / 2)
        return [fill, .shape(Shape(path: path(inner, roundedEnd: end, radius: max(0, radius - width / 2)),
                                   stroke: outline, strokeStyle: StrokeStyle(width: width, join: .miter, cap: .butt)))]
    }

    /// Whether the segment of `series` at `category` is the last non-empty one on its side of the stack.
    static func isOutermost(_ stacks: [[StackSegment]], series k: Int, category c: Int, positive: Bool) -> Bool {
        for later in stacks.indices where later > k && c < stacks[later].count {
            let s = stacks[later][c]
            if s.height > 0 && (positive ? s.lower >= 0 : s.upper <= 0) { return false }
        }
        return true
    }


    /// A rectangle with the two corners of the `roundedEnd` edge rounded by `radius` (clamped to half the bar's
    /// thickness and to its length), each corner a quarter circle as one cubic (k = 0.5523).
    static func path(_ r: Rect, roundedEnd: RectEdge, radius: Double) -> Path {
        let thickness = roundedEnd == .minY || roundedEnd == .maxY ? r.width : r.height
        let length = roundedEnd == .minY || roundedEnd == .maxY ? r.height : r.width
        let rr = radius.isFinite ? max(0, min(radius, thickness / 2, length)) : 0
        guard rr > 0 else { return .rect(r) }
        // Corners clockwise from top-left, each with its radius.
        let tl = roundedEnd == .minY || roundedEnd == .minX ? rr : 0
        let tr = roundedEnd == .minY || roundedEnd == .maxX ? rr : 0
        let br = roundedEnd == .maxY || roundedEnd == .maxX ? rr : 0
        let bl = roundedEnd == .maxY || roundedEnd == .minX ? rr : 0
        let k = 0.5522847498307936
        var p = Path()
        p.move(to: Point(r.minX + tl, r.minY))
        p.line(to: Point(r.maxX - tr, r.minY))
        if tr > 0 {
            p.cubic(to: Point(r.maxX, r.minY + tr), control1: Point(r.maxX - tr + k * tr, r.minY),
                    control2: Point(r.maxX, r.minY + tr - k * tr))
        }
        p.line(to: Point(r.maxX, r.maxY - br))
        if br > 0 {
            p.cubic(to: Point(r.maxX - br, r.maxY), control1: Point(r.maxX, r.maxY - br + k * br),
                    control2: Point(r.maxX - br + k * br, r.maxY))
        }
        p.line(to: Point(r.minX + bl, r.maxY))
        if bl > 0 {
            p.cubic(to: Point(r.minX, r.maxY - bl), control1: Point(r.minX + bl - k * bl, r.maxY),
                    control2: Point(r.minX, r.maxY - bl + k * bl))
        }
        p.line(to: Point(r.minX, r.minY + tl))
        if tl > 0 {
            p.cubic(to: Point(r.minX + tl, r.minY), control1: Point(r.minX, r.minY + tl - k * tl),
                    control2: Point(r.minX + tl - k * tl, r.minY))
        }
        p.close()
        return p
    }

    /// The value's positions: past the bar's free end, then up to a line height further out (clear of a grid line
    /// there), then inside the bar at that end in a contrasting color when it fits; for stacked segments centered
    /// inside only (none when it does not fit the segment). `SeriesPlot.valueLabels` places the first that is free.
    static func valueLabel(_ text: String, rect: Rect, end: RectEdge, inside: Bool, color: Color,
                           ctx: LayoutContext) -> LabelPlacer.Label? {
        let size = ctx.style.tickSize
        let width = ctx.width(text, size: size)
        let a = ctx.ascent(size), d = ctx.descent(size)
        let shift = (a - d) / 2
        let fitsInside = rect.width >= width + 4 && rect.height >= a + d + 2
        let contrast = ValueBubble.luminance(color) > 0.5 ? Color(rgb: 0x1F2328) : Color.white
        if inside {
            guard fitsInside else { return nil }
            return ([TextRun(text: text, position: Point(rect.center.x, rect.center.y + shift), size: size,
                             anchor: .middle, color: contrast)], width)
        }
        /// The run `gap` px past the free end (negative: inside the bar).
        func run(gap: Double, color: Color) -> TextRun {
            switch end {
            case .minY: TextRun(text: text, position: Point(rect.center.x, rect.minY - gap - d), size: size,
                                anchor: .middle, color: color)
            case .maxY: TextRun(text: text, position: Point(rect.center.x, rect.maxY + gap + a), size: size,
                                anchor: .middle, color: color)
            case .maxX: TextRun(text: text, position: Point(rect.maxX + gap, rect.center.y + shift), size: size,
                                anchor: .start, color: color)
            case .minX: TextRun(text: text, position: Point(rect.minX - gap, rect.center.y + shift), size: size,
                                anchor: .end, color: color)
            }
        }
        let extent = end.isHorizontal ? a + d : width
        var runs = [4.0, 4 + (a + d) / 3, 4 + 2 * (a + d) / 3, 4 + a + d].map { run(gap: $0, color: ctx.theme.text) }
        if fitsInside && (end.isHorizontal ? rect.height : rect.width) >= extent + 4 {
            runs.append(run(gap: -extent - 2, color: contrast))
        }
        return (runs, width)
    }
}
