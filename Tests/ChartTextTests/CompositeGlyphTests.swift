import ChartScene
import Testing
@testable import ChartText

/// Composite and contour edge cases on hand-built fonts.
struct CompositeGlyphTests {
    static let square = TinyFont.simple([(0, 0, true), (100, 0, true), (100, 100, true), (0, 100, true)])

    @Test func nestingDeeperThanTheLimitIsAnError() throws {
        // Glyph k (1…11) holds glyph k+1 moved by (10, 0); glyph 12 is the square.
        var font = TinyFont(glyphs: [Self.square])
        for k in 1...11 { font.glyphs.append(TinyFont.composite([.init(glyph: k + 1, arg1: 10)])) }
        font.glyphs.append(Self.square)
        let face = try FontFace(data: font.bytes)
        // Glyph 5 nests 7 composites deep: fine, and the offsets add up.
        let outline = try face.outline(of: 5)
        #expect(outline.pointBounds == Rect(x: 70, y: 0, width: 100, height: 100))
        #expect { try face.outline(of: 1) } throws: { error in (error as? FontError)?.code == .compositeTooComplex }
        #expect(face.path(of: 1).isEmpty)
    }

    @Test func exponentialCompositesHitTheBudget() throws {
        // Glyph 1 = 300 × glyph 2, glyph 2 = 300 × glyph 3 (empty): 90,000 references without a single point.
        let many = { (g: Int) in TinyFont.composite(Array(repeating: .init(glyph: g), count: 300)) }
        let font = TinyFont(glyphs: [Self.square, many(2), many(3), []])
        let face = try FontFace(data: font.bytes)
        #expect(try face.outline(of: 2).contours.isEmpty)
        #expect { try face.outline(of: 1) } throws: { error in (error as? FontError)?.code == .compositeTooComplex }
    }

    @Test func pointMatchingAlignsComponents() throws {
        // Second square's point 0 is placed on the first square's point 2 (100, 100).
        let glyph = TinyFont.composite([.init(glyph: 0), .init(glyph: 0, arg1: 2, arg2: 0, pointMatching: true)])
        let face = try FontFace(data: TinyFont(glyphs: [Self.square, glyph]).bytes)
        let outline = try face.outline(of: 1)
        #expect(outline.contours.count == 2)
        #expect(outline.contours[1].first == GlyphOutline.Point(x: 100, y: 100, onCurve: true))
        let bad = TinyFont.composite([.init(glyph: 0), .init(glyph: 0, arg1: 9, arg2: 0, pointMatching: true)])
        let badFace = try FontFace(data: TinyFont(glyphs: [Self.square, bad]).bytes)
        #expect(throws: FontError.self) { try badFace.outline(of: 1) }
    }

    @Test func xyScaledComponentsAreTransformed() throws {
        let glyph = TinyFont.composite([.init(glyph: 0, arg1: 10, arg2: 20, scale: (0.5, 1.5))])
        let face = try FontFace(data: TinyFont(glyphs: [Self.square, glyph]).bytes)
        #expect(try face.outline(of: 1).pointBounds == Rect(x: 10, y: 20, width: 50, height: 150))
    }

    @Test func contoursStartingOffCurveUseImpliedMidpoints() throws {
        // Four off-curve corners: a rounded shape of four quadratic curves through the edge midpoints.
        let glyph = TinyFont.simple([(0, 0, false), (100, 0, false), (100, 100, false), (0, 100, false)])
        let face = try FontFace(data: TinyFont(glyphs: [Self.square, glyph]).bytes)
        let path = try face.outline(of: 1).path
        #expect(path.elements == [
            .move(Point(0, 50)),
            .quad(Point(0, 0), Point(50, 0)), .quad(Point(100, 0), Point(100, 50)),
            .quad(Point(100, 100), Point(50, 100)), .quad(Point(0, 100), Point(0, 50)),
            .close,
        ])
        // Starting off-curve with an on-curve last point starts there.
        let mixed = TinyFont.simple([(50, 0, false), (100, 100, true), (0, 100, true)])
        let mixedFace = try FontFace(data: TinyFont(glyphs: [Self.square, mixed]).bytes)
        #expect(try mixedFace.outline(of: 1).path.elements == [
            .move(Point(0, 100)), .quad(Point(50, 0), Point(100, 100)), .line(Point(0, 100)), .close,
        ])
    }

    @Test func anEmptyNotdefStillDrawsABox() throws {
        let face = try FontFace(data: TinyFont(glyphs: [[], Self.square]).bytes)
        #expect(face.glyph(for: "A") == 0)
        #expect(try face.outline(of: 0).contours.isEmpty)
        #expect(!face.path(of: 0).isEmpty)
    }
}
