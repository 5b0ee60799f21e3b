/// Evenly spaced bands for categories (bar charts), with inner and outer padding, as in D3's band scale:
/// `step = span / (n − paddingInner + 2·paddingOuter)`, `bandwidth = step·(1 − paddingInner)`, and the leftover
/// space distributed by `align` (0.5 centers the bands).
public struct BandScale: Hashable, Sendable {
    /// Number of categories (≥ 0).
    public var count: Int
    public var rangeStart: Double
    public var rangeEnd: Double
    /// Gap between bands as a fraction of the step, in [0, 1].
    public var paddingInner: Double
    /// Space before the first and after the last band, in steps (≥ 0).
    public var paddingOuter: Double
    /// Where leftover space goes: 0 all after, 1 all before, 0.5 centered.
    public var align: Double

    public init(count: Int, rangeStart: Double, rangeEnd: Double, paddingInner: Double = 0.2,
                paddingOuter: Double = 0.1, align: Double = 0.5) {
        func clean(_ v: Double, _ lo: Double, _ hi: Double) -> Double { v.isFinite ? min(max(v, lo), hi) : lo }
        self.count = max(0, count)
        self.rangeStart = rangeStart
        self.rangeEnd = rangeEnd
        self.paddingInner = clean(paddingInner, 0, 1)
        self.paddingOuter = clean(paddingOuter, 0, 1_000)
        self.align = clean(align, 0, 1)
    }

    /// Distance between the starts of neighbouring bands (negative for a reversed range).
    public var step: Double {
        let n = Double(count)
        let denominator = max(1, n - paddingInner + 2 * paddingOuter)
        return (rangeEnd - rangeStart) / denominator
    }

    /// Width of one band (signed like `step`).
    public var bandwidth: Double { step * (1 - paddingInner) }

    /// Where band `i` starts.
    public func start(_ i: Int) -> Double {
        let n = Double(count)
        let used = step * (n - paddingInner)
        return rangeStart + (rangeEnd - rangeStart - used) * align + step * Double(i)
    }

    /// The middle of band `i` (where a category label goes).
    public func center(_ i: Int) -> Double { start(i) + bandwidth / 2 }

    /// The bars of a grouped bar chart inside band `category`: the band split into `seriesCount` sub-bands with
    /// `innerPadding` (a fraction of a sub-step) between them. Returns (start, width) of the bar for `series`.
    public func groupedBar(category: Int, series: Int, seriesCount: Int, innerPadding: Double = 0.1)
        -> (start: Double, width: Double) {
        let inner = BandScale(count: max(1, seriesCount), rangeStart: start(category),
                              rangeEnd: start(category) + bandwidth, paddingInner: innerPadding, paddingOuter: 0)
        return (inner.start(series), inner.bandwidth)
    }
}
