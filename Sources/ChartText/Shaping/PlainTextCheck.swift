import CHarfBuzz

/// The proof behind the Latin fast path: text made only of "plain" ASCII characters comes out of HarfBuzz exactly
/// as our own tables place it — the cmap's glyph per character, hmtx advances, pair kerning between neighbours,
/// no offsets.
///
/// Glyphs any default substitution or non-pair positioning can start at are excluded beforehand
/// (`HarfBuzzFace.candidateASCII`, from the lookups' coverage). What is left — pair kerning, which acts on two
/// neighbouring glyphs — is checked here by shaping one string that holds every ordered pair of candidates (a de Bruijn sequence,
/// k² + 1 characters for k candidates) as `TextShaper` would (as Latin; and the digits and punctuation alone with
/// no script, as a label of only those is shaped), and comparing glyph by glyph. A character at a mismatch is dropped and the
/// check repeated with the rest, so the result never claims more than HarfBuzz agrees with.
enum PlainTextCheck {
    /// The candidates of `words` that pass, for `face` (whose HarfBuzz font is `font`).
    static func verify(_ words: (UInt64, UInt64), font: OpaquePointer, face: FontFace) -> (UInt64, UInt64) {
        var plain = (UInt32(0x20)..<0x7F).filter { HarfBuzzFace.contains(words, $0) }
        guard let buffer = hb_buffer_create() else { return (0, 0) }
        defer { hb_buffer_destroy(buffer) }
        // Each round drops at least one character, so this ends; in practice the first round passes.
        let unicode = hb_unicode_funcs_get_default()
        while !plain.isEmpty {
            // As `TextShaper` shapes them: text with a letter as Latin, text of digits and punctuation alone
            // (Common) with no script set.
            var bad = mismatches(deBruijn(plain), script: 0x4C61_746E, buffer: buffer, font: font, face: face)
            let common = plain.filter { hb_unicode_script(unicode, $0).rawValue == 0x5A79_7979 }  // 'Zyyy'
            if !common.isEmpty {
                bad.formUnion(mismatches(deBruijn(common), script: nil, buffer: buffer, font: font, face: face))
            }
            if bad.isEmpty { break }
            plain.removeAll { bad.contains($0) }
        }
        var result: (UInt64, UInt64) = (0, 0)
        for value in plain {
            if value < 64 { result.0 |= 1 << UInt64(value) } else { result.1 |= 1 << UInt64(value - 64) }
        }
        return result
    }

    /// A sequence over `symbols` in which every ordered pair (including a symbol twice) occurs once as neighbours.
    static func deBruijn(_ symbols: [UInt32]) -> [UInt32] {
        let k = symbols.count
        guard k > 1 else { return symbols + symbols }
        // The standard construction for order 2: Lyndon words of length 1 and 2 in lexicographic order.
        var sequence: [Int] = []
        for a in 0..<k {
            sequence.append(a)
            for b in (a + 1)..<k { sequence.append(contentsOf: [a, b]) }
        }
        sequence.append(sequence[0])  // close the cycle, so the wrap-around pair is present too
        return sequence.map { symbols[$0] }
    }

    /// The characters next to any glyph where HarfBuzz differs from our tables.
    private static func mismatches(_ text: [UInt32], script: UInt32?, buffer: OpaquePointer, font: OpaquePointer,
                                   face: FontFace) -> Set<UInt32> {
        hb_buffer_clear_contents(buffer)
        text.withUnsafeBufferPointer { codepoints in
            guard let base = codepoints.baseAddress else { return }
            hb_buffer_add_codepoints(buffer, base, Int32(codepoints.count), 0, Int32(codepoints.count))
        }
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        if let script { hb_buffer_set_script(buffer, hb_script_t(rawValue: script)) }
        hb_buffer_guess_segment_properties(buffer)
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: HB_BUFFER_FLAG_BOT.rawValue | HB_BUFFER_FLAG_EOT.rawValue))
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return Set(text) }
        var bad = Set<UInt32>()
        for i in 0..<min(Int(count), text.count) {
            let glyph = face.glyph(for: Unicode.Scalar(text[i]) ?? " ")
            var advance = face.advance(of: glyph)
            if i + 1 < text.count { advance += face.kerning(glyph, face.glyph(for: Unicode.Scalar(text[i + 1]) ?? " ")) }
            let position = positions[i]
            if infos[i].codepoint != UInt32(glyph) || Int(infos[i].cluster) != i || Int(position.x_advance) != advance
                || position.x_offset != 0 || position.y_offset != 0 {
                bad.insert(text[i])
                if i + 1 < text.count { bad.insert(text[i + 1]) }
                if i > 0 { bad.insert(text[i - 1]) }
                // Glyphs merged or split from here on no longer line up with the characters: check again after
                // dropping these.
                if Int(infos[i].cluster) != i { return bad }
            }
        }
        if Int(count) != text.count, let last = text.last { bad.insert(last) }
        return bad
    }
}
