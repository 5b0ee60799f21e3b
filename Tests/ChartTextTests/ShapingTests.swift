import ChartScene
import Foundation
import Testing
@testable import ChartText

/// Faces beyond DejaVu for the scripts it lacks (Debian fonts-noto-core), loaded once.
enum NotoFonts {
    static let devanagariPath = "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf"
    static let thaiPath = "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf"
    static let devanagari = try? FontFace(path: devanagariPath)
    static let thai = try? FontFace(path: thaiPath)
}

let canShapeAgainstHBShape = hasDejaVu && HBShape.available && NotoFonts.devanagari != nil && NotoFonts.thai != nil

/// Shaping (HarfBuzz) and ordering (FriBidi) of world text, checked against `hb-shape` (HarfBuzz's own CLI, run on
/// the same font file) and against the Unicode bidi algorithm's worked results.
@Suite(.enabled(if: canShapeAgainstHBShape, "DejaVu, Noto Devanagari/Thai or hb-shape (libharfbuzz-bin) missing"))
struct ShapingTests {
    static let world: FontSet? = {
        guard let regular = Fonts.dejaVu, let devanagari = NotoFonts.devanagari, let thai = NotoFonts.thai else {
            return nil
        }
        return FontSet(regular: regular, bold: Fonts.dejaVuBold, fallbacks: [devanagari, thai])
    }()

    /// Compares glyph ids, clusters, vertical offsets and absolute x positions with hb-shape's output.
    func expectSameAsHBShape(_ text: String, fonts: FontSet, face: FontFace, fontPath: String,
                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        let oracle = try HBShape.shape(text, font: fontPath)
        let shaped = fonts.shaped(text, weight: .regular)
        let units = Double(face.unitsPerEm)
        #expect(shaped.glyphs.map { Int($0.glyph) } == oracle.map(\.g), sourceLocation: sourceLocation)
        #expect(shaped.glyphs.map(\.clusterStart) == oracle.map(\.cl), sourceLocation: sourceLocation)
        #expect(shaped.glyphs.map { Int(($0.y * units).rounded()) } == oracle.map(\.dy), sourceLocation: sourceLocation)
        var pen = 0
        var expectedX: [Int] = []
        for glyph in oracle {
            expectedX.append(pen + glyph.dx)
            pen += glyph.ax
        }
        #expect(shaped.glyphs.map { Int(($0.x * units).rounded()) } == expectedX, sourceLocation: sourceLocation)
        #expect(Int((shaped.advance * units).rounded()) == pen, sourceLocation: sourceLocation)
    }

    @Test func arabicJoiningFormsDifferAndMatchHBShape() throws {
        let fonts = try #require(Self.world), face = try #require(Fonts.dejaVu)
        // ب alone, then four in a row: initial, medial, medial, final (visual order: final first).
        let isolated = fonts.shaped("ب", weight: .regular).glyphs.map(\.glyph)
        let row = fonts.shaped("بببب", weight: .regular).glyphs.map(\.glyph)
        #expect(row.count == 4)
        let final = row[0], medial = row[1], initial = row[3]
        #expect(row[2] == medial)
        #expect(Set([isolated[0], initial, medial, final]).count == 4)
        #expect(isolated[0] == face.glyph(for: "ب"))
        for text in ["ب", "بببب", "مرحبا بالعالم", "العربية"] {
            try expectSameAsHBShape(text, fonts: fonts, face: face, fontPath: RawFont.dejaVu)
        }
    }

    @Test func lamAlefIsOneLigature() throws {
        let fonts = try #require(Self.world), face = try #require(Fonts.dejaVu)
        let shaped = fonts.shaped("لا", weight: .regular)
        #expect(shaped.glyphs.count == 1)
        #expect(shaped.glyphs[0].glyph != face.glyph(for: "ل") && shaped.glyphs[0].glyph != face.glyph(for: "ا"))
        #expect(shaped.glyphs[0].clusterStart == 0 && shaped.glyphs[0].clusterEnd == 2)
        try expectSameAsHBShape("لا", fonts: fonts, face: face, fontPath: RawFont.dejaVu)
    }

    /// UAX #9 worked through: a right-to-left paragraph (first strong character Hebrew) with a number (level 2,
    /// left to right inside) and brackets (N0: they take the paragraph direction, so they are mirrored).
    @Test func hebrewWithNumberAndBracketsIsReorderedAndMirrored() throws {
        let fonts = try #require(Self.world), face = try #require(Fonts.dejaVu)
        // ש0 ל1 ו2 ם3 ␠4 (5 1₆ 2₇ 3₈ )9 ␠10 ע11 ו12 ל13 ם14
        let shaped = fonts.shaped("שלום (123) עולם", weight: .regular)
        #expect(shaped.isRightToLeft)
        #expect(shaped.glyphs.map(\.clusterStart) == [14, 13, 12, 11, 10, 9, 6, 7, 8, 5, 4, 3, 2, 1, 0])
        let byCluster = Dictionary(uniqueKeysWithValues: shaped.glyphs.map { ($0.clusterStart, $0.glyph) })
        // The closing bracket, drawn at the left of the number, shows as "(" and the opening one as ")".
        #expect(byCluster[9] == face.glyph(for: "("))
        #expect(byCluster[5] == face.glyph(for: ")"))
        #expect(shaped.glyphs.filter { $0.rightToLeft }.count == 12)  // all but the three digits
        // Positions strictly increase left to right.
        #expect(zip(shaped.glyphs, shaped.glyphs.dropFirst()).allSatisfy { $0.x < $1.x })
    }

    /// A left-to-right paragraph (first strong is "S") with an Arabic word and a number after it. UAX #9: the
    /// number follows Arabic letters, so it is an Arabic number (W2, level 2), and the space between them joins
    /// the right-to-left side (N1, level 1); reversing levels ≥ 1 puts "2024" left of the (joined) Arabic word.
    @Test func mixedLatinAndArabicInOneLabel() throws {
        let fonts = try #require(Self.world), face = try #require(Fonts.dejaVu)
        // S0 a1 l2 e3 s4 ␠5 م6 ب7 ي8 ع9 ا10 ت11 ␠12 2₁₃ 0₁₄ 2₁₅ 4₁₆
        let text = "Sales مبيعات 2024"
        let shaped = fonts.shaped(text, weight: .regular)
        #expect(!shaped.isRightToLeft)
        #expect(shaped.glyphs.map(\.clusterStart) == [0, 1, 2, 3, 4, 5, 13, 14, 15, 16, 12, 11, 10, 9, 8, 7, 6])
        #expect(shaped.glyphs.map { $0.rightToLeft } == Array(repeating: false, count: 6)
            + Array(repeating: false, count: 4) + Array(repeating: true, count: 7))
        let arabic = Array(shaped.glyphs.suffix(6))
        let alone = fonts.shaped("مبيعات", weight: .regular)
        #expect(arabic.map(\.glyph) == alone.glyphs.map(\.glyph))
        try expectSameAsHBShape("مبيعات", fonts: fonts, face: face, fontPath: RawFont.dejaVu)
    }

    @Test func devanagariConjunctAndReorderedVowelSign() throws {
        let fonts = try #require(Self.world), face = try #require(NotoFonts.devanagari)
        // क्ष: three characters, one conjunct glyph.
        let conjunct = fonts.shaped("क्ष", weight: .regular)
        #expect(conjunct.glyphs.count == 1)
        #expect(conjunct.glyphs[0].glyph != face.glyph(for: "क") && conjunct.glyphs[0].slot == 2)
        // कि: the i-matra (logically second) is drawn first, left of ka.
        let ki = fonts.shaped("कि", weight: .regular)
        #expect(ki.glyphs.count == 2)
        #expect(ki.glyphs[0].glyph != face.glyph(for: "क") && ki.glyphs[1].glyph == face.glyph(for: "क"))
        // (No spaces: a space is drawn by the first face that has it, DejaVu, as a browser's font fallback does.)
        for text in ["क्ष", "कि", "हिन्दी", "नमस्ते", "दुनिया"] {
            try expectSameAsHBShape(text, fonts: fonts, face: face, fontPath: NotoFonts.devanagariPath)
        }
    }

    @Test func thaiMarksAreStackedWithOffsets() throws {
        let fonts = try #require(Self.world), face = try #require(NotoFonts.thai)
        // po pla, sara i, mai tho: the tone mark over the vowel is a small form, moved left and down onto it.
        let shaped = fonts.shaped("ปิ้", weight: .regular)
        #expect(shaped.glyphs.count == 3)
        #expect(shaped.glyphs.allSatisfy { $0.slot == 3 && $0.clusterStart == 0 })
        #expect(shaped.glyphs[2].y < 0 && shaped.glyphs[2].x < shaped.glyphs[1].x + 1e-9)
        #expect(shaped.glyphs[2].glyph != face.glyph(for: "\u{0E49}"))
        for text in ["ปิ้", "กี่", "ภาษาไทย", "น้ำ"] {
            try expectSameAsHBShape(text, fonts: fonts, face: face, fontPath: NotoFonts.thaiPath)
        }
    }

    @Test func latinLigaturesAndKerningMatchHBShape() throws {
        let fonts = try #require(Self.world), face = try #require(Fonts.dejaVu)
        let office = fonts.shaped("office", weight: .regular)
        // DejaVu Sans ligates "ffi" by default (liga), as Chromium draws it.
        #expect(office.glyphs.count == 4)
        #expect(office.glyphs[1].clusterStart == 1 && office.glyphs[1].clusterEnd == 4)
        for text in ["office", "AVATAR", "Profit margin", "Quarterly revenue by region (EUR)", "Tally: 1,234.5"] {
            try expectSameAsHBShape(text, fonts: fonts, face: face, fontPath: RawFont.dejaVu)
        }
    }

    /// `width(of:)` is HarfBuzz's total advance (hb-shape's sum of advances) for text in one face.
    @Test func measurementIsTheSumOfShapedAdvances() throws {
        let fonts = try #require(Self.world), dejaVu = try #require(Fonts.dejaVu)
        let devanagari = try #require(NotoFonts.devanagari), thai = try #require(NotoFonts.thai)
        let cases: [(String, FontFace, String)] = [
            ("مرحبا بالعالم", dejaVu, RawFont.dejaVu), ("שלום (123) עולם", dejaVu, RawFont.dejaVu),
            ("office", dejaVu, RawFont.dejaVu), ("AV Ta 1,234", dejaVu, RawFont.dejaVu),
            ("नमस्ते", devanagari, NotoFonts.devanagariPath), ("ภาษาไทย", thai, NotoFonts.thaiPath),
        ]
        for (text, face, path) in cases {
            let units = try HBShape.shape(text, font: path).reduce(0) { $0 + $1.ax }
            let expected = Double(units) / Double(face.unitsPerEm) * 13
            #expect(abs(fonts.width(of: text, size: 13, weight: .regular) - expected) < 1e-9, "\(text)")
            #expect(abs(fonts.walk(text, weight: .regular) { _, _ in } * 13 - expected) < 1e-9, "\(text)")
        }
    }
}

/// Text as paths and the rasterizer place the shaped glyphs: HarfBuzz's glyph ids, at its positions and offsets.
@Suite(.enabled(if: canShapeAgainstHBShape, "DejaVu, Noto Devanagari/Thai or hb-shape (libharfbuzz-bin) missing"))
struct ShapedPlacementTests {
    @Test(arguments: ["مرحبا بالعالم", "हिन्दी", "ปิ้", "office"])
    func placedGlyphsAreTheShapedGlyphs(_ text: String) throws {
        let fonts = try #require(ShapingTests.world)
        let run = TextRun(text: text, position: Point(100, 50), size: 20, anchor: .start, color: .black)
        let placed = fonts.glyphs(for: run)
        let faces = fonts.faces
        let shaped = fonts.shaped(text, weight: .regular).glyphs.filter { !faces[$0.slot].path(of: $0.glyph).isEmpty }
        #expect(placed.count == shaped.count)
        for (glyph, expected) in zip(placed, shaped) {
            #expect(glyph.glyph === faces[expected.slot].glyphPath(of: expected.glyph))
            #expect(abs(glyph.transform.tx - (100 + expected.x * 20)) < 1e-9)
            #expect(abs(glyph.transform.ty - (50 - expected.y * 20)) < 1e-9)
        }
    }

    @Test func anEndAnchoredRunEndsAtItsPosition() throws {
        let fonts = try #require(ShapingTests.world)
        let text = "שלום (123) עולם"
        let width = fonts.width(of: text, size: 16, weight: .regular)
        let run = TextRun(text: text, position: Point(300, 50), size: 16, anchor: .end, color: .black)
        let shaped = fonts.shaped(text, weight: .regular)
        let first = try #require(fonts.glyphs(for: run).first)
        #expect(abs(first.transform.tx - (300 - width + shaped.glyphs[0].x * 16)) < 1e-9)
    }
}

/// Hostile text costs a bounded amount: marks past the stream-safe limit draw nothing, bidi controls nest no
/// deeper than UAX #9 allows, and every character of a label still has its place.
@Suite(.enabled(if: hasDejaVu, "DejaVu Sans is not installed"))
struct HostileShapingTests {
    @Test func marksPastTheStreamSafeLimitDrawNothing() throws {
        let fonts = try #require(FontSetTests.latinOnly)
        let shaped = fonts.shaped("a" + String(repeating: "\u{0301}", count: 10_000), weight: .regular)
        // As many glyphs as the base with 30 marks (HarfBuzz composes a + U+0301 into á, so 30, not 31).
        let capped = fonts.shaped("a" + String(repeating: "\u{0301}", count: TextShaper.maxMarksInARow), weight: .regular)
        #expect(shaped.glyphs.map(\.glyph) == capped.glyphs.map(\.glyph))
        #expect(capped.glyphs.count >= TextShaper.maxMarksInARow)
        // A following base starts a new count.
        let next = fonts.shaped("a" + String(repeating: "\u{0301}", count: 40) + "e\u{0300}", weight: .regular)
        #expect(next.glyphs.count == capped.glyphs.count + 1)
    }

    @Test func twoHundredOverridesShapeEveryLetter() throws {
        let fonts = try #require(FontSetTests.latinOnly)
        let text = String(repeating: "\u{202E}ab\u{202C}", count: 200)
        let shaped = fonts.shaped(text, weight: .regular)
        #expect(shaped.glyphs.count == 400)  // the controls draw nothing
        // Inside each right-to-left override "ab" reads "ba".
        #expect(Array(shaped.glyphs.prefix(2).map(\.clusterStart)).sorted(by: >) == shaped.glyphs.prefix(2).map(\.clusterStart))
    }
}
