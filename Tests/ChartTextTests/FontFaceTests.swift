import ChartScene
import Testing
@testable import ChartText

/// Faces loaded once for all tests (nil when the file is absent; tests depending on them are then skipped).
enum Fonts {
    static let dejaVu = try? FontFace(path: RawFont.dejaVu)
    static let dejaVuBold = try? FontFace(path: RawFont.dejaVuBold)
    static let wenQuanYi = try? FontFace(path: RawFont.wenQuanYi)
    static let droid = try? FontFace(path: RawFont.droid)
    static let rawDejaVu = try? RawFont(path: RawFont.dejaVu)
    static let rawWenQuanYi = try? RawFont(path: RawFont.wenQuanYi)
    static let rawDroid = try? RawFont(path: RawFont.droid)
}

let hasDejaVu = RawFont.available(RawFont.dejaVu)
let hasCJK = RawFont.available(RawFont.wenQuanYi) && RawFont.available(RawFont.droid)

@Suite(.enabled(if: hasDejaVu, "DejaVu Sans is not installed"))
struct FontFaceTests {
    @Test func headerMetricsMatchTheFile() throws {
        let face = try #require(Fonts.dejaVu), raw = try #require(Fonts.rawDejaVu)
        #expect(face.unitsPerEm == raw.unitsPerEm)
        #expect(face.glyphCount == raw.glyphCount)
        #expect(face.ascender == raw.ascender)
        #expect(face.descender < 0)
    }

    @Test(arguments: ["A", "V", "g", "0", "é", "Ж", "%"])
    func cmapAndAdvancesMatchAnIndependentReading(_ character: String) throws {
        let face = try #require(Fonts.dejaVu), raw = try #require(Fonts.rawDejaVu)
        let scalar = try #require(character.unicodeScalars.first)
        let glyph = face.glyph(for: scalar)
        #expect(glyph != 0)
        #expect(Int(glyph) == raw.glyph(scalar))
        #expect(face.advance(of: glyph) == raw.advance(Int(glyph)))
    }

    @Test(.enabled(if: RawFont.available(RawFont.droid), "Droid Sans Fallback is not installed"))
    func glyphsPastNumberOfHMetricsReuseTheLastAdvance() throws {
        let face = try #require(Fonts.droid), raw = try #require(Fonts.rawDroid)
        #expect(raw.numberOfHMetrics < raw.glyphCount)
        let last = raw.advance(raw.numberOfHMetrics - 1)
        #expect(face.advance(of: UInt16(raw.numberOfHMetrics - 1)) == last)
        #expect(face.advance(of: UInt16(raw.glyphCount - 1)) == last)
        #expect(face.unitsPerEm == 256)
    }

    @Test func outlineOfOHasTwoContoursWithinTheDeclaredBox() throws {
        let face = try #require(Fonts.dejaVu), raw = try #require(Fonts.rawDejaVu)
        let glyph = face.glyph(for: "O")
        let outline = try face.outline(of: glyph)
        #expect(outline.contours.count == 2)
        let header = try #require(raw.glyphHeader(Int(glyph)))
        let expected = Rect(x: Double(header.xMin), y: Double(header.yMin), width: Double(header.xMax - header.xMin),
                            height: Double(header.yMax - header.yMin))
        #expect(outline.declaredBounds == expected)
        #expect(outline.pointBounds == expected)
        // The path's points stay inside the box too (quadratic curves lie in their control hull).
        let pathBounds = try #require(outline.path.controlBounds)
        #expect(pathBounds == expected)
    }

    @Test(arguments: ["é", "Ä"])
    func compositeGlyphsAreAssembledFromTheirComponents(_ character: String) throws {
        let face = try #require(Fonts.dejaVu), raw = try #require(Fonts.rawDejaVu)
        let glyph = face.glyph(for: try #require(character.unicodeScalars.first))
        let components = raw.components(Int(glyph))
        #expect(components.count >= 2, "DejaVu stores \(character) as a composite")
        var expectedContours = 0
        for component in components { expectedContours += try face.outline(of: UInt16(component)).contours.count }
        let outline = try face.outline(of: glyph)
        #expect(outline.contours.count == expectedContours)
        #expect(outline.contours.count > 0)
        let header = try #require(raw.glyphHeader(Int(glyph)))
        let bounds = try #require(outline.pointBounds)
        #expect(abs(bounds.minX - Double(header.xMin)) <= 1 && abs(bounds.maxX - Double(header.xMax)) <= 1)
        #expect(abs(bounds.minY - Double(header.yMin)) <= 1 && abs(bounds.maxY - Double(header.yMax)) <= 1)
    }

    @Test func notdefIsDrawnForUnmappedCharacters() throws {
        let face = try #require(Fonts.dejaVu)
        #expect(face.glyph(for: "\u{E000}") == 0)
        #expect(!face.path(of: 0).isEmpty)
    }

    @Test func spaceHasAnAdvanceButNoOutline() throws {
        let face = try #require(Fonts.dejaVu)
        let space = face.glyph(for: " ")
        #expect(face.advance(of: space) > 0)
        #expect(face.path(of: space).isEmpty)
    }

    @Test func outlinesAreCachedPerGlyph() throws {
        let face = try FontFace(path: RawFont.dejaVu)
        #expect(face.cachedGlyphCount == 0)
        let first = face.path(of: face.glyph(for: "Q"))
        let second = face.path(of: face.glyph(for: "Q"))
        #expect(first == second)
        #expect(face.cachedGlyphCount == 1)
    }

    @Test func kerningComesFromGPOSAndAgreesWithTheLegacyKernTable() throws {
        let face = try #require(Fonts.dejaVu), raw = try #require(Fonts.rawDejaVu)
        let a = face.glyph(for: "A"), v = face.glyph(for: "V")
        #expect(face.kerning(a, v) < 0)
        if let legacy = raw.legacyKern(Int(a), Int(v)) { #expect(face.kerning(a, v) == legacy) }
        #expect(face.kerning(a, face.glyph(for: "H")) == 0)
    }
}

@Suite(.enabled(if: hasCJK, "WenQuanYi Micro Hei / Droid Sans Fallback are not installed"))
struct CollectionTests {
    @Test func wenQuanYiIsATwoFaceCollection() throws {
        let raw = try #require(Fonts.rawWenQuanYi)
        #expect(try FontFace.faceCount(in: raw.bytes) == 2)
        let second = try FontFace(data: raw.bytes, faceIndex: 1)
        let rawSecond = try RawFont(path: RawFont.wenQuanYi, face: 1)
        let glyph = second.glyph(for: "节")
        #expect(glyph != 0 && Int(glyph) == rawSecond.glyph("节"))
        #expect(second.advance(of: glyph) == rawSecond.advance(Int(glyph)))
    }

    @Test(arguments: [2, 3, -1, 1000])
    func faceIndexOutOfRangeIsAnError(_ index: Int) throws {
        let raw = try #require(Fonts.rawWenQuanYi)
        #expect { try FontFace(data: raw.bytes, faceIndex: index) } throws: { error in
            (error as? FontError)?.code == .faceIndexOutOfRange
        }
    }

    @Test func aPlainFontHasOnlyFaceZero() throws {
        let raw = try #require(Fonts.rawDejaVu)
        #expect(try FontFace.faceCount(in: raw.bytes) == 1)
        #expect { try FontFace(data: raw.bytes, faceIndex: 1) } throws: { error in
            (error as? FontError)?.code == .faceIndexOutOfRange
        }
    }

    @Test func wenQuanYiKernsSomeLatinPairViaGPOS() throws {
        let face = try #require(Fonts.wenQuanYi)
        #expect(face.hasKerning)
        let letters = Array("AVTWYLPFoaey.,".unicodeScalars)
        var kerned: [(Unicode.Scalar, Unicode.Scalar, Int)] = []
        for l in letters {
            for r in letters {
                let k = face.kerning(face.glyph(for: l), face.glyph(for: r))
                if k != 0 { kerned.append((l, r, k)) }
            }
        }
        #expect(!kerned.isEmpty)
        // Measurement applies exactly that adjustment.
        if let (l, r, k) = kerned.first {
            let set = FontSet(regular: face)
            let pair = set.width(of: "\(l)\(r)", size: 2048, weight: .regular)
            let apart = set.width(of: "\(l)", size: 2048, weight: .regular) + set.width(of: "\(r)", size: 2048,
                                                                                        weight: .regular)
            #expect(abs(pair - (apart + Double(k))) < 1e-9)
        }
    }

    @Test func compositeGlyphsOfWenQuanYiDecode() throws {
        let face = try #require(Fonts.wenQuanYi), raw = try #require(Fonts.rawWenQuanYi)
        // Find a few composites and check that each decodes with components' contours.
        var checked = 0
        for glyph in 1..<raw.glyphCount where checked < 20 {
            guard let header = raw.glyphHeader(glyph), header.contours < 0 else { continue }
            let outline = try face.outline(of: UInt16(glyph))
            var expected = 0
            for c in raw.components(glyph) { expected += try face.outline(of: UInt16(c)).contours.count }
            #expect(outline.contours.count == expected)
            // Scaled components must land inside the box the font declares (allowing for rounding).
            if let bounds = outline.pointBounds {
                #expect(bounds.minX >= Double(header.xMin) - 2 && bounds.maxX <= Double(header.xMax) + 2)
                #expect(bounds.minY >= Double(header.yMin) - 2 && bounds.maxY <= Double(header.yMax) + 2)
            }
            checked += 1
        }
        #expect(checked > 0)
    }
}
