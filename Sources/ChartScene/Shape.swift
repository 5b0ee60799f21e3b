/// A path with an optional fill and an optional stroke. Fill is painted first, then stroke.
public struct Shape: Hashable, Sendable {
    public var path: Path
    public var fill: Paint?
    public var fillRule: FillRule
    public var stroke: Paint?
    public var strokeStyle: StrokeStyle
    /// Pixel-snapping hint: a thin horizontal or vertical line (grid, axis) that a raster backend
    /// should align to device pixel centers so it stays sharp.
    public var snapToPixels: Bool

    public init(path: Path, fill: Paint? = nil, fillRule: FillRule = .nonZero, stroke: Paint? = nil,
                strokeStyle: StrokeStyle = StrokeStyle(width: 1), snapToPixels: Bool = false) {
        self.path = path
        self.fill = fill
        self.fillRule = fillRule
        self.stroke = stroke
        self.strokeStyle = strokeStyle
        self.snapToPixels = snapToPixels
    }
}

extension Shape {
    /// True when the shape paints nothing in any backend: no fill and no stroke, or only fully transparent ones.
    /// The layout uses such shapes as hit targets that carry a data point's tooltip; there is nothing to animate.
    public var isInvisible: Bool {
        (fill.map { $0.isFullyTransparent } ?? true)
            && (stroke.map { $0.isFullyTransparent || !(strokeStyle.width > 0) } ?? true)
    }
}
