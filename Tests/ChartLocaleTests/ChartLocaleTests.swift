import Testing
@testable import ChartLocale

struct ChartLocaleTests {
    struct Resolution: Sendable, CustomTestStringConvertible {
        var input: String
        var canonical: String
        var table: String
        var testDescription: String { "\(input) → \(table)" }
    }

    /// Case-insensitive, `_` as `-`, truncation fallback, Chinese scripts by region.
    @Test(arguments: [
        Resolution(input: "en", canonical: "en", table: "en"),
        Resolution(input: "de_at", canonical: "de-AT", table: "de-AT"),
        Resolution(input: "de-LI", canonical: "de-LI", table: "de"),
        Resolution(input: "DE-ch", canonical: "de-CH", table: "de-CH"),
        Resolution(input: "en-AU", canonical: "en-AU", table: "en"),
        Resolution(input: "zh-TW", canonical: "zh-TW", table: "zh-Hant"),
        Resolution(input: "zh-hant-hk", canonical: "zh-Hant-HK", table: "zh-Hant"),
        Resolution(input: "zh-Hans-SG", canonical: "zh-Hans-SG", table: "zh"),
        Resolution(input: "zh-CN", canonical: "zh-CN", table: "zh"),
        Resolution(input: "pt-BR", canonical: "pt-BR", table: "pt"),
        Resolution(input: "pt-PT", canonical: "pt-PT", table: "pt-PT"),
        Resolution(input: "es-419", canonical: "es-419", table: "es"),
        Resolution(input: "ar-EG", canonical: "ar-EG", table: "ar"),
        Resolution(input: "iw", canonical: "iw", table: "he"),
    ])
    func resolves(_ r: Resolution) throws {
        guard case .found(let canonical, let locale) = ChartLocale.resolve(r.input) else {
            Issue.record("\(r.input) did not resolve")
            return
        }
        #expect(canonical == r.canonical)
        #expect(locale.tag == r.table)
    }

    @Test(arguments: ["", "d", "deutsch", "de-", "de--AT", "de-AT-x", "de-u-nu-latn", "12", "de-ATT", "de AT",
                      String(repeating: "a", count: 100), "é"])
    func malformedTagsAreRefused(_ tag: String) {
        guard case .malformed = ChartLocale.resolve(tag) else {
            Issue.record("\(tag) was accepted")
            return
        }
    }

    @Test func unknownLanguageSuggestsCloseTags() {
        guard case .unknown(let canonical, let close) = ChartLocale.resolve("xx_yy") else {
            Issue.record("xx-YY resolved")
            return
        }
        #expect(canonical == "xx-YY")
        #expect(close.count == 5)
        guard case .unknown(_, let german) = ChartLocale.resolve("de-x") else { return }
        _ = german
        #expect(ChartLocale.suggestions(for: "pt-XX") == ["pt", "pt-BR", "pt-PT"])
    }

    @Test func rightToLeftLocales() throws {
        let rtl = ChartLocale.tags.filter { ChartLocale($0)?.isRightToLeft == true }
        #expect(rtl == ["ar", "fa", "he"])
        #expect(ChartLocale("ar-EG")?.isRightToLeft == true)
        #expect(ChartLocale("de-DE")?.isRightToLeft == false)
    }

    @Test func atLeastTwentyLocalesWithFullNames() {
        #expect(ChartLocale.tags.count >= 20)
        #expect(ChartLocale.tags.first == "en")
        for tag in ChartLocale.tags {
            guard let locale = ChartLocale(tag) else {
                Issue.record("\(tag) does not resolve to itself")
                continue
            }
            #expect(locale.tag == tag)
            #expect(locale.table.months.count == 12 && locale.table.weekdaysShort.count == 7)
            #expect(locale.words.item("1") != locale.words.item("2"), "\(tag) item lacks its number")
        }
    }
}
