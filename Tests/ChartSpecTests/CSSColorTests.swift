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
        "rgb(0 0 0 / inf)", "hsl(0,100%,50%)", " red", "red ", "notacolor", "url(#x)", "\"><script>",
        String(repeating: "a", count: 500),
    ])
    func rejectsEverythingElseNamingTheForms(text: String) {
        #expect {
            _ = try CSSColor.parse(text)
        } throws: { error in
            (error as? CSSColorError)?.message.hasPrefix(CSSColor.acceptedForms) == true
        }
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
