import ChartScene
import ChartSpec

/// The title and subtitle above a chart, left-aligned in the padding, shared by every chart kind.
enum ChartHeader {
    /// The title group (nil when there is no title or subtitle) and the y where the content below may start.
    static func make(ctx: LayoutContext) -> (node: Node?, bottom: Double) {
        let style = ctx.style
        let canvas = ctx.canvas
        let pad = style.padding
        let spec = ctx.spec
        var top = canvas.minY + pad
        var titleNodes: [Node] = []
        if let title = spec.title, !title.isEmpty {
            let size = style.titleSize
            let text = ctx.ellipsized(title, maxWidth: canvas.width - 2 * pad, size: size, weight: .bold)
            let run = TextRun(text: text, position: Point(canvas.minX + pad, top + ctx.ascent(size)), size: size,
                              weight: .bold, color: ctx.theme.text)
            if let placed = ctx.placed(run) { titleNodes.append(.text(placed)) }
            top += ctx.lineHeight(size) + 4
        }
        if let subtitle = spec.subtitle, !subtitle.isEmpty {
            let size = style.subtitleSize
            let text = ctx.ellipsized(subtitle, maxWidth: canvas.width - 2 * pad, size: size)
            let run = TextRun(text: text, position: Point(canvas.minX + pad, top + ctx.ascent(size)), size: size,
                              color: ctx.theme.secondaryText)
            if let placed = ctx.placed(run) { titleNodes.append(.text(placed)) }
            top += ctx.lineHeight(size) + 4
        }
        return (titleNodes.isEmpty ? nil : .group(Group(role: .title, children: titleNodes)), top)
    }

    /// For kinds without axes (rings, pies): the title group when `axes` is on, where content may start, and the
    /// padding to keep (none in sparkline mode, which also drops the title).
    static func unframed(ctx: LayoutContext) -> (nodes: [Node], top: Double, padding: Double) {
        guard ctx.spec.axes else { return ([], ctx.canvas.minY, 0) }
        let header = make(ctx: ctx)
        return (header.node.map { [$0] } ?? [], header.bottom, ctx.style.padding)
    }
}
