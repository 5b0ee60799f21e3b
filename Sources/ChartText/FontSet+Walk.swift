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
    /// Printable ASCII that the weight's face draws with no default substitution and only pair positioning takes a
    /// fast path through our own tables, which gives exactly HarfBuzz's glyphs and advances (checked per face on
    /// every pair of such characters, `PlainTextCheck`, and tested). Everything else is shaped once and kept in a
    /// bounded cache.
    public func shaped(_ text: String, weight: FontWeight, rightToLeft: Bool = false) -> ShapedText {
        let bold = weight == .bold
        if !rightToLeft, let plain = plainShaped(text, bold: bold) { return plain }
        let key = ShapedRunCache.Key(text: text, bold: bold, rightToLeft: rightToLeft)
        return shapedRuns.shaped(key) {
            shaper(bold: bold).shape(TextShaper.codepoints(of: text), rightToLeft: rightToLeft)
        }
    }

    /// The shaper for a weight's chain.
    func shaper(bold: Bool) -> TextShaper {
        let separateBold = hasBoldFace ? 1 : 0
        let chain = bold ? boldChain : regularChain
        // `faces` is [regular, bold (when separate), fallbacks…]; chain k is the weight's face (k = 0) or fallback k.
        let slots = chain.indices.map { $0 == 0 ? (bold ? separateBold : 0) : $0 + separateBold }
        return TextShaper(chain: chain, slots: slots, scales: bold ? boldScales : regularScales, bold: bold,
                          syntheticPrimary: !hasBoldFace)
    }

    /// The fast path of `shaped`: nil unless every character is plain ASCII for the weight's face.
    private func plainShaped(_ text: String, bold: Bool) -> ShapedText? {
        let face = bold ? boldChain[0] : regularChain[0]
        guard let plain = face.harfBuzz?.plainASCII(for: face) else { return nil }
        let scale = bold ? boldScales[0] : regularScales[0]
        let slot = bold && hasBoldFace ? 1 : 0
        let synthetic = bold && !hasBoldFace
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(text.utf8.count)
        var units = 0
        var previous: UInt16?
        for (i, byte) in text.utf8.enumerated() {
            guard HarfBuzzFace.contains(plain, UInt32(byte)) else { return nil }
            let glyph = face.glyph(for: Unicode.Scalar(byte))
            if let previous { units += face.kerning(previous, glyph) }
            glyphs.append(ShapedGlyph(slot: slot, glyph: glyph, x: Double(units) * scale, y: 0, clusterStart: i,
                                      clusterEnd: i + 1, synthetic: synthetic, rightToLeft: false, chainIndex: 0))
            units += face.advance(of: glyph)
            previous = glyph
        }
        return ShapedText(glyphs: glyphs, advance: Double(units) * scale, isRightToLeft: false)
    }

    /// The advance of `text` in ems, as `shaped(text, weight:).advance`, without building glyphs on the fast path.
    func advance(of text: String, bold: Bool) -> Double {
        let face = bold ? boldChain[0] : regularChain[0]
        if let plainASCII = face.harfBuzz?.plainASCII(for: face) {
            var units = 0
            var previous: UInt16?
            var plain = true
            for byte in text.utf8 {
                guard HarfBuzzFace.contains(plainASCII, UInt32(byte)) else { plain = false; break }
                let glyph = face.glyph(for: Unicode.Scalar(byte))
                if let previous { units += face.kerning(previous, glyph) }
                units += face.advance(of: glyph)
                previous = glyph
            }
            if plain { return Double(units) * (bold ? boldScales[0] : regularScales[0]) }
        }
        return shaped(text, weight: bold ? .bold : .regular).advance
    }

    /// Calls `body(face, glyph)` for every glyph of `shaped(text, weight:)`, left to right, with the face that draws
    /// it; returns the total advance in ems. Every backend places text with this one walk (`GlyphPlacement`, PDF).
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
