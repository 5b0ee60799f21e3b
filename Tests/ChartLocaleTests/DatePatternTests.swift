import Testing
@testable import ChartLocale

struct DatePatternTests {
    /// Tuesday 3 March 2026, 09:05:07.
    static let t = LocalDateTime(year: 2026, month: 3, day: 3, weekday: 2, hour: 9, minute: 5, second: 7)

    struct Case: Sendable, CustomTestStringConvertible {
        var tag: String
        var pattern: String
        var expected: String
        var testDescription: String { "\(tag) \(pattern)" }
    }

    @Test(arguments: [
        Case(tag: "en", pattern: "MMM d, y", expected: "Mar 3, 2026"),
        Case(tag: "en", pattern: "EEE d", expected: "Tue 3"),
        Case(tag: "en", pattern: "HH:mm:ss", expected: "09:05:07"),
        Case(tag: "de", pattern: "d. MMM y", expected: "3. März 2026"),
        Case(tag: "de", pattern: "LLLL", expected: "März"),
        Case(tag: "de", pattern: "EEEE", expected: "Dienstag"),
        Case(tag: "ru", pattern: "d MMMM", expected: "3 марта"),
        Case(tag: "ru", pattern: "LLLL", expected: "март"),
        Case(tag: "ru", pattern: "LLL y\u{202F}'г'.", expected: "март 2026\u{202F}г."),
        Case(tag: "he", pattern: "E ה-d", expected: "יום ג׳ ה-3"),
        Case(tag: "ja", pattern: "y年M月d日", expected: "2026年3月3日"),
        Case(tag: "ar", pattern: "d MMM y", expected: "٣ مارس ٢٠٢٦"),
        Case(tag: "en", pattern: "'o''clock' H 'yy' yy", expected: "o'clock 9 yy 26"),
        Case(tag: "en", pattern: "MM/dd HH''", expected: "03/03 09'"),
    ])
    func formats(_ c: Case) throws {
        let locale = try #require(ChartLocale(c.tag))
        #expect(locale.format(Self.t, pattern: c.pattern) == c.expected)
    }

    /// Out-of-range fields never trap (the names are indexed after clamping) and an unterminated quote ends the text.
    @Test func hostileFieldsAndPatterns() {
        let odd = LocalDateTime(year: -44, month: 13, day: 0, weekday: 9, hour: 25)
        #expect(ChartLocale.english.format(odd, pattern: "MMM EEE y HH") == "Dec Sat \u{2212}44 25")
        #expect(ChartLocale.english.format(Self.t, pattern: "'unterminated") == "unterminated")
        #expect(ChartLocale.english.format(Self.t, pattern: "") == "")
    }

    @Test func dateTimeGlue() throws {
        let german = try #require(ChartLocale("de"))
        #expect(german.dateTime(date: "3. März 2026", time: "09:05") == "3. März 2026, 09:05")
        #expect(ChartLocale.english.dateTime(date: "Mar 3, 2026", time: "09:05") == "Mar 3, 2026 09:05")
    }

    /// The compiled tick patterns write what their text does, in every shipped locale and for every pattern, and the
    /// date-time form is the glue around the two.
    @Test func compiledPatternsMatchTheirText() throws {
        let odd = LocalDateTime(year: 987, month: 12, day: 31, weekday: 0, hour: 23, minute: 59, second: 1)
        for tag in ChartLocale.tags {
            let locale = try #require(ChartLocale(tag))
            for t in [Self.t, odd] {
                for pattern in TickPattern.allCases {
                    #expect(locale.format(t, pattern) == locale.format(t, pattern: pattern.text(in: locale.patterns)),
                            "\(tag) \(pattern)")
                }
                let joined = locale.dateTime(date: locale.format(t, .dayMonthYear), time: locale.format(t, .time))
                #expect(locale.format(t, date: .dayMonthYear, time: .time) == joined, "\(tag)")
                let glue = locale.patterns.dateTime
                let replaced = glue.replacing("{1}", with: locale.format(t, .dayMonthYear))
                    .replacing("{0}", with: locale.format(t, .time))
                #expect(joined == replaced, "\(tag)")
            }
        }
    }

    /// The glue keeps any other text, braces included, as it is.
    @Test(arguments: [("{1} {0}", "D T"), ("{0}{1}", "TD"), ("at {1}", "at D"), ("{2} {1", "{2} {1"),
                      ("{", "{"), ("", ""), ("{1}{{0}}", "D{T}")])
    func glue(_ glue: String, _ expected: String) {
        var out = ""
        for piece in DateTimeGlue(glue).pieces {
            switch piece {
            case .text(let text): out += text
            case .date: out += "D"
            case .time: out += "T"
            }
        }
        #expect(out == expected)
    }
}
