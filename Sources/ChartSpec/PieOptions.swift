/// Options of pie and doughnut charts (`type: "pie"` / `"doughnut"`): the slices are the values of the one series,
/// named by `labels`.
public struct PieOptions: Hashable, Sendable {
    /// Slices whose share is below this (0…0.5) are merged into one "other" slice when at least two qualify.
    public var otherBelow: Double = 0.03
    /// The name of the merged slice.
    public var otherLabel: String = "Other"
    /// The hole as a share of the radius (0…0.9); nil means 0 for a pie and 0.6 for a doughnut.
    public var innerRadius: Double?
    /// Percentages on (or beside) the slices.
    public var percentages: Bool = true
    /// Where the first slice starts, in degrees clockwise from twelve o'clock (−360…360); nil means 0.
    public var rotation: Double?
    /// The degrees the slices sweep together (1…360); nil means 360, the whole disc. 180 with `rotation` −90 is a
    /// half gauge, laid out in the space the partial disc needs.
    public var circumference: Double?
    /// The slice labels give the raw value (formatted like the y axis) instead of the percentage; nil means false.
    public var sliceValues: Bool?

    /// The defaults: small slices merged into "Other", percentages shown, from twelve o'clock round the full disc.
    public init() {}
}
