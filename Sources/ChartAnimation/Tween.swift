/// One motion of the choreography: a progress from 0 to 1 between two times, along an easing.
///
/// The SMIL writer turns a tween into two keyframes (`start` → `end`, with the easing as `keySplines`); the frame
/// sampler asks it for its progress at a time. Both read the same tween, so they cannot disagree.
public struct Tween: Hashable, Sendable {
    /// Seconds from the start of the animation at which the motion starts (progress 0 until then).
    public var start: Double
    /// When the motion has arrived (progress 1 from then on).
    public var end: Double
    /// The timing curve between `start` and `end`.
    public var easing: Choreography.Easing

    public init(start: Double, length: Double, easing: Choreography.Easing) {
        self.start = start
        self.end = start + length
        self.easing = easing
    }

    /// Whether the motion follows a curve other than linear (SMIL: a `keySplines` segment).
    public var isEased: Bool { easing != .linear }

    /// The progress 0…1 at `time` seconds: 0 before `start`, 1 from `end` on, the eased time fraction between.
    public func progress(at time: Double) -> Double {
        guard time < end else { return 1 }
        guard time > start else { return 0 }
        return easing.progress(atTime: (time - start) / (end - start))
    }
}
