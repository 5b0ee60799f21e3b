import ChartScene
import ChartSpec

/// The marks of one scatter series: a dot per point, or with sizes (the points' third element) a bubble whose
/// *area* is proportional to the size, so a size twice as large looks twice as large.
enum ScatterMarks {
    /// The largest bubble radius, in CSS px (the largest size in the chart gets it).
    static let maxRadius = 24.0
    /// The smallest drawn radius, so a zero-size bubble still shows where it is.
    static let minRadius = 1.5
    /// Points of one series drawn as individual `.point` groups with tooltips; beyond this the dots are one shape.
    static let maxPointMarks = SeriesMarks.maxPointMarks
    /// The most dots drawn for one series; larger series are sampled evenly.
    static let maxDots = 20_000

    /// The largest finite size over all series, or nil when no series has sizes.
    static func largestSize(_ spec: ChartSpec) -> Double? {
        var largest: Double?
        for s in spec.series {
            for size in s.sizes where size.isFinite { largest = max(largest ?? 0, size) }
        }
        return largest
    }

    /// How far the marks of `ctx.spec` reach beyond their points: the largest bubble and half its 1 px outline, or
    /// the largest dot.
    static func reach(_ ctx: LayoutContext) -> Double {
        if largestSize(ctx.spec) != nil { return maxRadius + 0.5 }
        return ctx.spec.series.reduce(0) { max($0, ctx.dotRadius(lineWidth: $1.lineWidth)) }
    }

    /// The radius for `size` when `largest` gets `maxRadius`: r = maxRadius·√(size / largest).
    static func radius(size: Double, largest: Double) -> Double {
        guard largest > 0, size.isFinite, size > 0 else { return minRadius }
        return max(minRadius, maxRadius * min(size / largest, 1).squareRoot())
    }

    static func build(_ data: SeriesData, ctx: LayoutContext, x: (Double) -> Double, y: (Double) -> Double,
                      plot: Rect, largestSize: Double?, label: (Int) -> String, formatter: TickFormatter)
        -> SeriesMarks {
        let k = data.index
        let series = data.series
        let color = ctx.seriesColor(k)
        let name = ctx.seriesName(k)
        let lineWidth = series.lineWidth
        let visible = plot.insetBy(-0.5)
        let indices = data.runs.flatMap { $0 }
        let stride = max(1, (indices.count + maxDots - 1) / maxDots)
        let grouped = indices.count <= maxPointMarks
        let bubbles = largestSize != nil && series.sizes.count == series.points.count
        let fill: Paint = .solid(bubbles ? color.withOpacity(0.6) : color)
        let stroke: Paint? = bubbles ? .solid(color) : nil
        var children: [Node] = []
        var bulk = Path()
        var progress: [(index: Int, progress: Double)] = []
        let last = Double(max(1, indices.count - 1))
        for n in Swift.stride(from: 0, to: indices.count, by: stride) {
            let i = indices[n]
            guard let value = series.points[i].y else { continue }
            let center = Point(x(series.points[i].x), y(value))
            guard visible.contains(center) else { continue }
            let r = bubbles ? radius(size: series.sizes[i], largest: largestSize ?? 0)
                : ctx.dotRadius(lineWidth: lineWidth)
            let circle = Path.circle(center: center, radius: ctx.markRadius(r, at: center))
            guard grouped else {
                bulk.append(contentsOf: circle)
                continue
            }
            let t = Double(n) / last
            progress.append((i, t))
            let tooltip = ctx.tooltip("\(name) · \(label(i)): \(formatter.string(value))"
                + (bubbles ? " (size \(TickFormatter().string(series.sizes[i])))" : ""))
            children.append(.group(Group(role: .point(series: k, index: i, progress: t), tooltip: tooltip, children: [
                .shape(Shape(path: circle, fill: fill, stroke: stroke, strokeStyle: StrokeStyle(width: 1))),
            ])))
        }
        if !bulk.isEmpty { children.append(.shape(Shape(path: bulk, fill: fill))) }
        return SeriesMarks(area: nil, node: .group(Group(role: .series(k), children: children)), progress: progress,
                           decimated: !grouped)
    }
}
