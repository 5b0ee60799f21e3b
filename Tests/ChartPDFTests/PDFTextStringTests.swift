import Foundation
import Testing
@testable import ChartPDF

/// The title is the one scene string written into the file's syntax: no title may end the string early or inject
/// dictionary entries, and every title must read back as itself.
struct PDFTextStringTests {
    /// Reads a text string as a PDF reader does (ISO 32000-1 §7.3.4.2 escapes, §7.9.2.2 UTF-16BE with a BOM).
    static func decode(_ encoded: String) -> String? {
        var scalars = Array(encoded.unicodeScalars)
        if scalars.first == "(" && scalars.last == ")" {
            scalars = Array(scalars.dropFirst().dropLast())
            var out = String.UnicodeScalarView(), depth = 0, i = 0
            while i < scalars.count {
                let c = scalars[i]
                if c == "\\" {
                    i += 1
                    guard i < scalars.count, ["\\", "(", ")"].contains(scalars[i]) else { return nil }
                    out.append(scalars[i])
                } else {
                    // An unescaped parenthesis would have to balance; ours never appear.
                    if c == "(" || c == ")" { depth += 1 }
                    out.append(c)
                }
                i += 1
            }
            return depth == 0 ? String(out) : nil
        }
        guard encoded.hasPrefix("<FEFF"), encoded.hasSuffix(">") else { return nil }
        let hex = Array(encoded.dropFirst(5).dropLast())
        guard hex.count % 4 == 0, hex.allSatisfy({ $0.isHexDigit }) else { return nil }
        let units = stride(from: 0, to: hex.count, by: 4).map { UInt16(String(hex[$0..<$0 + 4]), radix: 16) ?? 0 }
        return String(decoding: units, as: UTF16.self)
    }

    @Test(arguments: [
        ("Sales 2024", "(Sales 2024)"),
        ("Q3 (est.)", "(Q3 \\(est.\\))"),
        ("a\\b", "(a\\\\b)"),
        (") /Author (x", "(\\) /Author \\(x)"),
        ("", "()"),
    ])
    func printableASCIIIsALiteralWithEscapes(title: String, written: String) {
        #expect(PDFTextString.encode(title) == written)
        #expect(Self.decode(written) == title)
    }

    @Test(arguments: ["Umsätze", "売上高", "line\nbreak", "nul\u{0}byte", "tab\there", "🎉 party", ")\n/Author (x",
                      "\r\n>>\nendobj"])
    func anythingElseIsUTF16Hex(title: String) {
        let encoded = PDFTextString.encode(title)
        #expect(encoded.hasPrefix("<FEFF") && encoded.hasSuffix(">"))
        #expect(encoded.dropFirst().dropLast().allSatisfy { $0.isHexDigit })
        #expect(Self.decode(encoded) == title)
    }

    @Test func emojiIsASurrogatePair() {
        #expect(PDFTextString.encode("🎉") == "<FEFFD83CDF89>")
    }

    /// A 64 KiB title of every character that means something in PDF syntax still round-trips, and the info
    /// dictionary around it is intact: the title is the only entry that changed.
    @Test(arguments: ["()\\<>[]{}/%# endobj trailer ))((", "()\\<>[]{}/%#\r\n\t\u{0} endobj trailer é"])
    func hostileTitleStaysInsideItsString(unit: String) throws {
        let title = String(repeating: unit, count: 65536 / unit.utf8.count + 1)
        let plain = try PDFDocument(TestScene.with([], title: "x"))
        let hostile = try PDFDocument(TestScene.with([], title: title))
        let info = try #require(hostile.object(6))
        let encoded = PDFTextString.encode(title)
        #expect(info == "6 0 obj\n<</Title \(encoded) /Producer (chartd)>>\n")
        #expect(Self.decode(encoded) == title)
        // Everything but the info dictionary (and the offsets after it) is the same as with a plain title.
        #expect(hostile.object(1) == plain.object(1) && hostile.content == plain.content)
    }
}
