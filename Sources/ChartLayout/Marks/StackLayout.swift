/// One bar segment of a stack, in value space: it covers [lower, upper].
public struct StackSegment: Hashable, Sendable {
    public var lower: Double
    public var upper: Double

    public init(lower: Double, upper: Double) {
        self.lower = lower
        self.upper = upper
    }

    /// upper − lower (never negative).
    public var height: Double { upper - lower }
}

/// Stacked bar offsets: per category, positive values stack upward from 0 and negative values downward from 0, in
/// series order, so a segment's far edge is the running sum of its side. nil, NaN and infinite values count as 0 and
/// get a zero-height segment at the top of the positive stack.
public enum StackLayout {
    /// `segments[s][c]` for series `s` and category `c`. Each series gets one segment per value it has (a shorter
    /// series simply adds nothing to the later categories), so the output is exactly as large as the input.
    public static func stack(_ series: [[Double?]]) -> [[StackSegment]] {
        let categories = series.map(\.count).max() ?? 0
        var positive = [Double](repeating: 0, count: categories)
        var negative = [Double](repeating: 0, count: categories)
        return series.map { values in
            values.indices.map { c in
                let v = values[c].flatMap { $0.isFinite ? $0 : nil } ?? 0
                if v < 0 {
                    let top = negative[c]
                    negative[c] += v
                    return StackSegment(lower: negative[c], upper: top)
                }
                let bottom = positive[c]
                positive[c] += v
                return StackSegment(lower: bottom, upper: positive[c])
            }
        }
    }

    /// The value range every stack fits in, always containing 0: (most negative stack, most positive stack).
    public static func extent(_ segments: [[StackSegment]]) -> (min: Double, max: Double) {
        var lo = 0.0, hi = 0.0
        for column in segments {
            for s in column {
                lo = min(lo, s.lower)
                hi = max(hi, s.upper)
            }
        }
        return (lo, hi)
    }
}
