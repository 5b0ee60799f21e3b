/// One slice of a pie or doughnut: where it starts and ends and which inputs it stands for.
public struct PieSlice: Hashable, Sendable {
    /// The input index, or nil for the merged "other" slice.
    public var index: Int?
    /// Every input index this slice stands for (one for a normal slice, several for "other").
    public var sourceIndices: [Int]
    public var value: Double
    /// Share of the total, in (0, 1].
    public var fraction: Double
    /// Degrees clockwise from twelve o'clock (see `ArcGeometry`).
    public var startAngle: Double
    public var endAngle: Double

    public init(index: Int?, sourceIndices: [Int], value: Double, fraction: Double, startAngle: Double,
                endAngle: Double) {
        self.index = index
        self.sourceIndices = sourceIndices
        self.value = value
        self.fraction = fraction
        self.startAngle = startAngle
        self.endAngle = endAngle
    }

    /// True for the merged bucket of small slices.
    public var isOther: Bool { index == nil }
}

/// Pie angles from values.
public enum PieAngles {
    /// Slices in input order, with the merged "other" slice (if any) last; the angles tile exactly
    /// [start, start + sweep] (`sweep` degrees: 360 for a whole disc, 180 for a half gauge).
    ///
    /// - nil, NaN, infinite, zero and negative values get no slice (the spec layer rejects negatives with a path;
    ///   here they cannot produce a NaN or a backwards arc).
    /// - Values whose share is below `mergeBelow` (e.g. 0.02 for 2 %) are merged into one "other" slice, but only
    ///   when at least two qualify — a single small slice keeps its own identity.
    /// - At most `maxSlices` slices result: beyond that only the `maxSlices − 1` largest keep their own slice
    ///   (ties go to the earlier input) and every other value joins "other", so equal values cannot defeat the cap.
    /// - When the total is zero (empty or all-zero input) the result is empty: the caller draws a neutral ring.
    public static func slices(_ values: [Double?], mergeBelow: Double = 0, start: Double = 0, sweep: Double = 360,
                              maxSlices: Int = .max) -> [PieSlice] {
        let usable: [(Int, Double)] = values.enumerated().compactMap { i, v in
            guard let v, v.isFinite, v > 0 else { return nil }
            return (i, v)
        }
        // Shares are computed on values scaled by the largest one, so huge inputs (1e308 each) cannot overflow.
        let largest = usable.map(\.1).max() ?? 0
        guard largest > 0 else { return [] }
        var total = 0.0
        for (_, v) in usable { total += v / largest }
        let isSmall = { (v: Double) in v / largest / total < mergeBelow }
        var small = usable.filter { isSmall($0.1) }
        var kept = small.count >= 2 ? usable.filter { !isSmall($0.1) } : usable
        if small.count < 2 { small = [] }
        let limit = max(2, maxSlices)
        if kept.count + (small.isEmpty ? 0 : 1) > limit {
            // Keep the limit − 1 largest: those above the limit−1-th largest value, then the earliest of its ties.
            let threshold = kept.map(\.1).sorted(by: >)[limit - 2]
            var tiesLeft = limit - 1 - kept.count(where: { $0.1 > threshold })
            var survivors: [(Int, Double)] = []
            for entry in kept {
                if entry.1 > threshold || (entry.1 == threshold && tiesLeft > 0) {
                    if entry.1 == threshold { tiesLeft -= 1 }
                    survivors.append(entry)
                } else {
                    small.append(entry)
                }
            }
            kept = survivors
            small.sort { $0.0 < $1.0 }
        }
        var groups: [(index: Int?, sources: [Int], value: Double)] = kept
            .map { (index: $0.0, sources: [$0.0], value: $0.1) }
        if !small.isEmpty {
            var sum = 0.0
            for (_, v) in small { sum += v }
            groups.append((index: nil, sources: small.map(\.0), value: sum))
        }
        var out: [PieSlice] = []
        var running = 0.0
        for (n, g) in groups.enumerated() {
            let share = g.value / largest / total
            let a0 = start + running * sweep
            running += share
            // The last slice closes the sweep exactly, whatever the rounding on the way.
            let a1 = n == groups.count - 1 ? start + sweep : start + running * sweep
            out.append(PieSlice(index: g.index, sourceIndices: g.sources, value: g.value, fraction: share,
                                startAngle: a0, endAngle: a1))
        }
        return out
    }
}
