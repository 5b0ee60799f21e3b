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
        for scalar in "aeoyrvw0123456789.,%()-+:".unicodeScalars { #expect(HarfBuzzFace.contains(plain, scalar.value)) }
        // f, i and l are in DejaVu's default ligatures (fi, fl, ffi…), capitals and i/j in its chained `ccmp`
        // (accents over capitals, dotless i before marks): text with them goes through HarfBuzz.
        for scalar in "filAVT".unicodeScalars { #expect(!HarfBuzzFace.contains(plain, scalar.value)) }
    }

    /// Every pair of plain printable ASCII characters (kerning is a pair property), regular and bold.
    @Test(arguments: [false, true])
    func everyPlainPairShapesAsHarfBuzzDoes(bold: Bool) throws {
        let fonts = try #require(Self.fonts)
        let face = bold ? fonts.bold : fonts.regular
        let mask = try #require(face.harfBuzz).plainASCII(for: face)
        let plain = (UInt8(0x20)..<0x7F).filter { HarfBuzzFace.contains(mask, UInt32($0)) }
        #expect(plain.count > 40)
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
        #expect(kerned > 0)  // the pairs include some of DejaVu's kerning pairs (r., y,, …)
    }

    @Test(arguments: ["Revenue 2024", "Q1", "AVATAR", "Tally: 1,234.5 (EUR)", "Away", "Home team vs. Away team",
                      "100 %", "-12.5", "WAVE Yoyo", "P(x) = 0.25", "revenue", "(12.5%)", "y.", "r,", "avenue"])
    func latinLabelsShapeAsHarfBuzzDoes(_ text: String) throws {
        let fonts = try #require(Self.fonts)
        let fast = fonts.shaped(text, weight: .regular)
        expectSame(fast, harfBuzz(fonts, text), text)
        #expect(fonts.width(of: text, size: 12, weight: .regular) == fast.advance * 12)
    }

    /// Han and kana come out of HarfBuzz as one cmap glyph per character at its advance, as the old one-glyph walk
    /// placed them.
    @Test(.enabled(if: hasCJK, "CJK fonts are not installed"),
          arguments: ["第1节", "主队", "客队", "收缩压 mmHg", "数据图表", "東京 2024年", "ひらがな カタカナ"])
    func cjkLabelsAreOneGlyphPerCharacter(_ text: String) throws {
        let fonts = try #require(Self.fonts)
        let shaped = fonts.shaped(text, weight: .regular)
        let chain = [fonts.regular] + fonts.fallbacks
        var pen = 0.0
        var previous: (face: Int, glyph: UInt16)?
        var expected: [(UInt16, Double)] = []
        for scalar in text.unicodeScalars {
            let k = chain.firstIndex { $0.glyph(for: scalar) != 0 } ?? 0
            let glyph = chain[k].glyph(for: scalar)
            let scale = 1 / Double(chain[k].unitsPerEm)
            if let previous, previous.face == k { pen += Double(chain[k].kerning(previous.glyph, glyph)) * scale }
            expected.append((glyph, pen))
            pen += Double(chain[k].advance(of: glyph)) * scale
            previous = (k, glyph)
        }
        #expect(shaped.glyphs.map(\.glyph) == expected.map(\.0))
        #expect(zip(shaped.glyphs.map(\.x), expected.map(\.1)).allSatisfy { abs($0 - $1) < 1e-12 })
        #expect(abs(shaped.advance - pen) < 1e-12)
    }
}
