import ChartScene
import ChartSpec

/// How the marks of one series are painted: its color, the per-point overrides (`Series.colors`) and the outline
/// of its bars, slices and bubbles (`Series.borderColor`, `borderWidth`).
struct MarkStyle {
    /// The series color (`LayoutContext.seriesColor`).
    let color: Color
    let colors: [Color?]
    /// The outline's color; nil means the mark's own fill color.
    let borderColor: Color?
    /// The outline's width in CSS px; 0 draws none.
    let borderWidth: Double

    /// The style of `series`, series `k` of the spec.
    init(_ series: Series, index k: Int, ctx: LayoutContext) {
        color = ctx.seriesColor(k)
        colors = series.colors
        borderColor = series.borderColor
        borderWidth = Self.borderWidth(series)
    }

    /// The outline width a series asks for: `borderWidth`, else 1 px when only `borderColor` is given, else none.
    static func borderWidth(_ series: Series) -> Double {
        series.borderWidth ?? (series.borderColor != nil ? 1 : 0)
    }

    /// The color of point `i`: its entry in `colors` (which repeats when shorter than the points), else the series
    /// color.
    func color(at i: Int) -> Color {
        colors.isEmpty || i < 0 ? color : colors[i % colors.count] ?? color
    }

    /// The outline's paint for a mark filled with `fill`, nil when the series has none.
    func outline(around fill: Color) -> Paint? {
        borderWidth > 0 ? .solid(borderColor ?? fill) : nil
    }
}
