import ChartScene
import Foundation
import Testing
@testable import ChartText

/// CFF (`.otf`) faces: loaded without `glyf`, outlines drawn through HarfBuzz. The reference is the same design
/// shipped as TrueType (fonts-freefont-ttf's FreeSans.ttf, read by our own `GlyphReader`): the same glyphs must cover
/// the same box, and the advances must agree.
enum FreeSans {
    static let otfPath = "/usr/share/fonts/opentype/freefont/FreeSans.otf"
    static let ttfPath = "/usr/share/fonts/truetype/freefont/FreeSans.ttf"
    static let otf = try? FontFace(path: otfPath)
    static let ttf = try? FontFace(path: ttfPath)
}

let hasFreeSans = RawFont.available(FreeSans.otfPath) && RawFont.available(FreeSans.ttfPath)

@Suite(.enabled(if: hasFreeSans, "fonts-freefont-otf and fonts-freefont-ttf are not installed"))
struct CFFOutlineTests {
    @Test func aCFFFaceLoadsWithoutGlyf() throws {
        let face = try #require(FreeSans.otf)
        #expect(face.hasCFFOutlines)
        #expect(face.familyName == "FreeSans")
        #expect(face.harfBuzz != nil)
        #expect { try face.outline(of: face.glyph(for: "A")) } throws: { error in
            (error as? FontError)?.code == .unsupported
        }
        #expect(try #require(FreeSans.ttf).hasCFFOutlines == false)
    }

    @Test(arguments: Array("AgQ@&8ßЖ€"))
    func outlinesCoverTheSameBoxAsTheTrueTypeBuild(_ character: Character) throws {
        let otf = try #require(FreeSans.otf), ttf = try #require(FreeSans.ttf)
        let scalar = try #require(character.unicodeScalars.first)
        let cffGlyph = otf.glyph(for: scalar), ttfGlyph = ttf.glyph(for: scalar)
        #expect(cffGlyph != 0 && ttfGlyph != 0)
        #expect(otf.unitsPerEm == ttf.unitsPerEm)
        #expect(otf.advance(of: cffGlyph) == ttf.advance(of: ttfGlyph))
        let cff = otf.path(of: cffGlyph)
        // A and Ж are straight lines; every other character here has curves, which CFF draws as cubics.
        let hasCubics = cff.elements.contains { if case .cubic = $0 { true } else { false } }
        #expect(hasCubics == !"AЖ".contains(character))
        let box = try #require(cff.flattenedBounds), reference = try #require(ttf.path(of: ttfGlyph).flattenedBounds)
        // The two builds are conversions of one design; cubic → quadratic conversion moves extremes by a few units.
        let tolerance = Double(otf.unitsPerEm) * 0.01
        #expect(abs(box.minX - reference.minX) <= tolerance, "\(box) vs \(reference)")
        #expect(abs(box.maxX - reference.maxX) <= tolerance, "\(box) vs \(reference)")
        #expect(abs(box.minY - reference.minY) <= tolerance, "\(box) vs \(reference)")
        #expect(abs(box.maxY - reference.maxY) <= tolerance, "\(box) vs \(reference)")
    }

    /// The draw callbacks against our own TrueType reader on the same glyph: HarfBuzz's path of a `glyf` glyph has
    /// exactly the extent of `GlyphReader`'s.
    @Test(arguments: Array("OgÆ"))
    func harfBuzzDrawsATrueTypeGlyphAsOurReaderDoes(_ character: Character) throws {
        let face = try #require(Fonts.dejaVu)
        let glyph = face.glyph(for: try #require(character.unicodeScalars.first))
        let drawn = CFFOutline.path(of: glyph, in: try #require(face.harfBuzz))
        let ours = face.path(of: glyph)
        let a = try #require(drawn.flattenedBounds), b = try #require(ours.flattenedBounds)
        #expect(abs(a.minX - b.minX) < 0.5 && abs(a.maxX - b.maxX) < 0.5)
        #expect(abs(a.minY - b.minY) < 0.5 && abs(a.maxY - b.maxY) < 0.5)
    }

    /// Bold text in a CFF face without a bold style is fake-bolded as a TrueType face's is: every side of "o" moves
    /// out by half the strength (its extremes are on-curve points between axis-parallel handles), and the segments
    /// stay cubic.
    @Test(arguments: [12.0, 36.0])
    func boldTextInACFFFaceIsFakeBolded(size: Double) throws {
        let otf = try #require(FreeSans.otf)
        let glyph = otf.glyph(for: "o")
        let regular = otf.path(of: glyph), bold = otf.emboldenedGlyphPath(of: glyph, size: size).path
        let a = try #require(regular.flattenedBounds), b = try #require(bold.flattenedBounds)
        let half = (Double(otf.unitsPerEm) * SyntheticBold.strengthPerEm(size: size)).rounded() / 2
        for (grown, expected) in [(a.minX - b.minX, half), (b.maxX - a.maxX, half), (a.minY - b.minY, half),
                                  (b.maxY - a.maxY, half)] {
            #expect(abs(grown - expected) <= 0.15 * half, "grew \(grown), want \(expected)")
        }
        let cubics = { (p: Path) in p.elements.filter { if case .cubic = $0 { true } else { false } }.count }
        #expect(cubics(bold) == cubics(regular) && cubics(bold) > 0)
        let set = FontSet(regular: otf)
        var synthetic: [Bool] = []
        _ = set.walk("o", weight: .bold) { _, glyph in synthetic.append(glyph.synthetic) }
        #expect(synthetic == [true])
    }

    @Test func aCFFFaceDrawsThroughAFontSet() throws {
        let otf = try #require(FreeSans.otf)
        let set = FontSet(regular: otf)
        let glyphs = set.glyphs(for: TextRun(text: "Hi", position: Point(0, 20), size: 16, color: Color(rgb: 0)))
        #expect(glyphs.count == 2)
        #expect(glyphs.allSatisfy { !$0.glyph.path.isEmpty })
    }
}

extension Path {
    /// The exact box of the path (curves sampled finely), so control points off the curve do not count.
    var flattenedBounds: Rect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: Point) {
            minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
            minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
        }
        var current = Point(0, 0), start = Point(0, 0)
        for element in elements {
            switch element {
            case .move(let p): current = p; start = p; add(p)
            case .line(let p): current = p; add(p)
            case .quad(let c, let p):
                for i in 1...32 {
                    let t = Double(i) / 32, u = 1 - t
                    add(Point(u * u * current.x + 2 * u * t * c.x + t * t * p.x,
                              u * u * current.y + 2 * u * t * c.y + t * t * p.y))
                }
                current = p
            case .cubic(let c1, let c2, let p):
                for i in 1...32 {
                    let t = Double(i) / 32, u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    add(Point(a * current.x + b * c1.x + c * c2.x + d * p.x,
                              a * current.y + b * c1.y + c * c2.y + d * p.y))
                }
                current = p
            case .close: current = start
            }
        }
        return minX <= maxX ? Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : nil
    }
}
