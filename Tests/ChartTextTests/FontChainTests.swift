import ChartScene
import Foundation
import Testing
@testable import ChartText

/// The default per-script fallback chain (fonts-dejavu-core, fonts-noto-core, fonts-wqy-microhei,
/// fonts-droid-fallback, fonts-symbola): which face draws a character of each script, per weight.
let hasScriptFonts = FontSet.defaultFallbackPaths.allSatisfy { path in
    path.contains("fonts-droid-fallback/") || RawFont.available(path)
} && hasDejaVu

@Suite(.enabled(if: hasScriptFonts, "the default fonts (DejaVu, Noto, WenQuanYi, Droid, Symbola) are not installed"))
struct FontChainTests {
    static let fonts = try? FontSet.loadDefault(fontList: nil, fontsDirectory: nil)

    /// A character and the file that must draw it: regular weight, bold weight (nil: the same file as regular,
    /// fake-bolded).
    struct Case: Sendable, CustomTestStringConvertible {
        var character: Unicode.Scalar
        var regular: String
        var bold: String?
        var testDescription: String { "U+\(String(character.value, radix: 16, uppercase: true)) → \(regular)" }
    }

    static let cases: [Case] = [
        Case(character: "A", regular: "DejaVuSans.ttf", bold: "DejaVuSans-Bold.ttf"),
        Case(character: "Ж", regular: "DejaVuSans.ttf", bold: "DejaVuSans-Bold.ttf"),
        Case(character: "Ω", regular: "DejaVuSans.ttf", bold: "DejaVuSans-Bold.ttf"),
        // DejaVu keeps the Arabic and Hebrew letters it has (CSS order); Noto draws the rest of those blocks.
        Case(character: "ب", regular: "DejaVuSans.ttf", bold: "DejaVuSans-Bold.ttf"),
        Case(character: "א", regular: "DejaVuSans.ttf", bold: "DejaVuSans-Bold.ttf"),
        Case(character: "\u{060B}", regular: "NotoSansArabic-Regular.ttf", bold: "NotoSansArabic-Bold.ttf"),
        Case(character: "\u{0591}", regular: "NotoSansHebrew-Regular.ttf", bold: "NotoSansHebrew-Bold.ttf"),
        Case(character: "क", regular: "NotoSansDevanagari-Regular.ttf", bold: "NotoSansDevanagari-Bold.ttf"),
        Case(character: "ক", regular: "NotoSansBengali-Regular.ttf", bold: "NotoSansBengali-Bold.ttf"),
        Case(character: "க", regular: "NotoSansTamil-Regular.ttf", bold: "NotoSansTamil-Bold.ttf"),
        Case(character: "ก", regular: "NotoSansThai-Regular.ttf", bold: "NotoSansThai-Bold.ttf"),
        Case(character: "中", regular: "wqy-microhei.ttc", bold: nil),
        Case(character: "👍", regular: "Symbola_hint.ttf", bold: nil),
        Case(character: "🚀", regular: "Symbola_hint.ttf", bold: nil),
    ]

    /// The face, its slot, and whether it is fake-bolded, as the walk reports them for `character`.
    static func drawn(_ character: Unicode.Scalar, _ weight: FontWeight, in fonts: FontSet)
        -> (face: FontFace, slot: Int, synthetic: Bool)? {
        var result: (FontFace, Int, Bool)?
        _ = fonts.walk(String(Character(character)), weight: weight) { face, glyph in
            result = (face, glyph.slot, glyph.synthetic)
        }
        return result
    }

    static func file(_ face: FontFace) -> String { face.path?.split(separator: "/").last.map(String.init) ?? "" }

    @Test(arguments: cases)
    func eachScriptIsDrawnByItsFace(_ test: Case) throws {
        let fonts = try #require(Self.fonts)
        let regular = try #require(Self.drawn(test.character, .regular, in: fonts))
        #expect(Self.file(regular.face) == test.regular)
        #expect(regular.face.covers(test.character))
        #expect(!regular.synthetic)
        let bold = try #require(Self.drawn(test.character, .bold, in: fonts))
        #expect(Self.file(bold.face) == (test.bold ?? test.regular))
        #expect(bold.synthetic == (test.bold == nil))
        // The slot names the same face in `faces` (PDF embeds fonts by slot).
        #expect(fonts.faces[regular.slot].isSameFace(as: regular.face))
        #expect(fonts.faces[bold.slot].isSameFace(as: bold.face))
    }

    @Test func theSVGFontListNamesTheChainInOrder() throws {
        let fonts = try #require(Self.fonts)
        #expect(fonts.cssFontFamily == "'DejaVu Sans', 'Noto Sans Arabic', 'Noto Sans Hebrew', "
            + "'Noto Sans Devanagari', 'Noto Sans Bengali', 'Noto Sans Tamil', 'Noto Sans Thai', "
            + "'WenQuanYi Micro Hei', 'Droid Sans Fallback', 'Symbola', sans-serif")
    }

    @Test func cssNamesAreQuotedAndEscaped() {
        #expect(FontSet.cssString("DejaVu Sans") == "'DejaVu Sans'")
        #expect(FontSet.cssString("a'b\\c") == "'a\\'b\\\\c'")
        #expect(FontSet.cssString("x\ny") == "'x\\a y'")
    }

    @Test func everyScriptOfTheIssueHasGlyphs() throws {
        let report = try #require(Self.fonts).coverageReport
        for script in ["Latin", "Greek", "Cyrillic", "Han", "Arabic", "Hebrew", "Devanagari", "Bengali", "Tamil",
                       "Thai", "Emoji"] {
            #expect(!report.missingScripts.contains(script), "\(script) has no glyphs")
        }
        #expect(report.coveredScripts.contains("Emoji"))
    }

    @Test func aFamilyLeadsTheSetWithTheUsualFallbacksAfter() throws {
        let fonts = try #require(Self.fonts)
        let thai = try #require(fonts.selecting(family: "noto sans THAI"))
        #expect(Self.file(thai.regular) == "NotoSansThai-Regular.ttf")
        #expect(Self.file(thai.bold) == "NotoSansThai-Bold.ttf")
        #expect(thai.cssFontFamily.hasPrefix("'Noto Sans Thai', 'DejaVu Sans', 'Noto Sans Arabic'"))
        #expect(thai.cssFontFamily.components(separatedBy: "Noto Sans Thai").count == 2)
        // Noto Sans Thai has no Latin letters: they come from DejaVu, bold from DejaVu Bold.
        #expect(Self.file(try #require(Self.drawn("A", .regular, in: thai)).face) == "DejaVuSans.ttf")
        #expect(Self.file(try #require(Self.drawn("A", .bold, in: thai)).face) == "DejaVuSans-Bold.ttf")
        #expect(Self.file(try #require(Self.drawn("ก", .bold, in: thai)).face) == "NotoSansThai-Bold.ttf")
        let noBold = try #require(fonts.selecting(family: "WenQuanYi Micro Hei"))
        #expect(!noBold.hasBoldFace)
        #expect(fonts.selecting(family: "DejaVu Sans")?.cssFontFamily == fonts.cssFontFamily)
        #expect(fonts.selecting(family: "Comic Sans MS") == nil)
        #expect(fonts.selecting(family: "") == nil)
        #expect(fonts.catalogue.names.prefix(2) == ["DejaVu Sans", "Noto Sans Arabic"])
        #expect(fonts.catalogue.names.contains("Symbola"))
    }
}
