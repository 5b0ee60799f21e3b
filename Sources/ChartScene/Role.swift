/// What a group means in the chart. Backends use it to attach tooltips, CSS classes and
/// animations (the SMIL writer grows `seriesLine`, fades `seriesArea`, pops `point`) without
/// knowing how the chart was laid out.
///
/// The cases with a large payload (`pie`, `slice`, `ring`) are `indirect`: every scene node carries a role, and an
/// inline `ArcMark` would make every node (and every copy of one) about a hundred bytes larger.
public enum Role: Hashable, Sendable {
    case background
    case title
    case legend
    /// One legend entry for series `series`.
    case legendItem(series: Int)
    case xAxis
    case yAxis
    /// The second value axis, on the right of the plot (series on `y2`).
    case y2Axis
    case grid
    /// The plot area; children are the data marks, usually clipped to it.
    case plot
    /// Everything belonging to series `k`.
    case series(Int)
    /// The stroke of a line series. Its shape's path runs from the first to the last point.
    case seriesLine(Int)
    /// The fill under (or around) a line series.
    case seriesArea(Int)
    /// The mark of one data point. `progress` is the point's arc-length fraction (0…1) along its
    /// series line, so an animation can reveal it when the growing line arrives.
    case point(series: Int, index: Int, progress: Double)
    /// A reference line or band (average, target, "half time").
    case annotation(Int)
    /// A value bubble attached to a point of a series, shown when the line arrives at `progress`.
    case valueLabel(series: Int, progress: Double)
    /// A bar of series `series` at category `index`. `base` is the edge of its bounds on the baseline (the bottom
    /// edge, `maxY`, for a positive vertical bar; `minX` for a positive horizontal one): an animation grows the bar
    /// out of that edge. A segment of a stack has `stackBase`, the coordinate of the stack's baseline (y for vertical
    /// bars, x for horizontal ones): an animation grows the whole stack out of it at once, so that every segment
    /// rides on the one below instead of growing about its own base.
    case bar(series: Int, index: Int, base: RectEdge, stackBase: Double? = nil)
    /// The slices of one pie or doughnut, tiling `Sector` (from its start angle clockwise to its end angle: a whole
    /// turn, or less for a partial disc such as a half gauge; a doughnut's hole is its inner radius). Animated, the
    /// pie is revealed by a clockwise sweep from the start angle to the end angle.
    indirect case pie(Sector)
    /// A pie or doughnut slice (inside a `.pie` group), by position in drawing order, with what it stands for.
    indirect case slice(Int, ArcMark)
    /// The percentage label (and leader line, when it stands outside) of slice `n`: drawn above every slice, and
    /// faded in once the pie's sweep has finished.
    case sliceLabel(Int)
    /// The ring gauge of series `k`, with what it shows: its track and, when it shows more than nothing, its
    /// `.ringArc`.
    indirect case ring(Int, ArcMark)
    /// A ring gauge's arc; sweeps from 0 when animated. `fraction` is the arc's share of a full turn. Above 1 (an
    /// overdue ring showing its overflow) the group's first child is the first lap, a full turn, and the others draw
    /// the last lap over it (`Role.lastLap(ofRing:)` turns); animated, the last lap sweeps after the first.
    case ringArc(index: Int, fraction: Double)
    /// A ring gauge's centered label.
    case ringLabel(Int)

    /// The share of a turn that the last lap of a ring arc of `fraction` turns covers, in (0, 1]: 0.3 for 1.3 and
    /// 2.3, a whole turn for 2 (the last lap ends at twelve o'clock); 0 when `fraction` is not above 1 (no laps).
    public static func lastLap(ofRing fraction: Double) -> Double {
        guard fraction > 1, fraction.isFinite else { return fraction == .infinity ? 1 : 0 }
        let rest = fraction - fraction.rounded(.down)
        return rest > 0 ? rest : 1
    }
}
