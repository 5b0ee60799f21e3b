/// A locale the service formats numbers, dates and its own words in: one of the shipped CLDR tables
/// (scripts/generate-locales), found from a BCP 47 tag by CLDR-style fallback.
///
/// Resolution: the tag is read case-insensitively with `_` as `-` (`de_at` is `de-AT`), then looked up as is, then
/// without its region once its script is known (`zh-Hant-HK` → `zh-Hant`), then as its language alone (`de-AT` →
/// `de`, `en-AU` → `en`); `zh-TW`, `zh-HK` and `zh-MO` name `zh-Hant`, other `zh` tags `zh` (Simplified). A tag
/// whose language has no table is not found — there is no silent fall back to English. This is CLDR's truncation
/// fallback without its parent locales (`en-AU` gets `en`, not `en-001`).
public struct ChartLocale: Hashable, Sendable, CustomStringConvertible {
    let table: LocaleTable

    /// True for `en`, whose output is the service's historical one (formatters skip rewriting for it).
    public let isDefault: Bool

    init(table: LocaleTable) {
        self.table = table
        isDefault = table.tag == "en"
    }

    /// The default, `en`: the service's historical formatting (typographic minus, `Mar 3, 2026 09:00`).
    public static let english = ChartLocale(table: LocaleTable.all[0])

    /// Every shipped table's tag, the default first.
    public static let tags: [String] = LocaleTable.all.map(\.tag)

    /// Every shipped table's tag and the tags that name it exactly (`de-DE`, `zh-TW`).
    public static let allTags: [String] = LocaleTable.all.flatMap { [$0.tag] + $0.aliases }

    private static let index: [String: Int] = {
        var index: [String: Int] = [:]
        for (i, table) in LocaleTable.all.enumerated() {
            index[table.tag] = i
            for alias in table.aliases { index[alias] = i }
        }
        return index
    }()

    /// The table `tag` resolves to, or nil when it is malformed or its language has none.
    public init?(_ tag: String) {
        guard let parsed = LocaleTag(parsing: tag), let found = Self.lookup(parsed) else { return nil }
        self = found
    }

    static func lookup(_ tag: LocaleTag) -> ChartLocale? {
        for candidate in tag.fallbacks {
            if let i = index[candidate] { return ChartLocale(table: LocaleTable.all[i]) }
        }
        return nil
    }

    /// The outcome of reading a spec's `locale`.
    public enum Resolution: Hashable, Sendable {
        /// The canonical spelling of the tag as given (`de-AT`), and the table it resolves to (`de`).
        case found(canonical: String, locale: ChartLocale)
        /// Not `language[-Script][-REGION]`.
        case malformed(suggestions: [String])
        /// Well-formed, but no table serves its language.
        case unknown(canonical: String, suggestions: [String])
    }

    /// Reads `text` as a spec's `locale`.
    public static func resolve(_ text: String) -> Resolution {
        guard let tag = LocaleTag(parsing: text) else {
            return .malformed(suggestions: suggestions(for: String(text.prefix(LocaleTag.maxLength))))
        }
        if let locale = lookup(tag) { return .found(canonical: tag.description, locale: locale) }
        return .unknown(canonical: tag.description, suggestions: suggestions(for: tag.description))
    }

    /// Up to five shipped tags close to `text`: those of the same language first, then the nearest by edit
    /// distance (case-insensitive, `_` as `-`).
    public static func suggestions(for text: String) -> [String] {
        let wanted = text.lowercased().replacing("_", with: "-")
        let language = wanted.split(separator: "-").first.map(String.init) ?? wanted
        let same = allTags.filter { $0.lowercased() == language || $0.lowercased().hasPrefix(language + "-") }
        if !same.isEmpty { return Array(same.prefix(5)) }
        let ranked = allTags.map { ($0, distance(Array($0.lowercased().utf8), Array(wanted.utf8))) }
            .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
        return ranked.prefix(5).map(\.0)
    }

    /// Levenshtein distance, bounded by the short inputs (tags are at most `LocaleTag.maxLength` long).
    static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// The table's tag (`de`, `zh-Hant`).
    public var tag: String { table.tag }
    public var description: String { table.tag }
    /// True when the locale's script is written right to left (Arabic, Persian, Hebrew).
    public var isRightToLeft: Bool { table.isRightToLeft }
    public var numbers: NumberSymbols { table.numbers }
    public var patterns: TickPatterns { table.patterns }
    public var words: FixedWords { table.words }

    /// `t` written with the LDML `pattern` in this locale (month and weekday names, digits). The pattern is read on
    /// every call: formatters use the compiled tick patterns (`format(_:_:)`).
    public func format(_ t: LocalDateTime, pattern: String) -> String {
        var out: [UInt8] = []
        DatePattern(pattern).write(t, in: table, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `t` written with one of the locale's tick patterns, read once per locale.
    public func format(_ t: LocalDateTime, _ pattern: TickPattern) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        table.compiled[pattern.rawValue].write(t, in: table, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `t` as a date and a time joined by the locale's date-time pattern (`Mar 3, 2026 09:00`), the patterns read
    /// once per locale.
    public func format(_ t: LocalDateTime, date: TickPattern, time: TickPattern) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for piece in table.glue.pieces {
            switch piece {
            case .text(let text): out += text.utf8
            case .date: table.compiled[date.rawValue].write(t, in: table, to: &out)
            case .time: table.compiled[time.rawValue].write(t, in: table, to: &out)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A date label and a time label joined by the locale's date-time pattern (`Mar 3, 2026 09:00`).
    public func dateTime(date: String, time: String) -> String {
        var out = ""
        for piece in table.glue.pieces {
            switch piece {
            case .text(let text): out += text
            case .date: out += date
            case .time: out += time
            }
        }
        return out
    }

    /// The integer `n` in the locale's digits, ungrouped (`Item ٣`).
    public func integer(_ n: Int) -> String {
        n < 0 ? numbers.minus + numbers.digits(-n) : numbers.digits(n)
    }

    public static func == (a: ChartLocale, b: ChartLocale) -> Bool { a.table.tag == b.table.tag }
    public func hash(into hasher: inout Hasher) { hasher.combine(table.tag) }
}
