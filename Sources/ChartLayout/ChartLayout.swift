public import ChartScene
public import ChartSpec

/// Turns a validated spec into a scene. The one entry point of the layout layer.
public enum ChartLayout {
    /// Lays out `spec` with `metrics` measuring all text.
    ///
    /// Never fails: degenerate data (no points, one point, all nulls, equal values, extreme magnitudes)
    /// yields finite geometry inside the canvas. Series with more points than twice the plot's pixel width
    /// are decimated (LTTB) before their paths are built.
    ///
    /// Limits: canvas sides and line widths are read within `ChartSpec.Limits` (a spec built in Swift is clamped into
    /// them, `LayoutContext.withinLimits`); values to ±1e150; at most 50 ticks per axis; at
    /// most 2000 per-point groups (dots, tooltips) per series — a decimated series gets them (hit targets without
    /// dots, with their original indices) for the points it draws; the legend takes at most a quarter of the
    /// canvas height (further entries are left out); at most 2000 x labels are
    /// measured to choose thinning. The other kinds document their own
    /// limits: `RingChartLayout`, `DiffKind` (a line chart of the difference), `PieChartLayout`,
    /// `RadarChartLayout`.
    ///
    /// `interactive: false` lays out for a static image: the same pixels, without tooltips or the invisible hit
    /// targets around data points (nothing can hover a PNG). `animated: false` lays out for a format that draws the
    /// chart still (SVG without SMIL, PNG, PDF, layout JSON): the same scene, but a line's points get evenly shared
    /// progress instead of their arc-length progress (`Role.point`), which only an animation reads — measuring it
    /// flattens every curve of every line into chords.
    ///
    /// Direction: a right-to-left spec (`ChartSpec.readingDirection`) has its title, subtitle and legend on the
    /// reading side; `mirrorAxes` reflects an axis-based chart as a whole (`HorizontalMirror`): it is laid out with
    /// the header in the other direction and a side legend on the other side, then reflected, so the legend ends up
    /// at the side `legend.position` names and the header in the reading direction. The reflection is one more pass
    /// over the finished scene, linear in its nodes and path points (a debug build measured it at 0.2–0.5 of the
    /// layout's own time on the hostile corpus's largest mirrored charts, with both scenes alive while it runs).
    public static func scene(for spec: ChartSpec, metrics: any TextMeasuring, interactive: Bool = true,
                             animated: Bool = true) -> Scene {
        guard spec.mirrorAxes == true, spec.type.hasAxes else {
            return unmirrored(spec, metrics: metrics, interactive: interactive, animated: animated)
        }
        var flipped = spec
        switch spec.legendPosition {
        case .left?: flipped.legendPosition = .right
        case .right?: flipped.legendPosition = .left
        default: break
        }
        return HorizontalMirror.scene(unmirrored(flipped, metrics: metrics, interactive: interactive,
                                                 animated: animated))
    }

    /// The scene of `spec` laid out with the plot in its usual orientation.
    private static func unmirrored(_ spec: ChartSpec, metrics: any TextMeasuring, interactive: Bool,
                                   animated: Bool) -> Scene {
        switch spec.type {
        case .line, .area, .scatter, .bar, .diff:
            CartesianLayout.scene(for: spec, metrics: metrics, interactive: interactive, animated: animated)
        case .ring:
            RingChartLayout(spec: spec, metrics: metrics, interactive: interactive, animated: animated).scene()
        case .pie, .doughnut:
            PieChartLayout(spec: spec, metrics: metrics, interactive: interactive, animated: animated).scene()
        case .radar:
            RadarChartLayout(spec: spec, metrics: metrics, interactive: interactive, animated: animated).scene()
        }
    }
}
