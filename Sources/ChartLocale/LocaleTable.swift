/// One shipped locale's conventions, a row of the generated `LocaleTable.all` (scripts/generate-locales). A class,
/// so a `ChartLocale` (and every formatter holding one) is one reference to copy.
final class LocaleTable: Sendable {
    /// The canonical tag this table answers to, e.g. `de-CH`.
    let tag: String
    /// Other canonical tags that name exactly this table (`de-DE` for `de`, `zh-TW` for `zh-Hant`).
    let aliases: [String]
    /// Babel's identifier of the CLDR locale the data came from.
    let cldr: String
    let isRightToLeft: Bool
    let numbers: NumberSymbols
    /// January first, twelve each.
    let months: [String]
    let monthsShort: [String]
    let standaloneMonths: [String]
    let standaloneMonthsShort: [String]
    /// Sunday first, seven each.
    let weekdays: [String]
    let weekdaysShort: [String]
    let standaloneWeekdays: [String]
    let standaloneWeekdaysShort: [String]
    let patterns: TickPatterns
    /// `patterns` read once, indexed by `TickPattern.rawValue`.
    let compiled: [DatePattern]
    let glue: DateTimeGlue
    let words: FixedWords

    init(tag: String, aliases: [String], cldr: String, isRightToLeft: Bool, numbers: NumberSymbols, months: [String],
         monthsShort: [String], standaloneMonths: [String], standaloneMonthsShort: [String], weekdays: [String],
         weekdaysShort: [String], standaloneWeekdays: [String], standaloneWeekdaysShort: [String],
         patterns: TickPatterns, words: FixedWords) {
        self.tag = tag
        self.aliases = aliases
        self.cldr = cldr
        self.isRightToLeft = isRightToLeft
        self.numbers = numbers
        // Twelve months and seven weekdays, whatever the generator wrote: lookups index them unchecked.
        self.months = Self.exactly(12, months)
        self.monthsShort = Self.exactly(12, monthsShort)
        self.standaloneMonths = Self.exactly(12, standaloneMonths)
        self.standaloneMonthsShort = Self.exactly(12, standaloneMonthsShort)
        self.weekdays = Self.exactly(7, weekdays)
        self.weekdaysShort = Self.exactly(7, weekdaysShort)
        self.standaloneWeekdays = Self.exactly(7, standaloneWeekdays)
        self.standaloneWeekdaysShort = Self.exactly(7, standaloneWeekdaysShort)
        self.patterns = patterns
        compiled = TickPattern.allCases.map { DatePattern($0.text(in: patterns)) }
        glue = DateTimeGlue(patterns.dateTime)
        self.words = words
    }

    private static func exactly(_ n: Int, _ names: [String]) -> [String] {
        names.count >= n ? Array(names.prefix(n)) : names + (names.count..<n).map { String($0 + 1) }
    }
}
