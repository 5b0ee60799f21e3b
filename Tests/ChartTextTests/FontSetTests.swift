import ChartScene
import Testing
@testable import ChartText

@Suite(.enabled(if: hasDejaVu, "DejaVu Sans is not installed"))
struct FontSetTests {
    static let latinOnly: FontSet? = Fonts.dejaVu.map { FontSet(regular: $0, bold: Fonts.dejaVuBold) }
    static let full: FontSet? = {
        guard let regular = Fonts.dejaVu, let wqy = Fonts.wenQuanYi, let droid = Fonts.droid else { return nil }
        return FontSet(regular: regular, bold: Fonts.dejaVuBold, fallbacks: [wqy, droid])
    }()

    /// Expected width from the independent reader: advances plus the face's kerning between neighbours.
    func expectedWidth(_ text: String, raw: RawFont, face: FontFace, size: Double) -> Double {
        var units = 0
        var previous: Int?
        for scalar in text.unicodeScalars {
            let glyph = raw.glyph(scalar)
            units += raw.advance(glyph)
            if let previous { units += face.kerning(UInt16(previous), UInt16(glyph)) }
            previous = glyph
        }
        return Double(units) * size / Double(raw.unitsPerEm)
    }

    @Test(arguments: ["Revenue 2024", "Q1", "Hello, World!", "−12.5 %", "AVATAR"])
    func widthIsTheSumOfAdvancesAndKerning(_ text: String) throws {
        let set = try #require(Self.latinOnly), raw = try #require(Fonts.rawDejaVu)
        let measured = set.width(of: text, size: 13, weight: .regular)
        #expect(abs(measured - expectedWidth(text, raw: raw, face: set.regular, size: 13)) < 1e-9)
    }

    @Test func aVIsNarrowerThanAPlusV() throws {
        let set = try #require(Self.latinOnly)
        let pair = set.width(of: "AV", size: 20, weight: .regular)
        let apart = set.width(of: "A", size: 20, weight: .regular) + set.width(of: "V", size: 20, weight: .regular)
        #expect(pair < apart)
    }

    @Test func boldUsesTheBoldFace() throws {
        let set = try #require(Self.latinOnly)
        #expect(set.hasBoldFace)
        let raw = try RawFont(path: RawFont.dejaVuBold)
        let bold = set.width(of: "Total", size: 12, weight: .bold)
        #expect(abs(bold - expectedWidth("Total", raw: raw, face: set.bold, size: 12)) < 1e-9)
        #expect(bold > set.width(of: "Total", size: 12, weight: .regular))
    }

    @Test func ascentAndDescentComeFromThePrimaryFace() throws {
        let set = try #require(Self.latinOnly), raw = try #require(Fonts.rawDejaVu)
        #expect(abs(set.ascent(size: 10) - Double(raw.ascender) * 10 / Double(raw.unitsPerEm)) < 1e-12)
        #expect(set.descent(size: 10) > 0)
    }

    @Test(.enabled(if: hasCJK, "CJK fonts are not installed"))
    func mixedScriptTextMeasuresWithBothFonts() throws {
        let set = try #require(Self.full)
        let dejaVu = try #require(Fonts.rawDejaVu), wqy = try #require(Fonts.rawWenQuanYi)
        // 第 and 节 come from WenQuanYi; "1", " ", "Q1" from DejaVu. Kerning only applies within one face.
        let size = 16.0
        func cjk(_ s: Unicode.Scalar) -> Double { Double(wqy.advance(wqy.glyph(s))) * size / Double(wqy.unitsPerEm) }
        let expected = cjk("第") + expectedWidth("1", raw: dejaVu, face: set.regular, size: size) + cjk("节")
            + expectedWidth(" Q1", raw: dejaVu, face: set.regular, size: size)
        #expect(set.regular.glyph(for: "第") == 0)
        #expect(abs(set.width(of: "第1节 Q1", size: size, weight: .regular) - expected) < 1e-9)
    }

    @Test(.enabled(if: hasCJK, "CJK fonts are not installed"))
    func droidScalesByItsOwnUnitsPerEm() throws {
        let regular = try #require(Fonts.dejaVu), droid = try #require(Fonts.droid)
        let raw = try #require(Fonts.rawDroid)
        let set = FontSet(regular: regular, fallbacks: [droid])
        let expected = Double(raw.advance(raw.glyph("节"))) * 10 / 256
        #expect(abs(set.width(of: "节", size: 10, weight: .regular) - expected) < 1e-9)
    }

    @Test func unmappedCharactersMeasureAsNotdef() throws {
        let set = try #require(Self.full ?? Self.latinOnly)
        let notdef = Double(set.regular.advance(of: 0)) * 10 / Double(set.regular.unitsPerEm)
        #expect(set.missingCharacters(in: "a\u{E000}b") == ["\u{E000}"])
        #expect(abs(set.width(of: "\u{E000}", size: 10, weight: .regular) - notdef) < 1e-9)
        #expect(!set.path(for: TextRun(text: "\u{E000}", position: .zero, size: 10, color: .black)).isEmpty)
    }

    @Test func controlAndZeroWidthCharactersTakeNoSpace() throws {
        let set = try #require(Self.latinOnly)
        #expect(set.width(of: "A\u{200B}B\u{FEFF}", size: 10, weight: .regular)
            == set.width(of: "AB", size: 10, weight: .regular))
    }

    @Test func coverageReportNamesScriptsWithoutGlyphs() throws {
        let set = try #require(Self.latinOnly)
        let report = set.coverageReport
        #expect(report.coveredScripts.contains("Latin"))
        #expect(report.missingScripts.contains("Han"))
        if let full = Self.full {
            #expect(full.coverageReport.coveredScripts.contains("Han"))
        }
    }

    @Test func loadDefaultHonorsAnExplicitList() throws {
        let set = try FontSet.loadDefault(fontList: RawFont.dejaVu)
        #expect(!set.hasBoldFace)
        #expect(set.fallbacks.isEmpty)
        #expect(set.coverageReport.missingScripts.contains("Han"))

        let withBold = try FontSet.loadDefault(fontList: "\(RawFont.dejaVu):\(RawFont.dejaVuBold):/nonexistent.ttf")
        #expect(withBold.hasBoldFace)
        #expect(withBold.problems.contains { $0.contains("/nonexistent.ttf") })
    }

    @Test(.enabled(if: hasCJK, "CJK fonts are not installed"))
    func loadDefaultFindsTheStandardFonts() throws {
        let set = try FontSet.loadDefault(fontList: nil, fontsDirectory: nil)
        #expect(set.hasBoldFace)
        // Every default fallback that is installed, Droid Sans Fallback once although Debian has it at two paths.
        var installed: [String] = []
        for path in FontSet.defaultFallbackPaths where RawFont.available(path) {
            let file = String(path.split(separator: "/").last ?? "")
            if !installed.contains(file) { installed.append(file) }
        }
        #expect(set.fallbacks.map(\.name) == installed)
        #expect(set.coverageReport.missingScripts.contains("Han") == false)
        let collectionFace = try FontSet.loadDefault(fontList: "\(RawFont.wenQuanYi)#1")
        #expect(collectionFace.regular.faceIndex == 1)
    }

    @Test func noLoadableFontIsExplicit() throws {
        #expect { try FontSet.loadDefault(fontList: "/nonexistent/a.ttf:/nonexistent/b.ttf") } throws: { error in
            (error as? FontError)?.code == .noFontAvailable
        }
        let engine = TextEngine.loadDefault(fontList: "/nonexistent/a.ttf")
        #expect(!engine.canDrawGlyphs)
        #expect(engine.fontSet == nil)
        #expect(engine.measurer.width(of: "abc", size: 10, weight: .regular) > 0)
        #expect(TextEngine.loadDefault(fontList: RawFont.dejaVu).canDrawGlyphs)
    }

    @Test func explicitPathsMustAllLoad() throws {
        #expect { try FontSet(regularPath: RawFont.dejaVu, fallbackPaths: ["/nonexistent.ttc"]) } throws: { error in
            (error as? FontError)?.code == .unreadable
        }
        let set = try FontSet(regularPath: RawFont.dejaVu, boldPath: RawFont.dejaVuBold)
        #expect(set.hasBoldFace)
    }
}
