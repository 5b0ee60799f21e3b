import ChartScene
import ChartSpec

extension LayoutContext {
    /// Whether this chart's plot is mirrored (`ChartSpec.mirrorAxes` on an axis-based kind): the chart is laid out
    /// left to right and then reflected as a whole (`ChartLayout.scene`).
    var mirrorsPlot: Bool { spec.mirrorAxes == true && spec.type.hasAxes }

    /// Whether the title, subtitle and legend are laid out right to left in this pass: the reading direction is
    /// right to left, unless the whole chart is reflected afterwards (which turns a left-to-right header into a
    /// right-to-left one, and the other way round).
    var headerIsRightToLeft: Bool { (spec.readingDirection == .rtl) != mirrorsPlot }

    /// `nodes` of the header (title, subtitle, legend) as the reading direction places them: unchanged left to
    /// right; reflected across `axis` right to left (left-aligned text becomes right-aligned, a legend entry's swatch
    /// moves right of its name and the entries flow from the right).
    func readingOrder(_ nodes: [Node], about axis: Double) -> [Node] {
        headerIsRightToLeft ? HorizontalMirror(axis: axis).nodes(nodes) : nodes
    }
}

extension ChartType {
    /// Whether the kind is drawn on x and value axes (line, area, bar, scatter, diff) rather than around a centre.
    var hasAxes: Bool {
        switch self {
        case .line, .area, .bar, .scatter, .diff: true
        case .ring, .pie, .doughnut, .radar: false
        }
    }
}
