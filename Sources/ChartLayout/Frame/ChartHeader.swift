import ChartScene
import ChartSpec

/// The title and subtitle above a chart, aligned at the reading side in the padding (left, or right in a right-to-left
/// chart), shared by every chart kind.
enum ChartHeader {
    /// One line of the header: its top, height and the right end of its text (a small canvas's legend may share it).
    typealias Row = (top: Double, height: Double, textEnd: Double)

    /// The title group (nil when there is no title or subtitle), the y where the content below may start, and the
    /// title and subtitle rows, top to bottom.
    static func make(ctx: LayoutContext) -> (node: Node?, bottom: Double, rows: [Row]) {
        let style = ctx.style
        let canvas = ctx.canvas
        let pad = style.padding
        let spec = ctx.spec
        var top = canvas.minY + pad
        var titleNodes: [Node] = []
        var rows: [Row] = []
        if let title = spec.title, !title.isEmpty {
            // One row per line ("\n" separates them; at most `ChartSpec.Limits.titleLines`), in `titleStyle`.
            let size = spec.titleStyle?.size ?? style.titleSize
            let color = spec.titleStyle?.color ?? ctx.theme.text
            for line in title.split(separator: "\n", omittingEmptySubsequences: false) {
                let text = ctx.ellipsized(String(line), maxWidth: canvas.width - 2 * pad, size: size, weight: .bold)
                let run = TextRun(text: text, position: Point(canvas.minX + pad, top + ctx.ascent(size)), size: size,
                                  weight: .bold, color: color)
                if let placed = ctx.placed(run) { titleNodes.append(.text(placed)) }
                rows.append((top, ctx.lineHeight(size), canvas.minX + pad + ctx.width(text, size: size, weight: .bold)))
                top += ctx.lineHeight(size)
            }
            top += 4
        }
        if let subtitle = spec.subtitle, !subtitle.isEmpty {
            let size = style.subtitleSize
            let text = ctx.ellipsized(subtitle, maxWidth: canvas.width - 2 * pad, size: size)
            let run = TextRun(text: text, position: Point(canvas.minX + pad, top + ctx.ascent(size)), size: size,
                              color: ctx.theme.secondaryText)
            if let placed = ctx.placed(run) { titleNodes.append(.text(placed)) }
            rows.append((top, ctx.lineHeight(size), canvas.minX + pad + ctx.width(text, size: size)))
            top += ctx.lineHeight(size) + 4
        }
        // Right to left: the lines are right-aligned in the same padding (rows keep their tops and heights; a legend
        // sharing a row is reflected with the same axis, so it lands beside the text's start as before).
        titleNodes = ctx.readingOrder(titleNodes, about: canvas.center.x)
        return (titleNodes.isEmpty ? nil : .group(Group(role: .title, children: titleNodes)), top, rows)
    }

    /// For kinds without axes (rings, pies): the title group, where content may start, and the padding to keep
    /// (none with `axes: false`, which keeps the title but lets the marks fill the rest of the canvas).
    static func unframed(ctx: LayoutContext) -> (nodes: [Node], top: Double, padding: Double) {
        let header = make(ctx: ctx), padding = ctx.spec.axes ? ctx.style.padding : 0
        guard let node = header.node else { return ([], ctx.spec.axes ? header.bottom : ctx.canvas.minY, padding) }
        return ([node], header.bottom, padding)
    }
}
