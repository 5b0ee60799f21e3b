import ChartScene
import Testing
@testable import ChartSpec

/// The quick path (`CSSColor.parsedQuickly`) must give exactly what the general parser gives for every text it
/// accepts, and leave everything else (other forms, and every error) to it.
struct CSSColorQuickPathTests {
    /// Near misses of the quick forms, valid and not.
    static let texts = [
        "#f00", "#F00A", "#12ab34", "#12AB34CC", "#aBcDeF", "#12ab3", "#12ab34c", "#", "#ggg", "#12 ab34", "# f00",
        "#f00 ", "rgb(255, 0, 0)", "rgba(78, 121, 167, 0.25)", "rgba(78,121,167,0.25)", "rgba( 1 , 2 , 3 , 1 )",
        "rgb(10, 20, 30, 0)", "rgba(10, 20, 30)", "rgb(0,0,0)", "rgb(007, 08, 9)", "rgb(256, 0, 0)",
        "rgb(0255, 0, 0)", "rgb(, 0, 0)", "rgb(1, 2)", "rgb(1, 2, 3, 4, 5)", "rgb(1, 2, 3,)", "rgb(1 2 3)",
        "rgb(1, 2, 3 / 0.5)", "rgb(1,\t2, 3)", "rgba(1, 2, 3, .5)", "rgba(1, 2, 3, 1.)", "rgba(1, 2, 3, 1.0)",
        "rgba(1, 2, 3, 1.5)", "rgba(1, 2, 3, 00.5)", "rgba(1, 2, 3, 1.2.3)", "rgba(1, 2, 3, 50%)",
        "rgba(1, 2, 3, 0.12345678901234)", "rgba(1, 2, 3, 0.123456789012345678)", "rgba(1, 2, 3, 0.5", "rgba 1, 2, 3)",
        "RGB(255,0,0)", "rgb(100%, 0%, 50%)", "rgbx(1, 2, 3)", "rg(1, 2, 3)", "rgb()", "rgba()", "rgb(1, 2, 3))",
        "rgb(1, 2, 3) ", " rgb(1, 2, 3)", "rgba(255, 255, 255, 0.999)", "rgba(0, 0, 0, 0.001)", "red", "",
        "hsl(120, 50%, 50%)", "rgba(1, 2, 3, -0)", "rgba(1, 2, 3, 0e1)",
        // A fraction alone as the alpha (`.4`), and its near misses.
        "rgba(1,2,3,.4)", "rgba(1, 2, 3, .)", "rgba(1, 2, 3, ..5)", "rgba(1, 2, 3, .5.5)", "rgba(1, 2, 3, . 5)",
        "rgba(1, 2, 3, .5 )", "rgba(1, 2, 3, .123456789012345)", "rgba(1, 2, 3, .1234567890123456)", "rgba(1,2,3,.)",
        // hsl() and hsla() in the comma syntax, and near misses (signs, units, the space syntax, ranges, spaces).
        "hsla(1,2%,3%,.4)", "hsl(0, 0%, 100%)", "hsla(360.5, 100%, 0.5%, 0.3)", "hsl( 10 , 20% , 30% )",
        "hsl(-120, 50%, 50%)", "hsl(120deg, 50%, 50%)", "hsl(120, 50, 50%)", "hsl(120 50% 50%)",
        "hsl(120, 50%, 50% / 0.5)", "hsl(120, 101%, 50%)", "hsla(1,2%,3%,40%)", "HSL(1, 2%, 3%)", "hsl(1, 2 %, 3%)",
        "hsl(1., 2%, 3%)", "hsl(1, 2%, 3%,)", "hsl(1, 2%)", "hsla(1, 2%, 3%, 1.5)", "hsl(.5, .5%, 99.99%)",
    ]

    static func check(_ text: String) -> Bool {
        guard let quick = CSSColor.parsedQuickly(text) else { return false }
        #expect((try? CSSColor.parseFully(text)) == quick, "\(text)")
        return true
    }

    @Test func quickPathAgreesWithTheParser() {
        var quick = 0
        for text in Self.texts where Self.check(text) { quick += 1 }
        #expect(quick == 28)  // the quick forms among the texts above
        // Whatever the quick path declines goes through the parser unchanged: the same colors and messages.
        for text in Self.texts {
            let parsed = Result { () throws(CSSColorError) in try CSSColor.parse(text) }
            let full = Result { () throws(CSSColorError) in try CSSColor.parseFully(text) }
            #expect(parsed == full, "\(text)")
        }
    }

    @Test func quickPathAgreesOnRandomTexts() {
        let alphabet = Array("rgba(#, .)0123456789AaFf%/ ".utf8)
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        var quick = 0
        for _ in 0..<40_000 {
            var bytes: [UInt8]
            switch next(3) {
            case 0: bytes = Array("#".utf8)
            case 1: bytes = Array("rgb(".utf8)
            default: bytes = Array("rgba(".utf8)
            }
            for _ in 0..<next(24) { bytes.append(alphabet[next(alphabet.count)]) }
            if next(2) == 0 { bytes.append(UInt8(ascii: ")")) }
            if Self.check(String(decoding: bytes, as: UTF8.self)) { quick += 1 }
        }
        // Well-formed texts: random digits as channels and alphas.
        for _ in 0..<20_000 {
            let channels = (0..<3).map { _ in String(next(300)) }
            var text = (next(2) == 0 ? "rgb(" : "rgba(") + channels.joined(separator: [",", ", ", " , "][next(3)])
            if next(2) == 0 { text += ", " + ["0", "1", "0.5", ".5", String(Double(next(1000)) / 999),
                                                    "." + String(next(100_000))][next(6)] }
            if Self.check(text + ")") { quick += 1 }
            let hex = String(next(1 << 30), radix: 16, uppercase: next(2) == 0)
            if Self.check("#" + hex) { quick += 1 }
        }
        // hsl(): random bytes after the opening, then well-formed texts.
        let hslAlphabet = Array("hsla(, .)0123456789%-deg/ ".utf8)
        for _ in 0..<20_000 {
            var bytes = Array((next(2) == 0 ? "hsl(" : "hsla(").utf8)
            for _ in 0..<next(24) { bytes.append(hslAlphabet[next(hslAlphabet.count)]) }
            if next(2) == 0 { bytes.append(UInt8(ascii: ")")) }
            if Self.check(String(decoding: bytes, as: UTF8.self)) { quick += 1 }
        }
        func decimal(_ most: Int) -> String {
            [String(next(most + 1)), String(Double(next(most * 100 + 1)) / 100), "." + String(next(1000))][next(3)]
        }
        for _ in 0..<20_000 {
            var text = (next(2) == 0 ? "hsl(" : "hsla(") + decimal(720) + ", " + decimal(100) + "%,"
                + [" ", ""][next(2)] + decimal(100) + "%"
            if next(2) == 0 { text += ", " + decimal(1) }
            if Self.check(text + ")") { quick += 1 }
        }
        #expect(quick > 35_000)
    }
}
