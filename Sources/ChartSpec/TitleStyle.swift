public import ChartScene

/// The look of the chart title (`titleStyle`); a nil field keeps the default look (the theme's text color, 16 px).
public struct TitleStyle: Hashable, Sendable {
    /// The title's text color.
    public var color: Color?
    /// The title's font size in CSS px (`ChartSpec.Limits.titleSize`).
    public var size: Double?

    /// A title look; nil color and size keep the theme's.
    public init(color: Color? = nil, size: Double? = nil) {
        self.color = color
        self.size = size
    }
}
