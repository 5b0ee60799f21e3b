public import ChartScene

/// How a `FontSet` turns text into positioned glyphs (`shaped`, `walk`), which measurement (`TextMeasuring`), the
/// rasterizer, text outlines and PDF all share, and what it can draw (`coverageReport`).
extension FontSet {
    // MARK: - Glyph resolution

    /// Scalars that occupy no space and draw nothing: C0/C1 controls, zero-width (non-)joiners and spaces,
    /// direction marks, variation selectors and the byte-order mark.
    @inline(__always)
    static func isIgnorable(_ v: UInt32) -> Bool {
        v < 0x20 || (0x7F...0x9F).contains(v) || (0x200B...0x200F).contains(v) || (0xFE00...0xFE0F).contains(v)
            || v == 0xFEFF || (0x202A...0x202E).contains(v) || (0x2060...0x2064).contains(v)
    }

    /// `text` shaped for `weight`: in visual order, each glyph in the face that draws it (`TextShaper`: FriBidi
    /// levels with the paragraph direction of the first strong character, or right to left when `rightToLeft`;
    /// runs by level, script and face; HarfBuzz per run with its default features — joining, reordering, marks,
    /// ligatures, kerning — as browsers shape).
    ///
    /// Text of plain ASCII (no default lookup but pair kerning starts at its glyphs, every pair checked against
    /// HarfBuzz per face, `PlainTextCheck`) and simple CJK and punctuation characters outside their face's lookups
    /// takes a fast path through our own tables, which gives HarfBuzz's glyphs and advances (tested on every ASCII
    /// pair and on a corpus of Latin and CJK labels). Everything else is shaped once and kept in a bounded cache.
    public func shaped(_ text: String, weight: FontWeight, rightToLeft: Bool = false) -> ShapedText {
        let bold = weight == .bold
        if !rightToLeft, let plain = plainShaped(text, bold: bold) { return plain }
        return cachedShaping(text, bold: bold, rightToLeft: rightToLeft)
    }

    /// `text` through HarfBuzz, or its cached shaping. (No closure: one capturing `self` copies the whole set, a
    /// retain per field, on every cache hit.)
    private func cachedShaping(_ text: String, bold: Bool, rightToLeft: Bool) -> ShapedText {
        let key = ShapedRunCache.Key(text: text, bold: bold, rightToLeft: rightToLeft)
        if let hit = shapedRuns.cached(key) { return hit }
        let shaped = shaper(bold: bold).shape(TextShaper.codepoints(of: text), rightToLeft: rightToLeft)
        shapedRuns.store(key, shaped)
        return shaped
    }

    /// The shaper for a weight's chain.
    func shaper(bold: Bool) -> TextShaper {
        // Chain face k's index in `faces`, and whether bold text in it is fake-bolded (per-weight fallbacks).
        TextShaper(chain: bold ? boldChain : regularChain, slots: bold ? boldSlots : regularSlots,
                   scales: bold ? boldScales : regularScales, bold: bold, synthetic: boldSynthetic)
    }

    /// Non-ASCII characters the fast path may place, when their face has no default lookup covering their glyph:
    /// Han, kana, Hangul, CJK and fullwidth punctuation, and a few typographic signs labels use (minus, dashes,
    /// degree, no-break space) — all left to right or neutral, so bidi leaves them at level 0 as ASCII.
    @inline(__always)
    static func isSimpleNonASCII(_ v: UInt32) -> Bool {
        (0x3000...0x30FF).contains(v) || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v)
            || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFF01...0xFF60).contains(v)
            || v == 0x2212 || v == 0x2013 || v == 0x2014 || v == 0xB0 || v == 0xA0
    }

    /// The fast path of `shaped` and `width(of:)`: each glyph from our tables (face by the chain, advance, pair
    /// kerning between neighbours of one face), when every character is plain ASCII of the weight's face
    /// (`HarfBuzzFace.plainASCII`: proven per face against HarfBuzz on every pair) or a simple non-ASCII character
    /// whose glyph no default lookup of its face covers. Calls `body(chainIndex, glyph, x in font units of that
    /// face from the face run's start, …)`; returns the advance in ems, or nil (without calling `body` further)
    /// as soon as a character needs HarfBuzz.
    @inline(__always)
    private func plainWalk(_ text: String, bold: Bool,
                           _ body: (_ chainIndex: Int, _ glyph: UInt16, _ x: Double, _ index: Int) -> Void) -> Double? {
        let chain = bold ? boldChain : regularChain
        let scales = bold ? boldScales : regularScales
        guard let primary = chain[0].harfBuzz else { return nil }
        let ascii = primary.verifiedPlainASCII ?? primary.plainASCII(for: chain[0])
        var pen = 0.0
        var previousFace = -1
        var previousGlyph: UInt16 = 0
        for (index, scalar) in text.unicodeScalars.enumerated() {
            let v = scalar.value
            var k = 0
            var glyph: UInt16
            if v < 0x80 {
                guard HarfBuzzFace.contains(ascii, v) else { return nil }
                glyph = chain[0].glyph(for: scalar)
            } else {
                guard Self.isSimpleNonASCII(v) else { return nil }
                glyph = chain[0].glyph(for: scalar)
                if glyph == 0 {
                    for j in 1..<chain.count {
                        let g = chain[j].glyph(for: scalar)
                        if g != 0 { k = j; glyph = g; break }
                    }
                }
                guard glyph != 0, let harfBuzz = chain[k].harfBuzz, harfBuzz.isUncovered(glyph) else { return nil }
            }
            if k == previousFace { pen += Double(chain[k].kerning(previousGlyph, glyph)) * scales[k] }
            body(k, glyph, pen, index)
            pen += Double(chain[k].advance(of: glyph)) * scales[k]
            previousFace = k
            previousGlyph = glyph
        }
        return pen
    }

    /// The fast path of `shaped`: nil when a character needs HarfBuzz.
    private func plainShaped(_ text: String, bold: Bool) -> ShapedText? {
        let slots = bold ? boldSlots : regularSlots
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(text.utf8.count)  // at most one glyph per scalar, and a scalar is at least one byte
        let advance = plainWalk(text, bold: bold) { k, glyph, x, index in
            glyphs.append(ShapedGlyph(slot: slots[k], glyph: glyph, x: x, y: 0, clusterStart: index,
                                      clusterEnd: index + 1, synthetic: bold && boldSynthetic[k], rightToLeft: false,
                                      chainIndex: k))
        }
        return advance.map { ShapedText(glyphs: glyphs, advance: $0, isRightToLeft: false) }
    }

    /// The advance of `text` in ems, as `shaped(text, weight:).advance`, without building glyphs on the fast path.
    func advance(of text: String, bold: Bool) -> Double {
        if let advance = plainWalk(text, bold: bold, { _, _, _, _ in }) { return advance }
        return cachedShaping(text, bold: bold, rightToLeft: false).advance
    }

    /// Calls `body(face, glyph)` for every glyph of `shaped(text, weight:)`, left to right, with the face that draws
    /// it; returns the total advance in ems. The backends place text with this walk (PDF) or read `shaped` as it does
    /// (`GlyphPlacement`).
    @inline(__always)
    public func walk(_ text: String, weight: FontWeight, _ body: (FontFace, ShapedGlyph) -> Void) -> Double {
        let shaped = shaped(text, weight: weight)
        let chain = weight == .bold ? boldChain : regularChain
        for glyph in shaped.glyphs { body(chain[glyph.chainIndex], glyph) }
        return shaped.advance
    }

    // MARK: - TextMeasuring

    /// The shaped advance of `text` (the sum of HarfBuzz's advances, kerning included) at `size` px.
    public func width(of text: String, size: Double, weight: FontWeight) -> Double {
        advance(of: text, bold: weight == .bold) * size
    }

    /// The primary face's hhea ascender at `size` px.
    public func ascent(size: Double) -> Double { Double(regular.ascender) / Double(regular.unitsPerEm) * size }

    /// The primary face's hhea descender (as a positive distance) at `size` px.
    public func descent(size: Double) -> Double { Double(-regular.descender) / Double(regular.unitsPerEm) * size }

    // MARK: - Coverage

    /// Characters of `text` that no face of the set can draw (they appear as `.notdef` boxes).
    public func missingCharacters(in text: String) -> [Unicode.Scalar] {
        let faces = faces
        return text.unicodeScalars.filter { scalar in
            !Self.isIgnorable(scalar.value) && scalar != " " && !faces.contains { $0.covers(scalar) }
        }
    }

    /// Which scripts of `WritingScript.all` the set draws correctly, has no glyphs for, or draws incorrectly.
    public var coverageReport: CoverageReport { CoverageReport(faces: faces, problems: problems) }
}
