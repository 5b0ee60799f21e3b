/// How the dots of a series with `dots` look: a ring in the background color (the default) or a solid disc, the
/// seed's "实心圆" (solid circle) data points.
public struct DotOptions: Hashable, Sendable {
    /// Hollow (ring) or filled dots.
    public var style: DotStyle = .hollow
    /// Radius in CSS px (`ChartSpec.Limits.dotRadius`); nil means 1.75 × the line width, at least 3.
    public var radius: Double?
    /// The dot's outline; nil means `.circle`.
    public var shape: DotShape?

    /// Dots with the given look; nil radius and shape mean the defaults.
    public init(style: DotStyle = .hollow, radius: Double? = nil, shape: DotShape? = nil) {
        self.style = style
        self.radius = radius
        self.shape = shape
    }
}

/// The look of a series' dots.
public enum DotStyle: String, Hashable, Sendable, CaseIterable {
    /// A ring in the series color around the background color.
    case hollow
    /// A disc in the series color.
    case filled
}

/// The outline of a series' dots, each fitting the circle of the dot's radius.
public enum DotShape: String, Hashable, Sendable, CaseIterable {
    /// A circle.
    case circle
    /// An axis-aligned square whose corners touch the circle.
    case square
    /// An upward triangle whose corners touch the circle.
    case triangle
    /// A square turned 45°, its corners on the circle.
    case diamond
    /// A "+" reaching the circle, drawn as two strokes.
    case cross
}
