/// Maps a numeric domain linearly onto a pixel range.
///
/// For a y axis pass the range bottom-to-top (`rangeStart` = plot bottom, `rangeEnd` = plot top): data
/// grows upward while screen y grows downward, the "y = height − value" flip of every hand-drawn chart.
public struct LinearScale: Hashable, Sendable {
    public var domainStart: Double
    public var domainEnd: Double
    public var rangeStart: Double
    public var rangeEnd: Double

    public init(domain: (Double, Double), range: (Double, Double)) {
        domainStart = domain.0
        domainEnd = domain.1
        rangeStart = range.0
        rangeEnd = range.1
    }

    /// The pixel position of `value`. A zero-width domain maps everything to the middle of the range;
    /// a non-finite value maps to the range start, so the result is always finite for a finite range.
    public func callAsFunction(_ value: Double) -> Double {
        let span = domainEnd - domainStart
        guard span != 0, span.isFinite, value.isFinite else {
            return value.isFinite ? (rangeStart + rangeEnd) / 2 : rangeStart
        }
        let t = (value - domainStart) / span
        let r = rangeStart + t * (rangeEnd - rangeStart)
        return r.isFinite ? r : (t > 0.5 ? rangeEnd : rangeStart)
    }

    /// The domain value at pixel `position` (the inverse mapping); the domain start for a zero-width range.
    public func invert(_ position: Double) -> Double {
        let span = rangeEnd - rangeStart
        guard span != 0 else { return domainStart }
        return domainStart + (position - rangeStart) / span * (domainEnd - domainStart)
    }
}
