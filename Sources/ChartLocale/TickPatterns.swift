/// The CLDR date/time patterns a time axis labels its ticks with (LDML pattern syntax), one per CLDR skeleton.
public struct TickPatterns: Hashable, Sendable {
    /// Skeleton `Hms` (`09:30:15`).
    public let timeWithSeconds: String
    /// Skeleton `Hm` (`09:30`; `9:30` in Japanese).
    public let time: String
    /// Skeleton `y` (`2026`; `2026年`).
    public let year: String
    /// Skeleton `MMM`, stand-alone (`Mar`; `März`).
    public let month: String
    /// Skeleton `yMMM` (`Mar 2026`).
    public let monthYear: String
    /// Skeleton `MMMd` (`Mar 3`; `3. März`).
    public let dayMonth: String
    /// Skeleton `Ed` (`Mon 3`; `Di., 3.`).
    public let weekdayDay: String
    /// Skeleton `yMMMd` (`Mar 3, 2026`).
    public let dayMonthYear: String
    /// How a date and a time combine: `{1}` the date, `{0}` the time (CLDR's medium date-time format).
    public let dateTime: String
}

/// Names one of a locale's `TickPatterns`, so a formatter can use its compiled form instead of its text.
public enum TickPattern: Int, CaseIterable, Sendable {
    case timeWithSeconds, time, year, month, monthYear, dayMonth, weekdayDay, dayMonthYear

    /// The pattern's text in `patterns`.
    func text(in patterns: TickPatterns) -> String {
        switch self {
        case .timeWithSeconds: patterns.timeWithSeconds
        case .time: patterns.time
        case .year: patterns.year
        case .month: patterns.month
        case .monthYear: patterns.monthYear
        case .dayMonth: patterns.dayMonth
        case .weekdayDay: patterns.weekdayDay
        case .dayMonthYear: patterns.dayMonthYear
        }
    }
}
