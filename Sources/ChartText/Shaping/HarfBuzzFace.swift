import CHarfBuzz

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
        hb_face_destroy(face)
        hb_font_set_scale(font, Int32(unitsPerEm), Int32(unitsPerEm))
        hb_font_make_immutable(font)
        self.font = font
    }

    deinit {
        hb_font_destroy(font)
    }
}
