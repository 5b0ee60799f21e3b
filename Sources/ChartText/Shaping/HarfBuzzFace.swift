import CHarfBuzz
import Synchronization

/// One face's HarfBuzz objects, made once when the `FontFace` is loaded and shared by every render: an immutable
/// `hb_font_t` over copies of the face's tables it reads, at a scale of one unit per font unit (so advances and offsets come
/// back in font units, as our own tables give them).
///
/// HarfBuzz reads the bytes itself with its own bounds checks (it is fuzzed continuously by OSS-Fuzz); a face it
/// cannot read has no glyphs, and `init` returns nil. An immutable `hb_font_t` may be used from any thread at once
/// (HarfBuzz's threading rules), which is what makes this class `Sendable`.
final class HarfBuzzFace: @unchecked Sendable {
    /// The `hb_font_t *`, immutable; valid for the life of this object.
    let font: OpaquePointer
    /// Printable ASCII characters (bit c − 64·k of word k) whose glyph no default OpenType lookup can start at
    /// except pair kerning (`LayoutCoverage`): the candidates for the Latin fast path (`plainASCII(for:)`).
    let candidateASCII: (UInt64, UInt64)
    /// Bit g of word g / 64: glyph g is in the coverage of a default lookup other than pair kerning (or the face's
    /// layout tables could not be read: then every bit is set). A CJK or punctuation glyph outside it is placed by
    /// the fast path as HarfBuzz places it.
    let coveredGlyphs: [UInt64]
    /// `plainASCII(for:)`, once computed: the candidates whose every pair HarfBuzz shapes as our own tables place
    /// them. `verified` is stored last (releasing), so a reader that sees it set sees the words.
    private let plainLow = Atomic<UInt64>(0)
    private let plainHigh = Atomic<UInt64>(0)
    private let verified = Atomic<Bool>(false)

    /// A font for the face whose tables `directory` lists in `bytes`, at `unitsPerEm` units per em; nil when
    /// HarfBuzz finds no glyphs.
    init?(bytes: [UInt8], directory: TableDirectory, unitsPerEm: Int) {
        // HarfBuzz asks for each table when it first needs it and keeps its own copy of that table only
        // (`TableSource`): the shaping tables, cmap and metrics, but not the outlines we draw ourselves — copying
        // the whole file, as a blob over it would, cost 9 MiB at rest for the default faces.
        let source = Unmanaged.passRetained(TableSource(bytes: bytes, directory: directory))
        let face = hb_face_create_for_tables({ _, tag, userData in
            guard let userData else { return hb_blob_get_empty() }
            return Unmanaged<TableSource>.fromOpaque(userData).takeUnretainedValue().blob(for: tag)
        }, source.toOpaque(), { userData in
            guard let userData else { return }
            Unmanaged<TableSource>.fromOpaque(userData).release()
        })
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
        (candidateASCII, coveredGlyphs) = Self.candidates(font: font, face: face)
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
    func plainASCII(for face: FontFace) -> (UInt64, UInt64) {
        verifiedPlainASCII ?? verifyPlainASCII(for: face)
    }

    /// `plainASCII(for:)` once it has been computed (the hot path: no `FontFace` is passed, so none is copied).
    @inline(__always)
    var verifiedPlainASCII: (UInt64, UInt64)? {
        guard verified.load(ordering: .acquiring) else { return nil }
        return (plainLow.load(ordering: .relaxed), plainHigh.load(ordering: .relaxed))
    }

    @inline(never)
    private func verifyPlainASCII(for face: FontFace) -> (UInt64, UInt64) {
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
    /// features, and the script-specific ones a Latin or Common run never gets are left out).
    private static let substitutionFeatures: [StaticString] =
        ["rvrn", "ccmp", "locl", "rlig", "liga", "clig", "calt", "rclt", "ltra", "ltrm", "rand"]
    private static let positioningFeatures: [StaticString] =
        ["kern", "mark", "mkmk", "curs", "dist", "abvm", "blwm", "trak"]

    /// The printable ASCII characters the fast path may use, before the pair check: those whose glyph is in the
    /// coverage of no default substitution and no positioning other than pair adjustment (`LayoutCoverage`).
    private static func candidates(font: OpaquePointer, face: OpaquePointer) -> ((UInt64, UInt64), [UInt64]) {
        let everything = [UInt64](repeating: .max, count: 1024)
        guard let covered = hb_set_create() else { return ((0, 0), everything) }
        defer { hb_set_destroy(covered) }
        var reachable = Set<UInt32>()
        for value in UInt32(0x20)..<0x7F {
            var glyph: UInt32 = 0
            if hb_font_get_nominal_glyph(font, value, &glyph) != 0 { reachable.insert(glyph) }
        }
        for (table, features) in [(tag("GSUB"), substitutionFeatures), (tag("GPOS"), positioningFeatures)] {
            guard let lookups = hb_set_create() else { return ((0, 0), everything) }
            defer { hb_set_destroy(lookups) }
            var tags = features.map(tag) + [0]
            hb_ot_layout_collect_lookups(face, table, nil, nil, &tags, lookups)
            guard LayoutCoverage.collect(face: face, tag: table, lookups: lookups,
                                         skipPairPositioning: table == tag("GPOS"), reachable: reachable,
                                         into: covered) else {
                return ((0, 0), everything)
            }
        }
        var words: (UInt64, UInt64) = (0, 0)
        for value in UInt32(0x20)..<0x7F {
            var glyph: UInt32 = 0
            guard hb_font_get_nominal_glyph(font, value, &glyph) != 0, glyph != 0,
                  hb_set_has(covered, glyph) == 0 else { continue }
            if value < 64 { words.0 |= 1 << UInt64(value) } else { words.1 |= 1 << UInt64(value - 64) }
        }
        var bits = [UInt64](repeating: 0, count: 1024)
        var glyph = UInt32.max
        while hb_set_next(covered, &glyph) != 0, glyph < 65536 { bits[Int(glyph >> 6)] |= 1 << UInt64(glyph & 63) }
        return (words, bits)
    }

    /// Whether `glyph` is outside every default lookup's coverage except pair kerning's.
    @inline(__always)
    func isUncovered(_ glyph: UInt16) -> Bool { coveredGlyphs[Int(glyph >> 6)] & (1 << UInt64(glyph & 63)) == 0 }
}

/// A face's tables for HarfBuzz (`hb_face_create_for_tables`): each requested table is handed over as a blob that
/// duplicates its bytes, so no Swift array has to stay pinned behind HarfBuzz's back. The ranges come from our own
/// bounds-checked `TableDirectory`; a table the face lacks (or the whole-file request, tag 0) is the empty blob.
/// Immutable, so HarfBuzz may call it from any thread.
private final class TableSource: Sendable {
    let bytes: [UInt8]
    let tables: [UInt32: TableRange]

    init(bytes: [UInt8], directory: TableDirectory) {
        self.bytes = bytes
        var tables: [UInt32: TableRange] = [:]
        for (tag, range) in directory.tables {
            let scalars = Array(tag.utf8)
            guard scalars.count == 4 else { continue }
            tables[scalars.reduce(0) { $0 << 8 | UInt32($1) }] = range
        }
        self.tables = tables
    }

    func blob(for tag: UInt32) -> OpaquePointer? {
        guard let range = tables[tag], range.length > 0, range.offset >= 0, range.end <= bytes.count,
              let length = UInt32(exactly: range.length) else { return hb_blob_get_empty() }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return hb_blob_get_empty() }
            return (base + range.offset).withMemoryRebound(to: CChar.self, capacity: range.length) {
                hb_blob_create($0, length, HB_MEMORY_MODE_DUPLICATE, nil, nil)
            }
        }
    }
}
