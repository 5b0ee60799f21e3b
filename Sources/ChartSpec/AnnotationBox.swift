public import ChartScene

/// A box annotation: a filled rectangle in data coordinates behind the series (Chart.js annotation plugin's `box`).
/// Each bound is optional; an absent one is that edge of the plot, so `yMin` alone shades everything above it.
public struct AnnotationBox: Hashable, Sendable {
    /// The x bounds: category index, numeric x or (time axis) epoch milliseconds. nil while the bound is given as
    /// ISO-8601 text in `xMinText`/`xMaxText`, until `ChartLayout.resolvingTimes` reads it in the axis zone.
    public var xMin: Double?
    /// The right edge in x data units; nil reaches the plot's right edge.
    public var xMax: Double?
    /// `xMin` given as ISO-8601 text on a time axis (resolved against its zone); nil otherwise.
    public var xMinText: String?
    /// `xMax` given as ISO-8601 text on a time axis (resolved against its zone); nil otherwise.
    public var xMaxText: String?
    /// The y bounds, in the units of `axis`.
    public var yMin: Double?
    /// The top edge in y data units; nil reaches the plot's top edge.
    public var yMax: Double?
    /// The fill; nil means a translucent grey of the theme.
    public var color: Color?
    /// A 1 px outline; nil draws none.
    public var borderColor: Color?
    /// A text centered in the box (left out when the box is too small for it).
    public var label: String?
    /// The value axis of `yMin` and `yMax`; nil means `y`.
    public var axis: ValueAxis?

    /// A box between the given edges (a nil edge reaches the plot's edge), with the default look unless colors are
    /// given.
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
