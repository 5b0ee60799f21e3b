public import ChartScene
public import ChartSpec
public import ChartText

/// Turns a validated spec into a scene. The one entry point of the layout layer.
public enum ChartLayout {
    /// Lays out `spec` with `metrics` measuring all text.
    public static func scene(for spec: ChartSpec, metrics: any TextMeasuring) -> Scene {
        Scene(width: spec.width, height: spec.height, background: spec.background, title: spec.title ?? "Chart",
              description: "", nodes: [])
    }
}
