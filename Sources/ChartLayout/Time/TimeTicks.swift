public import ChartLocale
public import ChartTime

/// One tick of a time axis.
public struct TimeTick: Hashable, Sendable {
    /// The instant, in milliseconds since 1970-01-01T00:00:00Z.
    public var value: Double
    /// A compact label in the axis zone: `09:00`, `09:30:15`, `Mon 3`, `Mar 3`, `Mar`, `2026`.
    public var label: String
    /// True when the label names a coarser unit than the step (the month at a month start among day ticks),
    /// so a renderer may emphasize it.
    public var isBoundary: Bool

    public init(value: Double, label: String, isBoundary: Bool) {
        self.value = value
        self.label = label
        self.isBoundary = isBoundary
    }
}

/// Calendar-nice ticks for a time axis: steps from one second to many years, placed at round wall-clock times in a
/// given zone (local midnight stays local midnight across daylight-saving switches), with compact labels.
///
/// Alignment: seconds, minutes and 1-hour steps sit on multiples of the step in local time (realigned after a switch
/// by a fraction of the step, like Lord Howe's half hour); 3/6/12-hour steps restart
/// at every local midnight; 2-day steps restart on the 1st of every month (1, 3, …, 29, 31, 1); weeks start on Monday
/// (ISO 8601); months and years sit on multiples of the step (Jan/Apr/Jul/Oct, 2020/2025/2030).
/// Labels use English month and weekday abbreviations, or with another `locale` its CLDR patterns for the same
/// skeletons (`Hms`, `Hm`, `y`, `MMM`, `yMMM`, `MMMd`, `Ed`, `yMMMd`), names and digits: `3. März`, `Di., 3.`.
public enum TimeTicks {
    /// The largest |instant| handled, in milliseconds: 10^8 days either side of 1970, as in ECMAScript dates.
    /// Larger bounds are clamped.
    public static let maxAbsMilliseconds = ChartTimeZone.maxAbsMilliseconds
    /// Tick count limit for any step and domain (also bounds the work done).
    public static let maxTicks = 1000
    /// The target count is clamped to 1…this.
    public static let maxTargetCount = 100

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    /// About `count` ticks between the instants `start` and `end` (milliseconds, either order), in `zone`.
    public static func ticks(from start: Double, to end: Double, count: Int, zone: ChartTimeZone = .utc,
                             locale: ChartLocale = .english) -> [TimeTick] {
        guard start.isFinite, end.isFinite else { return [] }
        let lo = clamp(min(start, end)), hi = clamp(max(start, end))
        let step = TimeStep.choose(span: hi - lo, count: min(max(1, count), maxTargetCount))
        return ticks(from: lo, to: hi, step: step, zone: zone, locale: locale)
    }

    /// Every tick of `step` in [start, end] (milliseconds), in `zone`, at most `maxTicks`. When the ticks reach
    /// into more than one calendar year, the first names its year too (`Nov 2025`, `Dec 29, 2025`), so the
    /// axis never starts with a month or day of an unnamed year.
    public static func ticks(from start: Double, to end: Double, step: TimeStep, zone: ChartTimeZone = .utc,
                             locale: ChartLocale = .english) -> [TimeTick] {
        let times = instants(from: start, to: end, step: step, zone: zone)
        var ticks = times.map { t in
            let (text, level) = label(t, step: step, zone: zone, locale: locale)
            return TimeTick(value: t, label: text, isBoundary: level > naturalLevel(step.unit))
        }
        if let first = times.first, let last = times.last,
           let text = firstLabelWithYear(first: first, last: last, step: step, zone: zone, locale: locale) {
            ticks[0].label = text
            ticks[0].isBoundary = true
        }
        return ticks
    }

    /// The label of the first of the labelled instants `first…last` when they reach into more than one calendar
    /// year and its own label names none (`Nov 2025`, `Dec 29, 2025`); nil when it needs no year.
    static func firstLabelWithYear(first: Double, last: Double, step: TimeStep, zone: ChartTimeZone,
                                   locale: ChartLocale = .english) -> String? {
        guard year(of: first, zone: zone) != year(of: last, zone: zone),
              label(first, step: step, zone: zone, locale: locale).1 < 4
        else { return nil }
        return labelWithYear(first, step: step, zone: zone, locale: locale)
    }

    /// The calendar year of the instant `t` in `zone`.
    static func year(of t: Double, zone: ChartTimeZone) -> Int {
        CivilDate(daysSinceEpoch: Int((zone.localMilliseconds(fromUTC: clamp(t)) / 86_400_000).rounded(.down))).year
    }

    /// The label of `t` with its year: `Mar 2026` for a month start, `Mar 3, 2026` for a day, `Mar 3, 2026 09:00`
    /// for a time of day.
    static func labelWithYear(_ t: Double, step: TimeStep, zone: ChartTimeZone, locale: ChartLocale = .english)
        -> String {
        let (text, level) = label(t, step: step, zone: zone, locale: locale)
        let local = zone.localMilliseconds(fromUTC: clamp(t))
        let date = CivilDate(daysSinceEpoch: Int((local / 86_400_000).rounded(.down)))
        if !locale.isDefault {
            let fields = LocalDateTime(year: date.year, month: date.month, day: date.day, weekday: date.weekday)
            switch level {
            case 4: return text
            case 3: return locale.format(fields, .monthYear)
            case 2: return locale.format(fields, .dayMonthYear)
            default: return locale.dateTime(date: locale.format(fields, .dayMonthYear), time: text)
            }
        }
        let month = monthNames[date.month - 1]
        switch level {
        case 4: return text
        case 3: return "\(month) \(date.year)"
        case 2: return "\(month) \(date.day), \(date.year)"
        default: return "\(month) \(date.day), \(date.year) \(text)"
        }
    }

    /// The tick instants of `step` in [start, end], at most `maxTicks`.
    public static func instants(from start: Double, to end: Double, step: TimeStep, zone: ChartTimeZone = .utc)
        -> [Double] {
        guard start.isFinite, end.isFinite else { return [] }
        let lo = clamp(min(start, end)), hi = clamp(max(start, end))
        var out: [Double] = []
        if step.isFixedDuration {
            let ms = step.nominalMilliseconds
            var t = floor(lo, step: step, zone: zone)
            while t < lo { t += ms }
            while t <= hi, out.count < maxTicks {
                out.append(t)
                var next = t + ms
                // After a switch by a fraction of the step (Lord Howe's 30 minutes under hourly ticks) the ticks
                // realign to round local times: the first at or after `next`.
                let shift = Double(zone.offsetSeconds(atUTC: next) - zone.offsetSeconds(atUTC: t)) * 1000
                if shift.truncatingRemainder(dividingBy: ms) != 0 {
                    let local = zone.localMilliseconds(fromUTC: next)
                    next += (local / ms).rounded(.up) * ms - local
                }
                t = next
            }
        } else {
            var cursor = LocalCursor(floorOf: lo, step: step, zone: zone)
            // Each advance moves the cursor forward in wall time; a bounded number of extra rounds covers ticks that
            // fall before `lo` or collapse onto the previous instant.
            var rounds = 0
            while out.count < maxTicks, rounds < 2 * maxTicks + 8 {
                rounds += 1
                let t = zone.utcMilliseconds(fromLocal: cursor.localMilliseconds)
                if t > hi { break }
                if t >= lo, t > (out.last ?? -Double.infinity) { out.append(t) }
                cursor.advance(by: step)
            }
        }
        return out
    }

    /// The last tick instant of `step` at or before `t` (used to extend a domain to nice bounds).
    public static func floor(_ t: Double, step: TimeStep, zone: ChartTimeZone = .utc) -> Double {
        let t = clamp(t)
        if step.isFixedDuration {
            let ms = step.nominalMilliseconds
            let local = zone.localMilliseconds(fromUTC: t)
            let aligned = (local / ms).rounded(.down) * ms
            var result = t - (local - aligned)
            // Near an offset change the aligned instant can land after `t`; step back once more.
            if result > t { result -= ms }
            return result
        }
        var cursor = LocalCursor(floorOf: t, step: step, zone: zone)
        var result = zone.utcMilliseconds(fromLocal: cursor.localMilliseconds)
        if result > t {
            cursor = LocalCursor(floorOf: t - step.nominalMilliseconds, step: step, zone: zone)
            result = zone.utcMilliseconds(fromLocal: cursor.localMilliseconds)
        }
        return result
    }

    /// The first tick instant of `step` at or after `t`.
    public static func ceil(_ t: Double, step: TimeStep, zone: ChartTimeZone = .utc) -> Double {
        let f = floor(t, step: step, zone: zone)
        if f >= t { return f }
        return instants(from: t, to: t + 2 * step.nominalMilliseconds + 86_400_000 * 2, step: step, zone: zone)
            .first ?? t
    }

    /// The label of the tick at `t` and its level: 0 time with seconds, 1 time, 2 day, 3 month, 4 year.
    /// A tick on a coarser boundary names the coarser unit: `Mar` at a month start, `2026` at a year start (a day's
    /// start is its midnight, or the first instant after a skipped midnight).
    public static func label(_ t: Double, step: TimeStep, zone: ChartTimeZone = .utc, locale: ChartLocale = .english)
        -> (String, Int) {
        let local = zone.localMilliseconds(fromUTC: clamp(t))
        let days = (local / 86_400_000).rounded(.down)
        var msOfDay = local - days * 86_400_000
        let date = CivilDate(daysSinceEpoch: Int(days))
        // A day whose midnight clocks skipped (São Paulo's summer time began at 00:00) starts at 01:00: that instant
        // is the day's start, labelled with its date like a midnight.
        if msOfDay != 0, msOfDay <= 7_200_000, zone.utcMilliseconds(fromLocal: days * 86_400_000) == clamp(t) {
            msOfDay = 0
        }
        if !locale.isDefault { return localizedLabel(date: date, msOfDay: msOfDay, step: step, locale: locale) }
        if msOfDay != 0 {
            let seconds = Int((msOfDay / 1000).rounded(.down))
            let hh = two(seconds / 3600), mm = two(seconds / 60 % 60)
            if seconds % 60 != 0 {
                return ("\(hh):\(mm):\(two(seconds % 60))", 0)
            }
            return ("\(hh):\(mm)", 1)
        }
        if date.day == 1 {
            return date.month == 1 ? (String(date.year), 4) : (monthNames[date.month - 1], 3)
        }
        if step.unit == .week {
            return ("\(monthNames[date.month - 1]) \(date.day)", 2)
        }
        return ("\(weekdayNames[date.weekday]) \(date.day)", 2)
    }

    /// `label`'s text and level in a locale other than the default, from its CLDR patterns.
    static func localizedLabel(date: CivilDate, msOfDay: Double, step: TimeStep, locale: ChartLocale) -> (String, Int) {
        let seconds = Int((msOfDay / 1000).rounded(.down))
        let fields = LocalDateTime(year: date.year, month: date.month, day: date.day, weekday: date.weekday,
                                   hour: seconds / 3600, minute: seconds / 60 % 60, second: seconds % 60)
        if msOfDay != 0 {
            return seconds % 60 != 0 ? (locale.format(fields, .timeWithSeconds), 0) : (locale.format(fields, .time), 1)
        }
        if date.day == 1 {
            return date.month == 1 ? (locale.format(fields, .year), 4) : (locale.format(fields, .month), 3)
        }
        return (locale.format(fields, step.unit == .week ? .dayMonth : .weekdayDay), 2)
    }

    /// The label level a step's ticks normally have (see `label`).
    static func naturalLevel(_ unit: TimeStep.Unit) -> Int {
        switch unit {
        case .second: 0
        case .minute, .hour: 1
        case .day, .week: 2
        case .month: 3
        case .year: 4
        }
    }

    static func clamp(_ t: Double) -> Double { Swift.min(Swift.max(t, -maxAbsMilliseconds), maxAbsMilliseconds) }

    private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
}

/// A wall-clock position (date and hour) that steps on the calendar.
private struct LocalCursor {
    var date: CivilDate
    var hour: Int

    /// The calendar-aligned position of `step` at or before the instant `t` in `zone`.
    init(floorOf t: Double, step: TimeStep, zone: ChartTimeZone) {
        let local = zone.localMilliseconds(fromUTC: t)
        let days = Int((local / 86_400_000).rounded(.down))
        let d = CivilDate(daysSinceEpoch: days)
        let hourOfDay = Int(((local - Double(days) * 86_400_000) / 3_600_000).rounded(.down))
        let k = step.count
        switch step.unit {
        case .second, .minute, .hour:
            date = d
            hour = hourOfDay / k * k
        case .day:
            date = CivilDate(year: d.year, month: d.month, day: 1 + (d.day - 1) / k * k)
            hour = 0
        case .week:
            let sinceMonday = (d.weekday + 6) % 7
            date = CivilDate(daysSinceEpoch: days - sinceMonday)
            hour = 0
        case .month:
            date = CivilDate(year: d.year, month: 1 + (d.month - 1) / k * k, day: 1)
            hour = 0
        case .year:
            let y = d.year >= 0 ? d.year / k * k : -((-d.year + k - 1) / k * k)
            date = CivilDate(year: y, month: 1, day: 1)
            hour = 0
        }
    }

    var localMilliseconds: Double { (Double(date.daysSinceEpoch) * 24 + Double(hour)) * 3_600_000 }

    mutating func advance(by step: TimeStep) {
        let k = step.count
        switch step.unit {
        case .second, .minute, .hour:
            hour += k
            if hour >= 24 {
                date = CivilDate(daysSinceEpoch: date.daysSinceEpoch + 1)
                hour = 0
            }
        case .day:
            if k == 1 {
                date = CivilDate(daysSinceEpoch: date.daysSinceEpoch + 1)
            } else {
                date.day += k
                if date.day > CivilDate.daysInMonth(year: date.year, month: date.month) { date = nextMonth(date) }
            }
        case .week:
            date = CivilDate(daysSinceEpoch: date.daysSinceEpoch + 7)
        case .month:
            let m = date.month - 1 + k
            date = CivilDate(year: date.year + m / 12, month: m % 12 + 1, day: 1)
        case .year:
            date = CivilDate(year: date.year + k, month: 1, day: 1)
        }
    }

    private func nextMonth(_ d: CivilDate) -> CivilDate {
        d.month == 12 ? CivilDate(year: d.year + 1, month: 1, day: 1) : CivilDate(year: d.year, month: d.month + 1, day: 1)
    }
}
