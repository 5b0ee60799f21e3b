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
    /// Extent of the finite y values (min > max when there are none).
    let yMin: Double, yMax: Double
    /// Extent of all finite x values, gaps included (they still take their place on the axis).
    let xMin: Double, xMax: Double

    init(index: Int, series: Series) {
        self.index = index
        self.series = series
        var runs: [Range<Int>] = []
        var start: Int?
        var count = 0
        var yMin = Double.infinity, yMax = -Double.infinity, xMin = Double.infinity, xMax = -Double.infinity
        let points = series.points
        for i in points.indices {
            let x = points[i].x
            if x.isFinite {
                xMin = min(xMin, x)
                xMax = max(xMax, x)
            }
            if let y = points[i].y, y.isFinite, x.isFinite {
                count += 1
                yMin = min(yMin, y)
                yMax = max(yMax, y)
                if start == nil { start = i }
            } else if let s = start {
                runs.append(s..<i)
                start = nil
            }
        }
        if let s = start { runs.append(s..<points.count) }
        self.runs = runs
        finiteCount = count
        self.yMin = yMin
        self.yMax = yMax
        self.xMin = xMin
        self.xMax = xMax
    }

    /// The indices to draw for each run: all of them, or, when the series has more than `limit` finite
    /// points, an LTTB selection sharing `limit` among the runs in proportion to their lengths. With `spanGaps` the
    /// runs are drawn as one: the line bridges the nulls between them.
    func keptIndices(limit: Int) -> (runs: [[Int]], decimated: Bool) {
        guard series.spanGaps == true, runs.count > 1 else { return keptRunIndices(limit: limit) }
        // Bridged, the finite points are one line and are decimated as one: a million one-point runs must not
        // each keep their point.
        let finite = runs.flatMap { $0 }
        guard finiteCount > limit, limit >= 3 else { return ([finite], false) }
        if series.decimation == .minmax { return ([minMaxRuns(columns: max(1, limit / 4)).flatMap { $0 }], true) }
        let kept = LTTB.downsample(FinitePoints(points: series.points, indices: finite), threshold: limit)
        return ([kept.map { finite[$0] }], true)
    }

    private func keptRunIndices(limit: Int) -> (runs: [[Int]], decimated: Bool) {
        guard finiteCount > limit, limit >= 3 else { return (runs.map { Array($0) }, false) }
        if series.decimation == .minmax { return (minMaxRuns(columns: max(1, limit / 4)), true) }
        let points = series.points
        var result: [[Int]] = []
        result.reserveCapacity(runs.count)
        for run in runs {
            let share = max(3, Int(Double(run.count) * Double(limit) / Double(finiteCount)))
            guard run.count > share else {
                result.append(Array(run))
                continue
            }
            let kept = LTTB.downsample(RunPoints(points: points, run: run), threshold: share)
            result.append(kept.map { $0 + run.lowerBound })
        }
        return (result, true)
    }
}

extension SeriesData {
    /// Per-pixel-column first/min/max/last (`MinMaxDecimation`, M4) over the whole series, split back into runs:
    /// kept indices of one original run stay together, gaps between runs stay gaps.
    func minMaxRuns(columns: Int) -> [[Int]] {
        let points = series.points
        let kept = MinMaxDecimation.keptIndices(x: points.map(\.x), y: points.map { $0.y ?? .nan }, columns: columns)
        var result: [[Int]] = []
        var r = 0
        for i in kept {
            while r < runs.count && runs[r].upperBound <= i { r += 1 }
            guard r < runs.count, runs[r].contains(i) else { continue }  // a gap or a non-finite point
            if result.count <= r { result.append(contentsOf: repeatElement([], count: r + 1 - result.count)) }
            result[r].append(i)
        }
        return result.filter { !$0.isEmpty }
    }
}

/// One run of a series' points as an LTTB source, without copying (nulls never occur inside a run).
/// The finite points of a series that bridges its gaps, as one LTTB source.
struct FinitePoints: LTTBSource {
    let points: [DataPoint]
    let indices: [Int]
    var count: Int { indices.count }
    func x(_ i: Int) -> Double { points[indices[i]].x }
    func y(_ i: Int) -> Double { points[indices[i]].y ?? 0 }
}

struct RunPoints: LTTBSource {
    let points: [DataPoint]
    let run: Range<Int>
    var count: Int { run.count }
    func x(_ i: Int) -> Double { points[run.lowerBound + i].x }
    func y(_ i: Int) -> Double { points[run.lowerBound + i].y ?? 0 }
}
