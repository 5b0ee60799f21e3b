/// A POSIX `TZ` rule, as in a TZif file's footer (RFC 8536 §3.3): local time for instants after the file's last
/// transition, e.g. `EST5EDT,M3.2.0,M11.1.0`, `<+0545>-5:45`, `<+1030>-10:30<+11>-11,M10.1.0,M4.1.0` (Lord Howe's
/// 30-minute summer time) or `IST-1GMT0,M10.5.0,M3.5.0/1` (Dublin, whose "daylight" time is winter's GMT).
///
/// Forms read: names alphabetic (`EST`) or quoted (`<+0545>`, letters, digits, `+`, `-`), 3–16 characters; offsets
/// `[+-]hh[:mm[:ss]]` up to 24 hours, west positive as POSIX has it; the daylight offset defaults to one hour ahead
/// of standard; dates `Jn` (1…365, February 29 never counted), `n` (0…365, counted) and `Mm.w.d` (weekday `d` of
/// week `w`, 5 = last, of month `m`); times `[+-]hh[:mm[:ss]]` from −167 to 167 hours (RFC 8536's extension),
/// 02:00 by default. A rule with a daylight name and no dates takes the US rule `M3.2.0,M11.1.0`, as glibc does.
public struct PosixTZRule: Hashable, Sendable {
    /// A day of a year, in one of the three POSIX forms.
    public enum DateRule: Hashable, Sendable {
        /// `Jn`: day 1…365, February 29 never counted (J60 is always March 1).
        case julianNoLeap(Int)
        /// `n`: day 0…365, February 29 counted in leap years.
        case zeroBased(Int)
        /// `Mm.w.d`: weekday `weekday` (0 = Sunday) of week `week` (1…4, or 5 for the last) of month `month`.
        case monthWeekDay(month: Int, week: Int, weekday: Int)
    }

    /// A switch: on `date`, at `seconds` after local midnight (local time as in effect before the switch).
    public struct Boundary: Hashable, Sendable {
        public var date: DateRule
        public var seconds: Int
    }

    /// Daylight-saving time: its local time type and when it starts and ends each year.
    public struct Daylight: Hashable, Sendable {
        public var type: LocalTimeType
        public var start: Boundary
        public var end: Boundary
    }

    public var standard: LocalTimeType
    /// Nil for a zone without daylight-saving time.
    public var daylight: Daylight?

    /// The longest rule text read.
    public static let maxLength = 128

    /// Parses a footer's text (without its newlines).
    public init(parsing text: some Collection<UInt8>) throws(TZifError) {
        var p = Parser(bytes: Array(text))
        guard p.bytes.count <= Self.maxLength else { throw TZifError(.badFooter, "TZ rule longer than 128 bytes") }
        let stdName = try p.name()
        let stdOffset = -(try p.offset(maxHours: 24))
        standard = LocalTimeType(utcOffset: stdOffset, isDaylight: false, abbreviation: stdName)
        guard !p.atEnd else {
            daylight = nil
            return
        }
        let dstName = try p.name()
        var dstOffset = stdOffset + 3600
        if !p.atEnd, p.peek != UInt8(ascii: ",") { dstOffset = -(try p.offset(maxHours: 24)) }
        let type = LocalTimeType(utcOffset: dstOffset, isDaylight: true, abbreviation: dstName)
        if p.atEnd {
            daylight = Daylight(type: type, start: Boundary(date: .monthWeekDay(month: 3, week: 2, weekday: 0),
                                                            seconds: 7200),
                                end: Boundary(date: .monthWeekDay(month: 11, week: 1, weekday: 0), seconds: 7200))
            return
        }
        try p.expect(",")
        let start = try p.boundary()
        try p.expect(",")
        let end = try p.boundary()
        guard p.atEnd else { throw TZifError(.badFooter, "unexpected text after the TZ rule's end date") }
        daylight = Daylight(type: type, start: start, end: end)
    }

    public init(standard: LocalTimeType, daylight: Daylight?) {
        self.standard = standard
        self.daylight = daylight
    }

    /// The local time type at `utcSeconds`.
    public func localTimeType(atUTC utcSeconds: Int64) -> LocalTimeType {
        guard let daylight else { return standard }
        let utcSeconds = ZoneRules.clamp(utcSeconds)
        let year = Self.year(of: utcSeconds + Int64(standard.utcOffset))
        var best: (at: Int64, daylight: Bool)?
        for y in (year - 1)...(year + 1) {
            for (at, isDaylight) in switches(year: y, daylight) where at <= utcSeconds {
                // On a tie the start wins: a rule whose daylight time ends as the next one starts is daylight all year.
                if let b = best, at < b.at || (at == b.at && !isDaylight) { continue }
                best = (at, isDaylight)
            }
        }
        return best?.daylight == true ? daylight.type : standard
    }

    /// Every switch in the years `fromYear…toYear` (clamped to ±1,000,000; empty for more than 10,000 years at once),
    /// in time order, as transitions (a year's start or end that would not change anything, as in an all-year
    /// daylight rule, is left out).
    public func transitions(fromYear: Int, toYear: Int) -> [ZoneTransition] {
        let limit = 1_000_000
        let fromYear = min(max(fromYear, -limit), limit), toYear = min(max(toYear, -limit), limit)
        guard let daylight, fromYear <= toYear, toYear - fromYear <= 10_000 else { return [] }
        var all: [(Int64, Bool)] = []
        for y in fromYear...toYear { all += switches(year: y, daylight) }
        all.sort { $0.0 < $1.0 || ($0.0 == $1.0 && !$0.1 && $1.1) }
        var out: [ZoneTransition] = []
        var current = localTimeType(atUTC: (all.first?.0 ?? 0) - 1)
        for (at, isDaylight) in all {
            let next = isDaylight ? daylight.type : standard
            guard next != current, localTimeType(atUTC: at) == next else { continue }
            out.append(ZoneTransition(utcSeconds: at, before: current, after: next))
            current = next
        }
        return out
    }

    /// The instants (UTC seconds) daylight time starts and ends in `year`.
    private func switches(year: Int, _ daylight: Daylight) -> [(Int64, Bool)] {
        let start = Self.instant(daylight.start, year: year, offset: standard.utcOffset)
        let end = Self.instant(daylight.end, year: year, offset: daylight.type.utcOffset)
        return [(start, true), (end, false)]
    }

    private static func instant(_ b: Boundary, year: Int, offset: Int) -> Int64 {
        let days: Int
        switch b.date {
        case .julianNoLeap(let n):
            let leapShift = CivilDate.isLeapYear(year) && n >= 60 ? 1 : 0
            days = CivilDate(year: year, month: 1, day: 1).daysSinceEpoch + n - 1 + leapShift
        case .zeroBased(let n):
            days = CivilDate(year: year, month: 1, day: 1).daysSinceEpoch + n
        case .monthWeekDay(let month, let week, let weekday):
            let day = CivilDate.nthWeekday(weekday, week == 5 ? nil : week, year: year, month: month)
            days = CivilDate(year: year, month: month, day: day).daysSinceEpoch
        }
        return Int64(days) * 86_400 + Int64(b.seconds) - Int64(offset)
    }

    /// The proleptic-Gregorian year of the local seconds `local`.
    static func year(of local: Int64) -> Int {
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        return CivilDate(daysSinceEpoch: Int(days)).year
    }

    /// A cursor over the rule's bytes; every read is bounds-checked.
    private struct Parser {
        let bytes: [UInt8]
        var i = 0

        var atEnd: Bool { i >= bytes.count }
        var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

        mutating func expect(_ c: Character) throws(TZifError) {
            guard let a = c.asciiValue, peek == a else { throw TZifError(.badFooter, "expected '\(c)' in the TZ rule") }
            i += 1
        }

        mutating func name() throws(TZifError) -> String {
            var out: [UInt8] = []
            if peek == UInt8(ascii: "<") {
                i += 1
                while let c = peek, c != UInt8(ascii: ">") {
                    guard Self.isAlnum(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") else {
                        throw TZifError(.badFooter, "a quoted TZ name holds only letters, digits, '+' and '-'")
                    }
                    out.append(c)
                    i += 1
                }
                try expect(">")
            } else {
                while let c = peek, Self.isAlpha(c) {
                    out.append(c)
                    i += 1
                }
            }
            guard (3...16).contains(out.count) else { throw TZifError(.badFooter, "a TZ name has 3 to 16 characters") }
            return String(decoding: out, as: UTF8.self)
        }

        /// `[+-]hh[:mm[:ss]]` in seconds (POSIX sign: positive is west for offsets).
        mutating func offset(maxHours: Int) throws(TZifError) -> Int {
            var sign = 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") {
                sign = peek == UInt8(ascii: "-") ? -1 : 1
                i += 1
            }
            let hours = try number(maxDigits: 3, max: maxHours)
            var seconds = hours * 3600
            if peek == UInt8(ascii: ":") {
                i += 1
                seconds += try number(maxDigits: 2, max: 59) * 60
                if peek == UInt8(ascii: ":") {
                    i += 1
                    seconds += try number(maxDigits: 2, max: 59)
                }
            }
            return sign * seconds
        }

        mutating func boundary() throws(TZifError) -> Boundary {
            let date: DateRule
            switch peek {
            case UInt8(ascii: "J"):
                i += 1
                let n = try number(maxDigits: 3, max: 365)
                guard n >= 1 else { throw TZifError(.badFooter, "a Jn day is 1 to 365") }
                date = .julianNoLeap(n)
            case UInt8(ascii: "M"):
                i += 1
                let month = try number(maxDigits: 2, max: 12)
                try expect(".")
                let week = try number(maxDigits: 1, max: 5)
                try expect(".")
                let weekday = try number(maxDigits: 1, max: 6)
                guard month >= 1, week >= 1 else { throw TZifError(.badFooter, "an Mm.w.d month and week start at 1") }
                date = .monthWeekDay(month: month, week: week, weekday: weekday)
            default:
                date = .zeroBased(try number(maxDigits: 3, max: 365))
            }
            var seconds = 7200
            if peek == UInt8(ascii: "/") {
                i += 1
                seconds = try offset(maxHours: 167)
            }
            return Boundary(date: date, seconds: seconds)
        }

        mutating func number(maxDigits: Int, max: Int) throws(TZifError) -> Int {
            var n = 0, digits = 0
            while let c = peek, c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9"), digits < maxDigits {
                n = n * 10 + Int(c - UInt8(ascii: "0"))
                digits += 1
                i += 1
            }
            guard digits > 0, n <= max else { throw TZifError(.badFooter, "expected a number up to \(max) in the TZ rule") }
            return n
        }

        static func isAlpha(_ c: UInt8) -> Bool { (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") }
        static func isAlnum(_ c: UInt8) -> Bool { isAlpha(c) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) }
    }
}
