/// A proleptic-Gregorian calendar date, converted to and from a day count since 1970-01-01.
///
/// The conversions are Howard Hinnant's `days_from_civil` / `civil_from_days` algorithms
/// ("chrono-Compatible Low-Level Date Algorithms", http://howardhinnant.github.io/date_algorithms.html):
/// shift the year to start in March so the leap day is last, then count 400-year eras of 146 097 days,
/// years of the era, and days of the (March-based) year with the 153-day five-month pattern.
public struct CivilDate: Hashable, Sendable, Comparable {
    public var year: Int
    /// 1…12.
    public var month: Int
    /// 1…31.
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` days after 1970-01-01 (negative: before).
    public init(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097                                        // [0, 146096]
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365  // [0, 399]
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)                  // [0, 365]
        let mp = (5 * doy + 2) / 153                                       // [0, 11], March = 0
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yoe + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d)
    }

    /// Days since 1970-01-01 (Hinnant's `days_from_civil`).
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// 0 = Sunday … 6 = Saturday (Hinnant's `weekday_from_days`; 1970-01-01 was a Thursday).
    public var weekday: Int { Self.weekday(daysSinceEpoch: daysSinceEpoch) }

    /// 0 = Sunday … 6 = Saturday for a day count since 1970-01-01.
    public static func weekday(daysSinceEpoch z: Int) -> Int {
        z >= -4 ? (z + 4) % 7 : (z + 5) % 7 + 6
    }

    public static func isLeapYear(_ y: Int) -> Bool { y % 4 == 0 && (y % 100 != 0 || y % 400 == 0) }

    /// Days in `month` (1…12) of `year`.
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The day of month of the `n`-th (1…5) given weekday in a month, or of the last one when `n` is nil.
    public static func nthWeekday(_ weekday: Int, _ n: Int?, year: Int, month: Int) -> Int {
        let first = CivilDate(year: year, month: month, day: 1).weekday
        let firstMatch = 1 + (weekday - first + 7) % 7
        let length = daysInMonth(year: year, month: month)
        guard let n else {
            return firstMatch + (length - firstMatch) / 7 * 7
        }
        return min(firstMatch + (n - 1) * 7, length)
    }

    public static func < (a: CivilDate, b: CivilDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }
}
