/// Largest-Triangle-Three-Buckets downsampling (Sveinn Steinarsson, "Downsampling Time Series for
/// Visual Representation", 2013), extended to always keep the run's minimum and maximum.
///
/// The first and last points are kept; the rest is cut into `threshold − 2` equal buckets, and from each
/// bucket the point forming the largest triangle with the previously kept point and the next bucket's
/// average is kept. A bucket holding the global minimum or maximum keeps that point instead (both, in
/// index order, if it holds both), so peaks never disappear. O(n) time, O(threshold) memory.
public enum LTTB {
    /// Indices (increasing) of the points to keep from `xs`/`ys` (equal lengths), about `threshold` of them.
    /// Returns every index when there are no more than `threshold` points or `threshold` < 3.
    public static func downsample(xs: [Double], ys: [Double], threshold: Int) -> [Int] {
        downsample(ArrayPoints(xs: xs, ys: ys), threshold: threshold)
    }

    /// The same over any indexable point source, so callers need not copy their data (a million-point
    /// series would otherwise allocate two 8 MB arrays just to be read once). Generic rather than
    /// closure-based so the optimizer specializes the hot loops for each source.
    static func downsample<Source: LTTBSource>(_ source: Source, threshold: Int) -> [Int] {
        let n = source.count
        guard threshold >= 3, n > threshold else { return Array(0..<max(n, 0)) }
        func xs(_ i: Int) -> Double { source.x(i) }
        func ys(_ i: Int) -> Double { source.y(i) }
        var minIndex = 0, maxIndex = 0
        for i in 1..<n {
            if ys(i) < ys(minIndex) { minIndex = i }
            if ys(i) > ys(maxIndex) { maxIndex = i }
        }

        var kept: [Int] = []
        kept.reserveCapacity(threshold + 2)
        kept.append(0)
        let buckets = threshold - 2
        let size = Double(n - 2) / Double(buckets)
        var a = 0  // the previously kept point
        for b in 0..<buckets {
            let start = 1 + Int(Double(b) * size)
            let end = min(1 + Int(Double(b + 1) * size), n - 1)  // exclusive
            guard start < end else { continue }
            // Average of the next bucket (the last point for the final bucket).
            let nextStart = end
            let nextEnd = min(1 + Int(Double(b + 2) * size), n)
            var avgX = 0.0, avgY = 0.0
            if nextStart < nextEnd {
                for j in nextStart..<nextEnd { avgX += xs(j); avgY += ys(j) }
                let c = Double(nextEnd - nextStart)
                avgX /= c
                avgY /= c
            } else {
                avgX = xs(n - 1)
                avgY = ys(n - 1)
            }
            let holdsMin = minIndex >= start && minIndex < end
            let holdsMax = maxIndex >= start && maxIndex < end
            if holdsMin || holdsMax {
                let extremes = [holdsMin ? minIndex : nil, holdsMax ? maxIndex : nil].compactMap { $0 }
                for i in Set(extremes).sorted() { kept.append(i) }
                a = kept[kept.count - 1]
                continue
            }
            var best = start, bestArea = -1.0
            let ax = xs(a), ay = ys(a)
            for j in start..<end {
                // Twice the triangle area; the constant factor does not change the argmax.
                let area = abs((ax - avgX) * (ys(j) - ay) - (ax - xs(j)) * (avgY - ay))
                if area > bestArea { bestArea = area; best = j }
            }
            kept.append(best)
            a = best
        }
        if kept.last != n - 1 { kept.append(n - 1) }
        return kept
    }
}

/// Points LTTB reads by index.
protocol LTTBSource {
    var count: Int { get }
    func x(_ i: Int) -> Double
    func y(_ i: Int) -> Double
}

/// Two parallel arrays.
struct ArrayPoints: LTTBSource {
    let xs: [Double]
    let ys: [Double]
    var count: Int { min(xs.count, ys.count) }
    func x(_ i: Int) -> Double { xs[i] }
    func y(_ i: Int) -> Double { ys[i] }
}
