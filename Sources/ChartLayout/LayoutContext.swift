import ChartScene
import ChartSpec
import ChartText

/// What every part of a chart layout needs: the spec, text metrics, colors, the look and the canvas.
struct LayoutContext {
    let spec: ChartSpec
    let metrics: any TextMeasuring
    let theme: ThemeColors
    var style: LayoutStyle
    /// The whole canvas, origin at 0,0.
    let canvas: Rect

    func width(_ text: String, size: Double, weight: FontWeight = .regular) -> Double {
        metrics.width(of: text, size: size, weight: weight)
    }

    func ascent(_ size: Double) -> Double { metrics.ascent(size: size) }
    func descent(_ size: Double) -> Double { metrics.descent(size: size) }
    /// Ascent plus descent: the height one line of text covers.
    func lineHeight(_ size: Double) -> Double { metrics.ascent(size: size) + metrics.descent(size: size) }

    func ellipsized(_ text: String, maxWidth: Double, size: Double, weight: FontWeight = .regular) -> String {
        TextFitting.ellipsized(text, maxWidth: maxWidth, size: size, weight: weight, metrics: metrics)
    }

    /// `run` if it fits the canvas, nudged horizontally when only its sides stick out; nil when it cannot
    /// fit (empty text, too tall or too wide). The last line of defence for "nothing outside the canvas".
    func placed(_ run: TextRun) -> TextRun? {
        guard !run.text.isEmpty, run.position.x.isFinite, run.position.y.isFinite else { return nil }
        var run = run
        let box = TextBox(run, metrics: metrics).bounds
        guard box.width <= canvas.width, box.height <= canvas.height else { return nil }
        if box.minX < canvas.minX { run.position.x += canvas.minX - box.minX }
        if box.maxX > canvas.maxX { run.position.x -= box.maxX - canvas.maxX }
        if box.minY < canvas.minY { run.position.y += canvas.minY - box.minY }
        if box.maxY > canvas.maxY { run.position.y -= box.maxY - canvas.maxY }
        return run
    }

    /// Series display name: its own, or "Series n" (1-based).
    func seriesName(_ index: Int) -> String {
        guard index < spec.series.count, let name = spec.series[index].name, !name.isEmpty else {
            return "Series \(index + 1)"
        }
        return name
    }

    /// Series color: its own, the spec palette's, or the theme palette's.
    func seriesColor(_ index: Int) -> Color {
        if index < spec.series.count, let c = spec.series[index].color { return c }
        if let p = spec.palette, !p.isEmpty { return Palette(p).color(at: index) }
        return theme.palette.color(at: index)
    }

    /// The fill of series `index`: its own, or a solid fill for every series of an area chart.
    func fillMode(_ index: Int) -> FillMode {
        guard index < spec.series.count else { return .none }
        let fill = spec.series[index].fill
        return fill == .none && spec.type == .area ? .solid : fill
    }

    /// The radius of a data dot for a line width (the colored ring is drawn on it).
    func dotRadius(lineWidth: Double) -> Double { max(3, lineWidth * 1.75) }
}
