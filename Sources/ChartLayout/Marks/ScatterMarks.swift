import ChartScene
import ChartSpec

/// The marks of one scatter series: a dot per point, or with sizes (the points' third element) a bubble whose
/// *area* is proportional to the size, so a size twice as large looks twice as large — or, with `sizeMode:
/// "radius"`, whose radius is the size in CSS px. Dots and bubbles take their point's color (`Series.colors`) and
/// the series' outline.
enum ScatterMarks {
    /// The largest bubble radius, in CSS px (the largest size in the chart gets it).
    static let maxRadius = 24.0
    /// The smallest drawn radius, so a zero-size bubble still shows where it is.
    static let minRadius = 1.5
    /// Points of one series drawn as individual `.point` groups with tooltips; beyond this the dots are one shape.
    static let maxPointMarks = SeriesMarks.maxPointMarks
    /// The most dots drawn for one series; larger series are sampled evenly.
    static let maxDots = 20_000

    /// The largest finite size over all series scaled to `maxRadius`, or nil when no such series has sizes.
    static func largestSize(_ spec: ChartSpec) -> Double? {
        var largest: Double?
        for s in spec.series where s.sizeMode != .radius {
            for size in s.sizes where size.isFinite { largest = max(largest ?? 0, size) }
        }
        return largest
    }

    /// How far the marks of `ctx.spec` reach beyond their points: the largest bubble and half its outline (1 px
    /// unless `borderWidth` says), or the largest dot (and half its outline).
    static func reach(_ ctx: LayoutContext) -> Double {
        let spec = ctx.spec
        let scaled = largestSize(spec) != nil
        var reach = scaled ? maxRadius + 0.5 : 0
        for s in spec.series {
            let outline = MarkStyle.borderWidth(s) / 2
            let largest = s.sizes.isEmpty ? dotRadius(s, ctx: ctx)
                : s.sizeMode == .radius ? s.sizes.max() ?? 0 : maxRadius
            reach = max(reach, largest + (s.sizes.isEmpty && outline == 0 ? 0 : max(0.5, outline)))
        }
        return reach
    }

    /// The radius of a plain dot: the series' `dots.radius`, else the line width's dot radius.
    static func dotRadius(_ series: Series, ctx: LayoutContext) -> Double {
        series.dot.radius ?? ctx.dotRadius(lineWidth: series.lineWidth)
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
        let style = MarkStyle(series, index: k, ctx: ctx)
        let name = ctx.seriesName(k)
        let shape = series.dot.shape ?? .circle
        let visible = plot.insetBy(-0.5)
        let indices = data.runs.flatMap { $0 }
        let stride = max(1, (indices.count + maxDots - 1) / maxDots)
        let grouped = indices.count <= maxPointMarks
        let bubbles = (largestSize != nil || series.sizeMode == .radius) && series.sizes.count == series.points.count
        let crosses = DotPath.isStrokeOnly(shape)
        let strokeStyle = StrokeStyle(width: style.borderWidth > 0 ? style.borderWidth : crosses ? 1.5 : 1,
                                      cap: crosses ? .butt : .round)
        /// A mark of `color`: filled (bubbles translucent) with its outline, or a stroked cross. `outlined` false
        /// leaves out the outline of a fill (the bulk of a large series).
        func mark(_ path: Path, _ color: Color, outlined: Bool = true) -> Shape {
            if crosses {
                return Shape(path: path, stroke: .solid(style.borderColor ?? color), strokeStyle: strokeStyle)
            }
            let outline = outlined ? style.outline(around: color) ?? (bubbles ? .solid(color) : nil) : nil
            return Shape(path: path, fill: .solid(bubbles ? color.withOpacity(0.6) : color), stroke: outline,
                         strokeStyle: strokeStyle)
        }
        var children: [Node] = []
        // Dots too many for groups are one shape per run of equal colors.
        var bulk = Path(), bulkColor = style.color
        if !grouped && style.colors.isEmpty {
            // One color: the bulk is one path of every drawn dot (a circle, the largest dot, is 6 elements), reserved
            // at once rather than copied a doubling at a time (160,000 bubbles: 54 MB of elements, copied twice).
            bulk.reserveCapacity((indices.count + stride - 1) / stride * Path.circleElements)
        }
        var progress: [(index: Int, progress: Double)] = []
        let last = Double(max(1, indices.count - 1))
        for n in Swift.stride(from: 0, to: indices.count, by: stride) {
            let i = indices[n]
            guard let value = series.points[i].y else { continue }
            let center = Point(x(series.points[i].x), y(value))
            guard visible.contains(center) else { continue }
            let r = !bubbles ? dotRadius(series, ctx: ctx)
                : series.sizeMode == .radius ? max(0, series.sizes[i])
                : radius(size: series.sizes[i], largest: largestSize ?? 0)
            let color = style.color(at: i)
            guard grouped else {
                if color != bulkColor, !bulk.isEmpty {
                    children.append(.shape(mark(bulk, bulkColor, outlined: false)))
                    bulk = Path()
                }
                bulkColor = color
                if shape == .circle {
                    bulk.appendCircle(center: center, radius: ctx.markRadius(r, at: center))
                } else {
                    bulk.append(contentsOf: DotPath.path(shape, center: center, radius: ctx.markRadius(r, at: center)))
                }
                continue
            }
            let dot = DotPath.path(shape, center: center, radius: ctx.markRadius(r, at: center))
            let t = Double(n) / last
            progress.append((i, t))
            let tooltip = ctx.tooltip("\(name) · \(label(i)): \(formatter.string(value))"
                + (bubbles ? " (\(ctx.locale.words.size) \(ctx.formatter().string(series.sizes[i])))" : ""))
            children.append(.group(Group(role: .point(series: k, index: i, progress: t), tooltip: tooltip, children: [
                .shape(mark(dot, color)),
            ])))
        }
        if !bulk.isEmpty { children.append(.shape(mark(bulk, bulkColor, outlined: false))) }
        return SeriesMarks(area: nil, node: .group(Group(role: .series(k), children: children)), progress: progress,
                           decimated: !grouped)
    }
}
