import ChartScene
import ChartSpec

/// Reference lines: horizontal (e.g. an average) and vertical (e.g. "half time"), with optional labels.
/// Bubbles are drawn by `ValueBubble`.
enum Annotations {
    /// One `.annotation(i)` group per line annotation that falls inside the plot. Labels take their first
    /// position that does not overlap `avoiding` (value bubbles): near the top or right end of the line,
    /// else near its bottom or left end. The groups are numbered by position in `annotations` (the spec's by
    /// default).
    static func lineNodes(ctx: LayoutContext, annotations: [Annotation]? = nil, plot: Rect, y: (Double) -> Double,
                          x: (Double) -> Double, avoiding: [Rect] = []) -> [Node] {
        func firstClear(_ candidates: [TextRun]) -> TextRun? {
            let placed = candidates.compactMap { ctx.placed($0) }
            return placed.first { run in
                let box = TextBox(run, metrics: ctx.metrics).bounds
                return !avoiding.contains { $0.intersection(box).map { $0.width > 0 && $0.height > 0 } ?? false }
            } ?? placed.first
        }
        let size = ctx.style.annotationSize
        var nodes: [Node] = []
        for (i, annotation) in (annotations ?? ctx.spec.annotations).enumerated() {
            switch annotation {
            case .horizontalLine(let value, let label, let color, let dash):
                let py = y(value)
                guard value.isFinite, py >= plot.minY - 0.5, py <= plot.maxY + 0.5 else { continue }
                let stroke = color ?? ctx.theme.annotation
                var children: [Node] = [line(from: Point(plot.minX, py), to: Point(plot.maxX, py), color: stroke,
                                             dash: dash)]
                if let label, !label.isEmpty {
                    let text = ctx.ellipsized(label, maxWidth: plot.width - 8, size: size)
                    // Above the line, or below it when the line hugs the plot top.
                    let above = py - 4 - ctx.ascent(size) >= plot.minY
                    let baseline = above ? py - 4 : py + 4 + ctx.ascent(size)
                    let right = TextRun(text: text, position: Point(plot.maxX - 4, baseline), size: size, anchor: .end,
                                        color: stroke)
                    var left = right
                    left.position.x = plot.minX + 4
                    left.anchor = .start
                    if let placed = firstClear([right, left]) { children.append(.text(placed)) }
                }
                nodes.append(.group(Group(role: .annotation(i), children: children)))
            case .verticalLine(let value, let label, let color, let dash):
                let px = x(value)
                guard value.isFinite, px >= plot.minX - 0.5, px <= plot.maxX + 0.5 else { continue }
                let stroke = color ?? ctx.theme.annotation
                var children: [Node] = [line(from: Point(px, plot.minY), to: Point(px, plot.maxY), color: stroke,
                                             dash: dash)]
                if let label, !label.isEmpty {
                    let text = ctx.ellipsized(label, maxWidth: max(plot.width / 2, 40), size: size)
                    let width = ctx.width(text, size: size)
                    // Right of the line, or left of it when the text would leave the plot.
                    let right = px + 4 + width <= plot.maxX
                    let anchorX = right ? px + 4 : px - 4
                    let top = TextRun(text: text, position: Point(anchorX, plot.minY + ctx.ascent(size) + 2),
                                      size: size, anchor: right ? .start : .end, color: stroke)
                    var bottom = top
                    bottom.position.y = plot.maxY - ctx.descent(size) - 2
                    if let placed = firstClear([top, bottom]) { children.append(.text(placed)) }
                }
                nodes.append(.group(Group(role: .annotation(i), children: children)))
            case .bubble:
                continue
            }
        }
        return nodes
    }

    private static func line(from a: Point, to b: Point, color: Color, dash: [Double]) -> Node {
        let validDash = dash.allSatisfy { $0.isFinite && $0 >= 0 } && dash.contains { $0 > 0 } ? dash : []
        return .shape(Shape(path: Path([.move(a), .line(b)]), stroke: .solid(color),
                            strokeStyle: StrokeStyle(width: 1.25, cap: .butt, dash: validDash), snapToPixels: true))
    }
}
