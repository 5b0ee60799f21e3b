import ChartScene
import ChartSpec

/// Lays out an axis-based chart: picks the spec's `CartesianKind`, lays out the `CartesianFrame` for what the kind
/// reports, and puts the kind's marks over the frame's decorations.
enum CartesianLayout {
    /// The scene of `spec`, a line, area, scatter, bar or diff chart.
    static func scene(for spec: ChartSpec, metrics: any TextMeasuring, interactive: Bool) -> Scene {
        var spec = (try? ChartLayout.resolvingTimes(spec)) ?? spec
        let timeCategories = TimeCategories.categorize(spec).map { categorized in
            spec = categorized.spec
            return categorized.categories
        }
        let ctx = LayoutContext(spec: spec, metrics: metrics, interactive: interactive)
        return switch spec.type {
        case .bar where spec.bars.orientation == .horizontal:
            scene(HorizontalBarKind(ctx: ctx, timeCategories: timeCategories))
        case .bar: scene(BarKind(ctx: ctx, timeCategories: timeCategories))
        case .scatter: scene(ScatterKind(ctx: ctx))
        case .diff: scene(DiffKind(ctx: ctx))
        default: scene(LineKind(ctx: ctx))
        }
    }

    /// The frame's decorations and the kind's marks; an empty scene when not even the marks fit.
    static func scene(_ kind: some CartesianKind) -> Scene {
        let ctx = kind.ctx
        guard let frame = CartesianFrame.make(for: kind) else {
            return Scene(width: ctx.canvas.width, height: ctx.canvas.height, background: nil, title: kind.name,
                         description: kind.name, nodes: [])
        }
        return ctx.scene(kind: kind.name, description: kind.description(in: frame),
                         nodes: frame.decorations + kind.marks(in: frame))
    }
}
