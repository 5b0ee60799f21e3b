import Testing
@testable import ChartPDF

/// The CMap read back by a naive parser of `bfchar`/`bfrange` maps every glyph to its text.
struct ToUnicodeCMapTests {
    /// glyph → text, from the CMap's hex pairs (an independent reading: regular splitting, no tokenizer).
    static func parse(_ cmap: [UInt8]) -> [UInt16: String] {
        func units(_ hex: Substring) -> [UInt16] {
            let digits = Array(hex.dropFirst().dropLast())
            return stride(from: 0, to: digits.count, by: 4).map { UInt16(String(digits[$0..<$0 + 4]), radix: 16)! }
        }
        var result: [UInt16: String] = [:]
        var section = ""
        for line in String(decoding: cmap, as: UTF8.self).split(separator: "\n") {
            if line.hasSuffix("beginbfchar") || line.hasSuffix("beginbfrange") || line.hasPrefix("end") {
                section = String(line.split(separator: " ").last!)
                continue
            }
            let fields = line.split(separator: " ")
            if section == "beginbfchar" {
                result[units(fields[0])[0]] = String(decoding: units(fields[1]), as: UTF16.self)
            } else if section == "beginbfrange" {
                let first = units(fields[0])[0], last = units(fields[1])[0], start = units(fields[2])[0]
                for g in first...last { result[g] = String(decoding: [start + (g - first)], as: UTF16.self) }
            }
        }
        return result
    }

    @Test func latinCJKAndAstralTextRoundTrips() {
        var mappings: [(glyph: UInt16, text: String)] = []
        // Consecutive glyphs for consecutive letters (ranges), a CJK pair, characters outside the BMP, a ligature.
        for (i, letter) in "ABCDEFGHIJ".enumerated() { mappings.append((UInt16(36 + i), String(letter))) }
        mappings += [(100, "第"), (101, "节"), (300, "𝄞"), (301, "😀"), (302, "ffi"), (0x1FF, "a"), (0x200, "b")]
        let parsed = Self.parse(ToUnicodeCMap.make(mappings))
        #expect(parsed.count == mappings.count)
        for (glyph, text) in mappings { #expect(parsed[glyph] == text, "glyph \(glyph)") }
    }

    @Test func rangesStayWithinOneHighByteAndBlocksHoldAtMostAHundredEntries() {
        let mappings: [(glyph: UInt16, text: String)] = (0..<600).map { (i: Int) in
            let scalar = Unicode.Scalar(UInt8(0x21 + i % 90))
            return (UInt16(200 + i), String(scalar))
        }
        let cmap = String(decoding: ToUnicodeCMap.make(mappings), as: UTF8.self)
        for line in cmap.split(separator: "\n") where line.hasSuffix("beginbfchar") || line.hasSuffix("beginbfrange") {
            #expect(Int(line.split(separator: " ")[0])! <= 100)
        }
        let parsed = Self.parse(Array(cmap.utf8))
        for (glyph, text) in mappings { #expect(parsed[glyph] == text) }
        for line in cmap.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 3, fields.allSatisfy({ $0.hasPrefix("<") }) else { continue }
            #expect(fields[0].prefix(3) == fields[1].prefix(3), "\(line) crosses a high byte")
            #expect(fields[2].count == 6)
        }
        #expect(cmap.contains("beginbfrange"))
    }
}
