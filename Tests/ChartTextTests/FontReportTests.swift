import Testing
@testable import ChartText

/// `FontReport`: which files, which scripts are drawn correctly, and when text is degraded. Expected coverage comes
/// from the independent reader (`RawFont`, a naive cmap scan), not from the code under test.
@Suite(.enabled(if: hasDejaVu, "DejaVu Sans is not installed"))
struct FontReportTests {
    /// The scripts a report should list for `paths`: every sample of the script is mapped by some face, according
    /// to `RawFont` (HarfBuzz shapes every face these files give, so scripts that need shaping count too).
    static func expectedScripts(_ paths: [(path: String, face: Int)]) throws -> [String] {
        let raws = try paths.map { try RawFont(path: $0.path, face: $0.face) }
        return WritingScript.all.filter { script in
            script.samples.unicodeScalars.allSatisfy { scalar in raws.contains { $0.glyph(scalar) != 0 } }
        }.map(\.name)
    }

    @Test func noFontIsDegradedAndNamesTheFile() {
        let report = TextEngine.loadDefault(fontList: "/nonexistent/a.ttf").fontReport
        #expect(report.files.isEmpty)
        #expect(report.scripts.isEmpty)
        #expect(report.missing == ["/nonexistent/a.ttf: not found"])
        let degraded = report.degraded ?? ""
        #expect(degraded.hasPrefix("no usable font"))
        #expect(degraded.contains("/nonexistent/a.ttf: not found"))
    }

    @Test func aFontFileThatIsNotAFontIsNamedWithTheReason() {
        // An existing, readable file that is not a font: named, with the reader's complaint.
        let report = TextEngine.loadDefault(fontList: #filePath).fontReport
        #expect(report.missing.count == 1)
        #expect(report.missing.first?.hasPrefix(#filePath + ": ") == true)
        #expect(report.degraded?.contains(#filePath) == true)
    }

    @Test func dejaVuAloneDrawsWesternScriptsAndShapedArabicAndHebrew() throws {
        let report = TextEngine.loadDefault(fontList: RawFont.dejaVu).fontReport
        #expect(report.files == [FontReport.File(path: RawFont.dejaVu, family: "DejaVu Sans")])
        #expect(report.degraded == nil)
        #expect(report.missing.isEmpty)
        #expect(report.scripts == (try Self.expectedScripts([(RawFont.dejaVu, 0)])))
        for script in ["Latin", "Greek", "Cyrillic", "Armenian", "Georgian"] {
            #expect(report.scripts.contains(script), "\(script)")
        }
        #expect(!report.scripts.contains("Han"))
        // DejaVu Sans has Arabic and Hebrew glyphs, which HarfBuzz joins and FriBidi orders: listed as drawn.
        let raw = try RawFont(path: RawFont.dejaVu)
        #expect(raw.glyph("ب") != 0 && raw.glyph("א") != 0)
        for script in ["Arabic", "Hebrew"] {
            #expect(report.scripts.contains(script))
        }
        #expect(!report.scripts.contains("Devanagari") && !report.scripts.contains("Thai"))
        let coverage = try #require(TextEngine.loadDefault(fontList: RawFont.dejaVu).fontSet).coverageReport
        #expect(coverage.unshapedScripts.isEmpty)
        #expect(coverage.missingScripts.contains("Han"))
    }

    @Test(.enabled(if: hasCJK, "CJK fonts are not installed"))
    func dejaVuWithWenQuanYiAddsCJK() throws {
        let list = "\(RawFont.dejaVu):\(RawFont.dejaVuBold):\(RawFont.wenQuanYi)"
        let report = TextEngine.loadDefault(fontList: list).fontReport
        #expect(report.files == [FontReport.File(path: RawFont.dejaVu, family: "DejaVu Sans"),
                                 FontReport.File(path: RawFont.dejaVuBold, family: "DejaVu Sans"),
                                 FontReport.File(path: RawFont.wenQuanYi, family: "WenQuanYi Micro Hei")])
        #expect(report.degraded == nil)
        let expected = try Self.expectedScripts([(RawFont.dejaVu, 0), (RawFont.dejaVuBold, 0), (RawFont.wenQuanYi, 0)])
        #expect(report.scripts == expected)
        for script in ["Latin", "Greek", "Cyrillic", "Han", "Hiragana", "Katakana", "Hangul"] {
            #expect(report.scripts.contains(script), "\(script)")
        }
        #expect(report.scripts.contains("Arabic") && report.scripts.contains("Hebrew"))
        // A collection's second face is reported with the CHART_FONTS syntax.
        let mono = TextEngine.loadDefault(fontList: "\(RawFont.wenQuanYi)#1").fontReport
        #expect(mono.files == [FontReport.File(path: "\(RawFont.wenQuanYi)#1", family: "WenQuanYi Micro Hei Mono")])
    }

    /// A list with good files and a missing one still draws, but is degraded and names the missing file: a typo
    /// must not silently drop a face.
    @Test func aMissingFileBesideGoodOnesIsDegraded() {
        let report = TextEngine.loadDefault(fontList: "\(RawFont.dejaVu):/nonexistent/bold.ttf").fontReport
        #expect(report.files.map(\.path) == [RawFont.dejaVu])
        #expect(report.scripts.contains("Latin"))
        #expect(report.missing == ["/nonexistent/bold.ttf: not found"])
        #expect(report.degraded == "font files not loaded: /nonexistent/bold.ttf: not found")
    }

    /// Faces that cannot draw the Latin samples (axis labels and digits) are not a usable font set.
    @Test(.enabled(if: hasCJK, "CJK fonts are not installed"))
    func facesWithoutLatinAreDegraded() throws {
        let engine = TextEngine.loadDefault(fontList: RawFont.droid)
        let report = engine.fontReport
        let drawsLatin = try Self.expectedScripts([(RawFont.droid, 0)]).contains("Latin")
        #expect(report.scripts.contains("Latin") == drawsLatin)
        #expect((report.degraded != nil) == !drawsLatin)
        #expect(report.files.map(\.family) == ["Droid Sans Fallback"])
    }

    @Test func defaultLocationsWithoutAnyFontSayWhatToInstall() {
        let report = TextEngine.approximate(reason: "nothing found").fontReport
        #expect(report.missing.isEmpty)
        #expect(report.degraded?.contains("fonts-dejavu-core") == true)
        #expect(report.degraded?.contains("CHART_FONTS") == true)
    }

    /// The rule: no script that needs shaping is ever listed, whatever the faces have.
    @Test func scriptsThatNeedShapingAreTheRightToLeftAndComplexOnes() {
        let shaped = Set(WritingScript.all.filter(\.needsShaping).map(\.name))
        for name in ["Arabic", "Hebrew", "Syriac", "Thaana", "N'Ko", "Devanagari", "Bengali", "Tamil", "Thai", "Khmer",
                     "Myanmar", "Tibetan", "Mongolian"] {
            #expect(shaped.contains(name), "\(name)")
        }
        for name in ["Latin", "Greek", "Cyrillic", "Han", "Hiragana", "Katakana", "Hangul"] {
            #expect(!shaped.contains(name), "\(name)")
        }
        #expect(Set(WritingScript.all.map(\.name)).count == WritingScript.all.count)
    }
}
