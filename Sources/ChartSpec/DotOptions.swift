/// How the dots of a series with `dots` look: a ring in the background color (the default) or a solid disc, the
/// seed's "实心圆" (solid circle) data points.
public struct DotOptions: Hashable, Sendable {
    public var style: DotStyle = .hollow
    /// Radius in CSS px (`ChartSpec.Limits.dotRadius`); nil means 1.75 × the line width, at least 3.
    public var radius: Double?

    public init(style: DotStyle = .hollow, radius: Double? = nil) {
        self.style = style
        self.radius = radius
    }
}

/// The look of a series' dots.
public enum DotStyle: String, Hashable, Sendable, CaseIterable {
    /// A ring in the series color around the background color.
    case hollow
    /// A disc in the series color.
    case filled
}
