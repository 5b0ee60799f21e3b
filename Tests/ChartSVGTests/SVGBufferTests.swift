import ChartScene
import Testing
@testable import ChartSVG

struct SVGBufferTests {
    static let twoDecimals: [(Double, String)] = [
        (0, "0"), (-0.0, "0"), (1e-7, "0"), (-1e-7, "0"), (-0.004, "0"), (123456.789, "123456.79"),
        (0.5, ".5"), (-0.5, "-.5"), (0.125, ".13"), (-0.125, "-.13"), (10, "10"), (1.1, "1.1"), (1.10, "1.1"),
        (99.999, "100"), (0.01, ".01"), (-12.3, "-12.3"), (1e20, "10000000000000"), (-1e20, "-10000000000000"),
        (.infinity, "0"), (.nan, "0"), (360, "360"), (2.05, "2.05"), (7.07, "7.07"), (1234.5, "1234.5"),
        (99.5, "99.5"), (100.01, "100.01"), (-1000.1, "-1000.1"), (98765.43, "98765.43"), (5, "5"),
    ]

    @Test(arguments: twoDecimals)
    func numbersHaveAtMostTwoDecimalsWithoutTrailingZeros(value: Double, expected: String) {
        var b = SVGBuffer()
        b.number(value)
        #expect(String(decoding: b.bytes, as: UTF8.self) == expected)
    }

    static let threeDecimals: [(Double, String)] = [(2.7, "2.7"), (0.0004, "0"), (0.001, ".001"), (1.5, "1.5"),
                                                      (3, "3"), (0.0005, ".001"), (0.25, ".25"), (0.123, ".123"),
                                                      (0.07, ".07"), (0.507, ".507"), (12.04, "12.04"),
                                                      (-0.25, "-.25"), (-3.001, "-3.001"), (-2, "-2"), (0.9996, "1")]

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

    @Test func everyASCIIByteIsEscapedDroppedOrKeptByTheXMLRules() {
        for b in UInt8(0)..<0x80 {
            var out = SVGBuffer()
            out.escaped(String(UnicodeScalar(b)))
            let written = String(decoding: out.bytes, as: UTF8.self)
            let expected: String = switch b {
            case 0x26: "&amp;"
            case 0x3C: "&lt;"
            case 0x3E: "&gt;"
            case 0x22: "&quot;"
            case 0x27: "&apos;"
            case 0x09, 0x0A, 0x0D, 0x20...: String(UnicodeScalar(b))
            default: ""
            }
            #expect(written == expected, "byte \(b)")
        }
    }

    @Test func growingAcrossChunksKeepsEveryByteInOrder() {
        var a = SVGBuffer(capacity: 64)
        var expected = ""
        for i in 0..<20_000 {
            a.int(i)
            a.raw(" ")
            expected += "\(i) "
        }
        var b = SVGBuffer(capacity: 100)
        b.raw("<")
        b.append(a)
        b.raw(">")
        #expect(a.count == expected.utf8.count)
        #expect(String(decoding: a.bytes, as: UTF8.self) == expected)
        #expect(String(decoding: b.bytes, as: UTF8.self) == "<" + expected + ">")
    }

    @Test(arguments: [0, 1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 95, 96, 97, 300])
    func shortAndLongCopiesAreExact(length: Int) {
        let source = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        var b = SVGBuffer(capacity: 64)
        b.byte(1)
        b.append(source)
        b.byte(2)
        #expect(b.bytes == [1] + source + [2])
    }
}
