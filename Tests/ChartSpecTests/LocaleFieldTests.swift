import Testing
@testable import ChartSpec

struct LocaleFieldTests {
    /// Any case, `_` for `-`: stored and written canonically, so equal tags share one canonical form (and ETag).
    @Test func localeIsStoredCanonically() throws {
        let spec = try ChartSpec.parse(Array(minimalSpec(#""locale": "DE_at""#).utf8))
        #expect(spec.locale == "de-AT")
        let again = try ChartSpec.parse(Array(minimalSpec(#""locale": "de-AT""#).utf8))
        #expect(spec.canonicalJSON == again.canonicalJSON)
        #expect(String(decoding: spec.canonicalJSON, as: UTF8.self).contains(#""locale":"de-AT""#))
        #expect(try ChartSpec.parse(Array(minimalSpec().utf8)).locale == nil)
    }

    @Test func swiftBuiltSpecsAreCheckedToo() {
        var spec = ChartSpec()
        spec.series = [Series(values: [1, 2])]
        spec.locale = "klingon"
        #expect(throws: SpecError.self) { try spec.validated() }
        spec.locale = "pt_br"
        #expect((try? spec.validated())?.locale == "pt-BR")
    }
}
