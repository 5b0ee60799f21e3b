import ChartScene
import ChartSpec

/// Lays out an axis-based chart: picks the spec's `CartesianKind`, lays out the `CartesianFrame` for what the kind
/// reports, and puts the kind's marks over the frame's decorations.
enum CartesianLayout {
    /// The scene of `spec`, a line, area, scatter, bar or diff chart.
    static func scene(for spec: ChartSpec, metrics: any TextMeasuring, interactive: Bool, animated: Bool) -> Scene {
        let spec = (try? ChartLayout.resolvingTimes(spec)) ?? spec
        func context(_ spec: ChartSpec) -> LayoutContext {
            LayoutContext(spec: spec, metrics: metrics, interactive: interactive, animated: animated)
        }
        switch spec.type {
        case .bar:
            // Bars put a time axis's instants on bands: the kinds draw the spec re-indexed onto them.
            let categorized = TimeCategories.categorize(spec)
            let ctx = context(categorized?.spec ?? spec), categories = categorized?.categories
            if spec.bars.orientation == .horizontal {
                var scene = scene(HorizontalBarKind(ctx: ctx, timeCategories: categories), timeCategories: categories)
                scene.timeAxisRole = .yAxis
                return scene
            }
            return scene(BarKind(ctx: ctx, timeCategories: categories), timeCategories: categories)
        case .scatter: return scene(ScatterKind(ctx: context(spec)))
        case .diff: return scene(DiffKind(ctx: context(spec)))
        default: return scene(LineKind(ctx: context(spec), area: spec.type == .area))
        }
    }

    /// The frame's decorations and the kind's marks; an empty scene when not even the marks fit; the title and a
    /// "No data" message when no series has a finite value (rather than bare axes over an invented 0–1 range).
    /// `timeCategories`: the instants of a bar chart's bands on a time axis, so its labels carry them.
    static func scene(_ kind: some CartesianKind, timeCategories: TimeCategories? = nil) -> Scene {
        let ctx = kind.ctx
        guard hasData(ctx.spec) else { return noData(ctx: ctx, name: kind.name) }
        guard let frame = CartesianFrame.make(for: kind) else {
            return Scene(width: ctx.canvas.width, height: ctx.canvas.height, background: nil, title: kind.name,
                         description: kind.name, nodes: [])
        }
        var scene = ctx.scene(kind: kind.name, description: kind.description(in: frame),
                              nodes: frame.decorations + kind.marks(in: frame))
        scene.xTickInstants = frame.xTickInstants
        if let instants = timeCategories?.instants {
            scene.xTickInstants = frame.xLabelIndices.compactMap { $0 < instants.count ? instants[$0] : nil }
        }
        return scene
    }

    /// Whether some series has a finite y value; stops at the first.
    static func hasData(_ spec: ChartSpec) -> Bool {
        spec.series.contains { $0.points.contains { $0.y?.isFinite == true } }
    }

    /// The scene of a chart without data: its title and subtitle, and "No data" centered below them.
    static func noData(ctx: LayoutContext, name: String) -> Scene {
        let header = ChartHeader.make(ctx: ctx)
        var nodes: [Node] = header.node.map { [$0] } ?? []
        let size = ctx.style.subtitleSize
        let baseline = (header.bottom + ctx.canvas.maxY + ctx.ascent(size) - ctx.descent(size)) / 2
        let run = TextRun(text: ctx.locale.words.noData, position: Point(ctx.canvas.center.x, baseline), size: size,
                          anchor: .middle, color: ctx.theme.secondaryText)
        if let placed = ctx.placed(run) { nodes.append(.group(Group(role: .plot, children: [.text(placed)]))) }
        return ctx.scene(kind: name, description: "\(name) with no data", nodes: nodes)
    }
}
