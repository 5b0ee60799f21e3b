import Testing
import ChartScene
@testable import ChartText

/// `FontSet.glyphs(for:)` reads the shaped glyphs in place instead of through `walk`'s closure (which copied each
/// glyph's face). The oracle is the placement as it was written over `walk`: the same glyph objects, the same
/// transforms bit for bit, in every weight, anchor and rotation, on the fast path, through HarfBuzz and in fallbacks.
struct GlyphPlacementTests {
    static let fonts: FontSet? = try? FontSet.loadDefault(fontList: nil, fontsDirectory: nil)

    /// The placement of `run` as `glyphs(for:)` computed it over `walk` before.
    static func expected(_ run: TextRun, in set: FontSet) -> [PlacedGlyph] {
        let size = run.size
        var laidOut: [(path: GlyphPath, k: Double, x: Double, y: Double)] = []
        let advance = set.walk(run.text, weight: run.weight) { face, shaped in
            let path = shaped.synthetic ? face.emboldenedGlyphPath(of: shaped.glyph, size: size)
                : face.glyphPath(of: shaped.glyph)
            if !path.path.isEmpty { laidOut.append((path, size / Double(face.unitsPerEm), shaped.x, shaped.y)) }
        }
        let shift = run.anchorOffset(width: advance * size)
        let (cosine, sine) = run.direction
        let origin = run.position
        return laidOut.map { path, k, x, y in
            let x0 = x * size + shift, y0 = -y * size
            return PlacedGlyph(glyph: path, transform: GlyphTransform(a: k * cosine, b: k * sine, c: k * sine,
                                                                      d: -k * cosine,
                                                                      tx: origin.x + x0 * cosine - y0 * sine,
                                                                      ty: origin.y + x0 * sine + y0 * cosine))
        }
    }

    static let texts = [
        "AVAWAY Tø", "D12", "Series 1 · 38.59", "   ", "", "第1节 Q1", "比分 2–1", "مرحبا بالعالم",
        "שלום 12", "नमस्ते", "ສະບາຍດີ ไทย", "e\u{301}te\u{301}", "Ab\u{200B}c", "😀 ok",
    ]

    @Test func placementIsTheWalksPlacement() throws {
        let set = try #require(Self.fonts)
        var checked = 0
        for (n, text) in Self.texts.enumerated() {
            for weight in [FontWeight.regular, .bold] {
                for (anchor, rotation) in [(TextAnchor.start, 0.0), (.middle, -45), (.end, 90), (.middle, 30)] {
                    let run = TextRun(text: text, position: Point(12.5 + Double(n), 300.25),
                                      size: n % 2 == 0 ? 11 : 24, weight: weight, anchor: anchor, color: .black,
                                      rotation: rotation)
                    let placed = set.glyphs(for: run), expected = Self.expected(run, in: set)
                    #expect(placed.count == expected.count, "\(text) \(weight)")
                    for (p, e) in zip(placed, expected) {
                        #expect(p.glyph === e.glyph, "\(text) \(weight)")
                        let bits = { (t: GlyphTransform) in [t.a, t.b, t.c, t.d, t.tx, t.ty].map(\.bitPattern) }
                        #expect(bits(p.transform) == bits(e.transform), "\(text) \(weight) \(anchor) \(rotation)°")
                    }
                    checked += placed.count
                }
            }
        }
        #expect(checked > 500)
    }
}
