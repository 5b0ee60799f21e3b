#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChartScene
import ChartLocale
import ChartSpec

/// Lays out pie and doughnut charts: the values of the one series are the slices (clockwise from twelve
/// o'clock, in input order, named by `labels`), small slices merged into "other" (`PieAngles.slices`), a legend
/// of slice names on top, and each slice's percentage inside it when the text fits, else outside with a leader
/// line (outside labels are spread so they never overlap each other); a label that `LabelPlacer` finds less than
/// 4 px inside the canvas or over the title, the legend or another label is left out. With no positive value the
/// chart is an empty gray ring saying "No data".
///
/// Scene: one `.pie` group holding a `.slice` group per slice (its shape and tooltip), then a `.sliceLabel` group
/// per labelled slice (its percentage, and the leader line of an outside label) above them all.
///
/// Limits: at most `maxSlices` slices are drawn (the rest are merged into "other" regardless of `otherBelow`); at
/// most `maxLegendEntries` appear in the legend, which takes at most a quarter of the canvas height.
struct PieChartLayout {
    let ctx: LayoutContext

    /// The most slices drawn; beyond this the smallest are merged into "other".
    static let maxSlices = 360
    /// Room for an outside label's leader: radial part, then horizontal part.
    static let leaderRadial = 10.0, leaderHorizontal = 8.0

    init(spec: ChartSpec, metrics: any TextMeasuring, interactive: Bool = true, animated: Bool = true) {
        ctx = LayoutContext(spec: spec, metrics: metrics, interactive: interactive, animated: animated)
    }

    var spec: ChartSpec { ctx.spec }
    var isDoughnut: Bool { spec.type == .doughnut }

    /// Where the first slice starts: `pie.rotation` as degrees clockwise from twelve o'clock in [0, 360).
    var start: Double {
        let turns = (spec.pie.rotation ?? 0).truncatingRemainder(dividingBy: 360)
        return turns < 0 ? turns + 360 : turns
    }

    /// The degrees all slices sweep together (`pie.circumference`, 360 by default).
    var sweep: Double { spec.pie.circumference ?? 360 }

    /// The slices of the spec: `PieAngles.slices`, at most `maxSlices` of them.
    func slices() -> [PieSlice] {
        PieAngles.slices(spec.series.first?.points.map(\.y) ?? [], mergeBelow: spec.pie.otherBelow, start: start,
                         sweep: sweep, maxSlices: Self.maxSlices)
    }

    /// A slice's display name: its label, "Item n" (1-based) when there is none, or the "other" name.
    func name(_ slice: PieSlice) -> String {
        guard let i = slice.index else { return ctx.otherLabel }
        if let labels = spec.labels, i < labels.count, !labels[i].isEmpty { return labels[i] }
        return ctx.locale.isDefault ? "Item \(i + 1)" : ctx.locale.words.item(ctx.locale.integer(i + 1))
    }

    /// A slice's color: the series' color for its input index (`Series.colors`), else the palette color of that
    /// index; "other" is the theme's neutral gray.
    func color(_ slice: PieSlice) -> Color {
        guard let i = slice.index else { return ctx.theme.axis }
        if let colors = spec.series.first?.colors, !colors.isEmpty, i >= 0, let c = colors[i % colors.count] {
            return c
        }
        if let p = spec.palette, !p.isEmpty { return Palette(p).color(at: i) }
        return ctx.theme.palette.color(at: i)
    }

    /// The stroke around every slice: the series' `borderColor` (default: the background) and `borderWidth` when
    /// it gives either, else a 1 px line in the background color between slices (none around a lone slice).
    func outline(sliceCount: Int) -> (paint: Paint, width: Double) {
        let background = Paint.solid(ctx.theme.background)
        guard let series = spec.series.first, series.borderColor != nil || series.borderWidth != nil else {
            return (background, sliceCount > 1 ? 1 : 0)
        }
        return (series.borderColor.map { .solid($0) } ?? background, MarkStyle.borderWidth(series))
    }

    /// The slices' percentages as texts, "17%", adding up to 100 % (`WholePercents`); "<1%" for a slice that gets 0.
    /// In another locale, its digits and percent affixes ("17 %", "%17", "١٧٪").
    static func percents(_ slices: [PieSlice], locale: ChartLocale = .english) -> [String] {
        WholePercents.of(slices.map(\.fraction)).map { percent($0, locale: locale) }
    }

    /// One whole percentage: "17%", or "<1%" for 0.
    static func percent(_ whole: Int, locale: ChartLocale) -> String {
        if locale.isDefault { return whole == 0 ? "<1%" : "\(whole)%" }
        let text = locale.numbers.percent(locale.integer(max(whole, 1)))
        return whole == 0 ? "<" + text : text
    }

    /// The texts on the slices: their percentages, or with `pie.sliceValues` their values formatted like the y axis.
    func sliceTexts(_ slices: [PieSlice], percents: [String]) -> [String] {
        guard spec.pie.sliceValues ?? false else { return percents }
        let formatter = ctx.formatter(spec.y.format)
        return slices.map { formatter.string($0.value) }
    }

    func scene() -> Scene {
        let style = ctx.style
        let canvas = ctx.canvas
        let slices = slices()
        let percents = Self.percents(slices, locale: ctx.locale)
        var (nodes, top, pad) = ChartHeader.unframed(ctx: ctx)
        var rest = canvas  // what a legend below or beside the pie leaves for it
        if spec.axes {
            if spec.legend ?? true, !slices.isEmpty {
                let items = slices.map { (text: name($0), swatch: Legend.Swatch.block(color($0))) }
                if let position = spec.legendPosition, position != .top {
                    let legend = LegendPlacement.place(items, at: position, top: top, ctx: ctx)
                    if let node = legend.node { nodes.append(node) }
                    rest = legend.canvas
                } else {
                    let legend = Legend.make(ctx: ctx, width: canvas.width - 2 * pad, items: items)
                    // Only a legend that leaves the pie some room; the tooltips still name the slices.
                    if top + legend.height + 4 + 16 <= canvas.maxY - pad {
                        nodes.append(legend.node(top: top, ctx: ctx))
                        top += legend.height + 4
                    }
                }
            }
        }
        let labelSize = style.tickSize
        let showLabels = spec.pie.percentages && spec.axes
        let texts = sliceTexts(slices, percents: percents)
        // Room around the pie for outside labels ("100%" is the widest percentage).
        let widest = spec.pie.sliceValues ?? false ? texts.map { ctx.width($0, size: labelSize) }.max() ?? 0
            : ctx.width(Self.percent(100, locale: ctx.locale), size: labelSize)
        let hRoom = showLabels ? Self.leaderRadial + Self.leaderHorizontal + 3 + widest : 0
        let vRoom = showLabels ? Self.leaderRadial + ctx.lineHeight(labelSize) : 0
        let area = Rect(x: rest.minX + pad, y: top, width: max(0, rest.width - 2 * pad),
                        height: max(0, rest.maxY - pad - top))
        let innerShare = min(max(spec.pie.innerRadius ?? (isDoughnut ? 0.6 : 0), 0), 0.9)
        // A partial disc is sized and centered by its own bounding box (a half gauge is twice as wide as tall); the
        // empty ring is always whole. For a whole disc the box is [−1, 1]² and this is the plain centered circle.
        let box = PieFootprint(start: start, sweep: slices.isEmpty ? 360 : sweep, innerShare: innerShare)
        // The arcs' control points reach past the circle; they must stay on the canvas (within the padding).
        let halfWidth: Double = (area.width / 2 - hRoom) * (2 / box.width)
        let halfHeight: Double = (area.height / 2 - vRoom) * (2 / box.height)
        let half = min(halfWidth, halfHeight)
        let radius = max(0, min(half, (half + pad) / LayoutContext.arcControlReach))
        let center = Point(area.center.x - box.mid.x * radius, area.center.y - box.mid.y * radius)
        let inner = radius * innerShare
        let geometry = Geometry(center: center, outer: radius, inner: inner, area: area)

        if slices.isEmpty {
            nodes.append(contentsOf: emptyRing(geometry))
        } else if radius >= 2 {
            var outside: [OutsideLabel] = []
            var sliceGroups: [Node] = []
            // Labels are kept apart from their slices, above all of them: an animation sweeps the slices and then
            // fades the labels in, and an outside label's leader must not be painted over by the next slice.
            var labelNodes: [[Node]] = Array(repeating: [], count: slices.count)
            let formatter = ctx.formatter(spec.y.format)
            let tooltips = zip(slices, percents).map {
                ctx.tooltip("\(name($0)): \(formatter.string($0.value)) (\($1))")
            }
            let outline = outline(sliceCount: slices.count)
            for (n, slice) in slices.enumerated() {
                let path = ArcGeometry.slice(center: center, outerRadius: radius, innerRadius: inner,
                                             from: slice.startAngle, to: slice.endAngle)
                let shape = Shape(path: path, fill: .solid(color(slice)), stroke: outline.paint,
                                  strokeStyle: StrokeStyle(width: outline.width, join: .round))
                let mark = ArcMark(sector: Sector(center: center, innerRadius: inner, outerRadius: radius,
                                                  startAngle: slice.startAngle, endAngle: slice.endAngle),
                                   name: name(slice), value: slice.value, fraction: slice.fraction, datum: slice.index)
                sliceGroups.append(.group(Group(role: .slice(n, mark), tooltip: tooltips[n],
                                                children: [.shape(shape)])))
                if showLabels {
                    let text = texts[n]
                    if let run = insideLabel(text, slice: slice, geometry: geometry, size: labelSize) {
                        labelNodes[n].append(.text(run))
                    } else {
                        let mid = (slice.startAngle + slice.endAngle) / 2
                        outside.append(OutsideLabel(slice: n, text: text, angle: mid, fraction: slice.fraction))
                    }
                }
            }
            for (n, label) in placeOutside(outside, geometry: geometry, size: labelSize) {
                labelNodes[n].append(contentsOf: label)
            }
            let disc = Sector(center: center, innerRadius: inner, outerRadius: radius, startAngle: start,
                              endAngle: start + sweep)
            // Every label (with its leader) goes through the one placement check: 4 px inside the canvas, clear of the
            // title, the legend and the labels before it, or left out.
            var placer = LabelPlacer(canvas: canvas)
            placer.addObstacles(in: nodes, metrics: ctx.metrics)
            nodes.append(.group(Group(role: .pie(disc), children: sliceGroups)))
            for (n, label) in labelNodes.enumerated() where !label.isEmpty {
                guard let run = label.lazy.compactMap({ if case .text(let t) = $0 { t } else { nil } }).first,
                      placer.place(([run], ctx.width(run.text, size: run.size)), metrics: ctx.metrics) != nil
                else { continue }
                // The slice's tooltip again, so hovering its label says what hovering the slice says.
                nodes.append(.group(Group(role: .sliceLabel(n), tooltip: tooltips[n], children: label)))
            }
        }

        let kind = isDoughnut ? "Doughnut chart" : "Pie chart"
        let formatter = ctx.formatter(spec.y.format)
        let parts = zip(slices, percents).prefix(10).map { "\(name($0)) \(formatter.string($0.value)) (\($1))" }
        let description = slices.isEmpty ? "\(kind) with no data"
            : "\(kind): " + parts.joined(separator: ", ") + (slices.count > 10 ? ", …" : "")
        return ctx.scene(kind: kind, description: description, nodes: nodes)
    }

    struct Geometry {
        var center: Point
        var outer: Double
        var inner: Double
        /// The space below the title and legend that labels may use.
        var area: Rect
    }

    /// The gray ring and "No data" shown when no value is positive.
    func emptyRing(_ g: Geometry) -> [Node] {
        guard g.outer >= 2 else { return [] }
        let width = g.inner > 0 ? g.outer - g.inner : max(1, g.outer * 0.2)
        var nodes: [Node] = [
            .shape(Shape(path: .circle(center: g.center, radius: g.outer - width / 2), stroke: .solid(ctx.theme.grid),
                         strokeStyle: StrokeStyle(width: width))),
        ]
        let size = ctx.style.legendSize
        let run = TextRun(text: ctx.locale.words.noData, position: Point(g.center.x, g.center.y + (ctx.ascent(size)
                              - ctx.descent(size)) / 2),
                          size: size, anchor: .middle, color: ctx.theme.secondaryText)
        if ctx.width(run.text, size: size) < 2 * (g.outer - width), let placed = ctx.placed(run) {
            nodes.append(.text(placed))
        }
        return nodes
    }

    /// The percentage centered in the middle of the slice's band, or nil when its box would leave the slice.
    func insideLabel(_ text: String, slice: PieSlice, geometry g: Geometry, size: Double) -> TextRun? {
        let mid = (slice.startAngle + slice.endAngle) / 2
        let r = g.inner > 0 ? (g.inner + g.outer) / 2 : g.outer * 0.62
        // A lone pie slice (the whole disc) is labelled in its center.
        let whole = slice.endAngle - slice.startAngle >= 360 && g.inner == 0
        let p = whole ? g.center : ArcGeometry.point(center: g.center, radius: r, angle: mid)
        let fill = color(slice)
        // Dark text on light slices, white on dark ones (relative luminance, ITU-R BT.709 weights).
        let luminance = (0.2126 * Double(fill.red) + 0.7152 * Double(fill.green) + 0.0722 * Double(fill.blue)) / 255
        let run = TextRun(text: text, position: Point(p.x, p.y + (ctx.ascent(size) - ctx.descent(size)) / 2),
                          size: size, weight: .bold, anchor: .middle,
                          color: luminance > 0.6 ? Color(rgb: 0x1F2328) : .white)
        let margin = 2.0
        let sweep = slice.endAngle - slice.startAngle
        for corner in TextBox(run, metrics: ctx.metrics).corners {
            let dx = corner.x - g.center.x, dy = corner.y - g.center.y
            let distance = (dx * dx + dy * dy).squareRoot()
            guard distance <= g.outer - margin, distance >= g.inner + margin || g.inner == 0 else { return nil }
            guard sweep < 360 else { continue }
            // The corner's angle clockwise from twelve o'clock, relative to the slice start.
            var angle = atan2(dx, -dy) * 180 / .pi - slice.startAngle
            angle = angle.truncatingRemainder(dividingBy: 360)
            if angle < 0 { angle += 360 }
            guard angle <= sweep else { return nil }
        }
        return ctx.placed(run)
    }

    struct OutsideLabel {
        var slice: Int
        var text: String
        /// Mid angle of the slice, degrees clockwise from twelve o'clock.
        var angle: Double
        var fraction: Double
    }

    /// Outside labels with their leader lines, by slice position. A label stands beside its leader's elbow when
    /// that keeps it off the pie (near twelve and six o'clock), else in a column beside the pie on its slice's
    /// side; each side is spread vertically by `spread`. When a side cannot hold them all, the labels of the
    /// smallest slices are left out (their tooltips still give the share).
    func placeOutside(_ labels: [OutsideLabel], geometry g: Geometry, size: Double) -> [(Int, [Node])] {
        let lineHeight = ctx.lineHeight(size) + 2
        let canvas = ctx.canvas
        let minY = g.area.minY + ctx.ascent(size), maxY = g.area.maxY - ctx.descent(size)
        let capacity = maxY >= minY ? Int((maxY - minY) / lineHeight) + 1 : 0
        var out: [(Int, [Node])] = []
        for right in [true, false] {
            var side = labels.filter { (sin($0.angle * .pi / 180) >= 0) == right }
            if side.count > capacity {
                side = Array(side.sorted { $0.fraction > $1.fraction }.prefix(capacity))
            }
            var placed = side.map { label in
                (label: label, elbow: ArcGeometry.point(center: g.center, radius: g.outer + Self.leaderRadial,
                                                        angle: label.angle))
            }
            placed.sort { $0.elbow.y < $1.elbow.y }
            let ys = Self.spread(placed.map(\.elbow.y), gap: lineHeight, within: minY...maxY)
            let direction = right ? 1.0 : -1.0
            let columnX = g.center.x + direction * (g.outer + Self.leaderRadial + Self.leaderHorizontal)
            for (i, entry) in placed.enumerated() {
                let rim = ArcGeometry.point(center: g.center, radius: g.outer, angle: entry.label.angle)
                func label(at x: Double) -> (end: Point, run: TextRun) {
                    let run = TextRun(text: entry.label.text,
                                      position: Point(x + direction * 3, ys[i] + (ctx.ascent(size)
                                          - ctx.descent(size)) / 2),
                                      size: size, anchor: right ? .start : .end, color: ctx.theme.text)
                    return (Point(x, ys[i]), run)
                }
                // Right beside the elbow when that keeps the text off the pie (near twelve and six o'clock),
                // else in the column.
                var (end, run) = label(at: entry.elbow.x + direction * Self.leaderHorizontal)
                let box = TextBox(run, metrics: ctx.metrics).bounds
                let nearest = Point(min(max(g.center.x, box.minX), box.maxX), min(max(g.center.y, box.minY), box.maxY))
                if nearest.distance(to: g.center) < g.outer + 2 { (end, run) = label(at: columnX) }
                guard TextBox(run, metrics: ctx.metrics).isInside(canvas), canvas.contains(entry.elbow),
                      canvas.contains(end) else { continue }
                let leader = Shape(path: Path([.move(rim), .line(entry.elbow), .line(end)]),
                                   stroke: .solid(ctx.theme.secondaryText),
                                   strokeStyle: StrokeStyle(width: 1, join: .round, cap: .butt))
                out.append((entry.label.slice, [.shape(leader), .text(run)]))
            }
        }
        return out
    }

    /// Positions for labels wanting to sit at `desired` (ascending), at least `gap` apart and inside `range`, each
    /// as close to its wish as the others allow: overlapping neighbours are merged into blocks centered on the mean
    /// of their wishes (the classic 1-D label placement by block merging), then blocks are clamped to the range.
    static func spread(_ desired: [Double], gap: Double, within range: ClosedRange<Double>) -> [Double] {
        var blocks: [(first: Int, count: Int, top: Double, wishes: Double)] = []
        func clampedTop(_ top: Double, _ count: Int) -> Double {
            max(range.lowerBound, min(top, range.upperBound - Double(count - 1) * gap))
        }
        for (i, y) in desired.enumerated() {
            blocks.append((i, 1, clampedTop(y, 1), y))
            while blocks.count > 1, let last = blocks.last, let previous = blocks.dropLast().last,
                  last.top < previous.top + Double(previous.count) * gap {
                let count = previous.count + last.count
                let wishes = previous.wishes + last.wishes
                // The block's mean wish is its middle label's position.
                let top = wishes / Double(count) - Double(count - 1) * gap / 2
                blocks.removeLast(2)
                blocks.append((previous.first, count, clampedTop(top, count), wishes))
            }
        }
        var ys: [Double] = []
        for block in blocks {
            for k in 0..<block.count { ys.append(block.top + Double(k) * gap) }
        }
        return ys
    }
}
