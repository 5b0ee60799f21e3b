import Testing
@testable import ChartText

struct ShapedRunCacheTests {
    func text(glyphs: Int) -> ShapedText {
        let glyph = ShapedGlyph(slot: 0, glyph: 1, x: 0, y: 0, clusterStart: 0, clusterEnd: 1, synthetic: false,
                                rightToLeft: false, chainIndex: 0)
        return ShapedText(glyphs: Array(repeating: glyph, count: glyphs), advance: 1, isRightToLeft: false)
    }

    @Test func aHitDoesNotShapeAgain() {
        let cache = ShapedRunCache()
        var calls = 0
        let key = ShapedRunCache.Key(text: "مرحبا", bold: false, rightToLeft: false)
        _ = cache.shaped(key) { calls += 1; return text(glyphs: 5) }
        _ = cache.shaped(key) { calls += 1; return text(glyphs: 5) }
        #expect(calls == 1)
        // Weight and direction are part of the key.
        _ = cache.shaped(ShapedRunCache.Key(text: "مرحبا", bold: true, rightToLeft: false)) {
            calls += 1; return text(glyphs: 5)
        }
        #expect(calls == 2)
    }

    @Test func entriesAndBytesStayBounded() {
        let cache = ShapedRunCache()
        for i in 0..<(ShapedRunCache.maxEntries * 5) {
            _ = cache.shaped(ShapedRunCache.Key(text: "label \(i)", bold: false, rightToLeft: false)) { text(glyphs: 3) }
        }
        #expect(cache.usage.entries <= 2 * ShapedRunCache.maxEntries)
        for i in 0..<2000 {
            _ = cache.shaped(ShapedRunCache.Key(text: "long \(i)" + String(repeating: "x", count: 900), bold: false,
                                                rightToLeft: false)) { text(glyphs: 900) }
        }
        #expect(cache.usage.bytes <= 2 * ShapedRunCache.maxBytes)
        #expect(cache.usage.entries > 0)
    }

    /// Canonically equivalent texts shape differently (one glyph, or a base and a mark), so they are different keys.
    @Test func canonicallyEquivalentTextsAreDifferentKeys() {
        let cache = ShapedRunCache()
        var calls = 0
        _ = cache.shaped(ShapedRunCache.Key(text: "\u{E9}", bold: false, rightToLeft: false)) {
            calls += 1; return text(glyphs: 1)
        }
        _ = cache.shaped(ShapedRunCache.Key(text: "e\u{301}", bold: false, rightToLeft: false)) {
            calls += 1; return text(glyphs: 2)
        }
        #expect(calls == 2)
    }

    @Test func longTextIsShapedButNotKept() {
        let cache = ShapedRunCache()
        let key = ShapedRunCache.Key(text: String(repeating: "ب", count: ShapedRunCache.maxTextBytes),
                                     bold: false, rightToLeft: false)
        var calls = 0
        _ = cache.shaped(key) { calls += 1; return text(glyphs: 1) }
        _ = cache.shaped(key) { calls += 1; return text(glyphs: 1) }
        #expect(calls == 2)
        #expect(cache.usage.entries == 0)
    }
}
