/// A color stop of a gradient: `offset` runs 0…1 from the gradient's start to its end.
public struct GradientStop: Hashable, Sendable {
    public var offset: Double
    public var color: Color

    public init(offset: Double, color: Color) {
        self.offset = offset
        self.color = color
    }
}

/// A linear gradient between two points in scene coordinates (not relative to a bounding box),
/// padded with the end colors beyond its ends. Stops are sorted by offset, at least two.
public struct LinearGradient: Hashable, Sendable {
    public var start: Point
    public var end: Point
    public var stops: [GradientStop]

    public init(start: Point, end: Point, stops: [GradientStop]) {
        self.start = start
        self.end = end
        self.stops = stops
    }
}

/// What fills or strokes a shape.
public enum Paint: Hashable, Sendable {
    case solid(Color)
    case linearGradient(LinearGradient)

    /// True when every color of the paint has alpha 0.
    public var isFullyTransparent: Bool {
        switch self {
        case .solid(let color): color.alpha == 0
        case .linearGradient(let gradient): gradient.stops.allSatisfy { $0.color.alpha == 0 }
        }
    }
}

/// Which points a self-intersecting path covers.
public enum FillRule: Hashable, Sendable {
    case nonZero
    case evenOdd
}

/// How stroke segments meet.
public enum LineJoin: Hashable, Sendable {
    case miter
    case round
    case bevel
}

/// How open stroke ends (and dash ends) are finished.
public enum LineCap: Hashable, Sendable {
    case butt
    case round
    case square
}

/// The geometry of a stroke, in scene units.
public struct StrokeStyle: Hashable, Sendable {
    public var width: Double
    public var join: LineJoin
    public var cap: LineCap
    public var miterLimit: Double
    /// Alternating on/off lengths; empty for a solid line.
    public var dash: [Double]
    public var dashOffset: Double

    public init(width: Double, join: LineJoin = .round, cap: LineCap = .round, miterLimit: Double = 4,
                dash: [Double] = [], dashOffset: Double = 0) {
        self.width = width
        self.join = join
        self.cap = cap
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashOffset = dashOffset
    }
}
