import ChartScene
import Testing
@testable import ChartText

/// The Latin fast path (`FontSet.shaped` placing plain ASCII from our own tables) gives exactly HarfBuzz's glyphs
/// and positions, and CJK labels shape to one cmap glyph per character, so Latin and CJK output is unchanged.
@Suite(.enabled(if: hasDejaVu, "DejaVu Sans is not installed"))
struct ShapingFastPathTests {
    static let fonts: FontSet? = {
        guard let regular = Fonts.dejaVu else { return nil }
        let fallbacks = [Fonts.wenQuanYi, Fonts.droid].compactMap { $0 }
        return FontSet(regular: regular, bold: Fonts.dejaVuBold, fallbacks: fallbacks)
    }()

    /// HarfBuzz's shaping of `text`, bypassing the fast path and the cache.
    func harfBuzz(_ fonts: FontSet, _ text: String, bold: Bool = false) -> ShapedText {
        fonts.shaper(bold: bold).shape(TextShaper.codepoints(of: text))
    }

    func expectSame(_ fast: ShapedText, _ slow: ShapedText, _ text: String) {
        #expect(fast.glyphs.map(\.glyph) == slow.glyphs.map(\.glyph), "\(text)")
        #expect(fast.glyphs.map(\.slot) == slow.glyphs.map(\.slot), "\(text)")
        #expect(fast.glyphs.map(\.clusterStart) == slow.glyphs.map(\.clusterStart), "\(text)")
        #expect(fast.glyphs.map(\.x) == slow.glyphs.map(\.x), "\(text)")
        #expect(fast.glyphs.allSatisfy { $0.y == 0 } && slow.glyphs.allSatisfy { $0.y == 0 }, "\(text)")
        #expect(fast.advance == slow.advance, "\(text)")
    }

    /// Every ordered pair of the symbols, as neighbours, in the sequence the pair check shapes.
    @Test(arguments: [1, 2, 3, 10, 90])
    func theDeBruijnSequenceHoldsEveryPair(count: Int) {
        let symbols = (0..<UInt32(count)).map { $0 + 0x21 }
        let sequence = PlainTextCheck.deBruijn(symbols)
        let pairs = Set(zip(sequence, sequence.dropFirst()).map { [$0, $1] })
        #expect(pairs.count == count * count)
        #expect(sequence.count <= count * count + 1 || count == 1)
    }

    @Test func theFastPathCoversEverydayLatinButNotLigatures() throws {
        let fonts = try #require(Self.fonts)
        let plain = try #require(fonts.regular.harfBuzz).plainASCII(for: fonts.regular)
        for scalar in "AVTWYaeolyrvw0123456789 .,%()-+:".unicodeScalars {
            #expect(HarfBuzzFace.contains(plain, scalar.value))
        }
        // DejaVu's default ligatures start at f (fi, fl, ffi…), its chained `ccmp` at i and j (dotless before
        // marks above): text with them goes through HarfBuzz.
        for scalar in "fij".unicodeScalars { #expect(!HarfBuzzFace.contains(plain, scalar.value)) }
    }

    /// Every pair of plain printable ASCII characters (kerning is a pair property), regular and bold.
    @Test(arguments: [false, true])
    func everyPlainPairShapesAsHarfBuzzDoes(bold: Bool) throws {
        let fonts = try #require(Self.fonts)
        let face = bold ? fonts.bold : fonts.regular
        let mask = try #require(face.harfBuzz).plainASCII(for: face)
        let plain = (UInt8(0x20)..<0x7F).filter { HarfBuzzFace.contains(mask, UInt32($0)) }
        #expect(plain.count > 80)
        var kerned = 0
        for a in plain {
            for b in plain {
                let text = String(decoding: [a, b], as: UTF8.self)
                let fast = fonts.shaped(text, weight: bold ? .bold : .regular)
                let slow = harfBuzz(fonts, text, bold: bold)
                if fast.glyphs.map(\.x) != slow.glyphs.map(\.x) || fast.glyphs.map(\.glyph) != slow.glyphs.map(\.glyph) {
                    Issue.record("\(text) differs: \(fast.glyphs) vs \(slow.glyphs)")
                }
                let unkerned = fast.glyphs.reduce(0) { $0 + face.advance(of: $1.glyph) }
                if fast.advance != Double(unkerned) / Double(face.unitsPerEm) { kerned += 1 }
            }
        }
        #expect(kerned > 100)  // the pairs include DejaVu's kerning pairs (AV, Ta, …)
    }

    @Test(arguments: ["Revenue 2024", "Q1", "AVATAR", "Tally: 1,234.5 (EUR)", "Away", "Home team vs. Away team",
                      "100 %", "-12.5", "WAVE Yoyo", "P(x) = 0.25", "revenue", "(12.5%)", "y.", "r,", "avenue"])
    func latinLabelsShapeAsHarfBuzzDoes(_ text: String) throws {
        let fonts = try #require(Self.fonts)
        let fast = fonts.shaped(text, weight: .regular)
        expectSame(fast, harfBuzz(fonts, text), text)
        #expect(fonts.width(of: text, size: 12, weight: .regular) == fast.advance * 12)
    }

    /// Han, kana, Hangul and label punctuation take the fast path (one cmap glyph per character from the first
    /// face that has it, our advances and kerning) and come out exactly as HarfBuzz shapes them.
    @Test(.enabled(if: hasCJK, "CJK fonts are not installed"),
          arguments: ["第1节", "主队", "客队", "收缩压 mmHg", "数据图表", "東京 2024年", "ひらがな カタカナ", "−12.5 %",
                      "한국어 데이터", "（第1季度）", "20 °C – 30 °C"])
    func cjkLabelsShapeAsHarfBuzzDoes(_ text: String) throws {
        let fonts = try #require(Self.fonts)
        let fast = fonts.shaped(text, weight: .regular)
        let slow = harfBuzz(fonts, text)
        #expect(fast.glyphs.map(\.glyph) == slow.glyphs.map(\.glyph))
        #expect(fast.glyphs.map(\.slot) == slow.glyphs.map(\.slot))
        #expect(fast.glyphs.map(\.clusterStart) == slow.glyphs.map(\.clusterStart))
        #expect(zip(fast.glyphs.map(\.x), slow.glyphs.map(\.x)).allSatisfy { abs($0 - $1) < 1e-12 })
        #expect(abs(fast.advance - slow.advance) < 1e-12)
        #expect(abs(fonts.width(of: text, size: 12, weight: .regular) - slow.advance * 12) < 1e-9)
        // The fast path really took it: the cache holds nothing for it.
        #expect(fonts.shapedRuns.usage.entries == 0)
    }
}
