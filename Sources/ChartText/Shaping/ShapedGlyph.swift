/// One glyph of shaped text, as every backend places it: which face draws it, HarfBuzz's glyph id, where it sits,
/// and which characters of the text it stands for.
public struct ShapedGlyph: Sendable, Hashable {
    /// The face's index in `FontSet.faces`.
    public var slot: Int
    /// The glyph id in that face (HarfBuzz's output: a joining form, ligature or conjunct may have no character).
    public var glyph: UInt16
    /// The glyph origin along the baseline in ems from the left end of the text, offsets included.
    public var x: Double
    /// The glyph's offset from the baseline in ems, positive up (marks stacked on their base).
    public var y: Double
    /// The characters the glyph draws, as Unicode-scalar offsets into the text: `clusterStart..<clusterEnd` (a
    /// ligature stands for several characters; several glyphs of one cluster share the range).
    public var clusterStart: Int
    public var clusterEnd: Int
    /// Bold text drawn by a face without a bold style (a fallback, or the regular face when no bold face was
    /// loaded), which browsers fake-bold.
    public var synthetic: Bool
    /// Whether the glyph belongs to a right-to-left run (odd bidi level).
    public var rightToLeft: Bool
    /// The face's index in the weight's chain (`FontSet.regularChain`/`boldChain`).
    var chainIndex: Int
}

/// Text shaped for drawing: its glyphs in visual order (left to right) and its total advance.
public struct ShapedText: Sendable, Hashable {
    /// The glyphs, left to right on the line; characters that draw nothing (controls, joiners) have none.
    public var glyphs: [ShapedGlyph]
    /// The advance width of the whole text in ems.
    public var advance: Double
    /// Whether the paragraph's base direction is right to left (its first strong character is Hebrew, Arabic …).
    public var isRightToLeft: Bool

    /// Bytes a cached copy holds, for the shaped-run cache's budget.
    var byteCount: Int { glyphs.count * MemoryLayout<ShapedGlyph>.stride + MemoryLayout<Self>.size }
}
