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
