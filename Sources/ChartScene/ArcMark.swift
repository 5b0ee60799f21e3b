/// A pie slice or a ring gauge as data: where it lies and what it stands for.
///
/// Carried by `Role.slice` and `Role.ring`, so the layout JSON can describe these marks for hit-testing exactly as
/// they were drawn, without taking paths apart or knowing a chart kind's rules (which value a ring shows, what the
/// merged "other" slice adds up to).
public struct ArcMark: Hashable, Sendable {
    /// Where it lies: a slice's own sector; for a ring, its band (the stroke's inner and outer edge) from twelve
    /// o'clock to where the drawn arc ends (its round caps reach half the band's width beyond the angles).
    public var sector: Sector
    /// Its display name: the slice's label ("Item n" without one, or the "other" name); the ring's series name.
    public var name: String
    /// The value it shows: a slice's value (for "other", the sum of the merged values); a ring's value, nil when
    /// its series has none.
    public var value: Double?
    /// Its share: of the pie's total for a slice, of a full turn drawn for a ring (0…1).
    public var fraction: Double
    /// Index of its datum in the series, nil when it stands for several (the "other" slice) or for none.
    public var datum: Int?

    public init(sector: Sector, name: String, value: Double?, fraction: Double, datum: Int?) {
        self.sector = sector
        self.name = name
        self.value = value
        self.fraction = fraction
        self.datum = datum
    }
}
