#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChartScene
import ChartSpec

/// Lays out radar charts (`type: "radar"`): one spoke per category (the top-level `labels`, or the longest series'
/// value count), spoke i at 360·i/n degrees clockwise from twelve o'clock; a radial linear scale from the center
/// (`NiceTicks` over the values and 0, pinned by `y.min`/`y.max`) drawn as concentric polygons with the tick labels
/// up the twelve o'clock spoke; each series one closed polygon through its values (filled with its `fill`, with its
/// dots), the legend of series names on top and the spoke names outside the outer polygon.
///
/// A value outside a pinned scale is drawn at the center or on the outer polygon; a null value is skipped (the
/// polygon joins its neighbours). Per-point groups (dots or hit targets with tooltips) are `.point(series:index:)`
/// with their arc-length progress along the polygon, so the layout JSON lists them like a line's points and an
/// animation draws each outline from twelve o'clock and pops the dots as it arrives.
///
/// Scene: the `.grid` (polygons and spokes), the `.xAxis` spoke names, a `.plot` group (clipped to the square around
/// the radar, with room for the widest dot) of every `.seriesArea` and then every `.series` group (`.seriesLine` and
/// `.point`s), and last the `.yAxis` tick labels on their backdrops.
///
/// Limits: the spec layer allows `ChartSpec.Limits.radarSpokes` spokes (3…360), so a radar draws at most
/// 360 × `NiceTicks.maxTicks` grid segments and 360 points per series; spoke names are ellipsized to
/// `maxSpokeLabelWidth`.
struct RadarChartLayout {
    let ctx: LayoutContext

    /// The widest a spoke name may be before it is ellipsized, in CSS px.
    static let maxSpokeLabelWidth = 120.0
    /// The gap between the outer polygon and a spoke name.
    static let labelGap = 6.0

    init(spec: ChartSpec, metrics: any TextMeasuring, interactive: Bool = true, animated: Bool = true) {
        ctx = LayoutContext(spec: spec, metrics: metrics, interactive: interactive, animated: animated)
    }

    var spec: ChartSpec { ctx.spec }

    /// The number of spokes: the labels, or the longest series.
    var spokeCount: Int {
        max(spec.labels?.count ?? 0, spec.series.reduce(0) { max($0, $1.points.count) })
    }

    /// Spoke i's angle, degrees clockwise from twelve o'clock.
    static func angle(_ i: Int, of n: Int) -> Double { 360 * Double(i) / Double(max(n, 1)) }

    /// Spoke i's name: its label, else its 1-based number.
    func spokeName(_ i: Int) -> String {
        if let labels = spec.labels, i < labels.count, !labels[i].isEmpty { return labels[i] }
        return String(i + 1)
    }

    /// The radial scale: nice ticks over every finite value and 0 (the center is 0 unless values go below it),
    /// pinned by `y.min` and `y.max`.
    func ticks() -> NiceTicks {
        var lo = 0.0, hi = 0.0
        for series in spec.series {
            for p in series.points {
                guard let y = p.y, y.isFinite else { continue }
                lo = min(lo, y)
                hi = max(hi, y)
            }
        }
        return NiceTicks.compute(dataMin: lo, dataMax: hi, target: spec.y.tickCount, fixedMin: spec.y.min,
                                 fixedMax: spec.y.max)
    }

    func scene() -> Scene {
        let canvas = ctx.canvas, style = ctx.style
        let n = spokeCount
        let set = SeriesSet(ctx: ctx, timeCategories: nil, bands: true)
        var (nodes, top, pad) = ChartHeader.unframed(ctx: ctx)
        if spec.axes, let items = set.legend(swatch: set.lineSwatch) {
            let legend = Legend.make(ctx: ctx, width: canvas.width - 2 * pad, items: items)
            // Only a legend that leaves the radar some room; the tooltips still name the series.
            if top + legend.height + 4 + 16 <= canvas.maxY - pad {
                nodes.append(legend.node(top: top, ctx: ctx))
                top += legend.height + 4
            }
        }
        let size = style.tickSize
        let names = spec.axes ? (0..<n).map { ctx.ellipsized(spokeName($0), maxWidth: Self.maxSpokeLabelWidth,
                                                               size: size) } : []
        let widest = names.reduce(0) { max($0, ctx.width($1, size: size)) }
        let hRoom = spec.axes ? Self.labelGap + widest : 0
        let vRoom = spec.axes ? Self.labelGap + ctx.lineHeight(size) : 0
        let area = Rect(x: canvas.minX + pad, y: top, width: max(0, canvas.width - 2 * pad),
                        height: max(0, canvas.maxY - pad - top))
        let radius = max(0, min(area.width / 2 - hRoom, area.height / 2 - vRoom))
        let center = area.center
        let ticks = ticks()
        let span = ticks.domainMax - ticks.domainMin
        // A value's distance from the center, clamped to the scale (a pinned scale may not hold every value).
        func distance(_ v: Double) -> Double {
            let t = span > 0 ? (v - ticks.domainMin) / span : 0
            return radius * min(max(t.isFinite ? t : 0, 0), 1)
        }
        func point(_ i: Int, _ r: Double) -> Point {
            ArcGeometry.point(center: center, radius: r, angle: Self.angle(i, of: n))
        }
        let formatter = ctx.formatter(spec.y.format)

        if spec.axes, n >= 3, radius >= 2 {
            nodes.append(grid(ticks: ticks, distance: distance, point: point, spokes: n))
            nodes.append(.group(Group(role: .xAxis, children: names.enumerated().compactMap { i, name in
                spokeLabel(name, at: point(i, radius + Self.labelGap), angle: Self.angle(i, of: n)).map(Node.text)
            })))
        }
        if n >= 3, radius >= 2 {
            // Room for the widest dot and its ring beyond the outer polygon.
            let reach = set.lineReach + 1
            let clip = Rect(x: center.x - radius - reach, y: center.y - radius - reach, width: 2 * (radius + reach),
                            height: 2 * (radius + reach))
            var areas: [Node] = [], lines: [Node] = []
            for k in spec.series.indices {
                let (area, line) = seriesNodes(k, spokes: n, distance: distance, point: point, formatter: formatter)
                if let area { areas.append(area) }
                lines.append(line)
            }
            nodes.append(.group(Group(role: .plot, clip: clip, children: areas + lines)))
            // The scale's numbers stay readable above the series (on their backdrops).
            if spec.axes {
                nodes.append(tickLabels(ticks: ticks, distance: distance, center: center, formatter: formatter))
            }
        }
        let description = set.description(kind: "Radar chart", domain: (ticks.domainMin, ticks.domainMax),
                                          formatter: formatter)
        return ctx.scene(kind: "Radar chart", description: description, nodes: nodes)
    }

    /// The concentric polygons of the ticks (with `y.grid`, in its dash) and the spokes.
    func grid(ticks: NiceTicks, distance: (Double) -> Double, point: (Int, Double) -> Point, spokes n: Int) -> Node {
        var rings = Path(), spokes = Path()
        if spec.y.grid {
            for v in ticks.values {
                let r = distance(v)
                guard r > 0 else { continue }
                rings.move(to: point(0, r))
                for i in 1..<n { rings.line(to: point(i, r)) }
                rings.close()
            }
        }
        let outer = distance(ticks.domainMax)
        for i in 0..<n {
            spokes.move(to: point(i, 0))
            spokes.line(to: point(i, outer))
        }
        let color = Paint.solid(ctx.theme.grid)
        var children: [Node] = []
        if !rings.isEmpty {
            children.append(.shape(Shape(path: rings, stroke: color, strokeStyle: StrokeStyle(width: 1,
                                                                                            dash: spec.y.gridDash))))
        }
        children.append(.shape(Shape(path: spokes, stroke: color, strokeStyle: StrokeStyle(width: 1))))
        return .group(Group(role: .grid, children: children))
    }

    /// The tick labels up the twelve o'clock spoke, each centered on its polygon's corner over a backdrop in the
    /// background color; none at the center.
    func tickLabels(ticks: NiceTicks, distance: (Double) -> Double, center: Point, formatter: TickFormatter) -> Node {
        let size = ctx.style.tickSize
        let texts = formatter.labels(for: ticks.values)
        var children: [Node] = []
        for (v, text) in zip(ticks.values, texts) {
            let r = distance(v)
            guard r > 0 else { continue }
            let y = center.y - r
            let run = TextRun(text: text, position: Point(center.x, y + (ctx.ascent(size) - ctx.descent(size)) / 2),
                              size: size, anchor: .middle, color: ctx.theme.secondaryText)
            guard let placed = ctx.placed(run) else { continue }
            let width = ctx.width(text, size: size) + 4, height = ctx.lineHeight(size)
            let backdrop = Rect(x: placed.position.x - width / 2, y: y - height / 2, width: width, height: height)
            children.append(.shape(Shape(path: .rect(backdrop), fill: .solid(ctx.theme.background.withOpacity(0.75)))))
            children.append(.text(placed))
        }
        return .group(Group(role: .yAxis, children: children))
    }

    /// A spoke's name just outside the outer polygon at `p`: to the right of spokes on the right half, to the left on
    /// the left, centered at twelve and six o'clock; above the point on the upper half, below it on the lower.
    func spokeLabel(_ name: String, at p: Point, angle: Double) -> TextRun? {
        let size = ctx.style.tickSize
        let a = angle * .pi / 180
        let (dx, dy) = (sin(a), -cos(a))
        let anchor: TextAnchor = dx > 0.1 ? .start : dx < -0.1 ? .end : .middle
        let baseline = dy < -0.1 ? p.y - ctx.descent(size)
            : dy > 0.1 ? p.y + ctx.ascent(size) : p.y + (ctx.ascent(size) - ctx.descent(size)) / 2
        return ctx.placed(TextRun(text: name, position: Point(p.x, baseline), size: size, anchor: anchor,
                                  color: ctx.theme.text))
    }

    /// Series k's filled polygon (when it has a `fill`) and its group: the closed outline and a `.point` per drawn
    /// value (its dot, or an invisible hit target with the tooltip).
    func seriesNodes(_ k: Int, spokes n: Int, distance: (Double) -> Double, point: (Int, Double) -> Point,
                     formatter: TickFormatter) -> (area: Node?, line: Node) {
        let series = spec.series[k], color = ctx.seriesColor(k)
        var corners: [(index: Int, point: Point)] = []
        corners.reserveCapacity(min(n, series.points.count))
        for (i, p) in series.points.prefix(n).enumerated() {
            guard let y = p.y, y.isFinite else { continue }
            corners.append((i, point(i, distance(y))))
        }
        var outline = Path()
        for (m, c) in corners.enumerated() {
            if m == 0 { outline.move(to: c.point) } else { outline.line(to: c.point) }
        }
        if corners.count > 2 { outline.close() }
        // Arc-length progress of each corner along the closed outline (the closing edge counts toward the total).
        var lengths: [Double] = [], total = 0.0
        lengths.reserveCapacity(corners.count)
        for (m, c) in corners.enumerated() {
            if m > 0 { total += corners[m - 1].point.distance(to: c.point) }
            lengths.append(total)
        }
        if corners.count > 2, let first = corners.first, let last = corners.last {
            total += last.point.distance(to: first.point)
        }

        var area: Node?
        if series.fill != .none, corners.count > 2 {
            // As a line's area: a fill color with its own alpha is used as given, an opaque one gets the look's.
            let translucent = series.fillColor.map { $0.alpha < 255 } ?? false
            let opacity = series.fillOpacity ?? (translucent ? 1 : ctx.style.areaOpacity)
            area = .group(Group(role: .seriesArea(k), children: [
                .shape(Shape(path: outline, fill: .solid((series.fillColor ?? color).withOpacity(opacity)))),
            ]))
        }
        var children: [Node] = []
        if corners.count > 1 {
            let stroke = series.strokeGradient.first ?? color
            let style = StrokeStyle(width: series.lineWidth, join: .round, cap: .round, dash: series.dash)
            children.append(.group(Group(role: .seriesLine(k), children: [
                .shape(Shape(path: outline, stroke: .solid(stroke), strokeStyle: style)),
            ])))
        }
        let name = ctx.seriesName(k)
        let dotRadius = series.dot.radius ?? ctx.dotRadius(lineWidth: series.lineWidth)
        let hollow = series.dot.style == .hollow
        let ringWidth = hollow ? max(1.5, min(series.lineWidth, 3)) : 0
        for (m, c) in corners.enumerated() {
            let p = c.point
            let shape: Shape
            if series.dots || corners.count == 1 {
                let circle = Path.circle(center: p, radius: ctx.markRadius(dotRadius, at: p, slack: ringWidth / 2))
                shape = hollow && series.dots
                    ? Shape(path: circle, fill: .solid(ctx.theme.background), stroke: .solid(color),
                            strokeStyle: StrokeStyle(width: ringWidth))
                    : Shape(path: circle, fill: .solid(color))
            } else if ctx.interactive {
                shape = Shape(path: .circle(center: p, radius: ctx.markRadius(max(6, series.lineWidth * 2), at: p)),
                              fill: .solid(.transparent))
            } else {
                continue  // an invisible hit target: nothing to point at in a static image
            }
            let value = series.points[c.index].y ?? 0
            let tooltip = ctx.tooltip("\(name) · \(spokeName(c.index)): \(formatter.string(value))")
            let progress = total > 0 ? lengths[m] / total : Double(m) / Double(max(corners.count - 1, 1))
            children.append(.group(Group(role: .point(series: k, index: c.index, progress: progress),
                                         tooltip: tooltip, children: [.shape(shape)])))
        }
        return (area, .group(Group(role: .series(k), children: children)))
    }
}
