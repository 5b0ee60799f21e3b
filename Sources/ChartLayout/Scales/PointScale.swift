/// Maps category indices 0…count−1 to evenly spaced x positions for a line chart.
///
/// A line chart wants its first and last points on the plot edges (bands would waste half a step on
/// each side), but a point exactly on the edge would have its dot and stroke cut, so both ends are
/// pulled in by `inset` pixels. A single category sits in the middle.
public struct PointScale: Hashable, Sendable {
    public var count: Int
    public var rangeStart: Double
    public var rangeEnd: Double
    public var inset: Double

    public init(count: Int, range: (Double, Double), inset: Double = 0) {
        self.count = max(count, 0)
        rangeStart = range.0
        rangeEnd = range.1
        // Never inset past the middle of the range.
        self.inset = min(max(inset, 0), abs(range.1 - range.0) / 2)
    }

    /// Distance between neighbouring points (0 with fewer than two points).
    public var step: Double {
        guard count > 1 else { return 0 }
        let direction: Double = rangeEnd >= rangeStart ? 1 : -1
        return (rangeEnd - rangeStart - 2 * inset * direction) / Double(count - 1)
    }

    /// The x position of category `index` (fractional indices interpolate, e.g. for annotations).
    public func callAsFunction(_ index: Double) -> Double {
        guard count > 1 else { return (rangeStart + rangeEnd) / 2 }
        let direction: Double = rangeEnd >= rangeStart ? 1 : -1
        return rangeStart + inset * direction + index * step
    }

    /// The same mapping as a linear scale over the index domain 0…count−1.
    public var linear: LinearScale {
        guard count > 1 else {
            let mid = (rangeStart + rangeEnd) / 2
            return LinearScale(domain: (0, 0), range: (mid, mid))
        }
        return LinearScale(domain: (0, Double(count - 1)), range: (self(0), self(Double(count - 1))))
    }
}
