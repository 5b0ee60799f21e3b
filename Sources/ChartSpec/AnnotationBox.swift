public import ChartScene

/// A box annotation: a filled rectangle in data coordinates behind the series (Chart.js annotation plugin's `box`).
/// Each bound is optional; an absent one is that edge of the plot, so `yMin` alone shades everything above it.
public struct AnnotationBox: Hashable, Sendable {
    /// The x bounds: category index, numeric x or (time axis) epoch milliseconds. nil while the bound is given as
    /// ISO-8601 text in `xMinText`/`xMaxText`, until `ChartLayout.resolvingTimes` reads it in the axis zone.
    public var xMin: Double?
    public var xMax: Double?
    public var xMinText: String?
    public var xMaxText: String?
    /// The y bounds, in the units of `axis`.
    public var yMin: Double?
    public var yMax: Double?
    /// The fill; nil means a translucent grey of the theme.
    public var color: Color?
    /// A 1 px outline; nil draws none.
    public var borderColor: Color?
    /// A text centered in the box (left out when the box is too small for it).
    public var label: String?
    /// The value axis of `yMin` and `yMax`; nil means `y`.
    public var axis: ValueAxis?

    public init(xMin: Double? = nil, xMax: Double? = nil, yMin: Double? = nil, yMax: Double? = nil,
                color: Color? = nil, borderColor: Color? = nil, label: String? = nil, axis: ValueAxis? = nil) {
        self.xMin = xMin
        self.xMax = xMax
        self.yMin = yMin
        self.yMax = yMax
        self.color = color
        self.borderColor = borderColor
        self.label = label
        self.axis = axis
    }
}
