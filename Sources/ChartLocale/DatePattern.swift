/// A wall-clock date and time to write with a CLDR pattern: the civil fields, already in the axis zone.
public struct LocalDateTime: Hashable, Sendable {
    public var year: Int
    /// 1…12.
    public var month: Int
    /// 1…31.
    public var day: Int
    /// 0 = Sunday … 6 = Saturday.
    public var weekday: Int
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(year: Int, month: Int, day: Int, weekday: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.weekday = weekday
        self.hour = hour
        self.minute = minute
        self.second = second
    }
}

/// Writes LDML date patterns (the subset CLDR's tick skeletons use, which scripts/generate-locales checks every
/// shipped pattern against): `y`, `yy`; `M`…`MMMM` (format) and `L`…`LLLL` (stand-alone); `d`, `dd`; `E`…`EEEE`,
/// `ccc`, `cccc`; `H`, `HH`, `m`, `mm`, `s`, `ss`; text in single quotes, `''` for a quote. Numbers are written in
/// the locale's digits (as browsers do; Babel writes ASCII digits, which scripts/check-locales maps).
enum DatePattern {
    static func format(_ pattern: String, _ t: LocalDateTime, in table: LocaleTable) -> String {
        var out = ""
        let chars = Array(pattern.unicodeScalars)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "'" {
                // '' is a quote; 'text' is literal text ('' inside it is a quote too).
                if i + 1 < chars.count, chars[i + 1] == "'" {
                    out += "'"
                    i += 2
                    continue
                }
                i += 1
                while i < chars.count {
                    if chars[i] == "'" {
                        if i + 1 < chars.count, chars[i + 1] == "'" {
                            out += "'"
                            i += 2
                            continue
                        }
                        i += 1
                        break
                    }
                    out.unicodeScalars.append(chars[i])
                    i += 1
                }
                continue
            }
            guard isLetter(c) else {
                out.unicodeScalars.append(c)
                i += 1
                continue
            }
            var count = 1
            while i + count < chars.count, chars[i + count] == c { count += 1 }
            out += field(c, count: count, t, table)
            i += count
        }
        return out
    }

    static func field(_ letter: Unicode.Scalar, count: Int, _ t: LocalDateTime, _ table: LocaleTable) -> String {
        let n = table.numbers
        let month = min(max(t.month, 1), 12) - 1
        let weekday = min(max(t.weekday, 0), 6)
        switch letter {
        case "y":
            let sign = t.year < 0 ? n.minus : ""
            let year = abs(t.year)
            return count == 2 ? n.digits(year % 100, width: 2) : sign + n.digits(year, width: count)
        case "M", "L":
            let standalone = letter == "L"
            switch count {
            case 1, 2: return n.digits(t.month, width: count)
            case 3: return (standalone ? table.standaloneMonthsShort : table.monthsShort)[month]
            default: return (standalone ? table.standaloneMonths : table.months)[month]
            }
        case "E", "c":
            let standalone = letter == "c"
            if count >= 4 { return (standalone ? table.standaloneWeekdays : table.weekdays)[weekday] }
            return (standalone ? table.standaloneWeekdaysShort : table.weekdaysShort)[weekday]
        case "d": return n.digits(t.day, width: count)
        case "H": return n.digits(t.hour, width: count)
        case "m": return n.digits(t.minute, width: count)
        case "s": return n.digits(t.second, width: count)
        default: return ""
        }
    }

    static func isLetter(_ c: Unicode.Scalar) -> Bool {
        (c.value >= 0x41 && c.value <= 0x5A) || (c.value >= 0x61 && c.value <= 0x7A)
    }
}
