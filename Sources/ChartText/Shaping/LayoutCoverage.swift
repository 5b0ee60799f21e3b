import CHarfBuzz

/// The glyphs at which OpenType lookups can start: every GSUB and GPOS subtable first checks the current glyph
/// against its coverage table (the first component of a ligature, the mark of a mark attachment, the first glyph
/// of a pair or of a context's input), and does nothing at a glyph outside it. So text none of whose glyphs is in
/// the coverage of any lookup the shaper applies comes out of that table unchanged — context glyphs alone never
/// trigger anything.
///
/// Read from the table bytes HarfBuzz holds (`hb_face_reference_table`), every offset bounds-checked; a table that
/// does not parse counts as covering everything (the fast path is then off for the face).
///
/// One refinement: a ligature starts at its first component but forms only when the others follow, so a first glyph
/// counts only for the ligatures whose other components are all in `reachable` (the glyphs the text may contain) —
/// a space that begins "space + combining accent" ligatures stays out of the coverage for text without marks.
struct LayoutCoverage {
    private let bytes: UnsafeRawBufferPointer
    /// The glyphs text can contain (the candidates' glyphs); nil to count every ligature.
    private let reachable: Set<UInt32>?

    private func u16(_ offset: Int) -> Int? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    private func u32(_ offset: Int) -> Int? {
        guard let high = u16(offset), let low = u16(offset + 2) else { return nil }
        return high << 16 | low
    }

    /// Adds to `glyphs` the coverage of every subtable of the lookups in `lookups` of table `tag` ("GSUB"/"GPOS"),
    /// except GPOS pair adjustment (`skipPairPositioning`: the fast path applies pair kerning itself, checked by
    /// `PlainTextCheck`). Returns false when the table could not be read.
    static func collect(face: OpaquePointer, tag: UInt32, lookups: OpaquePointer, skipPairPositioning: Bool,
                        reachable: Set<UInt32>?, into glyphs: OpaquePointer) -> Bool {
        guard let blob = hb_face_reference_table(face, tag) else { return false }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else {
            return hb_set_get_population(lookups) == 0
        }
        let reader = LayoutCoverage(bytes: UnsafeRawBufferPointer(start: data, count: Int(length)), reachable: reachable)
        let isGPOS = tag == 0x4750_4F53
        guard let lookupList = reader.u16(8), let count = reader.u16(lookupList) else { return false }
        var lookup = UInt32.max
        while hb_set_next(lookups, &lookup) != 0 {
            guard Int(lookup) < count, let offset = reader.u16(lookupList + 2 + 2 * Int(lookup)),
                  reader.lookup(at: lookupList + offset, isGPOS: isGPOS, skipPairPositioning: skipPairPositioning,
                                into: glyphs) else { return false }
        }
        return true
    }

    private func lookup(at start: Int, isGPOS: Bool, skipPairPositioning: Bool, into glyphs: OpaquePointer) -> Bool {
        guard let type = u16(start), let subtables = u16(start + 4) else { return false }
        for k in 0..<subtables {
            guard let offset = u16(start + 6 + 2 * k) else { return false }
            var table = start + offset
            var kind = type
            let extensionType = isGPOS ? 9 : 7
            if type == extensionType {
                guard let inner = u16(table + 2), let innerOffset = u32(table + 4) else { return false }
                kind = inner
                table += innerOffset
            }
            if isGPOS, kind == 2, skipPairPositioning { continue }
            if !isGPOS, kind == 4, let reachable {
                guard ligatureStarts(ofSubtable: table, reachable: reachable, into: glyphs) else { return false }
                continue
            }
            guard coverage(ofSubtable: table, kind: kind, isGPOS: isGPOS, into: glyphs) else { return false }
        }
        return true
    }

    /// The coverage a subtable starts with: at offset 2 for every format but the format-3 contexts, whose first
    /// input position has its own coverage.
    private func coverage(ofSubtable table: Int, kind: Int, isGPOS: Bool, into glyphs: OpaquePointer) -> Bool {
        guard let format = u16(table) else { return false }
        let context = isGPOS ? 7 : 5, chained = isGPOS ? 8 : 6
        var coverageOffset: Int?
        if kind == context, format == 3 {
            coverageOffset = u16(table + 6)  // glyphCount, seqLookupCount, coverageOffsets[0]
        } else if kind == chained, format == 3 {
            guard let backtrack = u16(table + 2) else { return false }
            coverageOffset = u16(table + 4 + 2 * backtrack + 2)  // inputGlyphCount, inputCoverageOffsets[0]
        } else {
            coverageOffset = u16(table + 2)
        }
        guard let coverageOffset else { return false }
        return coverageTable(at: table + coverageOffset, into: glyphs)
    }

    /// The first glyphs of a ligature subtable whose ligatures can form from `reachable` glyphs.
    private func ligatureStarts(ofSubtable table: Int, reachable: Set<UInt32>, into glyphs: OpaquePointer) -> Bool {
        guard let coverageOffset = u16(table + 2), let setCount = u16(table + 4),
              let entries = coverageEntries(at: table + coverageOffset) else { return false }
        for (glyph, index) in entries where index < setCount {
            guard let setOffset = u16(table + 6 + 2 * index), let count = u16(table + setOffset) else { return false }
            let set = table + setOffset
            var forms = false
            for k in 0..<count {
                guard let offset = u16(set + 2 + 2 * k), let components = u16(set + offset + 2) else { return false }
                var all = true
                for c in 0..<max(components - 1, 0) {
                    guard let component = u16(set + offset + 4 + 2 * c) else { return false }
                    if !reachable.contains(UInt32(component)) { all = false; break }
                }
                if all { forms = true; break }
            }
            if forms { hb_set_add(glyphs, UInt32(glyph)) }
        }
        return true
    }

    /// The (glyph, coverage index) pairs of a coverage table.
    private func coverageEntries(at start: Int) -> [(Int, Int)]? {
        guard let format = u16(start), let count = u16(start + 2) else { return nil }
        var entries: [(Int, Int)] = []
        switch format {
        case 1:
            for i in 0..<count {
                guard let glyph = u16(start + 4 + 2 * i) else { return nil }
                entries.append((glyph, i))
            }
        case 2:
            for i in 0..<count {
                guard let first = u16(start + 4 + 6 * i), let last = u16(start + 6 + 6 * i),
                      let index = u16(start + 8 + 6 * i) else { return nil }
                if first <= last { for glyph in first...last { entries.append((glyph, index + glyph - first)) } }
            }
        default:
            return nil
        }
        return entries
    }

    private func coverageTable(at start: Int, into glyphs: OpaquePointer) -> Bool {
        guard let format = u16(start), let count = u16(start + 2) else { return false }
        switch format {
        case 1:
            for i in 0..<count {
                guard let glyph = u16(start + 4 + 2 * i) else { return false }
                hb_set_add(glyphs, UInt32(glyph))
            }
        case 2:
            for i in 0..<count {
                guard let first = u16(start + 4 + 6 * i), let last = u16(start + 6 + 6 * i) else { return false }
                if first <= last { hb_set_add_range(glyphs, UInt32(first), UInt32(last)) }
            }
        default:
            return false
        }
        return true
    }
}
