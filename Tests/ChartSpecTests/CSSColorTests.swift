import ChartScene
import Testing
@testable import ChartSpec

struct CSSColorTests {
    @Test(arguments: [
        ("#f00", Color(red: 255, green: 0, blue: 0)),
        ("#F00A", Color(red: 255, green: 0, blue: 0, alpha: 0xAA)),
        ("#12ab34", Color(red: 0x12, green: 0xAB, blue: 0x34)),
        ("#12AB34CC", Color(red: 0x12, green: 0xAB, blue: 0x34, alpha: 0xCC)),
        ("rgb(255, 0, 0)", Color(red: 255, green: 0, blue: 0)),
        ("RGB(255,0,0)", Color(red: 255, green: 0, blue: 0)),
        ("rgb(1 2 3)", Color(red: 1, green: 2, blue: 3)),
        ("rgb(1  2   3 / 50%)", Color(red: 1, green: 2, blue: 3, alpha: 128)),
        ("rgba(0, 0, 255, 0.5)", Color(red: 0, green: 0, blue: 255, alpha: 128)),
        ("rgba(10, 20, 30)", Color(red: 10, green: 20, blue: 30)),
        ("rgb(10, 20, 30, 0)", Color(red: 10, green: 20, blue: 30, alpha: 0)),
        ("rgb(100%, 0%, 50%)", Color(red: 255, green: 0, blue: 128)),
        ("rgb(0 0 0 / .25)", Color(red: 0, green: 0, blue: 0, alpha: 64)),
        ("red", Color(red: 255, green: 0, blue: 0)),
        ("Red", Color(red: 255, green: 0, blue: 0)),
        ("REBECCAPURPLE", Color(rgb: 0x663399)),
        ("grey", Color(rgb: 0x808080)),
        ("lightgoldenrodyellow", Color(rgb: 0xFAFAD2)),
        ("transparent", Color.transparent),
    ])
    func acceptsCSSForms(text: String, expected: Color) throws {
        #expect(try CSSColor.parse(text) == expected)
    }

    @Test(arguments: [
        "red;background:url(x)", "#12345", "rgb(300,0,0)", "", "#", "#ggg", "#1234567", "rgb(1,2)",
        "rgb(1,2,3,4,5)", "rgb(1, 2 3)", "rgb(1 2 3, 0.5)", "rgb(1,2,3 / 0.5)", "rgba(0,0,0,2)", "rgb(-1,0,0)",
        "rgb(1.5,0,0)", "rgb(101%,0%,0%)", "rgb(0x10,0,0)", "rgb(1e2,0,0)", "rgb(0,0,0", "rgb(0 0 0 / 1 / 1)",
        "rgb(0 0 0 / inf)", "hwb(0 0% 0%)", " red", "red ", "notacolor", "url(#x)", "\"><script>",
        String(repeating: "a", count: 500),
        "hsl(0, 100, 50)", "hsl(0 100% 50%, 0.5)", "hsl(0, 101%, 50%)", "hsl(0 50% -1%)", "hsl(x, 1%, 1%)",
        "hsl(10px, 1%, 1%)", "hsl(1e2, 1%, 1%)", "hsl(0, 50%)", "hsla(0, 50%, 50%, 1.5)", "hsl(--1, 1%, 1%)",
        "hsl(0 50% 50% / 1 / 1)", "hsl(deg, 1%, 1%)",
    ])
    func rejectsEverythingElseNamingTheForms(text: String) {
        #expect {
            _ = try CSSColor.parse(text)
        } throws: { error in
            (error as? CSSColorError)?.message.hasPrefix(CSSColor.acceptedForms) == true
        }
    }

    /// Expected values from CSS Color 4 §7.1's `hslToRgb` (and its §7.1 table of hue examples): the primaries and
    /// secondaries, a grey (no saturation), the lightness extremes, hue wrapping and units, both syntaxes.
    @Test(arguments: [
        ("hsl(0, 100%, 50%)", Color(red: 255, green: 0, blue: 0)),
        ("hsl(120, 100%, 50%)", Color(red: 0, green: 255, blue: 0)),
        ("hsl(240, 100%, 50%)", Color(red: 0, green: 0, blue: 255)),
        ("hsl(60, 100%, 50%)", Color(red: 255, green: 255, blue: 0)),
        ("hsl(180 100% 50%)", Color(red: 0, green: 255, blue: 255)),
        ("hsl(300deg 100% 50%)", Color(red: 255, green: 0, blue: 255)),
        ("hsl(0, 0%, 50%)", Color(red: 128, green: 128, blue: 128)),
        ("hsl(200, 80%, 0%)", Color(red: 0, green: 0, blue: 0)),
        ("hsl(200, 80%, 100%)", Color(red: 255, green: 255, blue: 255)),
        ("hsl(-120, 100%, 50%)", Color(red: 0, green: 0, blue: 255)),
        ("hsl(480, 100%, 50%)", Color(red: 0, green: 255, blue: 0)),
        ("hsl(0.5turn 100% 50%)", Color(red: 0, green: 255, blue: 255)),
        ("hsl(400grad 100% 50%)", Color(red: 255, green: 0, blue: 0)),
        ("hsl(3.14159265rad 100% 50%)", Color(red: 0, green: 255, blue: 255)),
        // hsl(30, 100%, 25%): C = (1 − |2L − 1|)·S = 0.5, X = C·(1 − |(H/60) mod 2 − 1|) = 0.25, m = L − C/2 = 0
        // → (0.5, 0.25, 0) → (128, 64, 0).
        ("hsl(30, 100%, 25%)", Color(red: 128, green: 64, blue: 0)),
        ("HSLA(120, 100%, 25%, 0.5)", Color(red: 0, green: 128, blue: 0, alpha: 128)),
        ("hsl(120 100 25 / 50%)", Color(red: 0, green: 128, blue: 0, alpha: 128)),
        ("hsla(120, 100%, 25%)", Color(red: 0, green: 128, blue: 0)),
    ])
    func acceptsHSLInBothSyntaxes(text: String, expected: Color) throws {
        #expect(try CSSColor.parse(text) == expected)
    }

    @Test func hasTheFullCSSColor4NameList() {
        #expect(CSSColor.namedColors.count == 148)
        #expect(CSSColor.namedColors.keys.allSatisfy { $0 == $0.lowercased() })
    }

    @Test(arguments: [Color(rgb: 0x0A0B0C), Color(red: 1, green: 2, blue: 3, alpha: 4), Color.transparent])
    func hexStringRoundTrips(color: Color) throws {
        let hex = CSSColor.hexString(color)
        #expect(try CSSColor.parse(hex) == color)
        #expect(hex == hex.lowercased())
    }
}
