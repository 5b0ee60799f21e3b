/// A sector of an annulus: the region between two circles around `center`, from `startAngle` to `endAngle`.
///
/// Angles are degrees clockwise from twelve o'clock on screen (y grows downward), so 90° is three o'clock; a
/// sector of 360° is the whole disc (`innerRadius` 0) or ring. Pie slices, the disc a pie tiles and ring gauges are
/// described this way in their roles, so a backend can animate them and the layout JSON can report them without
/// taking their geometry apart from paths.
public struct Sector: Hashable, Sendable {
    public var center: Point
    /// 0 for a pie slice or a whole pie.
    public var innerRadius: Double
    public var outerRadius: Double
    public var startAngle: Double
    /// Not below `startAngle`, at most one turn after it.
    public var endAngle: Double

    public init(center: Point, innerRadius: Double, outerRadius: Double, startAngle: Double, endAngle: Double) {
        self.center = center
        self.innerRadius = innerRadius
        self.outerRadius = outerRadius
        self.startAngle = startAngle
        self.endAngle = endAngle
    }

    /// The sector's sweep as a share of a full turn, 0…1.
    public var fraction: Double {
        let sweep = endAngle - startAngle
        return sweep.isFinite ? Swift.min(Swift.max(sweep / 360, 0), 1) : 0
    }
}
