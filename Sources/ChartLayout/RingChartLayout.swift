import ChartScene
import ChartSpec
import ChartText

/// Lays out ring gauges: one ring per series, side by side in equal cells below the title, each a gray track
/// circle with a colored arc from twelve o'clock clockwise (round caps) and its value centered inside, sized to
/// the hole; the series name is written under its ring. With `axes: false` the rings fill the canvas without
/// padding, title or names.
///
/// A ring shows its series' last non-null value as a share of a full turn, clamped to 0…1 (above 1 is a full
/// circle, never a second lap; negative is empty); the centered percentage shows the value itself.
struct RingChartLayout {
    let ctx: LayoutContext

    /// The smallest center text; below this the label is left out.
    static let minLabelSize = 6.0
    /// Space between neighbouring rings and between a ring and its name.
    static let gap = 8.0

    init(spec: ChartSpec, metrics: any TextMeasuring) {
        ctx = LayoutContext(spec: spec, metrics: metrics)
    }

    var spec: ChartSpec { ctx.spec }

    /// The value a ring shows: the last finite value of series `k`, or nil when it has none.
    static func value(of series: Series) -> Double? {
        series.points.last { $0.y?.isFinite ?? false }?.y
    }

    func scene() -> Scene {
        let style = ctx.style
        let canvas = ctx.canvas
        var (nodes, top, pad) = ChartHeader.unframed(ctx: ctx)
        let captionSize = style.legendSize
        let showNames = spec.axes && spec.series.contains { !($0.name ?? "").isEmpty }
        let captionHeight = showNames ? ctx.lineHeight(captionSize) + Self.gap / 2 : 0
        let area = Rect(x: canvas.minX + pad, y: top, width: max(0, canvas.width - 2 * pad),
                        height: max(0, canvas.maxY - pad - top - captionHeight))
        let count = max(1, spec.series.count)
        let cellWidth = area.width / Double(count)
        let gap = spec.axes ? Self.gap : 0
        var summary: [String] = []
        for (k, series) in spec.series.enumerated() {
            let cell = Rect(x: area.minX + Double(k) * cellWidth, y: area.minY, width: cellWidth, height: area.height)
            // The arc's control points reach past its circle; they must stay on the canvas (within the padding).
            let half = max(0, min(cell.width - gap, cell.height) / 2)
            let outer = min(half, (half + pad) / LayoutContext.arcControlReach)
            let value = Self.value(of: series)
            let label = labelText(k, value: value)
            summary.append("\(ctx.seriesName(k)) \(label ?? "no data")")
            guard outer >= 2 else { continue }
            let ring = Ring(center: cell.center, outer: outer, thickness: spec.ring.thickness)
            nodes.append(contentsOf: ringNodes(k, ring: ring, value: value, label: label))
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
        let description = spec.series.isEmpty ? "Ring gauge with no data"
            : "Ring gauge: " + summary.prefix(10).joined(separator: ", ") + (summary.count > 10 ? ", …" : "")
        return ctx.scene(kind: "Ring gauge", description: description, nodes: nodes)
    }

    /// One ring's geometry: the stroke is centered on `radius`, so it spans `outer − width … outer`.
    struct Ring {
        var center: Point
        var outer: Double
        var width: Double
        var radius: Double { outer - width / 2 }
        /// The free disc inside the stroke.
        var hole: Double { outer - width }

        init(center: Point, outer: Double, thickness: Double) {
            self.center = center
            self.outer = outer
            let share = thickness.isFinite ? min(max(thickness, 0.02), 0.5) : 0.2
            width = max(1, outer * share)
        }
    }

    /// Track, arc and label of ring `k`.
    func ringNodes(_ k: Int, ring: Ring, value: Double?, label: String?) -> [Node] {
        let track = spec.ring.track ?? ctx.theme.grid
        var nodes: [Node] = [
            .shape(Shape(path: .circle(center: ring.center, radius: ring.radius), stroke: .solid(track),
                         strokeStyle: StrokeStyle(width: ring.width))),
        ]
        let shown = value ?? 0
        let fraction = ArcGeometry.ringEndAngle(fraction: shown) / 360
        let arc = ArcGeometry.ringArc(center: ring.center, radius: ring.radius, fraction: fraction)
        if !arc.isEmpty {
            let color = spec.ring.thresholdColor(for: shown) ?? ctx.seriesColor(k)
            let shape = Shape(path: arc, stroke: .solid(color), strokeStyle: StrokeStyle(width: ring.width,
                                                                                       cap: .round))
            nodes.append(.group(Group(role: .ringArc(index: k, fraction: fraction),
                                      tooltip: "\(ctx.seriesName(k)): \(label ?? percent(shown))",
                                      children: [.shape(shape)])))
        }
        if let label, let run = centeredLabel(label, center: ring.center, hole: ring.hole) {
            nodes.append(.group(Group(role: .ringLabel(k), children: [.text(run)])))
        }
        return nodes
    }

    /// The center text of ring `k`: its custom label, the percentage, the name, or nil (`label: "none"`).
    func labelText(_ k: Int, value: Double?) -> String? {
        if k < spec.ring.labels.count, !spec.ring.labels[k].isEmpty { return spec.ring.labels[k] }
        switch spec.ring.label {
        case .percent: return value.map(percent) ?? "–"
        case .name: return ctx.seriesName(k)
        case .none: return nil
        }
    }

    /// "62%" for 0.62; negative values show as 0 % like the ring, values above 1 as they are.
    func percent(_ value: Double) -> String {
        TickFormatter(.percent(0)).string(max(0, value))
    }

    /// `text` bold, centered in a hole of radius `hole`: half the hole's radius tall at most, and narrow enough
    /// that its box stays inside the hole; nil when it would be smaller than `minLabelSize`.
    func centeredLabel(_ text: String, center: Point, hole: Double) -> TextRun? {
        guard hole > 0 else { return nil }
        var size = hole * 0.55
        let width = ctx.width(text, size: size, weight: .bold)
        let height = ctx.lineHeight(size)
        // The box's half-diagonal must fit the hole (with a 10 % margin).
        let diagonal = (width * width + height * height).squareRoot() / 2
        if diagonal > hole * 0.9 { size *= hole * 0.9 / diagonal }
        guard size >= Self.minLabelSize else { return nil }
        let baseline = center.y + (ctx.ascent(size) - ctx.descent(size)) / 2
        let run = TextRun(text: text, position: Point(center.x, baseline), size: size, weight: .bold,
                          anchor: .middle, color: ctx.theme.text)
        return ctx.placed(run)
    }
}
