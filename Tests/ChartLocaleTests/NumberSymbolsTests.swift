import Testing
@testable import ChartLocale

struct NumberSymbolsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var tag: String
        var plain: String
        var grouped: Bool
        var expected: String
        var testDescription: String { "\(tag) \(plain)" }
    }

    /// The default spelling (U+2212, ASCII digits, ".", no groups) rewritten per locale; Babel agrees on all of
    /// these (scripts/check-locales checks thousands more).
    @Test(arguments: [
        Case(tag: "en", plain: "\u{2212}1234567.5", grouped: true, expected: "\u{2212}1,234,567.5"),
        Case(tag: "de", plain: "\u{2212}1234567.5", grouped: true, expected: "-1.234.567,5"),
        Case(tag: "de", plain: "1234.5", grouped: false, expected: "1234,5"),
        Case(tag: "fr", plain: "1234567", grouped: true, expected: "1\u{202F}234\u{202F}567"),
        Case(tag: "de-CH", plain: "1234567.25", grouped: true, expected: "1'234'567.25"),
        Case(tag: "hi", plain: "12345678", grouped: true, expected: "1,23,45,678"),
        Case(tag: "hi", plain: "123", grouped: true, expected: "123"),
        Case(tag: "hi", plain: "1234", grouped: true, expected: "1,234"),
        Case(tag: "bn", plain: "1234567.5", grouped: true, expected: "১২,৩৪,৫৬৭.৫"),
        Case(tag: "ar", plain: "\u{2212}1234.5", grouped: true, expected: "\u{61C}-١٬٢٣٤٫٥"),
        Case(tag: "fa", plain: "1234.5", grouped: true, expected: "۱٬۲۳۴٫۵"),
        Case(tag: "sv", plain: "\u{2212}2.5", grouped: false, expected: "\u{2212}2,5"),
        Case(tag: "de", plain: "1.25M", grouped: false, expected: "1,25M"),
        Case(tag: "de", plain: "2.5e\u{2212}7", grouped: false, expected: "2,5e-7"),
        // Grouped input carries the default's "," separators: they are dropped and the digits regrouped.
        Case(tag: "hi", plain: "12,345,678.5", grouped: true, expected: "1,23,45,678.5"),
        Case(tag: "de", plain: "\u{2212}1,234,567", grouped: true, expected: "-1.234.567"),
        Case(tag: "ar", plain: "1,234.5K", grouped: true, expected: "١٬٢٣٤٫٥K"),
    ])
    func localizes(_ c: Case) throws {
        let locale = try #require(ChartLocale(c.tag))
        #expect(locale.numbers.localize(c.plain, grouped: c.grouped) == c.expected)
    }

    @Test func percentAffixes() throws {
        #expect(try #require(ChartLocale("de")).numbers.percent("12,5") == "12,5\u{A0}%")
        let turkish = try #require(ChartLocale("tr"))
        #expect(turkish.numbers.percent("12,5") == "%12,5")
        #expect(turkish.numbers.percent("-12,5") == "-%12,5")
        #expect(try #require(ChartLocale("ar")).numbers.percent("١٢") == "١٢٪\u{61C}")
    }

    /// Zero-padded integers in the locale's digits, from 0 to the largest Int; a negative number writes 0.
    @Test func digits() throws {
        let arabic = try #require(ChartLocale("ar")).numbers
        let english = ChartLocale.english.numbers
        #expect(english.digits(0) == "0")
        #expect(english.digits(7, width: 2) == "07")
        #expect(english.digits(2026, width: 2) == "2026")
        #expect(english.digits(-5, width: 3) == "000")
        #expect(english.digits(Int.max) == String(Int.max))
        #expect(english.digits(1_000_000_000_000_000_000) == "1000000000000000000")
        #expect(arabic.digits(905, width: 4) == "٠٩٠٥")
    }

    @Test func onlyEnglishIsTheDefaultSpelling() {
        let defaults = ChartLocale.tags.filter { ChartLocale($0)?.numbers.isDefault == true }
        #expect(defaults == ["en"])
        #expect(ChartLocale.english.isDefault)
    }
}
