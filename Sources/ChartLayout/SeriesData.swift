import ChartSpec

/// One series reduced to what the layout draws: its unbroken runs of finite points, decimated when the
/// series has far more points than the plot has pixels.
struct SeriesData {
    /// Position of the series in the spec.
    let index: Int
    let series: Series
    /// Maximal ranges of consecutive points with finite x and y; a null (or non-finite) value ends a run.
    let runs: [Range<Int>]
    /// The finite points, counted over all runs.
    let finiteCount: Int

    init(index: Int, series: Series) {
        self.index = index
        self.series = series
        var runs: [Range<Int>] = []
        var start: Int?
        var count = 0
        let points = series.points
        for i in points.indices {
            if let y = points[i].y, y.isFinite, points[i].x.isFinite {
                count += 1
                if start == nil { start = i }
            } else if let s = start {
                runs.append(s..<i)
                start = nil
            }
        }
        if let s = start { runs.append(s..<points.count) }
        self.runs = runs
        finiteCount = count
    }

    /// The indices to draw for each run: all of them, or, when the series has more than `limit` finite
    /// points, an LTTB selection sharing `limit` among the runs in proportion to their lengths.
    func keptIndices(limit: Int) -> (runs: [[Int]], decimated: Bool) {
        guard finiteCount > limit, limit >= 3 else { return (runs.map { Array($0) }, false) }
        let points = series.points
        var result: [[Int]] = []
        result.reserveCapacity(runs.count)
        for run in runs {
            let share = max(3, Int(Double(run.count) * Double(limit) / Double(finiteCount)))
            guard run.count > share else {
                result.append(Array(run))
                continue
            }
            var xs: [Double] = [], ys: [Double] = []
            xs.reserveCapacity(run.count)
            ys.reserveCapacity(run.count)
            for i in run {
                xs.append(points[i].x)
                ys.append(points[i].y ?? 0)
            }
            result.append(LTTB.downsample(xs: xs, ys: ys, threshold: share).map { $0 + run.lowerBound })
        }
        return (result, true)
    }
}
