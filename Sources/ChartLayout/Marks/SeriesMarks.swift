import ChartScene
import ChartSpec

/// The drawn marks of one series: area, line and per-point groups, plus where each point landed.
struct SeriesMarks {
    /// The `.seriesArea(k)` group, kept apart so every series' area is painted before any line or dot
    /// (otherwise series k+1's fill would veil series k's line).
    var area: Node?
    /// The `.series(k)` group: line and per-point groups.
    var node: Node
    /// Arc-length progress (0…1) of each drawn point, by original index, increasing in index (evenly shared in a
    /// scene laid out with `animated: false`, which never plays it).
    var progress: [(index: Int, progress: Double)]
    /// Whether the series was decimated (LTTB) before drawing.
    var decimated: Bool
    /// Labels of this series' marks still to place (bar values), each with the bounds of its bar (which it may
    /// overlap); `SeriesPlot.valueLabels` places them once every mark is drawn.
    var labels: [(label: LabelPlacer.Label, bar: Rect)] = []

    /// The most per-point groups (dots, tooltips) one series gets; beyond this only the line is drawn.
    static let maxPointMarks = 2000
    /// The most per-point groups a whole chart gets, shared equally by its series: a series drawing more than its
    /// share draws only its line (and lone points), as one past `maxPointMarks` does. 64 series of 2,000 dotted
    /// points with tooltips were 128,000 groups: a second of layout and an SVG past the output limit, refused only
    /// once written. Below 51 series the share is above `maxPointMarks` and changes nothing.
    static let maxChartPointMarks = 100_000

    /// The progress at original index `i`: its own if drawn, else that of the nearest drawn point before it.
    func progress(at i: Int) -> Double {
        var lo = 0, hi = progress.count - 1, best: Double = progress.first?.progress ?? 0
        while lo <= hi {
            let mid = (lo + hi) / 2
            if progress[mid].index <= i { best = progress[mid].progress; lo = mid + 1 } else { hi = mid - 1 }
        }
        return best
    }

    /// A vertical gradient strongest at the data extreme(s) farthest from the baseline and transparent at the
    /// baseline: top-down for positive data, bottom-up for negative data, both ways when the series crosses it.
    static func areaGradient(color: Color, top: Double, bottom: Double, baseline: Double,
                             strength: Double) -> LinearGradient {
        let strong = color.withOpacity(strength), clear = color.withOpacity(0)
        guard bottom > top else {
            return LinearGradient(start: Point(0, top), end: Point(0, top + 1),
                                  stops: [GradientStop(offset: 0, color: strong),
                                          GradientStop(offset: 1, color: strong)])
        }
        let at = min(max((baseline - top) / (bottom - top), 0), 1)
        var stops = [GradientStop(offset: 0, color: at > 0 ? strong : clear)]
        if at > 0 && at < 1 { stops.append(GradientStop(offset: at, color: clear)) }
        stops.append(GradientStop(offset: 1, color: at < 1 ? strong : clear))
        return LinearGradient(start: Point(0, top), end: Point(0, bottom), stops: stops)
    }

    /// Lays out series `data` in screen space.
    ///
    /// - Parameters:
    ///   - x: maps a point's x (category index or numeric x) to a pixel column.
    ///   - baselineY: where area fills end (the zero line, or the plot edge nearest to zero).
    ///   - label: the x label of an original index, for tooltips.
    ///   - defaultFill: the fill of a series without its own (an area chart fills every series).
    static func build(_ data: SeriesData, ctx: LayoutContext, x: (Double) -> Double, y: (Double) -> Double, plot: Rect,
                      baselineY: Double, label: (Int) -> String, formatter: TickFormatter,
                      defaultFill: FillMode = .none) -> SeriesMarks {
        let k = data.index
        let series = data.series
        let style = MarkStyle(series, index: k, ctx: ctx)
        let color = style.color
        let name = ctx.seriesName(k)
        let lineWidth = series.lineWidth
        let drawsLine = series.line != false
        // Where the fill ends: the baseline, or the plot's bottom or top edge.
        let fillBase = switch series.fillTo {
        case .bottom?: plot.maxY
        case .top?: plot.minY
        case .zero?, nil: baselineY
        }
        let limit = max(3, Int(2 * plot.width))
        let (keptRuns, decimated) = data.keptIndices(limit: limit)

        func pixel(_ i: Int) -> Point {
            let p = series.points[i]
            return ctx.pixel(x: x(p.x), y: y(p.y ?? 0))
        }

        // Build each run's curve once; record the arc length at every point (when the scene may be animated).
        let curve = series.curve
        let perInterval = CurveBuilder.elementsPerInterval(curve)
        var linePath = Path(), areaPath = Path()
        var cumulative: [(index: Int, length: Double, point: Point, single: Bool)] = []
        cumulative.reserveCapacity(keptRuns.reduce(0) { $0 + $1.count })
        var total = 0.0
        var minX = Double.infinity, maxX = -Double.infinity, topY = fillBase, bottomY = fillBase
        for run in keptRuns {
            let points = run.map(pixel)
            guard let first = points.first, let last = points.last else { continue }
            minX = min(minX, first.x)
            maxX = max(maxX, last.x)
            for p in points {
                topY = min(topY, p.y)
                bottomY = max(bottomY, p.y)
            }
            if points.count == 1 {
                cumulative.append((run[0], total, first, true))
                continue
            }
            var runPath = Path()
            CurveBuilder.append(points, curve: curve, to: &runPath)
            let elements = runPath.elements
            cumulative.append((run[0], total, first, false))
            if ctx.animated {
                var pen = first
                for interval in 0..<(points.count - 1) {
                    for e in elements[(1 + interval * perInterval)..<(1 + (interval + 1) * perInterval)] {
                        total += ArcLength.length(of: e, from: pen)
                        pen = ArcLength.endPoint(of: e) ?? pen
                    }
                    cumulative.append((run[interval + 1], total, points[interval + 1], false))
                }
            } else {
                // A still image: no length measured (the curves' chords are what it would cost), so `total`
                // stays 0 and the points share the progress evenly, as on a line without length.
                for interval in 0..<(points.count - 1) {
                    cumulative.append((run[interval + 1], total, points[interval + 1], false))
                }
            }
            linePath.append(contentsOf: runPath)
            areaPath.append(contentsOf: runPath)
            areaPath.line(to: Point(last.x, fillBase))
            areaPath.line(to: Point(first.x, fillBase))
            areaPath.close()
        }

        let count = cumulative.count
        let progress: [(index: Int, progress: Double)] = cumulative.enumerated().map { n, c in
            // Without length (one point, or all on one pixel) the points share the time evenly.
            (c.index, ArcLength.progress(c.length, of: total) ?? (count > 1 ? Double(n) / Double(count - 1) : 1))
        }

        var children: [Node] = []
        var area: Node?
        // The stroke's colors spread along x over the drawn extent (nil for a plain stroke).
        let gradient = series.strokeGradient
        let strokeGradient: LinearGradient? = gradient.count > 1 && maxX > minX
            ? LinearGradient(start: Point(minX, 0), end: Point(maxX, 0), stops: gradient.enumerated().map { i, c in
                GradientStop(offset: Double(i) / Double(gradient.count - 1), color: c)
            })
            : nil
        let fill = series.fill == .none ? defaultFill : series.fill
        if fill != .none, !areaPath.isEmpty {
            // A fill color with its own alpha is used as given; an opaque one gets the look's opacity.
            let translucent = series.fillColor.map { $0.alpha < 255 } ?? false
            let strength = series.fillOpacity
                ?? (translucent ? 1 : fill == .gradient ? ctx.style.gradientTopOpacity : ctx.style.areaOpacity)
            let paint: Paint
            if fill == .gradient, series.fillColor == nil, var colors = strokeGradient {
                // Under a stroke gradient the fill takes the stroke's colors, as in the seed, where one gradient
                // layer is masked by both the line and the area; a paint has one direction, so it does not fade.
                colors.stops = colors.stops.map { stop in
                    GradientStop(offset: stop.offset, color: stop.color.withOpacity(strength))
                }
                paint = .linearGradient(colors)
            } else if fill == .gradient {
                paint = .linearGradient(areaGradient(color: series.fillColor ?? gradient.first ?? color, top: topY,
                                                     bottom: bottomY, baseline: fillBase, strength: strength))
            } else {
                paint = .solid((series.fillColor ?? color).withOpacity(strength))
            }
            area = .group(Group(role: .seriesArea(k), children: [.shape(Shape(path: areaPath, fill: paint))]))
        }
        if !linePath.isEmpty, drawsLine {
            let stroke: Paint = if let strokeGradient { .linearGradient(strokeGradient) } else {
                .solid(gradient.first ?? color)
            }
            let dash = series.dash.allSatisfy { $0.isFinite && $0 >= 0 } && series.dash.contains { $0 > 0 }
                ? series.dash : []
            let style = StrokeStyle(width: lineWidth, join: .round, cap: .round, dash: dash)
            children.append(.group(Group(role: .seriesLine(k), children: [
                .shape(Shape(path: linePath, stroke: stroke, strokeStyle: style)),
            ])))
        }

        // Per-point groups for the drawn points inside the plot: dots or invisible hit targets (kept inside the
        // canvas) with tooltips, by original index. A decimated series' points are hit targets only: a dot at every
        // point LTTB or min/max kept would pretend the data were only there. A lone point (between gaps) always gets
        // a visible mark so it is not lost (unless the series draws no line: then only its dots show).
        let manyPoints = count > min(maxPointMarks, maxChartPointMarks / max(ctx.spec.series.count, 1))
        // Lone points are marks too: past `maxPointMarks` of them (580,000 values alternating with nulls made
        // 290,000 tooltip groups, 300 MB) they become one path of dots, one per half-pixel position, without tooltips.
        let manySingles = drawsLine && cumulative.count(where: \.single) > maxPointMarks
        let dots = series.dots && !decimated
        let dotRadius = series.dot.radius ?? ctx.dotRadius(lineWidth: lineWidth)
        let hollow = series.dot.style == .hollow
        let ringWidth = hollow ? max(1.5, min(lineWidth, 3)) : 0
        let visible = plot.insetBy(-0.5)
        func radius(_ r: Double, at p: Point, slack: Double = 0) -> Double {
            ctx.markRadius(r, at: p, slack: slack)
        }
        if manySingles {
            var seen = Set<Int64>()
            var lone = Path()
            for c in cumulative where c.single && visible.contains(c.point) {
                let key = Int64((c.point.x * 2).rounded()) << 32 | Int64((c.point.y * 2).rounded()) & 0xFFFF_FFFF
                guard seen.insert(key).inserted else { continue }
                lone.append(contentsOf: .circle(center: c.point, radius: radius(max(lineWidth, 2.5), at: c.point)))
            }
            if !lone.isEmpty { children.append(.shape(Shape(path: lone, fill: .solid(color)))) }
        }
        let dotShape = series.dot.shape ?? .circle
        // One child per drawn point (a dot group or, interactive, a hit target) after the line: room for them at once
        // instead of growing the array (and copying its nodes) a doubling at a time.
        if (dots || ctx.interactive) && !manyPoints { children.reserveCapacity(children.count + count) }
        var tooltips = PointTooltipMaker(seriesName: name, formatter: formatter)
        for (n, c) in cumulative.enumerated()
        where (!manyPoints || (c.single && drawsLine && !manySingles)) && visible.contains(c.point) {
            let p = c.point
            let single = c.single && drawsLine
            let shape: Shape
            if !dots && !single {
                // An invisible hit target: nothing to point at in a static image.
                guard ctx.interactive else { continue }
                let tooltip = tooltips.tooltip(label: label(c.index), value: series.points[c.index].y ?? 0)
                children.append(.hitTarget(HitTarget(series: k, index: c.index, progress: progress[n].progress,
                                                     center: p, radius: radius(max(6, lineWidth * 2), at: p),
                                                     tooltip: tooltip)))
                continue
            } else if dots {
                let pointColor = style.color(at: c.index)
                let outline = DotPath.path(dotShape, center: p, radius: radius(dotRadius, at: p, slack: ringWidth / 2))
                shape = DotPath.isStrokeOnly(dotShape)
                    ? Shape(path: outline, stroke: .solid(pointColor),
                            strokeStyle: StrokeStyle(width: max(1.5, min(lineWidth, 3)), cap: .butt))
                    : hollow
                    ? Shape(path: outline, fill: .solid(ctx.theme.background), stroke: .solid(pointColor),
                            strokeStyle: StrokeStyle(width: ringWidth))
                    : Shape(path: outline, fill: .solid(pointColor))
            } else {
                shape = Shape(path: .circle(center: p, radius: radius(max(lineWidth, 2.5), at: p)),
                              fill: .solid(style.color(at: c.index)))
            }
            var tooltip: Tooltip?
            if ctx.interactive {
                tooltip = .point(tooltips.tooltip(label: label(c.index), value: series.points[c.index].y ?? 0))
            }
            children.append(.group(Group(role: .point(series: k, index: c.index, progress: progress[n].progress),
                                         tooltip: tooltip, children: [.shape(shape)])))
        }
        return SeriesMarks(area: area, node: .group(Group(role: .series(k), children: children)), progress: progress,
                           decimated: decimated)
    }
}
