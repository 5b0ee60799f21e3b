import ChartScene
import ChartSpec

/// Reference lines: horizontal (e.g. an average) and vertical (e.g. "half time"), with optional labels, and boxes
/// (shaded ranges behind the series). Bubbles are drawn by `ValueBubble`.
enum Annotations {
    /// The stroke width of a reference line.
    static let lineWidth = 1.25

    /// A reference line laid out, its label not yet placed.
    struct ReferenceLine {
        /// The annotation's index in the spec (its `.annotation(i)` role).
        var index: Int
        /// The line shape.
        var line: Node
        var path: Path
        /// The label to place, if it has one.
        var label: LabelPlacer.Label?
    }

    /// The line annotations that fall inside the plot, numbered by position in the spec's annotations (bubbles
    /// included), with their label candidates inside the plot: a horizontal line's label above it at its right end,
    /// its left end, its middle, then the same below it; a vertical line's right of it at the top, then left, then
    /// the same at the bottom and in the middle. A horizontal line on `y2` maps through `y2`.
    static func lines(ctx: LayoutContext, plot: Rect, y: (Double) -> Double, x: (Double) -> Double,
                      y2: ((Double) -> Double)? = nil) -> [ReferenceLine] {
        let size = ctx.style.annotationSize
        let a = ctx.ascent(size), d = ctx.descent(size)
        var lines: [ReferenceLine] = []
        for (i, annotation) in ctx.spec.annotations.enumerated() {
            let path: Path, text: String?, stroke: Color, dash: [Double]
            var runs: [TextRun] = []
            switch annotation {
            case .horizontalLine(let value, let label, let color, let lineDash, let axis):
                let py = (axis == .y2 ? y2?(value) : nil) ?? y(value)
                guard value.isFinite, py >= plot.minY - 0.5, py <= plot.maxY + 0.5 else { continue }
                path = Path([.move(Point(plot.minX, py)), .line(Point(plot.maxX, py))])
                (stroke, dash) = (color ?? ctx.theme.annotation, lineDash)
                text = label.map { ctx.ellipsized($0, maxWidth: plot.width - 8, size: size) }
                for baseline in [py - 4, py + 4 + a] {
                    for (px, anchor) in [(plot.maxX - 4, TextAnchor.end), (plot.minX + 4, .start),
                                         (plot.center.x, .middle)] {
                        runs.append(TextRun(text: text ?? "", position: Point(px, baseline), size: size,
                                            anchor: anchor, color: stroke))
                    }
                }
            case .verticalLine(let value, let label, let color, let lineDash):
                let px = x(value)
                guard value.isFinite, px >= plot.minX - 0.5, px <= plot.maxX + 0.5 else { continue }
                path = Path([.move(Point(px, plot.minY)), .line(Point(px, plot.maxY))])
                (stroke, dash) = (color ?? ctx.theme.annotation, lineDash)
                text = label.map { ctx.ellipsized($0, maxWidth: max(plot.width / 2, 40), size: size) }
                for baseline in [plot.minY + a + 2, plot.maxY - d - 2, plot.center.y] {
                    for (x, anchor) in [(px + 4, TextAnchor.start), (px - 4, .end)] {
                        runs.append(TextRun(text: text ?? "", position: Point(x, baseline), size: size,
                                            anchor: anchor, color: stroke))
                    }
                }
            case .bubble, .box:
                continue
            }
            // Labels stay inside the plot, beside their line.
            let label = text.flatMap { text -> LabelPlacer.Label? in
                let width = ctx.width(text, size: size)
                return text.isEmpty ? nil : (runs.filter { TextBox($0, width: width, metrics: ctx.metrics)
                    .isInside(plot) }, width)
            }
            lines.append(ReferenceLine(index: i, line: line(path, color: stroke, dash: dash), path: path,
                                       label: label))
        }
        return lines
    }

    /// One `.annotation(i)` group per line, with its label where `placer` finds room for it (none otherwise).
    static func nodes(_ lines: [ReferenceLine], placer: inout LabelPlacer, ctx: LayoutContext) -> [Node] {
        lines.map { line in
            var children = [line.line]
            if let label = line.label, let run = placer.place(label, metrics: ctx.metrics) {
                children.append(.text(run))
            }
            return .group(Group(role: .annotation(line.index), children: children))
        }
    }

    /// A box laid out: its filled rectangle (drawn behind the series) and its label (placed over them).
    struct Box {
        /// The annotation's index in the spec (its `.annotation(i)` role).
        var index: Int
        /// The `.annotation(i)` group of the rectangle.
        var node: Node
        /// The label to place inside the rectangle, if it has one.
        var label: LabelPlacer.Label?
    }

    /// The boxes that show in the plot: each rectangle between its bounds (an absent bound is that plot edge; `y`
    /// bounds through `y2` on that axis) cut to the plot, filled (by default a translucent theme grey), outlined when
    /// it has a `borderColor`; its label candidates inside the rectangle: centered, then at its left and right ends,
    /// then the same along its top and its bottom edge.
    static func boxes(ctx: LayoutContext, plot: Rect, y: (Double) -> Double, x: (Double) -> Double,
                      y2: ((Double) -> Double)? = nil) -> [Box] {
        var boxes: [Box] = []
        for (i, annotation) in ctx.spec.annotations.enumerated() {
            guard case .box(let box) = annotation else { continue }
            func yMap(_ v: Double) -> Double { (box.axis == .y2 ? y2?(v) : nil) ?? y(v) }
            // A bound in pixels, kept to just outside the plot (data at 1e300 stays drawable); nil when it is not
            // finite (a timestamp that was not read).
            func pixel(_ value: Double?, _ map: (Double) -> Double, edge: Double, lo: Double, hi: Double) -> Double? {
                guard let value else { return edge }
                let p = map(value)
                return value.isFinite && !p.isNaN ? min(max(p, lo - 1), hi + 1) : nil
            }
            guard let x0 = pixel(box.xMin, x, edge: plot.minX, lo: plot.minX, hi: plot.maxX),
                  let x1 = pixel(box.xMax, x, edge: plot.maxX, lo: plot.minX, hi: plot.maxX),
                  let y0 = pixel(box.yMin, yMap, edge: plot.maxY, lo: plot.minY, hi: plot.maxY),
                  let y1 = pixel(box.yMax, yMap, edge: plot.minY, lo: plot.minY, hi: plot.maxY) else { continue }
            let span = Rect(x: min(x0, x1), y: min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0))
            guard let rect = span.intersection(plot), rect.width > 0, rect.height > 0 else { continue }
            let shape = Shape(path: .rect(rect), fill: .solid(box.color ?? ctx.theme.annotation.withOpacity(0.15)),
                              stroke: box.borderColor.map { .solid($0) }, strokeStyle: StrokeStyle(width: 1, cap: .butt),
                              snapToPixels: true)
            boxes.append(Box(index: i, node: .group(Group(role: .annotation(i), children: [.shape(shape)])),
                             label: box.label.flatMap { boxLabel($0, in: rect, ctx: ctx) }))
        }
        return boxes
    }

    /// The candidates of a box's label inside `rect`, or nil when it has no room for any.
    private static func boxLabel(_ label: String, in rect: Rect, ctx: LayoutContext) -> LabelPlacer.Label? {
        let size = ctx.style.annotationSize
        let a = ctx.ascent(size), d = ctx.descent(size)
        let text = ctx.ellipsized(label, maxWidth: rect.width - 8, size: size)
        guard !text.isEmpty else { return nil }
        let width = ctx.width(text, size: size)
        var runs: [TextRun] = []
        for baseline in [rect.center.y + (a - d) / 2, rect.minY + 3 + a, rect.maxY - 3 - d] {
            for (x, anchor) in [(rect.center.x, TextAnchor.middle), (rect.minX + 4, .start), (rect.maxX - 4, .end)] {
                let run = TextRun(text: text, position: Point(x, baseline), size: size, anchor: anchor,
                                  color: ctx.theme.text)
                if TextBox(run, width: width, metrics: ctx.metrics).isInside(rect) { runs.append(run) }
            }
        }
        return runs.isEmpty ? nil : (runs, width)
    }

    /// One `.annotation(i)` group per box label that `placer` finds room for, drawn over the series.
    static func labels(of boxes: [Box], placer: inout LabelPlacer, ctx: LayoutContext) -> [Node] {
        boxes.compactMap { box in
            guard let label = box.label, let run = placer.place(label, metrics: ctx.metrics) else { return nil }
            return .group(Group(role: .annotation(box.index), children: [.text(run)]))
        }
    }

    private static func line(_ path: Path, color: Color, dash: [Double]) -> Node {
        let validDash = dash.allSatisfy { $0.isFinite && $0 >= 0 } && dash.contains { $0 > 0 } ? dash : []
        return .shape(Shape(path: path, stroke: .solid(color), strokeStyle: StrokeStyle(width: lineWidth, cap: .butt,
                                                                                        dash: validDash),
                            snapToPixels: true))
    }
}
