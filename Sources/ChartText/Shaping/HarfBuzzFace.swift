import CHarfBuzz
import Synchronization

/// One face's HarfBuzz objects, made once when the `FontFace` is loaded and shared by every render: an immutable
/// `hb_font_t` over a copy of the face's bytes, at a scale of one unit per font unit (so advances and offsets come
/// back in font units, as our own tables give them).
///
/// HarfBuzz reads the bytes itself with its own bounds checks (it is fuzzed continuously by OSS-Fuzz); a face it
/// cannot read has no glyphs, and `init` returns nil. An immutable `hb_font_t` may be used from any thread at once
/// (HarfBuzz's threading rules), which is what makes this class `Sendable`.
final class HarfBuzzFace: @unchecked Sendable {
    /// The `hb_font_t *`, immutable; valid for the life of this object.
    let font: OpaquePointer
    /// Printable ASCII characters (bit c − 64·k of word k) that the face maps to a glyph no default OpenType
    /// substitution reads (as input or context), no cursive, distance or tracking positioning touches, and no
    /// kerning or mark positioning uses as context: the candidates for the Latin fast path (`plainASCII(for:)`).
    let candidateASCII: (UInt64, UInt64)
    /// `plainASCII(for:)`, once computed: the candidates whose every pair HarfBuzz shapes as our own tables place
    /// them. `verified` is stored last (releasing), so a reader that sees it set sees the words.
    private let plainLow = Atomic<UInt64>(0)
    private let plainHigh = Atomic<UInt64>(0)
    private let verified = Atomic<Bool>(false)

    /// A font for face `faceIndex` of `bytes` at `unitsPerEm` units per em; nil when HarfBuzz finds no glyphs.
    init?(bytes: [UInt8], faceIndex: Int, unitsPerEm: Int) {
        guard let count = UInt32(exactly: bytes.count), let index = UInt32(exactly: faceIndex) else { return nil }
        // DUPLICATE: HarfBuzz keeps its own copy, so no Swift array has to stay pinned behind its back.
        let blob = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    hb_blob_create($0, count, HB_MEMORY_MODE_DUPLICATE, nil, nil)
                }
            }
        }
        guard let blob else { return nil }
        let face = hb_face_create(blob, index)
        hb_blob_destroy(blob)
        guard let face, hb_face_get_glyph_count(face) > 0 else {
            hb_face_destroy(face)
            return nil
        }
        guard let font = hb_font_create(face) else {
            hb_face_destroy(face)
            return nil
        }
        hb_font_set_scale(font, Int32(unitsPerEm), Int32(unitsPerEm))
        hb_font_make_immutable(font)
        candidateASCII = Self.candidates(font: font, face: face)
        hb_face_destroy(face)
        self.font = font
    }

    deinit {
        hb_font_destroy(font)
    }

    /// Whether `value` is in the mask `words` (bit c − 64·k of word k).
    @inline(__always)
    static func contains(_ words: (UInt64, UInt64), _ value: UInt32) -> Bool {
        value < 64 ? words.0 & (1 << UInt64(value)) != 0 : value < 128 && words.1 & (1 << UInt64(value - 64)) != 0
    }

    /// The printable ASCII characters that text may be made of to take the Latin fast path with `face` (the face
    /// this object was opened for): the candidates, less any whose pairs HarfBuzz shapes otherwise than the cmap
    /// glyph, hmtx advance and our pair kerning (`PlainTextCheck`). Checked once per face, on first use.
    @inline(__always)
    func plainASCII(for face: FontFace) -> (UInt64, UInt64) {
        if verified.load(ordering: .acquiring) {
            return (plainLow.load(ordering: .relaxed), plainHigh.load(ordering: .relaxed))
        }
        let words = PlainTextCheck.verify(candidateASCII, font: font, face: face)
        plainLow.store(words.0, ordering: .relaxed)
        plainHigh.store(words.1, ordering: .relaxed)
        verified.store(true, ordering: .releasing)
        return words
    }

    private static func tag(_ text: StaticString) -> UInt32 {
        text.withUTF8Buffer { $0.reduce(0) { $0 << 8 | UInt32($1) } }
    }

    /// The features HarfBuzz applies by default to horizontal text (hb-ot-shape.cc's common and horizontal
    /// features), by what the fast path makes of their lookups: substitutions and chained positioning exclude every
    /// glyph they read; kerning and mark positioning exclude their context glyphs, and their pairs are checked by
    /// shaping (`PlainTextCheck`).
    private static let substitutionFeatures: [StaticString] =
        ["rvrn", "ccmp", "locl", "rlig", "liga", "clig", "calt", "rclt", "ltra", "ltrm", "rand"]
    private static let excludedPositioningFeatures: [StaticString] = ["curs", "dist", "trak"]
    private static let pairPositioningFeatures: [StaticString] = ["kern", "mark", "mkmk", "abvm", "blwm"]

    /// The printable ASCII characters the fast path may use, before the pair check.
    private static func candidates(font: OpaquePointer, face: OpaquePointer) -> (UInt64, UInt64) {
        guard let touched = hb_set_create() else { return (0, 0) }
        defer { hb_set_destroy(touched) }
        let groups: [(table: StaticString, features: [StaticString], allGlyphs: Bool)] = [
            ("GSUB", substitutionFeatures, true), ("GPOS", excludedPositioningFeatures, true),
            ("GPOS", pairPositioningFeatures, false),
        ]
        for group in groups {
            let tableTag = tag(group.table)
            guard let lookups = hb_set_create() else { return (0, 0) }
            defer { hb_set_destroy(lookups) }
            var tags = group.features.map(tag) + [0]
            hb_ot_layout_collect_lookups(face, tableTag, nil, nil, &tags, lookups)
            var lookup = UInt32.max  // HB_SET_VALUE_INVALID: start of the iteration
            while hb_set_next(lookups, &lookup) != 0 {
                // Context (before/after) always excludes; the input too for lookups the pair check cannot cover.
                hb_ot_layout_lookup_collect_glyphs(face, tableTag, lookup, touched,
                                                   group.allGlyphs ? touched : nil, touched, nil)
            }
        }
        var words: (UInt64, UInt64) = (0, 0)
        for value in UInt32(0x20)..<0x7F {
            var glyph: UInt32 = 0
            guard hb_font_get_nominal_glyph(font, value, &glyph) != 0, glyph != 0,
                  hb_set_has(touched, glyph) == 0 else { continue }
            if value < 64 { words.0 |= 1 << UInt64(value) } else { words.1 |= 1 << UInt64(value - 64) }
        }
        return words
    }
}
