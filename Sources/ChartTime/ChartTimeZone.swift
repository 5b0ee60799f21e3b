/// A time zone for laying out time axes, without Foundation: any IANA zone of the system's tzdata with its whole
/// history (`ZoneDatabase`), UTC and the `Etc/` fixed zones built in, or a fixed offset `±hh:mm`.
///
/// Identifiers, in the order they are tried:
/// - `+hh:mm` / `-hh:mm` up to ±18:00 (`+08:00`, `-05:00`, `+05:45`);
/// - `UTC`, `GMT` and the `Etc/` zones (`Etc/UTC`, `Etc/GMT+5` = −05:00, as POSIX signs them), which work without
///   tzdata;
/// - any other IANA name (`America/Chicago`, `Australia/Lord_Howe`, `Asia/Kathmandu`), read from the zone database:
///   offsets and daylight-saving time as they were at every instant (New York in 2005 switched on April 3), and the
///   file's POSIX rule after its table.
public struct ChartTimeZone: Hashable, Sendable, CustomStringConvertible {
    /// The identifier as given (normalized for offsets: `+08:00`).
    public let identifier: String
    /// The zone's history.
    public let rules: ZoneRules

    /// UTC.
    public static let utc = ChartTimeZone(identifier: "UTC", rules: ZoneRules(fixed: LocalTimeType(
        utcOffset: 0, isDaylight: false, abbreviation: "UTC")))

    /// The largest fixed offset accepted, in seconds (±18:00, as most platforms allow).
    public static let maxOffsetSeconds = 18 * 3600

    /// The names known without a zone database.
    public static let builtInNames: [String] = {
        var names = ["UTC", "GMT", "Etc/UTC", "Etc/GMT", "Etc/UCT", "Etc/Universal", "Etc/Zulu", "Etc/Greenwich",
                     "Etc/GMT0", "Etc/GMT+0", "Etc/GMT-0"]
        names += (1...12).map { "Etc/GMT+\($0)" } + (1...14).map { "Etc/GMT-\($0)" }
        return names
    }()

    public init(identifier: String, rules: ZoneRules) {
        self.identifier = identifier
        self.rules = rules
    }

    /// A zone `seconds` east of UTC, or nil beyond ±18:00.
    public init?(offsetSeconds seconds: Int) {
        guard abs(seconds) <= Self.maxOffsetSeconds else { return nil }
        let text = Self.offsetText(seconds)
        self.init(identifier: text, rules: ZoneRules(fixed: LocalTimeType(utcOffset: seconds, isDaylight: false,
                                                                        abbreviation: text)))
    }

    /// Looks up `name` in the shared zone database (`ZoneDatabase.shared`): a `±hh:mm` offset, a built-in name or
    /// an IANA name. Throws `TimeZoneError` naming the zone and what is wrong (with close names for a misspelling).
    public init(identifier name: String) throws(TimeZoneError) {
        try self.init(identifier: name, database: nil)
    }

    /// Looks up `name` in `database` (the shared one when nil).
    public init(identifier name: String, database: ZoneDatabase?) throws(TimeZoneError) {
        if let seconds = Self.parseOffset(name) {
            guard let zone = ChartTimeZone(offsetSeconds: seconds) else {
                throw TimeZoneError(identifier: name, reason: .invalidName("an offset is at most ±18:00"))
            }
            self = zone
            return
        }
        if let fixed = Self.builtIn(name) {
            self = fixed
            return
        }
        let rules = try (database ?? ZoneDatabase.shared).rules(for: name)
        self.init(identifier: name, rules: rules)
    }

    /// `UTC`, `GMT` and the `Etc/` zones.
    static func builtIn(_ name: String) -> ChartTimeZone? {
        switch name {
        case "UTC", "Etc/UTC", "Etc/UCT", "Etc/Universal", "Etc/Zulu":
            return ChartTimeZone(identifier: name, rules: utc.rules)
        case "GMT", "Etc/GMT", "Etc/Greenwich", "Etc/GMT0", "Etc/GMT+0", "Etc/GMT-0":
            return ChartTimeZone(identifier: name, rules: ZoneRules(fixed: LocalTimeType(
                utcOffset: 0, isDaylight: false, abbreviation: "GMT")))
        default:
            // Etc/GMT+5 is five hours *behind* UTC: POSIX signs offsets west-positive.
            let prefix = "Etc/GMT"
            guard name.hasPrefix(prefix), builtInNames.contains(name) else { return nil }
            let digits = name.dropFirst(prefix.count + 1)
            guard let hours = Int(digits), let sign = name.utf8.dropFirst(prefix.count).first else { return nil }
            let seconds = (sign == UInt8(ascii: "+") ? -hours : hours) * 3600
            let abbreviation = (seconds < 0 ? "-" : "+") + (hours < 10 ? "0" : "") + String(hours)
            return ChartTimeZone(identifier: name, rules: ZoneRules(fixed: LocalTimeType(
                utcOffset: seconds, isDaylight: false, abbreviation: abbreviation)))
        }
    }

    /// `+hh:mm` / `-hh:mm` → seconds east of UTC; nil for anything else.
    static func parseOffset(_ text: String) -> Int? {
        let b = Array(text.utf8.prefix(7))
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

    /// `+05:45`, `-05:00`; `-04:56:02` when the offset has seconds (local mean time before 1900).
    public static func offsetText(_ seconds: Int) -> String {
        let a = abs(seconds)
        var text = (seconds < 0 ? "-" : "+") + two(a / 3600) + ":" + two(a / 60 % 60)
        if a % 60 != 0 { text += ":" + two(a % 60) }
        return text
    }

    public var description: String { identifier }

    /// The largest |instant| handled, in milliseconds (10^8 days either side of 1970, as in ECMAScript dates).
    public static let maxAbsMilliseconds = 8.64e15

    /// The local time type in effect at the instant `utcMilliseconds` (at the epoch for non-finite input).
    public func localTimeType(atUTC utcMilliseconds: Double) -> LocalTimeType {
        guard utcMilliseconds.isFinite else { return rules.localTimeType(atUTC: 0) }
        let ms = min(max(utcMilliseconds, -Self.maxAbsMilliseconds), Self.maxAbsMilliseconds)
        return rules.localTimeType(atUTC: Int64((ms / 1000).rounded(.down)))
    }

    /// Seconds east of UTC in effect at the instant `utcMilliseconds`.
    public func offsetSeconds(atUTC utcMilliseconds: Double) -> Int {
        localTimeType(atUTC: utcMilliseconds).utcOffset
    }

    /// Wall-clock time at `utcMilliseconds`, as milliseconds since a local 1970-01-01T00:00.
    public func localMilliseconds(fromUTC utcMilliseconds: Double) -> Double {
        utcMilliseconds + Double(offsetSeconds(atUTC: utcMilliseconds)) * 1000
    }

    /// The instant at which local clocks read `localMilliseconds`.
    ///
    /// A wall time that happens twice (the repeated hour when clocks fall back) resolves to the earlier instant;
    /// one that never happens (the skipped hour when clocks spring forward) is read with the offset before the
    /// switch, which lands the same distance after it (02:30 on a spring-forward night → 03:30 summer time). This is
    /// what Python's `zoneinfo` does with `fold=0`.
    public func utcMilliseconds(fromLocal localMilliseconds: Double) -> Double {
        guard !rules.transitionTimes.isEmpty || rules.footer?.daylight != nil else {
            return localMilliseconds - Double(rules.types[0].utcOffset) * 1000
        }
        // Offsets are within ±26 hours, so the instant is within that of the wall time read as UTC; the offsets
        // before and after that window, and the one at the first reading, cover every switch a day can hold.
        let window = 26 * 3_600_000.0
        let before = offsetSeconds(atUTC: localMilliseconds - window)
        let after = offsetSeconds(atUTC: localMilliseconds + window)
        let first = localMilliseconds - Double(before) * 1000
        var best: Double?
        for offset in [before, after, offsetSeconds(atUTC: first)] {
            let t = localMilliseconds - Double(offset) * 1000
            if offsetSeconds(atUTC: t) == offset, t < (best ?? .infinity) { best = t }
        }
        return best ?? first
    }

    /// Every change of local time in `fromUTC…toUTC` (seconds), at most `limit`.
    public func transitions(fromUTC: Int64, toUTC: Int64, limit: Int = 100_000) -> [ZoneTransition] {
        rules.transitions(from: fromUTC, to: toUTC, limit: limit)
    }

    /// The instant as ISO 8601 local time with this zone's offset at it: `2005-04-04T00:00:00-05:00`, with
    /// milliseconds when there are any (`…T09:30:00.250+05:45`); years outside 0…9999 with a sign and six digits.
    public func iso8601(utcMilliseconds t: Double) -> String {
        guard t.isFinite else { return "" }
        let t = min(max(t, -Self.maxAbsMilliseconds), Self.maxAbsMilliseconds)
        let offset = offsetSeconds(atUTC: t)
        let local = t + Double(offset) * 1000
        let days = (local / 86_400_000).rounded(.down)
        let msOfDay = Int(local - days * 86_400_000)
        let date = CivilDate(daysSinceEpoch: Int(days))
        let year: String
        if (0...9999).contains(date.year) {
            year = String(repeating: "0", count: 4 - String(date.year).count) + String(date.year)
        } else {
            let digits = String(abs(date.year))
            year = (date.year < 0 ? "-" : "+") + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
        }
        let seconds = msOfDay / 1000, ms = msOfDay % 1000
        var text = year + "-" + Self.two(date.month) + "-" + Self.two(date.day) + "T" + Self.two(seconds / 3600) + ":"
            + Self.two(seconds / 60 % 60) + ":" + Self.two(seconds % 60)
        if ms != 0 { text += "." + String(ms + 1000).dropFirst() }
        return text + Self.offsetText(offset)
    }

    private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
}

/// A time zone name that cannot be used, and why.
public struct TimeZoneError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        /// The name breaks the syntax (`ZoneName.problem`): the text says how.
        case invalidName(String)
        /// No zone of that name; the closest names, if any are close.
        case unknown(suggestions: [String])
        /// The server has no zone database (no tzdata installed), so only built-in names and offsets work.
        case noDatabase
        /// The zone's file exists but cannot be read.
        case unreadable(String)
        /// The zone's file is not a valid TZif file.
        case malformed(TZifError)
    }

    /// The rejected name.
    public var identifier: String
    public var reason: Reason

    public init(identifier: String, reason: Reason) {
        self.identifier = identifier
        self.reason = reason
    }

    public var description: String {
        let name = ZoneName.quoted(identifier)
        switch reason {
        case .invalidName(let problem):
            return "not a time zone name: \(problem), got \(name)"
        case .unknown(let suggestions) where !suggestions.isEmpty:
            return "unknown time zone \(name); did you mean "
                + suggestions.map { "\"\($0)\"" }.joined(separator: ", ") + "?"
        case .unknown:
            return "unknown time zone \(name); expected an IANA name like \"Europe/Paris\", UTC or an offset like +08:00"
        case .noDatabase:
            return "unknown time zone \(name): this server has no time zone database (tzdata), so only UTC, "
                + "Etc/GMT±h and offsets like +08:00 work"
        case .unreadable(let why):
            return "time zone \(name) cannot be read: \(why)"
        case .malformed(let error):
            return "time zone \(name) has a damaged zone file (\(error))"
        }
    }
}
