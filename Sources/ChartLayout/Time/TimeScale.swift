public import ChartTime

/// Maps instants (milliseconds since 1970-01-01T00:00:00Z) linearly onto a pixel range, with calendar-nice ticks
/// in a chosen zone.
public struct TimeScale: Hashable, Sendable {
    /// Domain bounds in epoch milliseconds (`start` may equal `end`).
    public var start: Double
    public var end: Double
    /// Pixel positions of `start` and `end` (either order).
    public var rangeStart: Double
    public var rangeEnd: Double
    /// The zone ticks and labels are laid out in.
    public var zone: ChartTimeZone

    /// A scale from the instants [start, end] onto [rangeStart, rangeEnd]; bounds are clamped to
    /// ±`TimeTicks.maxAbsMilliseconds` and non-finite ones become 0.
    public init(start: Double, end: Double, rangeStart: Double, rangeEnd: Double, zone: ChartTimeZone = .utc) {
        self.start = TimeTicks.clamp(start.isFinite ? start : 0)
        self.end = TimeTicks.clamp(end.isFinite ? end : 0)
        self.rangeStart = rangeStart
        self.rangeEnd = rangeEnd
        self.zone = zone
    }

    /// The smallest and largest finite values, or nil when there are none.
    public static func extent(of values: [Double?]) -> (min: Double, max: Double)? {
        var lo = Double.infinity, hi = -Double.infinity
        for case let v? in values where v.isFinite {
            lo = min(lo, v)
            hi = max(hi, v)
        }
        return lo <= hi ? (lo, hi) : nil
    }

    /// The pixel position of the instant `t`; a zero-length domain maps everything to the middle of the range.
    public func position(of t: Double) -> Double {
        guard end != start else { return (rangeStart + rangeEnd) / 2 }
        return rangeStart + (t - start) / (end - start) * (rangeEnd - rangeStart)
    }

    /// The instant at pixel `x` (the inverse of `position`).
    public func value(at x: Double) -> Double {
        guard rangeEnd != rangeStart else { return start }
        return start + (x - rangeStart) / (rangeEnd - rangeStart) * (end - start)
    }

    /// The step that gives about `count` ticks over the domain.
    public func step(count: Int) -> TimeStep {
        TimeStep.choose(span: abs(end - start), count: min(max(1, count), TimeTicks.maxTargetCount))
    }

    /// About `count` calendar-nice ticks inside the domain.
    public func ticks(count: Int) -> [TimeTick] {
        TimeTicks.ticks(from: start, to: end, step: step(count: count), zone: zone)
    }

    /// This scale with its domain widened outward to whole steps, so the first and last ticks sit on the ends.
    public func niced(count: Int) -> TimeScale {
        let s = step(count: count)
        var copy = self
        if start <= end {
            copy.start = TimeTicks.floor(start, step: s, zone: zone)
            copy.end = TimeTicks.ceil(end, step: s, zone: zone)
        } else {
            copy.start = TimeTicks.ceil(start, step: s, zone: zone)
            copy.end = TimeTicks.floor(end, step: s, zone: zone)
        }
        return copy
    }
}
