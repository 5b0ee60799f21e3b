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
        // Halved coordinates keep hi − lo finite even for x near ±Double.greatestFiniteMagnitude.
        let halfLo = lo * 0.5
        let scale = hi > lo ? Double(columns) / (hi * 0.5 - halfLo) : 0

        let cells = bucket(x: x, y: y, count: n, halfLo: halfLo, scale: scale, columns: columns)
        var kept: [Int] = []
        kept.reserveCapacity(5 * columns + 2)
        for cell in cells {
            for i in [cell.first, cell.minIndex, cell.maxIndex, cell.last, cell.gap] where i >= 0 { kept.append(i) }
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

    /// What one pixel column keeps: indices of its first, lowest, highest and last point and first gap (−1: none).
    private struct Cell {
        var first = -1, last = -1, minIndex = -1, maxIndex = -1, gap = -1
        var minY = Double.infinity, maxY = -Double.infinity
    }

    /// One pass over the points filling the per-column cells (the hot loop: buffer pointers, one struct per column
    /// for locality).
    private static func bucket(x: [Double], y: [Double], count n: Int, halfLo: Double, scale: Double, columns: Int)
        -> [Cell] {
        var cells = [Cell](repeating: Cell(), count: columns)
        x.withUnsafeBufferPointer { xs in
            y.withUnsafeBufferPointer { ys in
                cells.withUnsafeMutableBufferPointer { cells in
                    for i in 0..<n {
                        let xi = xs[i]
                        guard xi.isFinite else { continue }
                        let f = (xi * 0.5 - halfLo) * scale
                        let c = f < Double(columns) ? Int(f) : columns - 1
                        let yi = ys[i]
                        guard yi.isFinite else {
                            if cells[c].gap < 0 { cells[c].gap = i }
                            continue
                        }
                        if cells[c].first < 0 { cells[c].first = i }
                        cells[c].last = i
                        if yi < cells[c].minY { cells[c].minY = yi; cells[c].minIndex = i }
                        if yi > cells[c].maxY { cells[c].maxY = yi; cells[c].maxIndex = i }
                    }
                }
            }
        }
        return cells
    }

    /// The kept points themselves (see `keptIndices`), as (x, y) pairs in input order.
    public static func decimate(x: [Double], y: [Double], columns: Int) -> [(x: Double, y: Double)] {
        keptIndices(x: x, y: y, columns: columns).map { (x[$0], y[$0]) }
    }
}
