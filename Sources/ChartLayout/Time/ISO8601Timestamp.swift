public import ChartTime

/// Strict parsing of ISO-8601 / RFC 3339 timestamps into epoch milliseconds.
///
/// Accepted forms (and nothing else — no lowercase `t`/`z`, no space separator, no week or ordinal dates):
/// - `2026-03-01` — a calendar date, midnight in `zone`;
/// - `2026-03-01T09:30`, `2026-03-01T09:30:00`, `2026-03-01T09:30:00.125` — local time in `zone`;
/// - any of those times followed by `Z` or an offset `+08:00` / `-05:00` — an absolute instant.
///
/// Years are four digits (0000–9999); months, days (leap years included), hours 00–23, minutes and seconds 00–59
/// (leap second 60 is rejected) are range-checked; fractions have 1–9 digits. Input longer than `maxLength` is rejected.
public enum ISO8601Timestamp {
    /// The longest accepted string (`2026-03-01T09:30:00.123456789+08:00` is 35 characters).
    public static let maxLength = 35

    /// Milliseconds since 1970-01-01T00:00:00Z, or nil when `s` is not one of the accepted forms.
    /// Date-only and offset-less times are read as wall-clock time in `zone` (UTC by default).
    public static func parse(_ s: String, in zone: ChartTimeZone = .utc) -> Double? {
        guard s.utf8.count <= maxLength else { return nil }
        return parse(bytes: Array(s.utf8), zone: zone)
    }

    private static func parse(bytes b: [UInt8], zone: ChartTimeZone) -> Double? {
        var i = 0
        func number(_ digits: Int) -> Int? {
            guard i + digits <= b.count else { return nil }
            var n = 0
            for k in i..<(i + digits) {
                guard b[k] >= UInt8(ascii: "0"), b[k] <= UInt8(ascii: "9") else { return nil }
                n = n * 10 + Int(b[k] - UInt8(ascii: "0"))
            }
            i += digits
            return n
        }
        func expect(_ c: Character) -> Bool {
            guard i < b.count, let a = c.asciiValue, b[i] == a else { return false }
            i += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
              (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(year: year, month: month)
        else { return nil }
        let days = Double(CivilDate(year: year, month: month, day: day).daysSinceEpoch)
        if i == b.count { return zone.utcMilliseconds(fromLocal: days * 86_400_000) }

        guard expect("T"), let hour = number(2), hour < 24, expect(":"), let minute = number(2), minute < 60
        else { return nil }
        var second = 0, fractionMilliseconds = 0.0
        if expect(":") {
            guard let s = number(2), s < 60 else { return nil }
            second = s
            if expect(".") {
                // Whole nanoseconds, so `.125` is exactly 125 ms.
                var nanos = 0, digits = 0
                while i < b.count, b[i] >= UInt8(ascii: "0"), b[i] <= UInt8(ascii: "9"), digits < 10 {
                    nanos = nanos * 10 + Int(b[i] - UInt8(ascii: "0"))
                    digits += 1
                    i += 1
                }
                guard (1...9).contains(digits) else { return nil }
                for _ in digits..<9 { nanos *= 10 }
                fractionMilliseconds = Double(nanos) / 1_000_000
            }
        }
        let local = (days * 86_400 + Double(hour * 3600 + minute * 60 + second)) * 1000 + fractionMilliseconds
        if i == b.count { return zone.utcMilliseconds(fromLocal: local) }
        if expect("Z") { return i == b.count ? local : nil }
        guard i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") else { return nil }
        let sign = b[i] == UInt8(ascii: "-") ? -1.0 : 1.0
        i += 1
        guard let oh = number(2), oh <= 18, expect(":"), let om = number(2), om < 60, i == b.count else { return nil }
        return local - sign * Double(oh * 3600 + om * 60) * 1000
    }
}
