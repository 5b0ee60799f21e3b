import ChartScene
import Testing
@testable import ChartText

struct SyntheticBoldTests {
    typealias P = GlyphOutline.Point

    /// A square as TrueType draws outer contours: clockwise with y up.
    static func square(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, clockwise: Bool = true) -> [P] {
        let corners = [P(x: x0, y: y0, onCurve: true), P(x: x0, y: y1, onCurve: true), P(x: x1, y: y1, onCurve: true),
                       P(x: x1, y: y0, onCurve: true)]
        return clockwise ? corners : corners.reversed()
    }

    @Test func anOuterContourGrowsByHalfTheStrengthOnEverySide() {
        // Every edge moves out by strength/2 (FreeType's FT_Outline_EmboldenXY offset) and the glyph stays centred
        // on its place, as Skia's stroke-and-fill fake bold leaves it.
        let outline = GlyphOutline(contours: [Self.square(0, 0, 100, 200)], declaredBounds: Rect(x: 0, y: 0, width: 100,
                                                                                               height: 200))
        let bold = SyntheticBold.embolden(outline, strength: 10)
        let expected = Self.square(-5, -5, 105, 205)
        for (p, q) in zip(bold.contours[0], expected) {
            #expect(abs(p.x - q.x) < 1e-9 && abs(p.y - q.y) < 1e-9, "\(p) ≠ \(q)")
        }
        #expect(bold.declaredBounds == Rect(x: -5, y: -5, width: 110, height: 210))
    }

    @Test func aCounterShrinksSoStrokesThicken() {
        // An "O": outer clockwise, the counter (hole) counter-clockwise. Each stroke is 20 wide and becomes 30.
        let contours = [Self.square(0, 0, 100, 100), Self.square(20, 20, 80, 80, clockwise: false)]
        let outline = GlyphOutline(contours: contours, declaredBounds: nil)
        let bold = SyntheticBold.embolden(outline, strength: 10)
        let xs = bold.contours[1].map(\.x), ys = bold.contours[1].map(\.y)
        #expect(abs((xs.min() ?? 0) - 25) < 1e-9 && abs((xs.max() ?? 0) - 75) < 1e-9)
        #expect(abs((ys.min() ?? 0) - 25) < 1e-9 && abs((ys.max() ?? 0) - 75) < 1e-9)
        let outer = bold.contours[0].map(\.x)
        #expect(abs((xs.min() ?? 0) - (outer.min() ?? 0) - 30) < 1e-9, "left stroke 20 + 10")
    }

    @Test func aPostScriptOrientedOutlineAlsoGrows() {
        // Counter-clockwise outer contours (CFF's convention) are detected from the signed area.
        let outline = GlyphOutline(contours: [Self.square(0, 0, 100, 100, clockwise: false)], declaredBounds: nil)
        let xs = SyntheticBold.embolden(outline, strength: 10).contours[0].map(\.x)
        #expect(abs((xs.min() ?? 0) + 5) < 1e-9 && abs((xs.max() ?? 0) - 105) < 1e-9)
    }

    @Test func theStrengthFollowsSkiasRamp() {
        // 1/24 of the size up to 9 px, 1/32 from 36 px, linear in between (SkTextFormatParams.h).
        #expect(SyntheticBold.strengthPerEm(size: 6) == 1.0 / 24)
        #expect(SyntheticBold.strengthPerEm(size: 9) == 1.0 / 24)
        #expect(abs(SyntheticBold.strengthPerEm(size: 22.5) - (1.0 / 24 + 1.0 / 32) / 2) < 1e-12)
        #expect(SyntheticBold.strengthPerEm(size: 36) == 1.0 / 32)
        #expect(SyntheticBold.strengthPerEm(size: 200) == 1.0 / 32)
    }

    @Test func aShortEdgeLimitsTheShiftAtConcaveCorners() {
        // A "U" whose slot is 2 units wide: unlimited, the slot's inner corners would move 20·√2 each and cross.
        // FreeType's collapse guard limits a concave corner's shift by its shorter edge (here 2, at 90°: (2, 2)).
        let u: [P] = [(0, 0), (0, 100), (49, 100), (49, 10), (51, 10), (51, 100), (100, 100), (100, 0)]
            .map { P(x: $0.0, y: $0.1, onCurve: true) }
        let bold = SyntheticBold.embolden(GlyphOutline(contours: [u], declaredBounds: nil), strength: 40)
        let shifts = zip(u, bold.contours[0]).map { (x: $1.x - $0.x, y: $1.y - $0.y) }
        #expect(abs(shifts[3].x - 2) < 1e-9 && abs(shifts[3].y - 2) < 1e-9, "slot corner (49, 10): \(shifts[3])")
        #expect(abs(shifts[4].x + 2) < 1e-9 && abs(shifts[4].y - 2) < 1e-9, "slot corner (51, 10): \(shifts[4])")
        // A convex corner moves the full strength/2 out along both edges.
        #expect(abs(shifts[0].x + 20) < 1e-9 && abs(shifts[0].y + 20) < 1e-9)
    }

    @Test func degenerateOutlinesComeBackUnchanged() {
        let line = GlyphOutline(contours: [[P(x: 0, y: 0, onCurve: true), P(x: 10, y: 0, onCurve: true)]],
                                declaredBounds: nil)
        #expect(SyntheticBold.embolden(line, strength: 5) == line)
        let empty = GlyphOutline(contours: [], declaredBounds: nil)
        #expect(SyntheticBold.embolden(empty, strength: 5) == empty)
    }
}

@Suite(.enabled(if: hasCJK, "CJK fonts are not installed"))
struct SyntheticBoldFontSetTests {
    static let fonts: FontSet? = {
        guard let regular = Fonts.dejaVu, let wqy = Fonts.wenQuanYi else { return nil }
        return FontSet(regular: regular, bold: Fonts.dejaVuBold, fallbacks: [wqy])
    }()

    static func run(_ text: String, _ weight: FontWeight) -> TextRun {
        TextRun(text: text, position: Point(0, 50), size: 24, weight: weight, anchor: .start, color: .black)
    }

    @Test func boldCJKIsEmboldenedAndKeptApartFromRegular() throws {
        let set = try #require(Self.fonts)
        let regular = set.glyphs(for: Self.run("比分", .regular)), bold = set.glyphs(for: Self.run("比分", .bold))
        #expect(regular.count == 2 && bold.count == 2)
        for (r, b) in zip(regular, bold) {
            // Distinct objects, so the rasterizer's mask cache (keyed on the object) never mixes them up …
            #expect(r.glyph !== b.glyph)
            // … the same placement (browsers keep the advances) …
            #expect(r.transform == b.transform)
            // … and a glyph grown by at least strength/2 on every side (sharp corners reach further along their
            // bisector).
            let rb = try #require(r.glyph.bounds), bb = try #require(b.glyph.bounds)
            let half = (2048 * SyntheticBold.strengthPerEm(size: 24)).rounded() / 2  // WenQuanYi: 2048 units per em
            #expect(bb.minX <= rb.minX - half + 1e-9 && bb.maxX >= rb.maxX + half - 1e-9)
            #expect(bb.minY <= rb.minY - half + 1e-9 && bb.maxY >= rb.maxY + half - 1e-9)
        }
        // Drawn again, the same emboldened object comes back (cached per face and strength); at another size the
        // strength differs, and so does the object.
        #expect(set.glyphs(for: Self.run("比", .bold))[0].glyph === bold[0].glyph)
        var large = Self.run("比", .bold)
        large.size = 40
        #expect(set.glyphs(for: large)[0].glyph !== bold[0].glyph)
    }

    @Test func boldLatinKeepsTheRealBoldFace() throws {
        let set = try #require(Self.fonts), bold = try #require(Fonts.dejaVuBold)
        let placed = set.glyphs(for: Self.run("Ab", .bold))
        #expect(placed.map(\.glyph) == ["A", "b"].map { bold.glyphPath(of: bold.glyph(for: $0)) })
    }

    @Test func boldWithoutABoldFaceIsEmboldened() throws {
        let regular = try #require(Fonts.dejaVu)
        let set = FontSet(regular: regular)
        let glyph = regular.glyph(for: "H")
        let placed = set.glyphs(for: Self.run("H", .bold))
        #expect(placed.count == 1 && placed[0].glyph !== regular.glyphPath(of: glyph))
        #expect(placed[0].glyph === regular.emboldenedGlyphPath(of: glyph, size: 24))
        #expect(set.glyphs(for: Self.run("H", .regular))[0].glyph === regular.glyphPath(of: glyph))
    }
}
