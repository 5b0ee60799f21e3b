import ChartLocale
import ChartSpec
import ChartTime
import Testing
@testable import ChartLayout

/// Numbers and time ticks in a locale other than en, through the layout's own formatters (CLDR data from the
/// generated tables; scripts/check-locales compares the formatting itself with Babel's).
struct LocaleFormattingTests {
    static func locale(_ tag: String) -> ChartLocale { ChartLocale(tag) ?? .english }

    @Test func tickLabelsUseTheLocaleSymbols() {
        let german = TickFormatter(.grouped(2), locale: Self.locale("de-DE"))
        #expect(german.labels(for: [-1000, 1234.5]) == ["-1.000,00", "1.234,50"])
        #expect(TickFormatter(.percent(1), locale: Self.locale("fr")).string(0.125) == "12,5\u{A0}%")
        #expect(TickFormatter(.percent(0), locale: Self.locale("tr")).string(-0.5) == "-%50")
        #expect(TickFormatter(.auto, locale: Self.locale("ar-EG")).string(1_234_567) == "١٫٢٣M")
        #expect(TickFormatter(.grouped(nil), locale: Self.locale("hi-IN")).labels(for: [0, 12_345_678])
            == ["0", "1,23,45,678"])
    }

    /// The same values as en, decimals chosen the same way: only the spelling changes.
    @Test func localizedLabelsKeepTheDefaultDecimals() {
        let values = [0, 0.5, 1, 1.5, 2.0]
        let en = TickFormatter(.auto).labels(for: values)
        let de = TickFormatter(.auto, locale: Self.locale("de")).labels(for: values)
        #expect(en == ["0.0", "0.5", "1.0", "1.5", "2.0"])
        #expect(de == en.map { $0.replacing(".", with: ",") })
    }

    @Test func timeTickLabelsUseTheLocalePatterns() {
        let german = Self.locale("de")
        let monday = TimeTicksTests.ms("2026-03-02T00:00:00Z")
        #expect(TimeTicks.label(monday, step: TimeStep(1, .day), locale: german).0 == "Mo., 2.")
        #expect(TimeTicks.label(monday, step: TimeStep(1, .week), locale: german).0 == "2. März")
        #expect(TimeTicks.label(TimeTicksTests.ms("2026-03-01"), step: TimeStep(1, .week), locale: german).0 == "Mär")
        #expect(TimeTicks.label(TimeTicksTests.ms("2026-01-01"), step: TimeStep(1, .month), locale: german).0
            == "2026")
        #expect(TimeTicks.label(TimeTicksTests.ms("2026-03-03T09:30:15Z"), step: TimeStep(15, .second),
                                locale: Self.locale("ar")).0 == "٠٩:٣٠:١٥")
        let ticks = TimeTicks.ticks(from: TimeTicksTests.ms("2025-11-01"), to: TimeTicksTests.ms("2026-03-01"),
                                    step: TimeStep(1, .month), locale: Self.locale("fr"))
        #expect(ticks.map(\.label) == ["nov. 2025", "déc.", "2026", "févr.", "mars"])
    }

    /// en through the pattern tables writes what the historical code writes.
    @Test func englishPatternsMatchTheHistoricalLabels() {
        let steps = [TimeStep(1, .hour), TimeStep(1, .day), TimeStep(1, .week), TimeStep(15, .second)]
        var t = TimeTicksTests.ms("2025-12-25T00:00:00Z")
        let end = TimeTicksTests.ms("2026-03-10T00:00:00Z")
        let en = ChartLocale.english
        while t < end {
            for step in steps {
                let (historical, level) = TimeTicks.label(t, step: step)
                let date = CivilDate(daysSinceEpoch: Int((t / 86_400_000).rounded(.down)))
                let seconds = Int((t - Double(date.daysSinceEpoch) * 86_400_000) / 1000)
                let viaPatterns = TimeTicks.localizedLabel(date: date, msOfDay: Double(seconds) * 1000, step: step,
                                                           locale: en)
                #expect(viaPatterns.0 == historical && viaPatterns.1 == level, "\(t) \(step)")
            }
            t += 3_600_000 * 7 + 15_000
        }
    }
}
