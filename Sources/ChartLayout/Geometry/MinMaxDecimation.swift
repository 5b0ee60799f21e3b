/// Reduces a dense signal to what a line plot at a given pixel width can show: per pixel column, the first, the
/// lowest, the highest and the last point (the M4 aggregation of Jugel et al., "M4: A Visualization-Oriented Time
/// Series Data Aggregation", VLDB 2014), which draws the same pixels as the full polyline.
///
/// Returned indices are ascending, so the original order is kept; the first and last points always survive.
/// Columns split the x extent of the finite points evenly. Points with a non-finite x are dropped; a non-finite y
/// is a gap, and the first gap in each column is kept so the line still breaks there.
public enum MinMaxDecimation {
    /// The most columns accepted (wider requests are clamped).
    public static let maxColumns = 100_000

    /// Indices of the points to keep for `columns` pixel columns (at most 4 per column plus one gap per column).
    /// Inputs with no more than that many points are returned whole.
    public static func keptIndices(x: [Double], y: [Double], columns: Int) -> [Int] {
        let n = min(x.count, y.count)
        let columns = min(max(1, columns), maxColumns)
        guard n > 4 * columns else { return Array(0..<n) }

        var lo = Double.infinity, hi = -Double.infinity
        for i in 0..<n where x[i].isFinite {
            lo = min(lo, x[i])
            hi = max(hi, x[i])
        }
        guard lo <= hi else { return [] }
        let scale = hi > lo ? Double(columns) / (hi - lo) : 0

        // Per column: first, min-y, max-y, last and first-gap indices (−1: none yet).
        var first = [Int](repeating: -1, count: columns)
        var last = first, minIndex = first, maxIndex = first, gap = first
        var minY = [Double](repeating: .infinity, count: columns)
        var maxY = [Double](repeating: -.infinity, count: columns)
        for i in 0..<n {
            let xi = x[i]
            guard xi.isFinite else { continue }
            let c = min(columns - 1, Int((xi - lo) * scale))
            let yi = y[i]
            guard yi.isFinite else {
                if gap[c] < 0 { gap[c] = i }
                continue
            }
            if first[c] < 0 { first[c] = i }
            last[c] = i
            if yi < minY[c] { minY[c] = yi; minIndex[c] = i }
            if yi > maxY[c] { maxY[c] = yi; maxIndex[c] = i }
        }

        var kept: [Int] = []
        kept.reserveCapacity(5 * columns)
        for c in 0..<columns {
            for i in [first[c], minIndex[c], maxIndex[c], last[c], gap[c]] where i >= 0 { kept.append(i) }
        }
        // Overall first and last points, whatever their y.
        if let firstFinite = (0..<n).first(where: { x[$0].isFinite }) { kept.append(firstFinite) }
        if let lastFinite = (0..<n).last(where: { x[$0].isFinite }) { kept.append(lastFinite) }
        kept.sort()
        var unique: [Int] = []
        unique.reserveCapacity(kept.count)
        for i in kept where unique.last != i { unique.append(i) }
        return unique
    }

    /// The kept points themselves (see `keptIndices`), as (x, y) pairs in input order.
    public static func decimate(x: [Double], y: [Double], columns: Int) -> [(x: Double, y: Double)] {
        keptIndices(x: x, y: y, columns: columns).map { (x[$0], y[$0]) }
    }
}
