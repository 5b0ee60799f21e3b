/// A time zone for laying out time axes, without Foundation: UTC, a fixed offset, or one of a few named IANA zones
/// whose daylight-saving time is implemented as today's rule.
///
/// Supported identifiers (see `supportedNames`):
/// - `UTC` (also `Etc/UTC`, `GMT`);
/// - fixed offsets `+hh:mm` / `-hh:mm` up to ±18:00 (`+08:00`, `-05:00`, `+05:45`);
/// - `Europe/London` (GMT/BST) and `Europe/Berlin` (CET/CEST): EU rule, summer time from the last Sunday of March
///   01:00 UTC to the last Sunday of October 01:00 UTC;
/// - `America/New_York` (−5/−4) and `America/Los_Angeles` (−8/−7): US rule since 2007, second Sunday of March 02:00
///   local to first Sunday of November 02:00 local;
/// - `Australia/Sydney` (+10/+11): first Sunday of October 02:00 standard to first Sunday of April 03:00 daylight;
/// - `Asia/Shanghai` (+8) and `Asia/Tokyo` (+9): no daylight-saving time.
///
/// The current rule is applied to every year: dates before the rule was introduced (US before 2007, EU before 1996,
/// Sydney before 2008, China's 1986–1991 summer time, …) are off by up to an hour, which is acceptable for axis ticks.
public struct ChartTimeZone: Hashable, Sendable, CustomStringConvertible {
    /// The identifier as given (normalized for offsets: `+08:00`).
    public let identifier: String
    let kind: Kind

    enum Kind: Hashable, Sendable {
        case fixed(seconds: Int)
        case rule(DaylightRule)
    }

    /// One yearly switch, expressed in local *standard* time: the `n`-th (nil: last) Sunday of `month`
    /// at `standardSeconds` after standard-time midnight.
    struct Transition: Hashable, Sendable {
        var month: Int
        var sunday: Int?
        var standardSeconds: Int

        /// Standard-local seconds since the epoch at which this transition happens in `year`.
        func standardLocalSeconds(year: Int) -> Int {
            let day = CivilDate.nthWeekday(0, sunday, year: year, month: month)
            return CivilDate(year: year, month: month, day: day).daysSinceEpoch * 86_400 + standardSeconds
        }
    }

    /// Standard and daylight offsets with the yearly start and end of daylight time.
    struct DaylightRule: Hashable, Sendable {
        var standard: Int
        var daylight: Int
        var start: Transition
        var end: Transition
    }

    /// UTC.
    public static let utc = ChartTimeZone(identifier: "UTC", kind: .fixed(seconds: 0))

    /// The named zones with rules, in the order documented above.
    public static let supportedNames = [
        "UTC", "Europe/London", "Europe/Berlin", "America/New_York", "America/Los_Angeles", "Australia/Sydney",
        "Asia/Shanghai", "Asia/Tokyo",
    ]

    /// The largest fixed offset accepted, in seconds (±18:00, as most platforms allow).
    public static let maxOffsetSeconds = 18 * 3600

    init(identifier: String, kind: Kind) {
        self.identifier = identifier
        self.kind = kind
    }

    /// A zone `seconds` east of UTC, or nil beyond ±18:00.
    public init?(offsetSeconds seconds: Int) {
        guard abs(seconds) <= Self.maxOffsetSeconds else { return nil }
        let a = abs(seconds) / 60
        let hh = a / 60, mm = a % 60
        let text = (seconds < 0 ? "-" : "+") + (hh < 10 ? "0" : "") + String(hh) + ":" + (mm < 10 ? "0" : "")
            + String(mm)
        self.init(identifier: text, kind: .fixed(seconds: seconds))
    }

    /// Looks up `name`: `UTC`, a `±hh:mm` offset or a supported IANA name.
    /// Throws `TimeZoneError` naming the zone and listing what is supported.
    public init(identifier name: String) throws(TimeZoneError) {
        let eu = { (std: Int) in
            DaylightRule(standard: std, daylight: std + 3600,
                         start: Transition(month: 3, sunday: nil, standardSeconds: 3600 + std),
                         end: Transition(month: 10, sunday: nil, standardSeconds: 3600 + std))
        }
        let us = { (std: Int) in
            DaylightRule(standard: std, daylight: std + 3600,
                         start: Transition(month: 3, sunday: 2, standardSeconds: 7200),
                         end: Transition(month: 11, sunday: 1, standardSeconds: 3600))
        }
        switch name {
        case "UTC", "Etc/UTC", "GMT": self = .utc
        case "Europe/London": self.init(identifier: name, kind: .rule(eu(0)))
        case "Europe/Berlin": self.init(identifier: name, kind: .rule(eu(3600)))
        case "America/New_York": self.init(identifier: name, kind: .rule(us(-5 * 3600)))
        case "America/Los_Angeles": self.init(identifier: name, kind: .rule(us(-8 * 3600)))
        case "Australia/Sydney":
            self.init(identifier: name, kind: .rule(DaylightRule(
                standard: 10 * 3600, daylight: 11 * 3600,
                start: Transition(month: 10, sunday: 1, standardSeconds: 7200),
                end: Transition(month: 4, sunday: 1, standardSeconds: 7200))))
        case "Asia/Shanghai": self.init(identifier: name, kind: .fixed(seconds: 8 * 3600))
        case "Asia/Tokyo": self.init(identifier: name, kind: .fixed(seconds: 9 * 3600))
        default:
            guard let seconds = Self.parseOffset(name), let zone = ChartTimeZone(offsetSeconds: seconds) else {
                throw TimeZoneError(identifier: name)
            }
            self = zone
        }
    }

    /// `+hh:mm` / `-hh:mm` → seconds east of UTC; nil for anything else.
    static func parseOffset(_ text: String) -> Int? {
        let b = Array(text.utf8)
        guard b.count == 6, b[0] == UInt8(ascii: "+") || b[0] == UInt8(ascii: "-"), b[3] == UInt8(ascii: ":") else {
            return nil
        }
        func digit(_ i: Int) -> Int? {
            b[i] >= UInt8(ascii: "0") && b[i] <= UInt8(ascii: "9") ? Int(b[i] - UInt8(ascii: "0")) : nil
        }
        guard let h1 = digit(1), let h2 = digit(2), let m1 = digit(4), let m2 = digit(5) else { return nil }
        let hours = h1 * 10 + h2, minutes = m1 * 10 + m2
        guard minutes < 60 else { return nil }
        let seconds = (hours * 60 + minutes) * 60
        return b[0] == UInt8(ascii: "-") ? -seconds : seconds
    }

    public var description: String { identifier }

    /// Seconds east of UTC in effect at the instant `utcMilliseconds` (standard offset for non-finite input).
    public func offsetSeconds(atUTC utcMilliseconds: Double) -> Int {
        switch kind {
        case .fixed(let seconds):
            return seconds
        case .rule(let rule):
            guard abs(utcMilliseconds) <= TimeTicks.maxAbsMilliseconds else { return rule.standard }
            let standardLocal = Int((utcMilliseconds / 1000).rounded(.down)) + rule.standard
            let days = standardLocal >= 0 ? standardLocal / 86_400 : (standardLocal - 86_399) / 86_400
            let year = CivilDate(daysSinceEpoch: days).year
            let start = rule.start.standardLocalSeconds(year: year)
            let end = rule.end.standardLocalSeconds(year: year)
            // Northern zones have summer inside the year; southern ones (start after end) across the new year.
            let daylight = start < end ? (standardLocal >= start && standardLocal < end)
                : (standardLocal >= start || standardLocal < end)
            return daylight ? rule.daylight : rule.standard
        }
    }

    /// Wall-clock time at `utcMilliseconds`, as milliseconds since a local 1970-01-01T00:00.
    public func localMilliseconds(fromUTC utcMilliseconds: Double) -> Double {
        utcMilliseconds + Double(offsetSeconds(atUTC: utcMilliseconds)) * 1000
    }

    /// The instant at which local clocks read `localMilliseconds`.
    ///
    /// A wall time that happens twice (the repeated hour when clocks fall back) resolves to the earlier instant;
    /// one that never happens (the skipped hour when clocks spring forward) is read with the offset before the
    /// switch, which lands the same distance after it (02:30 on a spring-forward night → 03:30 summer time).
    public func utcMilliseconds(fromLocal localMilliseconds: Double) -> Double {
        guard case .rule(let rule) = kind else {
            return localMilliseconds - Double(offsetSeconds(atUTC: 0)) * 1000
        }
        let asStandard = localMilliseconds - Double(rule.standard) * 1000
        let asDaylight = localMilliseconds - Double(rule.daylight) * 1000
        let standardValid = offsetSeconds(atUTC: asStandard) == rule.standard
        let daylightValid = offsetSeconds(atUTC: asDaylight) == rule.daylight
        switch (standardValid, daylightValid) {
        case (true, true): return min(asStandard, asDaylight)
        case (false, true): return asDaylight
        default: return asStandard
        }
    }
}

/// A time zone name that is neither UTC, a `±hh:mm` offset nor one of `ChartTimeZone.supportedNames`.
public struct TimeZoneError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rejected name.
    public var identifier: String

    public init(identifier: String) {
        self.identifier = identifier
    }

    public var description: String {
        "unknown time zone; expected UTC, an offset like +08:00 or one of "
            + ChartTimeZone.supportedNames.dropFirst().joined(separator: ", ")
    }
}
