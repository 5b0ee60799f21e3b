import ChartScene
import ChartSpec

/// The legend: one entry (swatch + ellipsized name) per item, wrapped into centered rows. Each kind lists its
/// items: a series-drawing kind one per series with the swatch of its mark, pies and rings their slices and rings
/// with block swatches.
struct Legend {
    /// How an entry's swatch is drawn; the kind drawing the chart chooses it.
    enum Swatch {
        /// A short stroke styled like a series line (its color or gradient start, its dash), with its dot (a ring
        /// in `dot.color`, or a disc when `filled`) when the series has dots.
        case line(color: Color, dash: [Double], dot: (color: Color, filled: Bool)?)
        /// A small bar with a rounded top.
        case bar(Color)
        /// A scatter dot.
        case dot(Color)
        /// A filled square, for slices and rings.
        case block(Color)
    }

    /// What a kind lists in its legend: one entry's text and swatch.
    typealias Item = (text: String, swatch: Swatch)

    struct Entry {
        /// The index in the `.legendItem(series:)` role (a series, or a slice).
        var series: Int
        var text: String
        var width: Double
        var swatch: Swatch
    }

    /// Entries per row, top to bottom.
    var rows: [[Entry]]
    let rowHeight: Double

    var height: Double { Double(rows.count) * rowHeight }

    /// The width of each row: its entries and the spacing between them.
    var widths: [Double] { rows.map { row in row.reduce(0) { $0 + $1.width } + Self.spacing * Double(row.count - 1) } }

    /// The space between neighbouring entries of a row.
    static let spacing = 16.0

    /// The most rows a legend may take: a quarter of the canvas height, at least one.
    static func maxRows(ctx: LayoutContext, rowHeight: Double) -> Int {
        max(1, Int(ctx.canvas.height * 0.25 / rowHeight))
    }

    /// Wraps `items` (role index = position) greedily into rows no wider than `width`; entries beyond the row
    /// limit are left out. With `columnHeight` (a legend beside the chart) each entry is a row of its own, as many as
    /// fit that height.
    static func make(ctx: LayoutContext, width: Double, items: [Item], columnHeight: Double? = nil) -> Legend {
        let style = ctx.style
        let size = style.legendSize
        let rowHeight = (ctx.lineHeight(size) * 1.5).rounded(.up)
        let swatch = style.swatchLength + 6
        let spacing = Self.spacing
        let maxText = max(0, min(style.legendEntryMaxWidth, width - swatch))
        var rows: [[Entry]] = []
        var row: [Entry] = []
        var rowWidth = 0.0
        let limit = columnHeight.map { max(1, Int($0 / rowHeight)) } ?? maxRows(ctx: ctx, rowHeight: rowHeight)
        for (k, item) in items.enumerated() {
            let text = ctx.ellipsized(item.text, maxWidth: maxText, size: size)
            let entryWidth = swatch + ctx.width(text, size: size)
            if !row.isEmpty && (columnHeight != nil || rowWidth + spacing + entryWidth > width) {
                rows.append(row)
                row = []
                rowWidth = 0
                if rows.count == limit { break }
            }
            rowWidth += (row.isEmpty ? 0 : spacing) + entryWidth
            row.append(Entry(series: k, text: text, width: entryWidth, swatch: item.swatch))
        }
        if !row.isEmpty && rows.count < limit { rows.append(row) }
        return Legend(rows: rows, rowHeight: rowHeight)
    }

    /// The legend group with its top edge at `top`, rows centered on the canvas, or ending at `right`, or starting
    /// at `left` when given; in a right-to-left chart, reflected (`LayoutContext.readingOrder`).
    func node(top: Double, ctx: LayoutContext, right: Double? = nil, left: Double? = nil) -> Node {
        let size = ctx.style.legendSize
        let spacing = Self.spacing
        var items: [Node] = []
        for (r, (row, rowWidth)) in zip(rows, widths).enumerated() {
            var x = left ?? max(ctx.canvas.minX, right.map { $0 - rowWidth } ?? ctx.canvas.center.x - rowWidth / 2)
            let midY = top + (Double(r) + 0.5) * rowHeight
            for entry in row {
                let y = midY
                var swatch: [Node] = []
                let center = Point(x + ctx.style.swatchLength / 2, y)
                switch entry.swatch {
                case .block(let color):
                    let side = min(10, ctx.style.swatchLength)
                    let box = Rect(x: center.x - side / 2, y: y - side / 2, width: side, height: side)
                    swatch.append(.shape(Shape(path: .rect(box), fill: .solid(color))))
                case .bar(let color):
                    let square = Rect(x: center.x - 5, y: center.y - 5, width: 10, height: 10)
                    swatch.append(.shape(Shape(path: BarMarks.path(square, roundedEnd: .minY, radius: 2),
                                               fill: .solid(color))))
                case .dot(let color):
                    swatch.append(.shape(Shape(path: .circle(center: center, radius: 4.5), fill: .solid(color))))
                case .line(let color, let dash, let dot):
                    swatch.append(.shape(Shape(
                        path: Path([.move(Point(x + 2, y)), .line(Point(x + ctx.style.swatchLength - 2, y))]),
                        stroke: .solid(color),
                        strokeStyle: StrokeStyle(width: 3, cap: dash.isEmpty ? .round : .butt,
                                                 dash: swatchDash(dash)))))
                    if let dot {
                        swatch.append(.shape(Shape(path: .circle(center: center, radius: 3),
                                                   fill: .solid(dot.filled ? dot.color : ctx.theme.background),
                                                   stroke: dot.filled ? nil : .solid(dot.color),
                                                   strokeStyle: StrokeStyle(width: 1.5))))
                    }
                }
                let baseline = y + (ctx.ascent(size) - ctx.descent(size)) / 2
                let run = TextRun(text: entry.text, position: Point(x + ctx.style.swatchLength + 6, baseline),
                                  size: size, color: ctx.theme.text)
                if let placed = ctx.placed(run) { swatch.append(.text(placed)) }
                items.append(.group(Group(role: .legendItem(series: entry.series), children: swatch)))
                x += entry.width + spacing
            }
        }
        // Right to left: the rows are reflected across the line they were placed about (the canvas's centre, or the
        // middle of a side legend's column), so entries flow from the right, each swatch right of its name, and a
        // legend sharing a title row sits on the side the title does not start from.
        let axis = left.map { $0 + (widths.max() ?? 0) / 2 } ?? ctx.canvas.center.x
        return .group(Group(role: .legend, children: ctx.readingOrder(items, about: axis)))
    }

    /// A dash pattern scaled down to show at least one gap within the short swatch; empty for solid lines.
    private func swatchDash(_ dash: [Double]) -> [Double] {
        guard dash.allSatisfy({ $0.isFinite && $0 >= 0 }), let longest = dash.max(), longest > 0 else { return [] }
        let scale = min(1, 4 / longest)
        return dash.map { $0 * scale }
    }
}
