import ChartScene
import Testing
@testable import ChartSVG

struct SVGBufferTests {
    static let twoDecimals: [(Double, String)] = [
        (0, "0"), (-0.0, "0"), (1e-7, "0"), (-1e-7, "0"), (-0.004, "0"), (123456.789, "123456.79"),
        (0.5, ".5"), (-0.5, "-.5"), (0.125, ".13"), (-0.125, "-.13"), (10, "10"), (1.1, "1.1"), (1.10, "1.1"),
        (99.999, "100"), (0.01, ".01"), (-12.3, "-12.3"), (1e20, "10000000000000"), (-1e20, "-10000000000000"),
        (.infinity, "0"), (.nan, "0"), (360, "360"), (2.05, "2.05"),
    ]

    @Test(arguments: twoDecimals)
    func numbersHaveAtMostTwoDecimalsWithoutTrailingZeros(value: Double, expected: String) {
        var b = SVGBuffer()
        b.number(value)
        #expect(String(decoding: b.bytes, as: UTF8.self) == expected)
    }

    static let threeDecimals: [(Double, String)] = [(2.7, "2.7"), (0.0004, "0"), (0.001, ".001"), (1.5, "1.5"),
                                                      (3, "3"), (0.0005, ".001")]

    @Test(arguments: threeDecimals)
    func timesHaveAtMostThreeDecimals(value: Double, expected: String) {
        var b = SVGBuffer()
        b.number3(value)
        #expect(String(decoding: b.bytes, as: UTF8.self) == expected)
    }

    @Test(arguments: [Int64(0), 1, -1, 5, 10, 99, 100, 101, 150, -150, 12345, -99999, 1_000_000, 7, -70])
    func predictedLengthMatchesWrittenLength(hundredths: Int64) {
        var b = SVGBuffer()
        b.fixed(hundredths, decimals: 2)
        #expect(b.bytes.count == SVGBuffer.length(hundredths: hundredths))
    }

    static let colors: [(Color, String)] = [
        (Color(rgb: 0x3366CC), "#36c"), (Color(rgb: 0x3366CD), "#3366cd"), (.black, "#000"), (.white, "#fff"),
        (Color(rgb: 0x0A0B0C), "#0a0b0c"),
    ]

    @Test(arguments: colors)
    func colorsAreShortHexWhenPossible(color: Color, expected: String) {
        var b = SVGBuffer()
        b.color(color)
        #expect(String(decoding: b.bytes, as: UTF8.self) == expected)
    }

    static let escapes: [(String, String)] = [
        ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
        ("a & b", "a &amp; b"), ("say \"hi\" 'you'", "say &quot;hi&quot; &apos;you&apos;"),
        ("a\u{0}b\u{1}c\u{1F}d", "abcd"), ("tab\there\nnl\r", "tab\there\nnl\r"),
        ("x\u{FFFE}y\u{FFFF}z", "xyz"), ("营收 · Q3 ✓ 😀", "营收 · Q3 ✓ 😀"), ("\u{FFFD}", "\u{FFFD}"),
    ]

    @Test(arguments: escapes)
    func textIsEscapedAndInvalidCharactersDropped(input: String, expected: String) {
        var b = SVGBuffer()
        b.escaped(input)
        #expect(String(decoding: b.bytes, as: UTF8.self) == expected)
    }
}
