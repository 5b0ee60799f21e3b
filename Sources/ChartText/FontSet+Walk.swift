public import ChartScene

/// How a `FontSet` turns text into positioned glyphs (`walk`), which measurement (`TextMeasuring`), the rasterizer,
/// text outlines and PDF all share, and what it can draw (`coverageReport`).
extension FontSet {
    // MARK: - Glyph resolution

    /// Scalars that occupy no space and draw nothing: C0/C1 controls, zero-width (non-)joiners and spaces,
    /// direction marks, variation selectors and the byte-order mark.
    @inline(__always)
    static func isIgnorable(_ v: UInt32) -> Bool {
        v < 0x20 || (0x7F...0x9F).contains(v) || (0x200B...0x200F).contains(v) || (0xFE00...0xFE0F).contains(v)
            || v == 0xFEFF || (0x202A...0x202E).contains(v) || (0x2060...0x2064).contains(v)
    }

    /// Calls `body(face, slot, glyph, scalar, penX, synthetic)` for every drawn glyph of `text`, with the face that
    /// draws it (the weight's face, else the first fallback mapping the character, else the weight's face's
    /// `.notdef`) and that face's index in `faces` (`slot`), the character it draws, the pen position in ems, and
    /// whether the glyph is bold text in a face without a bold style (a fallback, or the regular face when no bold
    /// face was loaded), which browsers fake-bold; returns the total advance in ems. Kerning applies only between
    /// neighbours drawn by the same face. Every backend places text with this one walk (`GlyphPlacement`, PDF).
    @inline(__always)
    public func walk(_ text: String, weight: FontWeight,
                     _ body: (FontFace, _ slot: Int, UInt16, Unicode.Scalar, _ pen: Double, _ synthetic: Bool) -> Void)
        -> Double {
        let chain = weight == .bold ? boldChain : regularChain
        let scales = weight == .bold ? boldScales : regularScales
        let bold = weight == .bold
        // Chain face k's index in `faces`, and whether bold text in it is fake-bolded (F: per-weight fallbacks).
        let slots = bold ? boldSlots : regularSlots
        var pen = 0.0
        var previousFace = -1
        var previousGlyph: UInt16 = 0
        for scalar in text.unicodeScalars {
            if Self.isIgnorable(scalar.value) { continue }
            var faceIndex = 0
            var glyph = chain[0].glyph(for: scalar)
            if glyph == 0 {
                for k in 1..<chain.count {
                    let g = chain[k].glyph(for: scalar)
                    if g != 0 { faceIndex = k; glyph = g; break }
                }
            }
            let face = chain[faceIndex]
            let scale = scales[faceIndex]
            if faceIndex == previousFace { pen += Double(face.kerning(previousGlyph, glyph)) * scale }
            body(face, slots[faceIndex], glyph, scalar, pen, bold && boldSynthetic[faceIndex])
            pen += Double(face.advance(of: glyph)) * scale
            previousFace = faceIndex
            previousGlyph = glyph
        }
        return pen
    }

    // MARK: - TextMeasuring

    /// Sum of advances plus pair kerning, each glyph in the face that draws it, scaled by `size / unitsPerEm`.
    public func width(of text: String, size: Double, weight: FontWeight) -> Double {
        walk(text, weight: weight) { _, _, _, _, _, _ in } * size
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
