import ChartScene
import ChartSpec

/// Lays out ring gauges: one ring per series, side by side in equal cells below the title, each a gray track
/// circle with a colored arc from twelve o'clock clockwise (round caps) and its value centered inside, sized to
/// the hole; the series name is written under its ring. With `axes: false` the rings fill the canvas without
/// padding, title or names.
///
/// A ring shows its series' last non-null value as a share of a full turn; negative is empty. Above 1 (an overdue
/// goal) it is a full circle labelled 100 %, or with `ring.overflow: "show"` the value itself (130 %) drawn as a
/// second lap over the first, whose round end casts a shadow on the lap below, as activity rings do.
///
/// Scene: per ring a `.ring` group (with the tooltip) holding its track and, above zero, its `.ringArc`; the center
/// texts are `.ringLabel` groups, the row layout's names `.legendItem` groups.
struct RingChartLayout {
    let ctx: LayoutContext

    /// The smallest center text; below this the label is left out.
    static let minLabelSize = 6.0
    /// Space between neighbouring rings and between a ring and its name.
    static let gap = 8.0
    /// The shadow of a last lap's end: how far past the end it reaches, as a share of the stroke width, and its
    /// color (the end looks lifted off the lap below).
    static let lapShadowReach = 0.3, lapShadow = Color(rgb: 0x000000).withOpacity(0.45)

    init(spec: ChartSpec, metrics: any TextMeasuring, interactive: Bool = true, animated: Bool = true) {
        ctx = LayoutContext(spec: spec, metrics: metrics, interactive: interactive, animated: animated)
    }

    var spec: ChartSpec { ctx.spec }

    /// The value a ring shows: the series' last finite value (earlier ones are history), or nil when it has none.
    static func value(of series: Series) -> Double? {
        shownIndex(of: series).flatMap { series.points[$0].y }
    }

    /// The index of the value a ring shows, or nil when its series has none.
    static func shownIndex(of series: Series) -> Int? {
        series.points.lastIndex { $0.y?.isFinite ?? false }
    }

    func scene() -> Scene {
        let header = ChartHeader.unframed(ctx: ctx)
        var nodes = header.nodes
        var summary: [String] = []
        var labels: [String?] = []
        for k in spec.series.indices {
            let label = labelText(k, value: Self.value(of: spec.series[k]))
            labels.append(label)
            summary.append("\(ctx.seriesName(k)) \(label ?? "no data")")
        }
        switch spec.ring.layout {
        case .row: nodes += rowNodes(top: header.top, pad: header.padding, labels: labels)
        case .concentric: nodes += concentricNodes(top: header.top, pad: header.padding, labels: labels)
        }
        let description = spec.series.isEmpty ? "Ring gauge with no data"
            : "Ring gauge: " + summary.prefix(10).joined(separator: ", ") + (summary.count > 10 ? ", …" : "")
        return ctx.scene(kind: "Ring gauge", description: description, nodes: nodes)
    }

    /// The largest outer radius for a ring in a space `side` px across: the arc's control points reach past its
    /// circle and must stay on the canvas (within the padding `pad`).
    static func outerRadius(side: Double, pad: Double) -> Double {
        let half = max(0, side / 2)
        return min(half, (half + pad) / LayoutContext.arcControlReach)
    }

    /// Rings side by side in equal cells, names below; in reading order (from the right in a right-to-left chart).
    func rowNodes(top: Double, pad: Double, labels: [String?]) -> [Node] {
        let canvas = ctx.canvas
        let captionSize = ctx.style.legendSize
        let showNames = spec.axes && spec.series.contains { !($0.name ?? "").isEmpty }
        let captionHeight = showNames ? ctx.lineHeight(captionSize) + Self.gap / 2 : 0
        let area = Rect(x: canvas.minX + pad, y: top, width: max(0, canvas.width - 2 * pad),
                        height: max(0, canvas.maxY - pad - top - captionHeight))
        let cellWidth = area.width / Double(max(1, spec.series.count))
        let gap = spec.axes ? Self.gap : 0
        var nodes: [Node] = []
        for (k, series) in spec.series.enumerated() {
            // Right to left, series 0 takes the rightmost cell: the row is read from the right. (The arcs themselves
            // keep sweeping clockwise, as a gauge does in every script.)
            let slot = ctx.headerIsRightToLeft ? spec.series.count - 1 - k : k
            let cell = Rect(x: area.minX + Double(slot) * cellWidth, y: area.minY, width: cellWidth,
                            height: area.height)
            let outer = Self.outerRadius(side: min(cell.width - gap, cell.height), pad: pad)
            guard outer >= 2 else { continue }
            let ring = Ring(center: cell.center, outer: outer, width: Self.strokeWidth(outer, spec.ring.thickness))
            nodes.append(contentsOf: ringNodes(k, ring: ring, value: Self.value(of: series), label: labels[k]))
            if let label = labels[k], let run = centeredLabels([(label, ctx.theme.text)], center: ring.center,
                                                               hole: ring.hole).first {
                nodes.append(.group(Group(role: .ringLabel(k), children: [.text(run)])))
            }
            if showNames, let name = series.name, !name.isEmpty {
                let text = ctx.ellipsized(name, maxWidth: cellWidth - gap, size: captionSize)
                let run = TextRun(text: text, position: Point(ring.center.x, ring.center.y + outer + Self.gap / 2
                                      + ctx.ascent(captionSize)),
                                  size: captionSize, anchor: .middle, color: ctx.theme.secondaryText)
                if let placed = ctx.placed(run) {
                    nodes.append(.group(Group(role: .legendItem(series: k), children: [.text(placed)])))
                }
            }
        }
        return nodes
    }

    /// Nested rings, series 0 outermost, a fifth of a stroke apart; the stroke narrows so the innermost hole keeps
    /// at least 15 % of the radius. The center texts are stacked in the hole in their rings' colors; a legend
    /// (on by default) names the rings.
    func concentricNodes(top: Double, pad: Double, labels: [String?]) -> [Node] {
        let canvas = ctx.canvas
        var nodes: [Node] = []
        var top = top
        if spec.axes, spec.legend ?? (spec.series.count > 1), !spec.series.isEmpty {
            let items = spec.series.indices.map { k in
                (text: ctx.seriesName(k), swatch: Legend.Swatch.block(arcColor(k)))
            }
            let legend = Legend.make(ctx: ctx, width: canvas.width - 2 * pad, items: items)
            if top + legend.height + 4 + 16 <= canvas.maxY - pad {
                nodes.append(legend.node(top: top, ctx: ctx))
                top += legend.height + 4
            }
        }
        let area = Rect(x: canvas.minX + pad, y: top, width: max(0, canvas.width - 2 * pad),
                        height: max(0, canvas.maxY - pad - top))
        let outer = Self.outerRadius(side: min(area.width, area.height), pad: pad)
        let n = Double(max(1, spec.series.count))
        // n strokes and n − 1 gaps of 0.2 strokes fill at most 85 % of the radius.
        let width = min(Self.strokeWidth(outer, spec.ring.thickness), 0.85 * outer / (n + 0.2 * (n - 1)))
        guard outer >= 2, width > 0 else { return nodes }
        var stacked: [(k: Int, text: String, color: Color)] = []
        for (k, series) in spec.series.enumerated() {
            let ring = Ring(center: area.center, outer: outer - Double(k) * width * 1.2, width: width)
            nodes.append(contentsOf: ringNodes(k, ring: ring, value: Self.value(of: series), label: labels[k]))
            if let label = labels[k] { stacked.append((k, label, arcColor(k))) }
        }
        let hole = outer - n * width - (n - 1) * width * 0.2
        let runs = centeredLabels(stacked.map { ($0.text, $0.color) }, center: area.center, hole: hole)
        for (entry, run) in zip(stacked, runs) {
            nodes.append(.group(Group(role: .ringLabel(entry.k), children: [.text(run)])))
        }
        return nodes
    }

    /// One ring's geometry: the stroke is centered on `radius`, so it spans `outer − width … outer`.
    struct Ring {
        var center: Point
        var outer: Double
        var width: Double
        var radius: Double { outer - width / 2 }
        /// The free disc inside the stroke.
        var hole: Double { outer - width }
    }

    /// The stroke width of a ring: `thickness` (clamped to the spec's limits) of its outer radius, at least 1 px.
    static func strokeWidth(_ outer: Double, _ thickness: Double) -> Double {
        let share = thickness.isFinite ? min(max(thickness, 0.02), 0.5) : 0.2
        return max(1, outer * share)
    }

    /// The share of a full turn a ring draws for `value`: 0…1, or above 1 as it is with `overflow: .show`.
    func drawnFraction(_ value: Double?) -> Double {
        let value = value ?? 0
        return spec.ring.overflow == .show ? max(0, value) : min(max(value, 0), 1)
    }

    /// The arc color of ring `k` at its value: the threshold's, else the series color.
    func arcColor(_ k: Int) -> Color {
        spec.ring.thresholdColor(for: Self.value(of: spec.series[k]) ?? 0) ?? ctx.seriesColor(k)
    }

    /// Ring `k` as one `.ring` group: its track and (above zero) its arc, with the tooltip (`label`, or the
    /// percentage), so hovering an empty ring names it too.
    func ringNodes(_ k: Int, ring: Ring, value: Double?, label: String?) -> [Node] {
        let track = spec.ring.track ?? ctx.theme.grid
        var nodes: [Node] = [
            .shape(Shape(path: .circle(center: ring.center, radius: ring.radius), stroke: .solid(track),
                         strokeStyle: StrokeStyle(width: ring.width))),
        ]
        let fraction = drawnFraction(value)
        let arcs = arcShapes(ring, fraction: fraction, color: arcColor(k))
        if !arcs.isEmpty {
            nodes.append(.group(Group(role: .ringArc(index: k, fraction: fraction), children: arcs)))
        }
        let mark = ArcMark(sector: Sector(center: ring.center, innerRadius: ring.hole, outerRadius: ring.outer,
                                          startAngle: 0, endAngle: 360 * fraction),
                           name: ctx.seriesName(k), value: value, fraction: fraction,
                           datum: Self.shownIndex(of: spec.series[k]))
        let tooltip = ctx.tooltip("\(ctx.seriesName(k)): \(label ?? percent(fraction))")
        return [.group(Group(role: .ring(k, mark), tooltip: tooltip, children: nodes))]
    }

    /// The stroked shapes of an arc of `fraction` turns: none for 0; one arc up to a full turn (closed when full);
    /// above 1 the first lap, a full turn, then the last lap (`Role.lastLap(ofRing:)`) over it, preceded by its
    /// shadow: the same arc turned forward by `lapShadowReach` of the width, so only its end shows past the lap's.
    func arcShapes(_ ring: Ring, fraction: Double, color: Color) -> [Node] {
        func arc(_ from: Double, _ to: Double, _ paint: Color, open: Bool = false) -> Node {
            .shape(Shape(path: ArcGeometry.ringArc(center: ring.center, radius: ring.radius, from: from, to: to,
                                                   openFullTurn: open),
                         stroke: .solid(paint), strokeStyle: StrokeStyle(width: ring.width, cap: .round)))
        }
        guard fraction > 0 else { return [] }
        let last = Role.lastLap(ofRing: fraction)
        guard last > 0 else { return [arc(0, 360 * fraction, color)] }
        // The shadow's turn in degrees: an arc length of reach × width on the ring's radius.
        let shift = Self.lapShadowReach * ring.width / ring.radius * 180 / .pi
        return [arc(0, 360, color), arc(shift, 360 * last + shift, Self.lapShadow, open: true),
                arc(0, 360 * last, color, open: true)]
    }

    /// The center text of ring `k`: its custom label, the percentage, the name, or nil (`label: "none"`).
    func labelText(_ k: Int, value: Double?) -> String? {
        if k < spec.ring.labels.count, !spec.ring.labels[k].isEmpty { return spec.ring.labels[k] }
        switch spec.ring.label {
        case .percent: return value.map { percent(drawnFraction($0)) } ?? "–"
        case .name: return ctx.seriesName(k)
        case .none: return nil
        }
    }

    /// "62%" for 0.62.
    func percent(_ fraction: Double) -> String {
        ctx.formatter(.percent(0)).string(fraction)
    }

    /// Lines of bold text stacked and centered in a hole of radius `hole`: one line up to 0.55 of the hole's
    /// radius tall, several up to 0.9 of it together, all shrunk until the block's box fits the hole (10 % margin).
    /// Empty when the text would be smaller than `minLabelSize`.
    func centeredLabels(_ lines: [(text: String, color: Color)], center: Point, hole: Double) -> [TextRun] {
        guard hole > 0, !lines.isEmpty else { return [] }
        var size = hole * min(0.55, 0.9 / Double(lines.count))
        let widest = lines.map { ctx.width($0.text, size: size, weight: .bold) }.max() ?? 0
        let lineHeight = ctx.lineHeight(size)
        let height = lineHeight * Double(lines.count)
        let diagonal = (widest * widest + height * height).squareRoot() / 2
        if diagonal > hole * 0.9 { size *= hole * 0.9 / diagonal }
        guard size >= Self.minLabelSize else { return [] }
        let step = ctx.lineHeight(size)
        let firstMid = center.y - step * Double(lines.count - 1) / 2
        return lines.enumerated().compactMap { n, line in
            let baseline = firstMid + Double(n) * step + (ctx.ascent(size) - ctx.descent(size)) / 2
            return ctx.placed(TextRun(text: line.text, position: Point(center.x, baseline), size: size,
                                      weight: .bold, anchor: .middle, color: line.color))
        }
    }
}
