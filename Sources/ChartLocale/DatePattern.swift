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

/// An LDML date pattern read once into literal text and fields, so writing a date is one pass over a few pieces (a
/// chart writes one per tooltip: up to 100,000). The subset CLDR's tick skeletons use, which scripts/generate-locales
/// checks every shipped pattern against: `y`, `yy`; `M`…`MMMM` (format) and `L`…`LLLL` (stand-alone); `d`, `dd`;
/// `E`…`EEEE`, `ccc`, `cccc`; `H`, `HH`, `m`, `mm`, `s`, `ss`; text in single quotes, `''` for a quote. Another
/// letter writes nothing. Numbers are written in the locale's digits (as browsers do; Babel writes ASCII digits,
/// which scripts/check-locales maps).
struct DatePattern: Hashable, Sendable {
    enum Piece: Hashable, Sendable {
        /// Literal text, as UTF-8.
        case text([UInt8])
        /// A pattern letter and how many times it repeats (`MMM` is `M`, 3).
        case field(Unicode.Scalar, Int)
    }

    let pieces: [Piece]

    init(_ pattern: String) {
        var pieces: [Piece] = []
        var text = ""
        func flush() {
            if !text.isEmpty { pieces.append(.text(Array(text.utf8))) }
            text = ""
        }
        let chars = Array(pattern.unicodeScalars)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "'" {
                // '' is a quote; 'text' is literal text ('' inside it is a quote too).
                if i + 1 < chars.count, chars[i + 1] == "'" {
                    text += "'"
                    i += 2
                    continue
                }
                i += 1
                while i < chars.count {
                    if chars[i] == "'" {
                        if i + 1 < chars.count, chars[i + 1] == "'" {
                            text += "'"
                            i += 2
                            continue
                        }
                        i += 1
                        break
                    }
                    text.unicodeScalars.append(chars[i])
                    i += 1
                }
                continue
            }
            guard Self.isLetter(c) else {
                text.unicodeScalars.append(c)
                i += 1
                continue
            }
            var count = 1
            while i + count < chars.count, chars[i + count] == c { count += 1 }
            flush()
            pieces.append(.field(c, count))
            i += count
        }
        flush()
        self.pieces = pieces
    }

    /// Appends the UTF-8 of `t` written with this pattern in `table`'s names and digits to `out`.
    func write(_ t: LocalDateTime, in table: LocaleTable, to out: inout [UInt8]) {
        for piece in pieces {
            switch piece {
            case .text(let text): out += text
            case .field(let letter, let count): Self.field(letter, count: count, t, table, to: &out)
            }
        }
    }

    static func field(_ letter: Unicode.Scalar, count: Int, _ t: LocalDateTime, _ table: LocaleTable,
                      to out: inout [UInt8]) {
        let month = min(max(t.month, 1), 12) - 1
        let weekday = min(max(t.weekday, 0), 6)
        switch letter {
        case "y":
            if count == 2 {
                table.numbers.appendDigits(abs(t.year) % 100, width: 2, to: &out)
            } else {
                if t.year < 0 { out += table.numbers.utf8.minus }
                table.numbers.appendDigits(abs(t.year), width: count, to: &out)
            }
        case "M", "L":
            let standalone = letter == "L"
            switch count {
            case 1, 2: table.numbers.appendDigits(t.month, width: count, to: &out)
            case 3: out += (standalone ? table.standaloneMonthsShort : table.monthsShort)[month].utf8
            default: out += (standalone ? table.standaloneMonths : table.months)[month].utf8
            }
        case "E", "c":
            let standalone = letter == "c"
            if count >= 4 {
                out += (standalone ? table.standaloneWeekdays : table.weekdays)[weekday].utf8
            } else {
                out += (standalone ? table.standaloneWeekdaysShort : table.weekdaysShort)[weekday].utf8
            }
        case "d": table.numbers.appendDigits(t.day, width: count, to: &out)
        case "H": table.numbers.appendDigits(t.hour, width: count, to: &out)
        case "m": table.numbers.appendDigits(t.minute, width: count, to: &out)
        case "s": table.numbers.appendDigits(t.second, width: count, to: &out)
        default: break
        }
    }

    static func isLetter(_ c: Unicode.Scalar) -> Bool {
        (c.value >= 0x41 && c.value <= 0x5A) || (c.value >= 0x61 && c.value <= 0x7A)
    }
}
