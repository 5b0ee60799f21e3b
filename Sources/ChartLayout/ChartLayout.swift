public import ChartScene
public import ChartSpec
public import ChartText

/// Turns a validated spec into a scene. The one entry point of the layout layer.
public enum ChartLayout {
    /// Lays out `spec` with `metrics` measuring all text.
    ///
    /// Never fails: degenerate data (no points, one point, all nulls, equal values, extreme magnitudes)
    /// yields finite geometry inside the canvas. Series with more points than twice the plot's pixel width
    /// are decimated (LTTB) before their paths are built.
    public static func scene(for spec: ChartSpec, metrics: any TextMeasuring) -> Scene {
        switch spec.type {
        case .line, .area:
            LineChartLayout(spec: spec, metrics: metrics).scene()
        }
    }
}
