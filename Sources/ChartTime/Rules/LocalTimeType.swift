/// One kind of local time a zone has used: its offset from UTC, whether it is daylight-saving time and its
/// abbreviation (`EST`, `CEST`, `+0545`).
public struct LocalTimeType: Hashable, Sendable {
    /// Seconds east of UTC (negative west of Greenwich): −18 000 for EST, +20 700 for Nepal's +05:45.
    public var utcOffset: Int
    /// Daylight-saving (summer) time. Europe/Dublin's winter GMT is daylight time: Irish law makes summer the standard.
    public var isDaylight: Bool
    /// The designation (`EST`, `IST`, `+0545`), printable ASCII only.
    public var abbreviation: String

    public init(utcOffset: Int, isDaylight: Bool, abbreviation: String) {
        self.utcOffset = utcOffset
        self.isDaylight = isDaylight
        self.abbreviation = abbreviation
    }
}

/// A change of local time: from the instant `utcSeconds` on, clocks show `after` instead of `before`.
public struct ZoneTransition: Hashable, Sendable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var utcSeconds: Int64
    public var before: LocalTimeType
    public var after: LocalTimeType

    public init(utcSeconds: Int64, before: LocalTimeType, after: LocalTimeType) {
        self.utcSeconds = utcSeconds
        self.before = before
        self.after = after
    }
}
