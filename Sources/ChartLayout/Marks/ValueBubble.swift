import ChartScene
import ChartSpec

/// A rounded-rectangle bubble with a pointer, showing a value above (or below) a data point, placed by the chart's
/// `LabelPlacer` so that its body crosses no series line and it covers no other label or marker.
enum ValueBubble {
    static let cornerRadius = 4.0
    static let pointerHeight = 6.0
    static let pointerHalfWidth = 5.0

    /// The `.valueLabel` group for `text` pointing at `point`; `clearance` is how far from the point the
    /// pointer tip stays (so it does not cover the dot). Candidates: above the point, centered, then reaching left,
    /// then right of it; then the same below. Nil when none fits (the bubble is left out).
    static func node(ctx: LayoutContext, text: String, point: Point, clearance: Double, color: Color,
                     series: Int, progress: Double, placer: inout LabelPlacer) -> Node? {
        let size = ctx.style.bubbleSize
        let bounds = placer.bounds
        let padX = 6.0, padY = 4.0
        let label = ctx.ellipsized(text, maxWidth: bounds.width - 2 * padX, size: size, weight: .bold)
        guard !label.isEmpty else { return nil }
        let w = ctx.width(label, size: size, weight: .bold) + 2 * padX
        let h = ctx.lineHeight(size) + 2 * padY
        // The body slides sideways up to its half width and a little more, clear of a line through the point (the
        // pointer's base stays on the straight part of its edge and the pointer slants to the point), so a bubble at
        // a plot's side, beside a rising line or on a reference line still fits.
        let reach = w / 2 - cornerRadius - pointerHalfWidth
        var candidates: [(box: Rect, body: Rect, tip: Point, baseX: Double, above: Bool)] = []
        for above in [true, false] {
            let tipY = above ? point.y - clearance : point.y + clearance
            let rectY = above ? tipY - pointerHeight - h : tipY + pointerHeight
            for shift in [0, -reach, reach, -w / 2 - 4, w / 2 + 4] {
                let rectX = min(max(point.x - w / 2 + shift, bounds.minX), bounds.maxX - w)
                let body = Rect(x: rectX, y: rectY, width: w, height: h)
                let baseX = min(max(point.x, body.minX + cornerRadius + pointerHalfWidth),
                                body.maxX - cornerRadius - pointerHalfWidth)
                let tip = Point(point.x, tipY)
                let pointer = Rect(x: min(tip.x, baseX - pointerHalfWidth), y: min(tipY, body.minY),
                                   width: max(tip.x, baseX + pointerHalfWidth) - min(tip.x, baseX - pointerHalfWidth),
                                   height: abs(tipY - body.minY))
                candidates.append((body.union(pointer), body, tip, baseX, above))
            }
        }
        guard let chosen = placer.place(candidates.map { ($0.box, $0.body) }).map({ candidates[$0] }) else {
            return nil
        }
        let rect = chosen.body
        let path = outline(rect, tip: chosen.tip, baseX: chosen.baseX, above: chosen.above)
        let textColor = luminance(color) > 0.5 ? Color(rgb: 0x1F2328) : Color.white
        let baseline = rect.minY + padY + ctx.ascent(size)
        let run = TextRun(text: label, position: Point(rect.center.x, baseline), size: size, weight: .bold,
                          anchor: .middle, color: textColor)
        return .group(Group(role: .valueLabel(series: series, progress: progress),
                            children: [.shape(Shape(path: path, fill: .solid(color))), .text(run)]))
    }

    /// Rounded rectangle with a triangular pointer on its bottom (bubble above) or top edge, clockwise; the
    /// pointer's base is centered at `baseX` on that edge.
    static func outline(_ r: Rect, tip: Point, baseX: Double, above: Bool) -> Path {
        let c = min(cornerRadius, r.width / 2, r.height / 2)
        let pw = pointerHalfWidth
        var p = Path()
        p.move(to: Point(r.minX + c, r.minY))
        if !above {
            p.line(to: Point(baseX - pw, r.minY))
            p.line(to: tip)
            p.line(to: Point(baseX + pw, r.minY))
        }
        p.line(to: Point(r.maxX - c, r.minY))
        p.quad(to: Point(r.maxX, r.minY + c), control: Point(r.maxX, r.minY))
        p.line(to: Point(r.maxX, r.maxY - c))
        p.quad(to: Point(r.maxX - c, r.maxY), control: Point(r.maxX, r.maxY))
        if above {
            p.line(to: Point(baseX + pw, r.maxY))
            p.line(to: tip)
            p.line(to: Point(baseX - pw, r.maxY))
        }
        p.line(to: Point(r.minX + c, r.maxY))
        p.quad(to: Point(r.minX, r.maxY - c), control: Point(r.minX, r.maxY))
        p.line(to: Point(r.minX, r.minY + c))
        p.quad(to: Point(r.minX + c, r.minY), control: Point(r.minX, r.minY))
        p.close()
        return p
    }

    /// Approximate relative luminance (sRGB weights, no linearization): enough to pick dark or light text.
    static func luminance(_ c: Color) -> Double {
        (0.2126 * Double(c.red) + 0.7152 * Double(c.green) + 0.0722 * Double(c.blue)) / 255
    }
}
