import ChartScene
import ChartSpec

/// A rounded-rectangle bubble with a pointer, showing a value above (or below) a data point and kept
/// inside the canvas.
enum ValueBubble {
    static let cornerRadius = 4.0
    static let pointerHeight = 6.0
    static let pointerHalfWidth = 5.0

    /// The `.valueLabel` group for `text` pointing at `point`; `clearance` is how far from the point the
    /// pointer tip stays (so it does not cover the dot). Returns the group and the area it covers, or nil
    /// when the canvas is too small for it.
    static func node(ctx: LayoutContext, text: String, point: Point, clearance: Double, color: Color,
                     series: Int, progress: Double) -> (node: Node, bounds: Rect)? {
        let size = ctx.style.bubbleSize
        let canvas = ctx.canvas
        let padX = 6.0, padY = 4.0
        let label = ctx.ellipsized(text, maxWidth: canvas.width - 2 - 2 * padX, size: size, weight: .bold)
        guard !label.isEmpty else { return nil }
        let w = ctx.width(label, size: size, weight: .bold) + 2 * padX
        let h = ctx.lineHeight(size) + 2 * padY
        guard w <= canvas.width - 2, h + pointerHeight <= canvas.height - 2 else { return nil }

        // Above the point unless that leaves the canvas; then below.
        var tipY = point.y - clearance
        var above = tipY - pointerHeight - h >= canvas.minY + 1
        if !above && point.y + clearance + pointerHeight + h > canvas.maxY - 1 {
            above = true  // no room below either: clamp above
        }
        if !above { tipY = point.y + clearance }
        tipY = min(max(tipY, canvas.minY + 1 + (above ? pointerHeight + h : 0)),
                   canvas.maxY - 1 - (above ? 0 : pointerHeight + h))
        let rectY = above ? tipY - pointerHeight - h : tipY + pointerHeight
        let rectX = min(max(point.x - w / 2, canvas.minX + 1), canvas.maxX - 1 - w)
        let rect = Rect(x: rectX, y: rectY, width: w, height: h)
        let tipX = min(max(point.x, rect.minX + cornerRadius + pointerHalfWidth),
                       rect.maxX - cornerRadius - pointerHalfWidth)
        let path = outline(rect, tip: Point(tipX, tipY), above: above)

        let textColor = luminance(color) > 0.5 ? Color(rgb: 0x1F2328) : Color.white
        let baseline = rect.minY + padY + ctx.ascent(size)
        let run = TextRun(text: label, position: Point(rect.center.x, baseline), size: size, weight: .bold,
                          anchor: .middle, color: textColor)
        var children: [Node] = [.shape(Shape(path: path, fill: .solid(color)))]
        if let placed = ctx.placed(run) { children.append(.text(placed)) }
        let bounds = rect.union(Rect(x: tipX - pointerHalfWidth, y: min(tipY, rect.minY), width: 2 * pointerHalfWidth,
                                     height: abs(tipY - rect.minY)))
        return (.group(Group(role: .valueLabel(series: series, progress: progress), children: children)), bounds)
    }

    /// Rounded rectangle with a triangular pointer on its bottom (bubble above) or top edge, clockwise.
    static func outline(_ r: Rect, tip: Point, above: Bool) -> Path {
        let c = min(cornerRadius, r.width / 2, r.height / 2)
        let pw = pointerHalfWidth
        var p = Path()
        p.move(to: Point(r.minX + c, r.minY))
        if !above {
            p.line(to: Point(tip.x - pw, r.minY))
            p.line(to: tip)
            p.line(to: Point(tip.x + pw, r.minY))
        }
        p.line(to: Point(r.maxX - c, r.minY))
        p.quad(to: Point(r.maxX, r.minY + c), control: Point(r.maxX, r.minY))
        p.line(to: Point(r.maxX, r.maxY - c))
        p.quad(to: Point(r.maxX - c, r.maxY), control: Point(r.maxX, r.maxY))
        if above {
            p.line(to: Point(tip.x + pw, r.maxY))
            p.line(to: tip)
            p.line(to: Point(tip.x - pw, r.maxY))
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
