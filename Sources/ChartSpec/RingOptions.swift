public import ChartScene

/// Options of a ring gauge (`type: "ring"`): one ring per series, showing the series' last value as a share of a
/// full turn (0…1; below 0 an empty ring; above 1 a full one, or a second lap with `overflow: .show`).
public struct RingOptions: Hashable, Sendable {
    /// Stroke width of a ring as a share of its outer radius.
    public var thickness: Double = 0.2
    /// Color overrides by value: the arc takes the color of the threshold with the smallest `below` that the
    /// value is under (so `[{below: 0.3, …orange}, {below: 0.1, …red}]` turns 0.05 red and 0.2 orange).
    public var thresholds: [RingThreshold] = []
    /// What is written in each ring's center.
    public var label: RingLabel = .percent
    /// Custom center texts by series index; they replace the percentage of the rings they cover.
    public var labels: [String] = []
    /// The track under the arc; nil means the theme's neutral gray.
    public var track: Color?
    /// How several rings are arranged.
    public var layout: RingLayout = .row
    /// What a ring shows for a value above 1 (an overdue goal).
    public var overflow: RingOverflow = .clamp

    /// The default ring gauge options.
    public init() {}

    /// The arc color for `value` when a threshold applies; nil means the series color.
    public func thresholdColor(for value: Double) -> Color? {
        var best: RingThreshold?
        for t in thresholds where value < t.below && t.below < (best?.below ?? .infinity) { best = t }
        return best?.color
    }
}

/// One color override of a ring gauge, used while the value is below `below`.
public struct RingThreshold: Hashable, Sendable {
    /// Values below this take `color`.
    public var below: Double
    /// The ring's color for values below `below`.
    public var color: Color

    /// Values below `below` are drawn in `color`.
    public init(below: Double, color: Color) {
        self.below = below
        self.color = color
    }
}

/// How the rings of several series are arranged.
public enum RingLayout: String, Hashable, Sendable, CaseIterable {
    /// Side by side in equal cells, each with its own center text and its name below.
    case row
    /// Nested, series 0 outermost, the center texts stacked in the innermost hole, names in a legend.
    case concentric
}

/// What a ring shows for a value above 1.
public enum RingOverflow: String, Hashable, Sendable, CaseIterable {
    /// A full ring labelled 100 %, as a progress ring that stops at its goal.
    case clamp
    /// The value as it is (130 %), drawn as a second lap over the first whose end casts a shadow, as activity
    /// rings do, so 1.3 reads as a full turn plus 30 %.
    case show
}

/// The center text of a ring.
public enum RingLabel: String, Hashable, Sendable, CaseIterable {
    /// The value as a whole percentage ("62%").
    case percent
    /// The series name.
    case name
    /// No label.
    case none
}
