/// A data point's entrance: hidden (scale 0) until its series line arrives at it, then scaled about its centre
/// through `entryScale` → `peakScale` → 1 at 0, `peakAt` and 100 % of the pop, linearly between keyframes (a bounce
/// that SMIL's key splines, which cannot overshoot, leave to the scale values).
public struct PointPop: Hashable, Sendable {
    /// When the growing line's tip reaches the point.
    public var arrival: Double
    /// How long the pop takes.
    public var duration: Double

    /// The scale the point appears with when the line arrives.
    public static let entryScale = 0.5
    /// The overshoot, reached at `peakAt` of the pop.
    public static let peakScale = 1.2
    /// The share of the pop at which `peakScale` is reached.
    public static let peakAt = 0.7

    public init(arrival: Double, duration: Double) {
        self.arrival = arrival
        self.duration = duration
    }

    /// When the pop reaches its peak.
    public var peak: Double { arrival + Self.peakAt * duration }
    /// When the point has its final size.
    public var end: Double { arrival + duration }

    /// The point's scale at `time` seconds: 0 before the arrival, then the keyframes, 1 from the end on.
    public func scale(at time: Double) -> Double {
        guard time >= arrival else { return 0 }
        guard time < end, duration > 0 else { return 1 }
        let u = (time - arrival) / duration
        if u < Self.peakAt { return Self.entryScale + (Self.peakScale - Self.entryScale) * u / Self.peakAt }
        return Self.peakScale + (1 - Self.peakScale) * (u - Self.peakAt) / (1 - Self.peakAt)
    }
}
